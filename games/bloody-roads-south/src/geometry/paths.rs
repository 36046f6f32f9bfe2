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
use super::step_graph::{Search, search, search_noting_refused};
use crate::data::charts::cell::Halves;
use crate::data::charts::command::AideDelivery;
use crate::data::hex::HexId;
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
        .into_iter()
        .find(|&(cell, _)| cell == goal)
        .map(|(_, cost)| cost)
}

/// A cheapest-path search from one hex, within a budget, that settles hexes only as far as
/// each question needs and keeps what it settled for the next question (units closing on
/// their leaders, S10.5a: is a step closer?). Dijkstra settles hexes in order of cost, so once
/// a hex is settled every hex cheaper than it is settled too, with its cheapest cost: one
/// search also tells, within a lower budget, the cheapest cost of every other hex. A later
/// question for a hex already settled (a unit that has stepped closer) costs no search.
/// Only for the mover it was started with, and a `passable` that answers as the one it was
/// started with for every hex it has asked about ([`Settling::asked`]): the caller keeps them
/// with it.
pub struct Settling<'m> {
    map: &'m Map,
    maps: MapsUsed,
    search: Search,
}

impl<'m> Settling<'m> {
    /// A search from `from` that settles no hex costing more than `max`.
    pub fn new(mover: &Mover<'m>, from: HexId, max: Halves) -> Settling<'m> {
        Settling {
            map: mover.map,
            maps: mover.maps,
            search: Search::start(mover, from, Some(max)),
        }
    }

    /// The cost of the cheapest path to `to` when it costs at most the budget (`None` when
    /// there is no such path, or `to` is not in play), settling hexes until `to` is settled.
    pub fn settle_to(
        &mut self,
        mover: &Mover<'m>,
        to: HexId,
        passable: impl Fn(HexId) -> bool,
    ) -> Option<Halves> {
        let goal = self
            .map
            .cell(to)
            .filter(|_| self.map.in_play(to, self.maps))?;
        self.search.run(mover, Some(goal), &passable);
        self.search.settled_cost(goal)
    }

    /// Whether the search has asked its `passable` about `hex` (the hexes it looked at
    /// entering): it would have settled the same hexes at the same costs for any `passable`
    /// giving the same answers there, and may be taken up again with one.
    pub fn asked(&self, hex: HexId) -> bool {
        self.map
            .cell(hex)
            .filter(|_| self.map.in_play(hex, self.maps))
            .is_some_and(|cell| self.search.asked(cell))
    }

    /// The cheapest cost of `hex` when the search has settled it.
    pub fn cost_of(&self, hex: HexId) -> Option<Halves> {
        let cell = self
            .map
            .cell(hex)
            .filter(|_| self.map.in_play(hex, self.maps))?;
        self.search.settled_cost(cell)
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
    within_and_refused(mover, from, max, passable).0
}

/// [`within`], with the hexes `passable` refused that a path would have entered within `max`
/// (sorted, each once). The answer depends on `passable` only at these hexes and the hexes
/// reached: a hex refused beyond the budget, or allowed and not reached (every path to it
/// costs more than `max`), would leave every cost the same if answered the other way.
pub fn within_and_refused(
    mover: &Mover<'_>,
    from: HexId,
    max: Halves,
    passable: impl Fn(HexId) -> bool,
) -> (Vec<(HexId, Halves)>, Vec<HexId>) {
    let (map, maps) = (mover.map, mover.maps);
    let (settled, mut refused) = search_noting_refused(mover, from, Some(max), None, &passable);
    let mut out: Vec<(HexId, Halves)> = settled
        .into_iter()
        .filter_map(|(c, h)| Some((canonical(map, maps, c)?, h)))
        .collect();
    out.sort_by_key(|&(id, h)| (h, id));
    refused.sort_unstable();
    refused.dedup();
    (out, refused)
}

/// Aide transit turns for a path of `cost` leader MP (S10.1e, reference 2.3.3): the cost
/// divided by the chart's leader MP per turn (10), rounded up; 0 for the same hex.
pub fn aide_turns(delivery: &AideDelivery, cost: Halves) -> u16 {
    delivery.turns(cost.0)
}
