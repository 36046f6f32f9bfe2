//! Leader movement points between hexes (S10.1e aide delivery, S10.5a command radius,
//! S10.2g a Loose Cannon's "one turn's movement of the HQ"; reference 2.3.3, 2.3.11).
//!
//! Costs are the Movement Chart's *Leaders and HQs* column (reference 3): clear 1, Wilderness
//! 2, ½ along any road, trail or (for a side that has found it, rule 1.3e) the railroad; no
//! creek or climb cost; the Rapidan only at its ford, +3. Paths are the cheapest (Dijkstra).
//! Aides ride around units and zones of control (every hex passable); a radius trace gives
//! its own `passable`. All costs are in halves of a movement point.
//!
//! An aide's costs from a hex depend only on the map and whether the side has found the
//! railroad, so they are memoised for the process (a pure function of static data: no game
//! state, so no secret, is kept in the memo).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::map::MapsUsed;
use crate::data::stream::{Crossing, StreamKind};
use crate::data::terrain::Terrain;
use crate::model::game::BloodyRoadsSouth;

/// Leader costs from one hex to every hex (halves).
pub(crate) type Costs = HashMap<HexId, u16>;

type MemoKey = (MapsUsed, bool, HexId);

fn memo() -> &'static Mutex<HashMap<MemoKey, Arc<Costs>>> {
    static MEMO: OnceLock<Mutex<HashMap<MemoKey, Arc<Costs>>>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The leader cost (halves) to enter `to` from the adjacent `from`, or `None` if a leader
/// may not (the Rapidan away from its ford, or a hex not in play).
fn leader_step(maps: MapsUsed, railroad: bool, from: HexId, to: HexId) -> Option<u16> {
    let map = crate::data::map();
    if !map.in_play(to, maps) {
        return None;
    }
    let mut extra = 0;
    if let Some(s) = map.stream_between(from, to)
        && s.kind == StreamKind::River
    {
        if map.crossing(from, to) != Some(Crossing::RiverFord) {
            return None;
        }
        extra = 6;
    }
    let along = map.road_along(from, to).is_some() || (railroad && map.railroad_along(from, to));
    let base = if along {
        1
    } else {
        match map.terrain(to)? {
            Terrain::Clear => 2,
            Terrain::Wilderness => 4,
        }
    };
    Some(base + extra)
}

/// Dijkstra over canonical hex ids from `from`, within `budget` halves when given.
fn search(
    maps: MapsUsed,
    railroad: bool,
    from: HexId,
    budget: Option<u16>,
    goal: Option<HexId>,
    passable: &dyn Fn(HexId) -> bool,
    canonical: &dyn Fn(HexId) -> Option<HexId>,
) -> Costs {
    let map = crate::data::map();
    let mut settled: Costs = HashMap::new();
    let Some(start) = canonical(from) else {
        return settled;
    };
    let mut best: Costs = HashMap::from([(start, 0)]);
    let mut heap = BinaryHeap::from([Reverse((0u16, start))]);
    while let Some(Reverse((cost, hex))) = heap.pop() {
        if settled.contains_key(&hex) {
            continue;
        }
        settled.insert(hex, cost);
        if Some(hex) == goal {
            break;
        }
        for (_, n) in map.neighbours(hex, maps) {
            let Some(n) = canonical(n) else { continue };
            if settled.contains_key(&n) || !passable(n) {
                continue;
            }
            let Some(step) = leader_step(maps, railroad, hex, n) else {
                continue;
            };
            let total = cost.saturating_add(step);
            if budget.is_some_and(|b| total > b) {
                continue;
            }
            if best.get(&n).is_none_or(|&c| total < c) {
                best.insert(n, total);
                heap.push(Reverse((total, n)));
            }
        }
    }
    settled
}

impl BloodyRoadsSouth {
    /// An aide's leader-MP costs (halves) from `from` to every hex (S10.1e: nothing blocks
    /// aides).
    pub(crate) fn aide_costs(&self, side: Side, from: HexId) -> Arc<Costs> {
        let from = self.canonical(from).unwrap_or(from);
        let key = (self.maps(), self.railroad_found(side), from);
        if let Some(c) = memo().lock().ok().and_then(|m| m.get(&key).cloned()) {
            return c;
        }
        let costs = Arc::new(search(key.0, key.1, from, None, None, &|_| true, &|h| {
            self.canonical(h)
        }));
        if let Ok(mut m) = memo().lock() {
            if m.len() > 512 {
                m.clear();
            }
            m.insert(key, costs.clone());
        }
        costs
    }

    /// Aide transit turns from `from` to `to` (S10.1e; reference 2.3.3): the leader MP of the
    /// cheapest path divided by 10, rounded up; 0 in the same hex.
    pub(crate) fn aide_turns(&self, side: Side, from: HexId, to: HexId) -> u16 {
        let to = self.canonical(to).unwrap_or(to);
        let halves = self.aide_costs(side, from).get(&to).copied();
        let delivery = &crate::data::charts().command.aide_delivery;
        // No path at all (never on these maps): the longest delivery the map allows.
        delivery.turns(halves.unwrap_or(u16::MAX / 4))
    }

    /// The hexes a leader of `side` reaches from `from` for at most `max` halves, entering
    /// only hexes `passable` allows (S10.5a radius, S10.2g a turn's movement), with costs.
    pub(crate) fn leader_within(
        &self,
        side: Side,
        from: HexId,
        max: u16,
        passable: &dyn Fn(HexId) -> bool,
    ) -> Costs {
        search(
            self.maps(),
            self.railroad_found(side),
            from,
            Some(max),
            None,
            passable,
            &|h| self.canonical(h),
        )
    }

    /// The hexes within `max` halves of leader MP of `from` on the public map: every hex
    /// passable and the Unfinished Railroad not counted (a check the opponent may make without
    /// learning whether the owner has found it).
    pub(crate) fn leader_within_public(&self, from: HexId, max: u16) -> Costs {
        search(self.maps(), false, from, Some(max), None, &|_| true, &|h| {
            self.canonical(h)
        })
    }
}
