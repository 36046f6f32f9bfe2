//! Possession of locations (rule 5.1d): a hex belongs to the side that last had a combat
//! unit in it at the end of a phase; a clearing to the side that last had combat units in
//! more than half of its hexes at the end of a phase. The locations of the 5.3 table start
//! with the scenario's `possession` (Scenarios 4-7), then follow occupation from the set-up
//! on.

use adjutant_engine::Side;

use crate::data::charts::victory::Location as VictoryLocation;
use crate::data::{FastMap, FastSet, HexId};
use crate::model::game::{BloodyRoadsSouth, Holding, PlaceHolding};

impl BloodyRoadsSouth {
    /// Rule 5.1d: records, at the end of a phase, the side of every combat unit on the map as
    /// the holder of its hex, and the possessor of each location of the 5.3 table. (Each
    /// hex's holding is looked up by hex, not searched for among every hex ever held.)
    pub(crate) fn record_holdings(&mut self) {
        let occupied: Vec<(HexId, Side)> = self
            .units()
            .iter()
            .filter(|u| u.kind.is_combat())
            .filter_map(|u| u.hex().map(|h| (h, u.side)))
            .collect();
        let mut index: FastMap<HexId, usize> = FastMap::default();
        for (i, h) in self.holdings.iter().enumerate() {
            // The first holding of a hex, as a search from the start finds it.
            index.entry(h.hex).or_insert(i);
        }
        for &(hex, side) in &occupied {
            match index.get(&hex) {
                Some(&i) => self.holdings[i].side = side,
                None => {
                    index.insert(hex, self.holdings.len());
                    self.holdings.push(Holding { hex, side });
                }
            }
        }
        let occupied: FastSet<(HexId, Side)> = occupied.into_iter().collect();
        self.record_places(&occupied);
    }

    /// The 5.3 locations: a hex location goes to the side occupying it; a clearing to the
    /// side occupying more than half of its hexes (5.1d); otherwise it stays as it was.
    fn record_places(&mut self, occupied: &FastSet<(HexId, Side)>) {
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
                    occupied.contains(&(h, side))
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
