//! Reading the map files (`data/map/*.toml`) into a [`Map`], with every cross-check: hexes on
//! their sheets, hexsides between neighbours, paths of adjacent hexes.

use super::{HexInfo, Map, MapFiles, SheetExtent};
use crate::data::error::{DataError, parse_toml};
use crate::data::hex::{Cell, Direction, HexId, HexsideKey, Sheet, SheetOffsets};
use crate::data::place::{Entry, EntryCode, Place};
use crate::data::road::{OffMapRoad, Railroad, Road};
use crate::data::stream::{Ford, Stream, StreamKind};
use crate::data::terrain::{Clearing, Terrain};
use crate::data::{FastMap, FastSet};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct GridFile {
    orientation: String,
    stagger: String,
    sheet: Vec<GridSheet>,
}

#[derive(Deserialize)]
struct GridSheet {
    name: Sheet,
    hexrows: [u8; 2],
    hexes: [u8; 2],
    offset: [i32; 2],
}

#[derive(Deserialize)]
struct TerrainFile {
    default: Terrain,
    clearing: Vec<Clearing>,
}

#[derive(Deserialize)]
struct ElevationFile {
    #[serde(rename = "A")]
    a: BTreeMap<String, String>,
    #[serde(rename = "B")]
    b: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct RoadsFile {
    road: Vec<Road>,
    railroad: Railroad,
    off_map_road: Vec<OffMapRoad>,
}

#[derive(Deserialize)]
struct StreamsFile {
    stream: Vec<Stream>,
    ford: Vec<Ford>,
}

#[derive(Deserialize)]
struct PlacesFile {
    place: Vec<Place>,
    entry: Vec<Entry>,
    off_map_link: OffMapLink,
}

#[derive(Deserialize)]
struct OffMapLink {
    hexes: [HexId; 2],
}

impl Map {
    /// Parse and cross-check the map files.
    pub fn from_files(files: &MapFiles<'_>) -> Result<Map, DataError> {
        let grid: GridFile = parse_toml("map/grid.toml", files.grid)?;
        if grid.orientation != "flat-top" || grid.stagger != "even-hexrows-up" {
            return Err(DataError::new(
                "map/grid.toml: only flat-top hexes with even hexrows up are supported",
            ));
        }
        let sheet = |s: Sheet| {
            grid.sheet
                .iter()
                .find(|g| g.name == s)
                .ok_or_else(|| DataError::new(format!("map/grid.toml: no sheet {s:?}")))
        };
        let (ga, gb) = (sheet(Sheet::A)?, sheet(Sheet::B)?);
        for g in [ga, gb] {
            if g.offset[0].rem_euclid(2) != 0 {
                return Err(DataError::new(
                    "map/grid.toml: a horizontal offset must be even",
                ));
            }
        }
        let offsets = SheetOffsets {
            a: (ga.offset[0], ga.offset[1]),
            b: (gb.offset[0], gb.offset[1]),
        };
        let extent = |g: &GridSheet| SheetExtent {
            sheet: g.name,
            hexrows: (g.hexrows[0], g.hexrows[1]),
            hexes: (g.hexes[0], g.hexes[1]),
        };
        let extents = [extent(ga), extent(gb)];

        let terrain: TerrainFile = parse_toml("map/terrain.toml", files.terrain)?;
        let elevation: ElevationFile = parse_toml("map/elevation.toml", files.elevation)?;
        let mut hexes: FastMap<Cell, HexInfo> = FastMap::default();
        for ext in extents {
            let levels = match ext.sheet {
                Sheet::A => &elevation.a,
                Sheet::B => &elevation.b,
            };
            for col in ext.hexrows.0..=ext.hexrows.1 {
                let line = levels.get(&col.to_string()).ok_or_else(|| {
                    DataError::new(format!(
                        "map/elevation.toml: no hexrow {}{col}",
                        ext.sheet.letter()
                    ))
                })?;
                let digits: Vec<u8> = line.bytes().collect();
                if digits.len() != usize::from(ext.hexes.1 - ext.hexes.0 + 1) {
                    return Err(DataError::new(format!(
                        "map/elevation.toml: hexrow {}{col} has {} levels",
                        ext.sheet.letter(),
                        digits.len()
                    )));
                }
                for (i, d) in digits.into_iter().enumerate() {
                    if !d.is_ascii_digit() {
                        return Err(DataError::new(format!(
                            "map/elevation.toml: hexrow {}{col}: bad level",
                            ext.sheet.letter()
                        )));
                    }
                    let level = d - b'0';
                    let row = ext.hexes.0 + i as u8;
                    let id = HexId::new(ext.sheet, col, row)
                        .ok_or_else(|| DataError::new("map/grid.toml: extent out of range"))?;
                    let cell = offsets.cell(id);
                    match hexes.get(&cell) {
                        Some(info) if info.level != level => {
                            return Err(DataError::new(format!(
                                "map/elevation.toml: {id} has level {level} but the same hex on the other sheet has {}",
                                info.level
                            )));
                        }
                        Some(_) => {}
                        None => {
                            hexes.insert(
                                cell,
                                HexInfo {
                                    terrain: terrain.default,
                                    level,
                                    clearing: None,
                                    roads: Vec::new(),
                                    railroad: false,
                                },
                            );
                        }
                    }
                }
            }
        }

        let roads: RoadsFile = parse_toml("map/roads.toml", files.roads)?;
        let mut map = Map {
            offsets,
            extents,
            hexes,
            clearings: Vec::new(),
            roads: Vec::new(),
            railroad: roads.railroad,
            off_map_roads: roads.off_map_road,
            streams: Vec::new(),
            fords: Vec::new(),
            places: Vec::new(),
            entries: Vec::new(),
            off_map_link: [HexId::new(Sheet::A, 1, 1).expect("valid"); 2],
            road_sides: FastMap::default(),
            railroad_sides: FastSet::default(),
            stream_sides: FastMap::default(),
            ford_sides: FastSet::default(),
            tables: Default::default(),
        };

        for c in terrain.clearing {
            for &h in &c.hexes {
                let cell = map.existing_cell(h, "map/terrain.toml")?;
                let info = map.hexes.get_mut(&cell).expect("checked");
                if let Some(other) = &info.clearing {
                    return Err(DataError::new(format!(
                        "map/terrain.toml: {h} is in {other} and {}",
                        c.id
                    )));
                }
                info.terrain = Terrain::Clear;
                info.clearing = Some(c.id.clone());
            }
            map.clearings.push(c);
        }

        for road in &roads.road {
            let cells = map.path_cells(&road.path, &format!("map/roads.toml: {}", road.id))?;
            for (i, &cell) in cells.iter().enumerate() {
                let info = map.hexes.get_mut(&cell).expect("checked");
                if !info.roads.contains(&road.id) {
                    info.roads.push(road.id.clone());
                }
                if i > 0 {
                    let key = HexsideKey::between(cells[i - 1], cell).expect("checked adjacent");
                    map.road_sides
                        .entry(key)
                        .or_default()
                        .push((road.id.clone(), road.class));
                }
            }
        }
        map.roads = roads.road;
        let rail_cells = map.path_cells(&map.railroad.path.clone(), "map/roads.toml: railroad")?;
        for (i, &cell) in rail_cells.iter().enumerate() {
            map.hexes.get_mut(&cell).expect("checked").railroad = true;
            if i > 0 {
                map.railroad_sides.insert(
                    HexsideKey::between(rail_cells[i - 1], cell).expect("checked adjacent"),
                );
            }
        }

        let streams: StreamsFile = parse_toml("map/streams.toml", files.streams)?;
        for (i, s) in streams.stream.iter().enumerate() {
            for hs in &s.hexsides {
                let key = map.hexside_key(hs.hex, hs.direction, "map/streams.toml")?;
                if map.stream_sides.insert(key, i).is_some() {
                    return Err(DataError::new(format!(
                        "map/streams.toml: hexside {hs} listed twice"
                    )));
                }
            }
        }
        map.streams = streams.stream;
        for f in &streams.ford {
            let key = map.hexside_key(f.hexside.hex, f.hexside.direction, "map/streams.toml")?;
            let on_river = map.stream_sides.get(&key).is_some_and(|&i| {
                map.streams[i].id == f.stream && map.streams[i].kind == StreamKind::River
            });
            if !on_river
                || !map
                    .road_sides
                    .get(&key)
                    .is_some_and(|r| r.iter().any(|(id, _)| *id == f.road))
            {
                return Err(DataError::new(format!(
                    "map/streams.toml: ford {} is not where {} crosses the river",
                    f.name, f.road
                )));
            }
            map.ford_sides.insert(key);
        }
        map.fords = streams.ford;

        let places: PlacesFile = parse_toml("map/places.toml", files.places)?;
        for p in &places.place {
            for h in p.all_hexes() {
                map.existing_cell(h, "map/places.toml")?;
            }
        }
        for e in &places.entry {
            for &h in &e.hexes {
                map.existing_cell(h, "map/places.toml")?;
            }
        }
        for code in EntryCode::ALL {
            if places.entry.iter().filter(|e| e.code == code).count() != 1 {
                return Err(DataError::new(format!(
                    "map/places.toml: entry {code} must be listed once"
                )));
            }
        }
        map.places = places.place;
        map.entries = places.entry;
        map.off_map_link = places.off_map_link.hexes;
        Ok(map)
    }

    fn existing_cell(&self, h: HexId, file: &str) -> Result<Cell, DataError> {
        if !self.contains(h) {
            return Err(DataError::new(format!("{file}: {h} is not on its map")));
        }
        Ok(self.offsets.cell(h))
    }

    fn hexside_key(&self, h: HexId, d: Direction, file: &str) -> Result<HexsideKey, DataError> {
        let a = self.existing_cell(h, file)?;
        let b = a.neighbour(d);
        if !self.hexes.contains_key(&b) {
            return Err(DataError::new(format!(
                "{file}: hexside {h}:{d} leads off the maps"
            )));
        }
        Ok(HexsideKey::between(a, b).expect("neighbours"))
    }

    fn path_cells(&self, path: &[HexId], what: &str) -> Result<Vec<Cell>, DataError> {
        let mut cells = Vec::with_capacity(path.len());
        for &h in path {
            let c = self.existing_cell(h, what)?;
            if let Some(&prev) = cells.last()
                && Cell::distance(prev, c) != 1
            {
                return Err(DataError::new(format!(
                    "{what}: {h} is not adjacent to the hex before it"
                )));
            }
            cells.push(c);
        }
        Ok(cells)
    }
}
