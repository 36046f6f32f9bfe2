//! The cheapest-path search of [`super::paths`] over a graph of the map whose hexside costs
//! are found once: every step's cost for one mover (the map, the Movement Chart, the sheets
//! in play, the chart column, whether the railroad is found) depends on nothing else, so a
//! hex's six steps are priced the first time a search leaves it and kept for the thread's
//! later searches. The command-radius and closing traces of a replay (S10.5a) ran the same
//! searches over the same hexes tens of thousands of times, pricing each step afresh.
//!
//! The search is the same Dijkstra, settling hexes in the same order (cost, then cell), so it
//! settles the same hexes at the same costs.

use std::cell::RefCell;

use super::area::canonical;
use super::cost_queue::CostQueue;
use super::costs::Mover;
use crate::data::FastMap;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::hex::{Cell, Direction, HexId};
use crate::data::map::MapsUsed;

/// What a mover's step costs depend on: the map's and chart's addresses, the sheets, the
/// chart column, whether the railroad is found.
type MoverKey = (usize, usize, MapsUsed, MoveClass, bool);

/// A step out of a hex: the hex entered (its node) and the cost; [`NO_STEP`] as the node
/// where there is no hex in play or the step is prohibited (a plain pair, read in place: the
/// search reads a hex's six steps each time it settles one).
type Edge = (u32, Halves);

/// The node of an [`Edge`] that is no step.
const NO_STEP: u32 = u32::MAX;

/// One hex of the graph.
struct Node {
    cell: Cell,
    /// Its canonical id, `None` when it is not in play.
    id: Option<HexId>,
    /// Its six steps, in [`Direction::ALL`]'s order, once priced.
    edges: [Edge; 6],
    /// Whether `edges` are priced.
    priced: bool,
}

/// The hexes one mover's searches have reached, with their steps.
#[derive(Default)]
struct Graph {
    index: FastMap<Cell, u32>,
    nodes: Vec<Node>,
}

impl Graph {
    /// The node of `cell`, added if new.
    fn node(&mut self, mover: &Mover<'_>, cell: Cell) -> u32 {
        if let Some(&i) = self.index.get(&cell) {
            return i;
        }
        let i = u32::try_from(self.nodes.len()).expect("a map has fewer than 2^32 hexes");
        self.nodes.push(Node {
            cell,
            id: canonical(mover.map, mover.maps, cell),
            edges: [(NO_STEP, Halves(0)); 6],
            priced: false,
        });
        self.index.insert(cell, i);
        i
    }

    /// Prices the steps out of node `i` (whose hex is in play), the first time.
    fn price(&mut self, mover: &Mover<'_>, i: u32) {
        if self.nodes[i as usize].priced {
            return;
        }
        let (cell, here) = {
            let n = &self.nodes[i as usize];
            (n.cell, n.id.expect("only hexes in play are left"))
        };
        let mut edges: [Edge; 6] = [(NO_STEP, Halves(0)); 6];
        for (e, d) in edges.iter_mut().zip(Direction::ALL) {
            let next = cell.neighbour(d);
            let Some(there) = canonical(mover.map, mover.maps, next) else {
                continue;
            };
            if let Ok(cost) = mover.enter_cost(here, there) {
                *e = (self.node(mover, next), cost);
            }
        }
        let node = &mut self.nodes[i as usize];
        node.edges = edges;
        node.priced = true;
    }
}

/// One node's marks in one search.
#[derive(Clone, Copy, Default)]
struct Mark {
    /// The search ([`Scratch::search`]) these marks are of; older ones count as none.
    search: u32,
    /// The cheapest cost found so far.
    best: Option<Halves>,
    /// Settled.
    done: bool,
    /// Whether the hex may be entered: `passable` asked once a search, not once a step.
    open: Option<bool>,
}

/// One search's marks, by node. Used again by later searches of the thread (taken from
/// [`SPARE`] and given back): a new search only counts on, and the marks of the ones before
/// read as none, so nothing is cleared or allocated afresh.
#[derive(Default)]
struct Scratch {
    /// Which search this is.
    search: u32,
    marks: Vec<Mark>,
    /// The hexes reached and not settled ([`order`] of their cost and cell, node): its
    /// buckets' room kept for the next search.
    queue: CostQueue,
}

impl Scratch {
    /// Marks for a new search.
    fn take() -> Scratch {
        let mut at = SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default();
        at.search = at.search.wrapping_add(1);
        if at.search == 0 {
            // Counted round: the oldest marks might read as this search's.
            at.marks.clear();
            at.search = 1;
        }
        at.queue.clear();
        at
    }

    /// Room for `len` nodes (the graph grows as the search prices new hexes).
    fn fit(&mut self, len: usize) {
        if self.marks.len() < len {
            self.marks.resize(len, Mark::default());
        }
    }

    /// Node `i`'s marks in this search.
    fn at(&mut self, i: usize) -> &mut Mark {
        let search = self.search;
        let mark = &mut self.marks[i];
        if mark.search != search {
            *mark = Mark {
                search,
                ..Mark::default()
            };
        }
        mark
    }
}

/// How many spare marks a thread keeps.
const SPARES: usize = 8;

thread_local! {
    static GRAPHS: RefCell<FastMap<MoverKey, Graph>> = RefCell::new(FastMap::default());
    /// Marks of finished searches, for the next ones.
    static SPARE: RefCell<Vec<Scratch>> = const { RefCell::new(Vec::new()) };
}

/// Dijkstra from `from`: the cheapest cost of every hex reached within `budget` (all hexes
/// when `None`), in the order settled, stopping early once `goal` is settled (see
/// [`super::paths`]).
pub(super) fn search(
    mover: &Mover<'_>,
    from: HexId,
    budget: Option<Halves>,
    goal: Option<Cell>,
    passable: &dyn Fn(HexId) -> bool,
) -> Vec<(Cell, Halves)> {
    search_noting_refused(mover, from, budget, goal, passable).0
}

/// [`search`], with the hexes `passable` refused that a settled hex would have entered within
/// the budget ([`Search::refused`]).
pub(super) fn search_noting_refused(
    mover: &Mover<'_>,
    from: HexId,
    budget: Option<Halves>,
    goal: Option<Cell>,
    passable: &dyn Fn(HexId) -> bool,
) -> (Vec<(Cell, Halves)>, Vec<HexId>) {
    let mut search = Search::start(mover, from, budget);
    search.refused = Some(Vec::new());
    search.run(mover, goal, passable);
    (
        std::mem::take(&mut search.settled),
        search.refused.take().unwrap_or_default(),
    )
}

/// A Dijkstra search from one hex that stops once a goal is settled and may be taken up
/// again for a later goal: it then settles the same hexes at the same costs, in the same
/// order, as a search started afresh would, since every hex is expanded as it is settled.
/// Only for the same mover, budget and `passable` (the caller keeps them with it).
pub(super) struct Search {
    key: MoverKey,
    budget: Option<Halves>,
    at: Scratch,
    /// Every hex settled so far, with its cheapest cost, in the order settled (a hex is
    /// looked up in the marks, [`Search::settled_cost`]: no map is built as the search goes).
    settled: Vec<(Cell, Halves)>,
    /// When noted (`Some`), the hexes `passable` refused that a settled hex would have entered
    /// within the budget (a hex may be named more than once): a radius trace depends on no
    /// other refusal.
    refused: Option<Vec<HexId>>,
}

impl Search {
    /// A search from `from` that has settled nothing yet (and settles nothing when `from` is
    /// not in play).
    pub(super) fn start(mover: &Mover<'_>, from: HexId, budget: Option<Halves>) -> Search {
        let (map, maps) = (mover.map, mover.maps);
        let key: MoverKey = (
            std::ptr::from_ref(mover.map) as usize,
            std::ptr::from_ref(mover.chart) as usize,
            maps,
            mover.class,
            mover.railroad_found,
        );
        let mut search = Search {
            key,
            budget,
            at: Scratch::take(),
            settled: Vec::new(),
            refused: None,
        };
        if let Some(start) = map.cell(from).filter(|_| map.in_play(from, maps)) {
            let first = with_graph(key, |graph| graph.node(mover, start));
            search.at.fit(first as usize + 1);
            search.at.at(first as usize).best = Some(Halves(0));
            search.at.queue.push(0, (order(Halves(0), start), first));
        }
        search
    }

    /// Settles hexes in order of cost (then cell) until `goal` is settled, or every hex within
    /// the budget when `goal` is `None` or out of reach. `mover` is the one the search was
    /// started for.
    pub(super) fn run(
        &mut self,
        mover: &Mover<'_>,
        goal: Option<Cell>,
        passable: &dyn Fn(HexId) -> bool,
    ) {
        if goal.is_some_and(|g| self.settled_cost(g).is_some()) {
            return;
        }
        // Taken out while searching (a search `passable` started would find a graph of its
        // own).
        let mut graph = GRAPHS
            .with(|g| g.borrow_mut().remove(&self.key))
            .unwrap_or_default();
        let at = &mut self.at;
        while let Some((key, i)) = at.queue.pop() {
            let (cost, cell) = (cost_of(key), graph.nodes[i as usize].cell);
            let mark = at.at(i as usize);
            if mark.done {
                continue;
            }
            mark.done = true;
            self.settled.push((cell, cost));
            if graph.nodes[i as usize].id.is_some() {
                graph.price(mover, i);
                at.fit(graph.nodes.len());
                for &(j, step) in &graph.nodes[i as usize].edges {
                    if j == NO_STEP {
                        continue;
                    }
                    let (j, next) = (j as usize, &graph.nodes[j as usize]);
                    let mark = at.at(j);
                    if mark.done {
                        continue;
                    }
                    let open = *mark
                        .open
                        .get_or_insert_with(|| next.id.is_some_and(passable));
                    let total = Halves(cost.0.saturating_add(step.0));
                    let within = self.budget.is_none_or(|b| total <= b);
                    if !open {
                        if within && let (Some(refused), Some(id)) = (&mut self.refused, next.id) {
                            refused.push(id);
                        }
                        continue;
                    }
                    if !within {
                        continue;
                    }
                    if mark.best.is_none_or(|c| total < c) {
                        mark.best = Some(total);
                        at.queue.push(total.0, (order(total, next.cell), j as u32));
                    }
                }
            }
            if Some(cell) == goal {
                break;
            }
        }
        GRAPHS.with(|g| g.borrow_mut().insert(self.key, graph));
    }
}

/// A hex's place in the order hexes are settled in, cost first, then cell (its column, then
/// its row), in one integer: compared in one comparison, not three.
fn order(cost: Halves, cell: Cell) -> u64 {
    // Each coordinate shifted into 24 bits, where the frame's (a few hundred at most) fit.
    let coordinate = |c: i32| {
        let shifted = i64::from(c) + (1 << 23);
        debug_assert!(
            (0..1 << 24).contains(&shifted),
            "a cell beyond the frame: {c}"
        );
        shifted as u64 & 0xff_ffff
    };
    u64::from(cost.0) << 48 | coordinate(cell.x) << 24 | coordinate(cell.y)
}

/// The cost of an [`order`].
fn cost_of(order: u64) -> Halves {
    Halves((order >> 48) as u16)
}

impl Search {
    /// The cheapest cost of the hex at `cell`, when this search has settled it (its marks: a
    /// hex is settled at the cost it was first taken from the queue with, its best).
    pub(super) fn settled_cost(&self, cell: Cell) -> Option<Halves> {
        let i = with_graph(self.key, |graph| graph.index.get(&cell).copied())?;
        self.at
            .marks
            .get(i as usize)
            .filter(|m| m.search == self.at.search && m.done)
            .and_then(|m| m.best)
    }

    /// Whether this search has asked `passable` about the hex at `cell`: the hexes it has
    /// looked at entering (each asked once a search). It has read nothing else of `passable`,
    /// so it would have settled the same hexes at the same costs for any `passable` giving
    /// the same answers there.
    pub(super) fn asked(&self, cell: Cell) -> bool {
        with_graph(self.key, |graph| graph.index.get(&cell).copied()).is_some_and(|i| {
            self.at
                .marks
                .get(i as usize)
                .is_some_and(|m| m.search == self.at.search && m.open.is_some())
        })
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        let at = std::mem::take(&mut self.at);
        // (Not when the thread's spares are gone already: a search kept until the thread ends.)
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if s.len() < SPARES {
                s.push(at);
            }
        });
    }
}

/// Runs `f` on the thread's graph for `key`.
fn with_graph<T>(key: MoverKey, f: impl FnOnce(&mut Graph) -> T) -> T {
    GRAPHS.with(|g| f(g.borrow_mut().entry(key).or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};

    /// The cheapest cost of every hex within `budget` of `from`, by a plain Dijkstra that
    /// prices every step afresh ([`Mover::enter_cost`]) and keeps no graph.
    fn plain(mover: &Mover<'_>, from: HexId, budget: Halves) -> HashMap<Cell, Halves> {
        let (map, maps) = (mover.map, mover.maps);
        let mut best: HashMap<Cell, Halves> = HashMap::new();
        let mut queue = BinaryHeap::from([Reverse((Halves(0), map.cell(from).expect("a hex")))]);
        while let Some(Reverse((cost, cell))) = queue.pop() {
            if best.contains_key(&cell) {
                continue;
            }
            best.insert(cell, cost);
            let here = canonical(map, maps, cell).expect("in play");
            for d in Direction::ALL {
                let next = cell.neighbour(d);
                let Some(there) = canonical(map, maps, next) else {
                    continue;
                };
                if let Ok(step) = mover.enter_cost(here, there) {
                    let total = Halves(cost.0 + step.0);
                    if total <= budget && !best.contains_key(&next) {
                        queue.push(Reverse((total, next)));
                    }
                }
            }
        }
        best
    }

    /// Searches over the kept graphs (each hex's six steps priced once, then read in place by
    /// every later search of the thread) settle every hex at the cost a plain Dijkstra
    /// pricing each step afresh finds: several movers, from hexes of both sheets, each search
    /// run twice (the second over the graph the first priced).
    #[test]
    fn searches_over_the_kept_graph_find_the_costs_of_steps_priced_afresh() {
        let map = crate::data::map();
        let chart = &crate::data::charts().movement;
        let mut settled = 0;
        for class in [
            MoveClass::Leader,
            MoveClass::InfantryColumn,
            MoveClass::CorpsWagon,
        ] {
            for railroad_found in [false, true] {
                let mover = Mover {
                    map,
                    chart,
                    maps: MapsUsed::Both,
                    class,
                    railroad_found,
                };
                for from in ["A15.10", "A30.20", "B10.05", "B25.12"] {
                    let from: HexId = from.parse().expect("a hex id");
                    let budget = Halves(24);
                    let expected = plain(&mover, from, budget);
                    for _ in 0..2 {
                        let found: HashMap<Cell, Halves> =
                            search(&mover, from, Some(budget), None, &|_| true)
                                .into_iter()
                                .collect();
                        assert_eq!(found, expected, "{class:?} {railroad_found} {from}");
                        settled += found.len();
                    }
                }
            }
        }
        assert!(settled > 1000, "only {settled} hexes settled");
    }
}
