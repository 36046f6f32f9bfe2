//! Each hex id's neighbours in play and canonical id, found once for each set of maps in play
//! (the searches and zones of control ask them hundreds of thousands of times a game).

use std::sync::OnceLock;

use super::{Map, MapsUsed};
use crate::data::hex::{Direction, HexId, Sheet};

/// The tables of [`Map`], one for each [`MapsUsed`], each made the first time it is asked.
#[derive(Debug, Clone, Default)]
pub(super) struct HexTables {
    /// Indexed by [`maps_index`]: a table once its set of maps has been asked about.
    by_maps: [OnceLock<HexTable>; 3],
}

/// The answers for one set of maps, by [`HexId::slot`].
#[derive(Debug, Clone)]
struct HexTable {
    /// Why: [`Map::neighbour`] without its walk of the sheets; by direction (`Direction::ALL`).
    neighbours: Vec<[Option<HexId>; 6]>,
    /// Why: [`Map::canonical`] without its walk of the sheets.
    canonical: Vec<Option<HexId>>,
}

fn maps_index(maps: MapsUsed) -> usize {
    match maps {
        MapsUsed::A => 0,
        MapsUsed::B => 1,
        MapsUsed::Both => 2,
    }
}

impl HexTables {
    fn table(&self, map: &Map, maps: MapsUsed) -> &HexTable {
        self.by_maps[maps_index(maps)].get_or_init(|| {
            let mut neighbours = vec![[None; 6]; HexId::SLOTS];
            let mut canonical = vec![None; HexId::SLOTS];
            for sheet in Sheet::ALL {
                let e = *map.extent(sheet);
                for hexrow in e.hexrows.0..=e.hexrows.1 {
                    for h in (e.hexes.0..=e.hexes.1).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                        for (i, d) in Direction::ALL.into_iter().enumerate() {
                            neighbours[h.slot()][i] = map.neighbour_fresh(h, d, maps);
                        }
                        canonical[h.slot()] = map.canonical_fresh(h, maps);
                    }
                }
            }
            HexTable {
                neighbours,
                canonical,
            }
        })
    }

    /// [`Map::neighbour`], from the table.
    pub(super) fn neighbour(
        &self,
        map: &Map,
        id: HexId,
        d: Direction,
        maps: MapsUsed,
    ) -> Option<HexId> {
        let found = self.table(map, maps).neighbours[id.slot()][d as usize];
        debug_assert_eq!(
            found,
            map.neighbour_fresh(id, d, maps),
            "{id} {d:?} {maps:?}"
        );
        found
    }

    /// [`Map::canonical`], from the table.
    pub(super) fn canonical(&self, map: &Map, id: HexId, maps: MapsUsed) -> Option<HexId> {
        let found = self.table(map, maps).canonical[id.slot()];
        debug_assert_eq!(found, map.canonical_fresh(id, maps), "{id} {maps:?}");
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every id of both sheets (and ids off them), for each set of maps: the tables' answers
    /// are the walks' own.
    #[test]
    fn the_tables_answer_as_the_sheets_walked() {
        let map = crate::data::map();
        for maps in [MapsUsed::A, MapsUsed::B, MapsUsed::Both] {
            for sheet in Sheet::ALL {
                for hexrow in 1..=99 {
                    for h in (1..=99).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                        for d in Direction::ALL {
                            assert_eq!(
                                map.neighbour(h, d, maps),
                                map.neighbour_fresh(h, d, maps),
                                "{h} {d:?} {maps:?}"
                            );
                        }
                        assert_eq!(
                            map.canonical(h, maps),
                            map.canonical_fresh(h, maps),
                            "{h} {maps:?}"
                        );
                    }
                }
            }
        }
    }
}
