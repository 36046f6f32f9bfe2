//! Maps A and B (reconstructed): terrain, elevation, roads, streams and places, with the
//! lookups the rules need. Loaded from `data/map/*.toml`.
//!
//! See [`super::hex`] for the coordinates, the hex orientation and the join of the sheets.

use super::error::{DataError, parse_toml};
use super::hex::{Cell, Direction, HexId, HexsideKey, Sheet, SheetOffsets};
use super::place::{Entry, EntryCode, Place, PlaceId};
use super::road::{OffMapRoad, Railroad, Road, RoadClass, RoadId};
use super::stream::{Crossing, Ford, Stream, StreamKind};
use super::terrain::{Clearing, ClearingId, Terrain};
use super::{FastMap, FastSet};
use serde::Deserialize;
use std::collections::{BTreeMap, VecDeque};

/// Which sheets a scenario uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum MapsUsed {
    /// Map A only (Scenarios 1 and 2).
    A,
    /// Map B only (Scenario 3).
    B,
    /// Both maps (Scenarios 4 to 7).
    #[serde(rename = "both")]
    Both,
}

impl MapsUsed {
    /// True when the sheet is in play.
    pub fn includes(self, sheet: Sheet) -> bool {
        match self {
            MapsUsed::A => sheet == Sheet::A,
            MapsUsed::B => sheet == Sheet::B,
            MapsUsed::Both => true,
        }
    }
}

/// The extent of one sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetExtent {
    /// The sheet.
    pub sheet: Sheet,
    /// First and last hexrow.
    pub hexrows: (u8, u8),
    /// First and last hex of each hexrow.
    pub hexes: (u8, u8),
}

impl SheetExtent {
    /// True when the printed id lies on this sheet.
    pub fn contains(&self, id: HexId) -> bool {
        id.sheet() == self.sheet
            && (self.hexrows.0..=self.hexrows.1).contains(&id.hexrow())
            && (self.hexes.0..=self.hexes.1).contains(&id.hex())
    }
}

/// What the map says about one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexInfo {
    /// Clear or Wilderness.
    pub terrain: Terrain,
    /// Elevation level (1 level = 30 feet).
    pub level: u8,
    /// The clearing it belongs to, if any.
    pub clearing: Option<ClearingId>,
    /// The roads and trails that run through it (not the railroad).
    pub roads: Vec<RoadId>,
    /// True when the Unfinished Railroad runs through it.
    pub railroad: bool,
}

impl HexInfo {
    /// True when a road or trail runs through the hex; with `railroad_found`, the Unfinished
    /// Railroad counts too. Such hexes negate the Wilderness special rules (rule 1.2a).
    pub fn has_road_feature(&self, railroad_found: bool) -> bool {
        !self.roads.is_empty() || (railroad_found && self.railroad)
    }
}

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

/// The text of the map files, in the order [`Map::from_files`] takes them.
pub struct MapFiles<'a> {
    /// `data/map/grid.toml`.
    pub grid: &'a str,
    /// `data/map/terrain.toml`.
    pub terrain: &'a str,
    /// `data/map/elevation.toml`.
    pub elevation: &'a str,
    /// `data/map/roads.toml`.
    pub roads: &'a str,
    /// `data/map/streams.toml`.
    pub streams: &'a str,
    /// `data/map/places.toml`.
    pub places: &'a str,
}

/// Maps A and B.
#[derive(Debug, Clone)]
pub struct Map {
    offsets: SheetOffsets,
    extents: [SheetExtent; 2],
    hexes: FastMap<Cell, HexInfo>,
    clearings: Vec<Clearing>,
    roads: Vec<Road>,
    railroad: Railroad,
    off_map_roads: Vec<OffMapRoad>,
    streams: Vec<Stream>,
    fords: Vec<Ford>,
    places: Vec<Place>,
    entries: Vec<Entry>,
    off_map_link: [HexId; 2],
    road_sides: FastMap<HexsideKey, Vec<(RoadId, RoadClass)>>,
    railroad_sides: FastSet<HexsideKey>,
    stream_sides: FastMap<HexsideKey, usize>,
    ford_sides: FastSet<HexsideKey>,
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

    /// The placement of the sheets in the joined frame.
    pub fn offsets(&self) -> &SheetOffsets {
        &self.offsets
    }

    /// The extent of a sheet.
    pub fn extent(&self, sheet: Sheet) -> &SheetExtent {
        &self.extents[match sheet {
            Sheet::A => 0,
            Sheet::B => 1,
        }]
    }

    /// True when the printed id is a hex of its sheet.
    pub fn contains(&self, id: HexId) -> bool {
        self.extent(id.sheet()).contains(id)
    }

    /// True when the hex is in play with these maps (it exists on a sheet that is used).
    pub fn in_play(&self, id: HexId, maps: MapsUsed) -> bool {
        self.contains(id) && self.ids(id).iter().any(|h| maps.includes(h.sheet()))
    }

    /// The cell of a hex of the maps (`None` if the id is off its sheet).
    pub fn cell(&self, id: HexId) -> Option<Cell> {
        self.contains(id).then(|| self.offsets.cell(id))
    }

    /// Every printed id of a cell, Map A's first (one or two ids; none off the maps).
    pub fn ids_of(&self, cell: Cell) -> Vec<HexId> {
        Sheet::ALL
            .into_iter()
            .filter_map(|s| {
                let (dx, dy) = self.offsets.of(s);
                let col = u8::try_from(cell.x - dx).ok()?;
                let row = u8::try_from(cell.y - dy).ok()?;
                HexId::new(s, col, row).filter(|&h| self.contains(h))
            })
            .collect()
    }

    /// Every printed id of the same hex as `id` (including `id`; empty if off the maps).
    pub fn ids(&self, id: HexId) -> Vec<HexId> {
        self.cell(id).map(|c| self.ids_of(c)).unwrap_or_default()
    }

    /// The id of `cell` to show next to `near`: on `near`'s sheet when the hex is there,
    /// otherwise on the other sheet; only ids on sheets in play.
    pub fn id_near(&self, cell: Cell, near: Sheet, maps: MapsUsed) -> Option<HexId> {
        let ids: Vec<HexId> = self
            .ids_of(cell)
            .into_iter()
            .filter(|h| maps.includes(h.sheet()))
            .collect();
        ids.iter()
            .copied()
            .find(|h| h.sheet() == near)
            .or_else(|| ids.first().copied())
    }

    /// What the map says about a hex.
    pub fn hex(&self, id: HexId) -> Option<&HexInfo> {
        self.cell(id).and_then(|c| self.hexes.get(&c))
    }

    /// The terrain of a hex.
    pub fn terrain(&self, id: HexId) -> Option<Terrain> {
        self.hex(id).map(|h| h.terrain)
    }

    /// The elevation level of a hex.
    pub fn level(&self, id: HexId) -> Option<u8> {
        self.hex(id).map(|h| h.level)
    }

    /// The six neighbours of a hex that are in play, with their directions. Each neighbour is
    /// named on the same sheet as `id` where possible (see [`Map::id_near`]).
    pub fn neighbours(&self, id: HexId, maps: MapsUsed) -> Vec<(Direction, HexId)> {
        Direction::ALL
            .into_iter()
            .filter_map(|d| self.neighbour(id, d, maps).map(|n| (d, n)))
            .collect()
    }

    /// The neighbour of a hex in one direction, if it is in play.
    pub fn neighbour(&self, id: HexId, d: Direction, maps: MapsUsed) -> Option<HexId> {
        if !self.in_play(id, maps) {
            return None;
        }
        let c = self.cell(id)?.neighbour(d);
        self.id_near(c, id.sheet(), maps)
    }

    /// True when the two hexes are adjacent.
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        self.distance(a, b) == Some(1)
    }

    /// The distance in hexes between two hexes of the maps.
    pub fn distance(&self, a: HexId, b: HexId) -> Option<u32> {
        Some(self.cell(a)?.distance(self.cell(b)?))
    }

    /// True when the hex is on an edge of the play area (a neighbour is missing).
    pub fn is_edge(&self, id: HexId, maps: MapsUsed) -> bool {
        self.in_play(id, maps) && self.neighbours(id, maps).len() < 6
    }

    /// All clearings.
    pub fn clearings(&self) -> &[Clearing] {
        &self.clearings
    }

    /// A clearing by id.
    pub fn clearing(&self, id: &ClearingId) -> Option<&Clearing> {
        self.clearings.iter().find(|c| &c.id == id)
    }

    /// The clearing a hex belongs to.
    pub fn clearing_at(&self, id: HexId) -> Option<&Clearing> {
        self.hex(id)?
            .clearing
            .as_ref()
            .and_then(|c| self.clearing(c))
    }

    /// All roads and trails.
    pub fn roads(&self) -> &[Road] {
        &self.roads
    }

    /// A road by id.
    pub fn road(&self, id: &RoadId) -> Option<&Road> {
        self.roads.iter().find(|r| &r.id == id)
    }

    /// The roads through a hex.
    pub fn roads_at(&self, id: HexId) -> Vec<&Road> {
        self.hex(id)
            .map(|h| h.roads.iter().filter_map(|r| self.road(r)).collect())
            .unwrap_or_default()
    }

    /// The best road class along the hexside between two adjacent hexes (series 16.2: road
    /// rates apply only when the move crosses a road hexside), if a road crosses it.
    pub fn road_along(&self, a: HexId, b: HexId) -> Option<RoadClass> {
        let key = HexsideKey::between(self.cell(a)?, self.cell(b)?)?;
        self.road_sides.get(&key)?.iter().map(|(_, c)| *c).min()
    }

    /// True when the named road crosses the hexside between two adjacent hexes.
    pub fn road_links(&self, road: &RoadId, a: HexId, b: HexId) -> bool {
        let (Some(ca), Some(cb)) = (self.cell(a), self.cell(b)) else {
            return false;
        };
        HexsideKey::between(ca, cb)
            .and_then(|k| self.road_sides.get(&k))
            .is_some_and(|v| v.iter().any(|(id, _)| id == road))
    }

    /// The Unfinished Railroad.
    pub fn railroad(&self) -> &Railroad {
        &self.railroad
    }

    /// True when the railroad crosses the hexside between two adjacent hexes.
    pub fn railroad_along(&self, a: HexId, b: HexId) -> bool {
        let (Some(ca), Some(cb)) = (self.cell(a), self.cell(b)) else {
            return false;
        };
        HexsideKey::between(ca, cb).is_some_and(|k| self.railroad_sides.contains(&k))
    }

    /// Roads that run off the maps (the Catharpin Road).
    pub fn off_map_roads(&self) -> &[OffMapRoad] {
        &self.off_map_roads
    }

    /// All streams.
    pub fn streams(&self) -> &[Stream] {
        &self.streams
    }

    /// The stream along the hexside between two adjacent hexes.
    pub fn stream_between(&self, a: HexId, b: HexId) -> Option<&Stream> {
        let key = HexsideKey::between(self.cell(a)?, self.cell(b)?)?;
        self.stream_sides.get(&key).map(|&i| &self.streams[i])
    }

    /// The crossing at a stream hexside, judged for a move along a road, trail or the
    /// railroad: the river ford (rule 1.4), a bridge (pike, primary or secondary road) or a
    /// trail ford. `None` when no stream runs there or nothing crosses it.
    pub fn crossing(&self, a: HexId, b: HexId) -> Option<Crossing> {
        let key = HexsideKey::between(self.cell(a)?, self.cell(b)?)?;
        let stream = &self.streams[*self.stream_sides.get(&key)?];
        if stream.kind == StreamKind::River {
            return self
                .ford_sides
                .contains(&key)
                .then_some(Crossing::RiverFord);
        }
        match self.road_along(a, b) {
            Some(RoadClass::Trail) => Some(Crossing::TrailFord),
            Some(_) => Some(Crossing::Bridge),
            None => self
                .railroad_sides
                .contains(&key)
                .then_some(Crossing::TrailFord),
        }
    }

    /// The fords of the Rapidan.
    pub fn fords(&self) -> &[Ford] {
        &self.fords
    }

    /// All named places.
    pub fn places(&self) -> &[Place] {
        &self.places
    }

    /// A named place by id.
    pub fn place(&self, id: &PlaceId) -> Option<&Place> {
        self.places.iter().find(|p| &p.id == id)
    }

    /// The named places that include a hex.
    pub fn places_at(&self, id: HexId) -> Vec<&Place> {
        let Some(cell) = self.cell(id) else {
            return Vec::new();
        };
        self.places
            .iter()
            .filter(|p| {
                p.all_hexes()
                    .into_iter()
                    .any(|h| self.cell(h) == Some(cell))
            })
            .collect()
    }

    /// All entry hexes.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// An entry hex (or area) by letter.
    pub fn entry(&self, code: EntryCode) -> &Entry {
        self.entries
            .iter()
            .find(|e| e.code == code)
            .expect("every entry letter is checked at load")
    }

    /// The two ends of the Confederate off-map link (rule 4.2).
    pub fn off_map_link(&self) -> [HexId; 2] {
        self.off_map_link
    }

    /// The hexes of a stretch of road from `from` to `to` (both included), moving only along
    /// hexsides crossed by one of `roads`: the shortest such path, or `None` if there is none.
    /// Used for road columns and "anywhere along the road" placements.
    pub fn path_along(&self, roads: &[RoadId], from: HexId, to: HexId) -> Option<Vec<HexId>> {
        let (start, goal) = (self.cell(from)?, self.cell(to)?);
        let mut prev: FastMap<Cell, Option<Cell>> = FastMap::from_iter([(start, None)]);
        let mut queue = VecDeque::from([start]);
        while let Some(c) = queue.pop_front() {
            if c == goal {
                break;
            }
            for d in Direction::ALL {
                let n = c.neighbour(d);
                if prev.contains_key(&n) || !self.hexes.contains_key(&n) {
                    continue;
                }
                let linked = HexsideKey::between(c, n)
                    .and_then(|k| self.road_sides.get(&k))
                    .is_some_and(|v| v.iter().any(|(id, _)| roads.contains(id)));
                if linked {
                    prev.insert(n, Some(c));
                    queue.push_back(n);
                }
            }
        }
        prev.get(&goal)?;
        let mut cells = vec![goal];
        while let Some(Some(p)) = prev.get(cells.last().expect("non-empty")) {
            cells.push(*p);
        }
        cells.reverse();
        let mut out = Vec::with_capacity(cells.len());
        let mut sheet = from.sheet();
        for c in cells {
            let id = self.id_near(c, sheet, MapsUsed::Both)?;
            sheet = id.sheet();
            out.push(id);
        }
        Some(out)
    }
}
