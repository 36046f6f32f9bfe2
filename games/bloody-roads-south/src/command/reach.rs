//! Leader movement points between hexes (S10.1e aide delivery, S10.5a command radius,
//! S10.2g a Loose Cannon's "one turn's movement of the HQ"; reference 2.3.3, 2.3.11), through
//! the geometry's cheapest paths ([`crate::geometry::paths`]) on the Movement Chart's *Leaders
//! and HQs* column. Aides ride around units and zones of control (every hex passable); a radius
//! trace gives its own `passable`. All costs are in halves of a movement point.
//!
//! An aide's costs from a hex depend only on the map and whether the side has found the
//! railroad, so they are memoised for the process (a pure function of static data: no game
//! state, so no secret, is kept in the memo).

use crate::data::FastMap;
use std::sync::{Arc, Mutex, OnceLock};

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::map::MapsUsed;
use crate::geometry::{Mover, within, within_and_refused};
use crate::model::game::BloodyRoadsSouth;

/// Leader costs from one hex (halves), by canonical hex id.
pub(crate) type Costs = FastMap<HexId, u16>;

type MemoKey = (MapsUsed, bool, HexId);

fn memo() -> &'static Mutex<FastMap<MemoKey, Arc<Costs>>> {
    static MEMO: OnceLock<Mutex<FastMap<MemoKey, Arc<Costs>>>> = OnceLock::new();
    MEMO.get_or_init(|| Mutex::new(FastMap::default()))
}

/// A leader on the Movement Chart (S10.1e, S10.5a: aides and radius use leader costs).
fn leader(maps: MapsUsed, railroad_found: bool) -> Mover<'static> {
    Mover {
        map: crate::data::map(),
        chart: &crate::data::charts().movement,
        maps,
        class: MoveClass::Leader,
        railroad_found,
    }
}

fn search(
    maps: MapsUsed,
    railroad: bool,
    from: HexId,
    max: u16,
    passable: &dyn Fn(HexId) -> bool,
) -> Costs {
    within(&leader(maps, railroad), from, Halves(max), passable)
        .into_iter()
        .map(|(h, c)| (h, c.0))
        .collect()
}

/// A radius trace (S10.5a): the hexes a leader reaches from `from` for at most `max` halves,
/// entering only hexes `passable` allows, with their costs; and the hexes it refused that the
/// leader would have entered within `max` (sorted), the only refusals the costs depend on
/// ([`within_and_refused`]).
pub(crate) fn leader_trace(
    maps: MapsUsed,
    railroad: bool,
    from: HexId,
    max: u16,
    passable: &dyn Fn(HexId) -> bool,
) -> (Costs, Vec<HexId>) {
    let (reached, refused) =
        within_and_refused(&leader(maps, railroad), from, Halves(max), passable);
    (
        reached.into_iter().map(|(h, c)| (h, c.0)).collect(),
        refused,
    )
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
        let costs = Arc::new(search(key.0, key.1, from, u16::MAX, &|_| true));
        if let Ok(mut m) = memo().lock() {
            if m.len() > 512 {
                m.clear();
            }
            m.insert(key, costs.clone());
        }
        costs
    }

    /// Aide transit turns from `from` to `to` over the map (S10.1e; reference 2.3.3): the
    /// leader MP of the cheapest path divided by 10, rounded up; 0 in the same hex. The
    /// delivery of an order takes the quicker of this and the off-map link
    /// ([`Self::aide_turns`], rule 4.2c).
    pub(crate) fn aide_turns_on_map(&self, side: Side, from: HexId, to: HexId) -> u16 {
        let to = self.canonical(to).unwrap_or(to);
        let halves = self.aide_costs(side, from).get(&to).copied();
        let delivery = &crate::data::charts().command.aide_delivery;
        // No path at all (never on these maps): the longest delivery the map allows.
        crate::geometry::aide_turns(delivery, Halves(halves.unwrap_or(u16::MAX / 4)))
    }

    /// The hexes within `max` halves of leader MP of `from` on the public map: every hex
    /// passable and the Unfinished Railroad not counted (a check the opponent may make without
    /// learning whether the owner has found it).
    pub(crate) fn leader_within_public(&self, from: HexId, max: u16) -> Costs {
        search(self.maps(), false, from, max, &|_| true)
    }
}
