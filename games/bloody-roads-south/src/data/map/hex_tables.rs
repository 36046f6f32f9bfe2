//! Each hex id's neighbours in play, canonical id and whether it is in play, found once for
//! each set of maps in play, and each id's hex (terrain, level, roads) once for all (the
//! searches, zones of control and step prices ask them hundreds of thousands of times a game).

use std::sync::OnceLock;

use super::{HexInfo, Map, MapsUsed};
use crate::data::hex::{Direction, HexId, Sheet};

/// The tables of [`Map`], one for each [`MapsUsed`], each made the first time it is asked.
#[derive(Debug, Clone, Default)]
pub(super) struct HexTables {
    /// Indexed by [`MapsUsed::index`]: a table once its set of maps has been asked about.
    by_maps: [OnceLock<HexTable>; 3],
    /// Why: [`Map::hex`] without hashing its cell: each id's place in a copy of the hexes
    /// ([`NO_HEX`] for none), by [`HexId::slot`].
    hexes: OnceLock<(Vec<u16>, Vec<HexInfo>)>,
}

/// An id with no hex, in [`HexTables::hexes`].
const NO_HEX: u16 = u16::MAX;

/// The answers for one set of maps, by [`HexId::slot`].
#[derive(Debug, Clone)]
struct HexTable {
    /// Why: [`Map::neighbour`] without its walk of the sheets; by direction (`Direction::ALL`).
    neighbours: Vec<[Option<HexId>; 6]>,
    /// Why: [`Map::canonical`] without its walk of the sheets.
    canonical: Vec<Option<HexId>>,
    /// Why: [`Map::in_play`] without its walk of the sheets.
    in_play: Vec<bool>,
}

impl HexTables {
    fn table(&self, map: &Map, maps: MapsUsed) -> &HexTable {
        self.by_maps[maps.index()].get_or_init(|| {
            let mut neighbours = vec![[None; 6]; HexId::SLOTS];
            let mut canonical = vec![None; HexId::SLOTS];
            let mut in_play = vec![false; HexId::SLOTS];
            for sheet in Sheet::ALL {
                let e = *map.extent(sheet);
                for hexrow in e.hexrows.0..=e.hexrows.1 {
                    for h in (e.hexes.0..=e.hexes.1).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                        for (i, d) in Direction::ALL.into_iter().enumerate() {
                            neighbours[h.slot()][i] = map.neighbour_fresh(h, d, maps);
                        }
                        canonical[h.slot()] = map.canonical_fresh(h, maps);
                        in_play[h.slot()] = map.in_play_fresh(h, maps);
                    }
                }
            }
            HexTable {
                neighbours,
                canonical,
                in_play,
            }
        })
    }

    /// [`Map::in_play`], from the table (ids off the sheets are not in play).
    pub(super) fn in_play(&self, map: &Map, id: HexId, maps: MapsUsed) -> bool {
        let found = self.table(map, maps).in_play[id.slot()];
        debug_assert_eq!(found, map.in_play_fresh(id, maps), "{id} {maps:?}");
        found
    }

    /// [`Map::hex`], from the table.
    pub(super) fn hex<'m>(&'m self, map: &'m Map, id: HexId) -> Option<&'m HexInfo> {
        let (places, hexes) = self.hexes.get_or_init(|| {
            let mut places = vec![NO_HEX; HexId::SLOTS];
            let mut hexes = Vec::new();
            for sheet in Sheet::ALL {
                let e = *map.extent(sheet);
                for hexrow in e.hexrows.0..=e.hexrows.1 {
                    for h in (e.hexes.0..=e.hexes.1).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                        if let Some(info) = map.hex_fresh(h) {
                            places[h.slot()] =
                                u16::try_from(hexes.len()).expect("fewer hexes than 65,535");
                            hexes.push(info.clone());
                        }
                    }
                }
            }
            (places, hexes)
        });
        let found = hexes.get(usize::from(places[id.slot()]));
        debug_assert_eq!(found, map.hex_fresh(id), "{id}");
        found
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
    /// (neighbours, canonical id, in play, the hex's terrain, level and roads) are the walks'
    /// own.
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
                        assert_eq!(
                            map.in_play(h, maps),
                            map.in_play_fresh(h, maps),
                            "{h} {maps:?}"
                        );
                        // The table holds a copy of each hex, equal to the map's own.
                        assert_eq!(map.hex(h), map.hex_fresh(h), "{h}");
                    }
                }
            }
        }
    }
}
