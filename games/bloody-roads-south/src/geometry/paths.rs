//! Cheapest paths in movement points: aide delivery (S10.1e, reference 2.3.3) and command
//! radius (S10.5a, reference 2.3.11), usually in leader MP.
//!
//! A path is a chain of adjacent hexes in play, each step priced by [`Mover::enter_cost`];
//! the cheapest is found with Dijkstra's algorithm. The caller's `passable(hex)` says which
//! hexes a path may *enter*: for command radius, not hexes with enemy units and not enemy-ZOC
//! hexes unless friendly units occupy them (S10.5a); for aides, every hex (`|_| true`: aides
//! ride around units and zones of control, S10.1e). The start hex is never tested; the
//! destination is, like every hex entered. `passable` receives canonical ids
//! ([`super::area::canonical`]: Map A's id on the shared row when Map A is in play), and
//! every hex returned is named that way.

use super::area::canonical;
use super::costs::Mover;
use super::step_graph::search;
use crate::data::FastMap;
use crate::data::charts::cell::Halves;
use crate::data::charts::command::AideDelivery;
use crate::data::hex::{Cell, HexId};
use crate::data::map::{Map, MapsUsed};

/// The cost of the cheapest path from `from` to `to` (0 for the same hex), or `None` when no
/// path exists (or either hex is not in play).
pub fn cost_between(
    mover: &Mover<'_>,
    from: HexId,
    to: HexId,
    passable: impl Fn(HexId) -> bool,
) -> Option<Halves> {
    let goal = mover
        .map
        .cell(to)
        .filter(|_| mover.map.in_play(to, mover.maps))?;
    search(mover, from, None, Some(goal), &passable)
        .get(&goal)
        .copied()
}

/// The cheapest path from `from` to `to` when it costs at most `max`, with every hex the
/// search settled on the way (`None` when there is no such path). Dijkstra settles hexes in
/// order of cost, so every hex cheaper than `to` is among them with its cheapest cost: one
/// search also tells, within a lower budget, the cheapest cost of every other hex (units
/// closing on their leaders, S10.5a: is a step closer?).
pub fn settle_until<'m>(
    mover: &Mover<'m>,
    from: HexId,
    to: HexId,
    max: Halves,
    passable: impl Fn(HexId) -> bool,
) -> Option<(Halves, Settled<'m>)> {
    let goal = mover
        .map
        .cell(to)
        .filter(|_| mover.map.in_play(to, mover.maps))?;
    let costs = search(mover, from, Some(max), Some(goal), &passable);
    let cost = costs.get(&goal).copied()?;
    let settled = Settled {
        map: mover.map,
        maps: mover.maps,
        costs,
    };
    Some((cost, settled))
}

/// The hexes a search settled, with their cheapest costs ([`settle_until`]).
pub struct Settled<'m> {
    map: &'m Map,
    maps: MapsUsed,
    costs: FastMap<Cell, Halves>,
}

impl Settled<'_> {
    /// The cheapest cost of `hex` when the search settled it.
    pub fn cost_of(&self, hex: HexId) -> Option<Halves> {
        let cell = self
            .map
            .cell(hex)
            .filter(|_| self.map.in_play(hex, self.maps))?;
        self.costs.get(&cell).copied()
    }
}

/// Every hex reachable from `from` for at most `max` (`from` itself at 0), with its cheapest
/// cost, ordered by cost and then by id. Command radius: `max` is 4 or 8 leader MP
/// (`Halves(8)`, `Halves(16)`), S10.5a.
pub fn within(
    mover: &Mover<'_>,
    from: HexId,
    max: Halves,
    passable: impl Fn(HexId) -> bool,
) -> Vec<(HexId, Halves)> {
    let (map, maps) = (mover.map, mover.maps);
    let mut out: Vec<(HexId, Halves)> = search(mover, from, Some(max), None, &passable)
        .into_iter()
        .filter_map(|(c, h)| Some((canonical(map, maps, c)?, h)))
        .collect();
    out.sort_by_key(|&(id, h)| (h, id));
    out
}

/// Aide transit turns for a path of `cost` leader MP (S10.1e, reference 2.3.3): the cost
/// divided by the chart's leader MP per turn (10), rounded up; 0 for the same hex.
pub fn aide_turns(delivery: &AideDelivery, cost: Halves) -> u16 {
    delivery.turns(cost.0)
}
