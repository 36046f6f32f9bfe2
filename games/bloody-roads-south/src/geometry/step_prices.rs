//! Each step's price for a mover, kept per thread (reference 3, "The Movement Chart"; S12.0,
//! S16.0): what entering a hex from an adjacent one costs depends only on the map and chart,
//! the sheets in play, the chart column, whether the railroad is found, the two hexes and
//! whether road rates may be used, so it is found once and kept for the thread's later
//! asks. A moving group's steps are priced for every unit, every neighbour and its
//! neighbours, each time a list of moves is made or a posted step checked (a Scenario 5
//! replay priced the same steps some 180,000 times, reading the chart by name each time).
//!
//! The memo is a pure function's (static data only, no game state): nothing is kept that the
//! chart would not give again. In debug builds every kept price is compared with a fresh one.

use std::cell::RefCell;

use super::costs::{Mover, Prohibited, Step};
use crate::data::FastMap;
use crate::data::charts::movement::MoveClass;
use crate::data::hex::HexId;
use crate::data::map::MapsUsed;

/// What a step's price depends on: the map's and chart's addresses, the sheets, the chart
/// column, whether the railroad is found, the hexes from and to, whether road rates may be
/// used.
type Key = (usize, usize, MapsUsed, MoveClass, bool, HexId, HexId, bool);

/// The prices a thread keeps at most; then it starts afresh.
const KEPT: usize = 1 << 16;

thread_local! {
    static PRICES: RefCell<FastMap<Key, Result<Step, Prohibited>>> =
        RefCell::new(FastMap::default());
}

impl Mover<'_> {
    /// What entering `to` from the adjacent `from` costs: [`Mover::step`] when `roads` (the
    /// mover may use road rates), else [`Mover::step_across`] (no feature used); kept for the
    /// thread.
    pub fn step_priced(&self, from: HexId, to: HexId, roads: bool) -> Result<Step, Prohibited> {
        let key = (
            std::ptr::from_ref(self.map) as usize,
            std::ptr::from_ref(self.chart) as usize,
            self.maps,
            self.class,
            self.railroad_found,
            from,
            to,
            roads,
        );
        if let Some(kept) = PRICES.with(|p| p.borrow().get(&key).copied()) {
            debug_assert_eq!(
                kept,
                self.price(from, to, roads),
                "a kept step price differs from the chart's"
            );
            return kept;
        }
        let price = self.price(from, to, roads);
        PRICES.with(|p| {
            let mut p = p.borrow_mut();
            if p.len() >= KEPT {
                p.clear();
            }
            p.insert(key, price);
        });
        price
    }

    /// [`Mover::step_priced`], found afresh.
    fn price(&self, from: HexId, to: HexId, roads: bool) -> Result<Step, Prohibited> {
        if roads {
            self.step(from, to)
        } else {
            self.step_across(from, to)
                .map(|cost| Step { cost, along: None })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step out of a block of hexes of both sheets (roads, trails, creeks, the Rapidan),
    /// for every chart column, railroad found or not, road rates or not: each price asked
    /// twice (found, then kept) is the chart's.
    #[test]
    fn a_kept_step_price_is_the_charts() {
        let map = crate::data::map();
        let chart = &crate::data::charts().movement;
        let classes = [
            MoveClass::InfantryLine,
            MoveClass::InfantryColumn,
            MoveClass::ArtilleryLimbered,
            MoveClass::Leader,
            MoveClass::CorpsWagon,
            MoveClass::ArmyTrain,
        ];
        let mut asked = 0;
        for sheet in ["A", "B"] {
            for row in (2..40).step_by(3) {
                for hex in (2..30).step_by(3) {
                    let Ok(from) = format!("{sheet}{row}.{hex:02}").parse::<HexId>() else {
                        continue;
                    };
                    for (_, to) in map.neighbours(from, MapsUsed::Both) {
                        for (class, found, roads) in classes
                            .iter()
                            .flat_map(|&c| [(c, false), (c, true)])
                            .flat_map(|(c, f)| [(c, f, false), (c, f, true)])
                        {
                            let mover = Mover {
                                map,
                                chart,
                                maps: MapsUsed::Both,
                                class,
                                railroad_found: found,
                            };
                            let fresh = mover.price(from, to, roads);
                            assert_eq!(mover.step_priced(from, to, roads), fresh);
                            assert_eq!(mover.step_priced(from, to, roads), fresh);
                            asked += 1;
                        }
                    }
                }
            }
        }
        assert!(asked > 10_000, "only {asked} steps priced");
    }
}
