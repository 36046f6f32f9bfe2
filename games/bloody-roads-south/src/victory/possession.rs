//! Possession of locations (rule 5.1d): a hex belongs to the side that last had a combat
//! unit in it at the end of a phase; a clearing to the side that last had combat units in
//! more than half of its hexes at the end of a phase. The locations of the 5.3 table start
//! with the scenario's `possession` (Scenarios 4-7), then follow occupation from the set-up
//! on.

use std::cell::Cell;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::victory::Location as VictoryLocation;
use crate::model::game::{BloodyRoadsSouth, Holding, PlaceHolding};

/// A hex no counter occupies, in [`BloodyRoadsSouth::record_holdings`]'s table.
const NO_HOLDING: u32 = u32::MAX;
/// An occupied hex whose holding is recorded already, in the same table (else the table
/// holds the occupant's side, by [`Side::index`]).
const HELD: u32 = u32::MAX - 1;

thread_local! {
    /// [`BloodyRoadsSouth::record_holdings`]'s table by hex slot, empty ([`NO_HOLDING`]
    /// throughout) between calls: allocated and filled once a thread, not at every phase's
    /// end.
    static TABLE: Cell<Vec<u32>> = const { Cell::new(Vec::new()) };
}

impl BloodyRoadsSouth {
    /// Rule 5.1d: records, at the end of a phase, the side of every combat unit on the map as
    /// the holder of its hex, and the possessor of each location of the 5.3 table. (Each
    /// hex's holding is looked up in a table of every hex id, not searched for among every
    /// hex ever held, nor hashed: a long game holds thousands.)
    pub(crate) fn record_holdings(&mut self) {
        let occupied: Vec<(HexId, Side)> = self
            .units()
            .iter()
            .filter(|u| u.kind.is_combat())
            .filter_map(|u| u.hex().map(|h| (h, u.side)))
            .collect();
        let mut table = TABLE.take();
        table.resize(HexId::SLOTS, NO_HOLDING);
        // Each occupied hex marked with its last occupant's side, as the writes in turn
        // would leave it; then the first holding of each such hex (a search from the start
        // finds it) takes that side, in one pass over the holdings, reading only.
        for &(hex, side) in &occupied {
            table[hex.slot()] = side.index() as u32;
        }
        for h in &mut self.holdings {
            let mark = &mut table[h.hex.slot()];
            if *mark != NO_HOLDING && *mark != HELD {
                h.side = Side::BOTH[*mark as usize];
                *mark = HELD;
            }
        }
        // The hexes held by none yet, each once, in the order first occupied.
        for &(hex, _) in &occupied {
            let mark = &mut table[hex.slot()];
            if *mark != HELD {
                let side = Side::BOTH[*mark as usize];
                *mark = HELD;
                self.holdings.push(Holding { hex, side });
            }
        }
        // The same table now tells which sides occupy a hex, a bit each, for the locations.
        for &(hex, _) in &occupied {
            table[hex.slot()] = 0;
        }
        for &(hex, side) in &occupied {
            table[hex.slot()] |= 1 << side.index();
        }
        self.record_places(|hex, side| {
            let bits = table[hex.slot()];
            bits != NO_HOLDING && bits & 1 << side.index() != 0
        });
        // Left empty for the next call: only the hexes occupied were written.
        for &(hex, _) in &occupied {
            table[hex.slot()] = NO_HOLDING;
        }
        TABLE.set(table);
    }

    /// The 5.3 locations: a hex location goes to the side occupying it; a clearing to the
    /// side occupying more than half of its hexes (5.1d); otherwise it stays as it was.
    fn record_places(&mut self, occupied: impl Fn(HexId, Side) -> bool) {
        let possession = &self.scenario().possession;
        if possession.is_empty() {
            return;
        }
        if self.places.is_empty() {
            // At set-up: the scenario's table, the historical holders (reference 5.1d).
            self.places = crate::data::charts()
                .victory
                .location
                .iter()
                .filter_map(|l| {
                    possession.get(&l.printed).map(|&side| PlaceHolding {
                        printed: l.printed.clone(),
                        side,
                    })
                })
                .collect();
        }
        let count = |hexes: &[HexId], side: Side| {
            hexes
                .iter()
                .filter(|&&h| {
                    let h = self.canonical(h).unwrap_or(h);
                    occupied(h, side)
                })
                .count()
        };
        let mut changes = Vec::new();
        for (i, place) in self.places.iter().enumerate() {
            let Some(location) = crate::data::charts().victory.location(&place.printed) else {
                continue;
            };
            let hexes = location_hexes(location);
            if hexes.is_empty() {
                continue;
            }
            for side in Side::BOTH {
                if count(&hexes, side) * 2 > hexes.len() {
                    changes.push((i, side));
                }
            }
        }
        for (i, side) in changes {
            self.places[i].side = side;
        }
    }

    /// The locations of the 5.3 table with their possessors (rule 5.1d).
    pub fn place_holders(&self) -> Vec<(&'static VictoryLocation, Side)> {
        self.places
            .iter()
            .filter_map(|p| {
                crate::data::charts()
                    .victory
                    .location(&p.printed)
                    .map(|l| (l, p.side))
            })
            .collect()
    }

    /// The side that possesses a hex (rule 5.1d), if any has held it.
    pub fn holder(&self, hex: HexId) -> Option<Side> {
        let hex = self.canonical(hex).unwrap_or(hex);
        self.holdings.iter().find(|h| h.hex == hex).map(|h| h.side)
    }
}

/// The hexes of a 5.3 location: its hex, or its clearing's hexes.
pub fn location_hexes(location: &VictoryLocation) -> Vec<HexId> {
    match &location.clearing {
        Some(c) => crate::data::map()
            .clearing(c)
            .map(|c| c.hexes.clone())
            .unwrap_or_default(),
        None => location.hexes.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::{Location, UnitKey};

    /// A game of `scenario` with every counter off the map (as `testing::empty_game`, which
    /// this module may not import: the testing helpers import the rules' modules).
    fn empty_game(scenario: &str) -> BloodyRoadsSouth {
        let setup = adjutant_engine::Setup {
            scenario: scenario.into(),
            options: Default::default(),
            secret_choices: Default::default(),
        };
        let mut g = BloodyRoadsSouth::new_game(&setup).expect("the scenario sets up");
        for u in g.units_mut() {
            u.location = Location::Waiting;
        }
        g
    }

    /// Rule 5.1d, phase after phase, with combat units of both sides moving over a few hexes
    /// (some left and taken again by the other side): the holdings are what a search from
    /// the start of the list finds, so the table is left empty between calls.
    #[test]
    fn s5_1d_holdings_recorded_phase_after_phase_are_those_a_search_finds() {
        let mut g = empty_game("sanders-field");
        let hexes: Vec<HexId> = ["A12.10", "A13.11", "A14.12", "B3.05", "A15.10"]
            .iter()
            .map(|h| h.parse().expect("a hex id"))
            .collect();
        let units: Vec<UnitKey> = Side::BOTH
            .into_iter()
            .flat_map(|side| {
                g.keys()
                    .filter(|&k| g.unit(k).side == side && g.unit(k).kind.is_combat())
                    .take(3)
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut expected = g.holdings.clone();
        for round in 0..8 {
            for (i, &k) in units.iter().enumerate() {
                g.unit_mut(k).location = Location::Map {
                    hex: hexes[(i * 2 + round) % hexes.len()],
                };
            }
            searched(&g, &mut expected);
            g.record_holdings();
            assert_eq!(g.holdings, expected, "round {round}");
        }
        assert!(expected.len() >= hexes.len());
        // Another game on the same thread, which has held none of those hexes but one.
        let mut other = empty_game("sanders-field");
        other.unit_mut(units[0]).location = Location::Map { hex: hexes[2] };
        let mut expected = other.holdings.clone();
        searched(&other, &mut expected);
        other.record_holdings();
        assert_eq!(other.holdings, expected, "another game");
    }

    /// Rule 5.1d's locations (Scenario 5 has a 5.3 table): combat units of both sides moved
    /// onto some locations' hexes, phase after phase; each location goes to the side holding
    /// more than half of its hexes, as a plain count of the counters on the map finds, and a
    /// location no one holds stays as it was (the table tells only occupied hexes).
    #[test]
    fn s5_1d_locations_go_to_the_side_holding_more_than_half_of_their_hexes() {
        let mut g = empty_game("battle-of-the-wilderness");
        g.record_holdings();
        assert!(!g.places.is_empty(), "Scenario 5 has locations");
        let locations: Vec<Vec<HexId>> = g
            .place_holders()
            .into_iter()
            .map(|(l, _)| location_hexes(l))
            .filter(|h| !h.is_empty())
            .collect();
        let units: Vec<UnitKey> = g.keys().filter(|&k| g.unit(k).kind.is_combat()).collect();
        let mut moved = 0;
        for round in 0..6 {
            let mut expected = g.places.clone();
            for (i, &k) in units.iter().enumerate().take(40) {
                let hexes = &locations[(i + round) % locations.len()];
                g.unit_mut(k).location = Location::Map {
                    hex: hexes[(i * 7 + round) % hexes.len()],
                };
                moved += 1;
            }
            for p in &mut expected {
                let location = crate::data::charts()
                    .victory
                    .location(&p.printed)
                    .expect("5.3");
                let hexes = location_hexes(location);
                for side in Side::BOTH {
                    let held = hexes
                        .iter()
                        .filter(|&&h| {
                            g.units().iter().any(|u| {
                                u.kind.is_combat()
                                    && u.side == side
                                    && u.hex() == Some(g.canonical(h).unwrap_or(h))
                            })
                        })
                        .count();
                    if !hexes.is_empty() && held * 2 > hexes.len() {
                        p.side = side;
                    }
                }
            }
            g.record_holdings();
            assert_eq!(g.places, expected, "round {round}");
        }
        assert!(moved > 0);
    }

    /// Rule 5.1d's holdings recorded by a search from the start of the list for each combat
    /// unit on the map.
    fn searched(g: &BloodyRoadsSouth, holdings: &mut Vec<Holding>) {
        for u in g.units().iter().filter(|u| u.kind.is_combat()) {
            let Some(hex) = u.hex() else { continue };
            match holdings.iter_mut().find(|h| h.hex == hex) {
                Some(h) => h.side = u.side,
                None => holdings.push(Holding { hex, side: u.side }),
            }
        }
    }
}
