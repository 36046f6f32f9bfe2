//! Possession of locations (rule 5.1d): a hex belongs to the side that last had a combat
//! unit in it at the end of a phase; a clearing to the side holding most of its hexes.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::model::game::{BloodyRoadsSouth, Holding};

impl BloodyRoadsSouth {
    /// Rule 5.1d: records, at the end of a phase, the side of every combat unit on the map as
    /// the holder of its hex.
    pub(crate) fn record_holdings(&mut self) {
        let occupied: Vec<(HexId, Side)> = self
            .units
            .iter()
            .filter(|u| u.kind.is_combat())
            .filter_map(|u| u.hex().map(|h| (h, u.side)))
            .collect();
        for (hex, side) in occupied {
            match self.holdings.iter_mut().find(|h| h.hex == hex) {
                Some(h) => h.side = side,
                None => self.holdings.push(Holding { hex, side }),
            }
        }
    }

    /// The side that possesses a hex (rule 5.1d), if any has held it.
    pub fn holder(&self, hex: HexId) -> Option<Side> {
        let hex = self.canonical(hex).unwrap_or(hex);
        self.holdings.iter().find(|h| h.hex == hex).map(|h| h.side)
    }
}
