//! Maps A and B (reconstructed): terrain, elevation, roads, streams and places, with the
//! lookups the rules need. Loaded from `data/map/*.toml`.
//!
//! See [`super::hex`] for the coordinates, the hex orientation and the join of the sheets;
//! reading and cross-checking the files is `load`.

use super::hex::{Cell, Direction, HexId, HexsideKey, Sheet, SheetOffsets};
use super::place::{Entry, EntryCode, Place, PlaceId};
use super::road::{OffMapRoad, Railroad, Road, RoadClass, RoadId};
use super::stream::{Crossing, Ford, Stream, StreamKind};
use super::terrain::{Clearing, ClearingId, Terrain};
use super::{FastMap, FastSet};
use serde::Deserialize;
use std::collections::VecDeque;

mod hex_tables;
mod load;

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

    /// Each set of maps' place (0, 1, 2) in a table kept for each.
    pub fn index(self) -> usize {
        match self {
            MapsUsed::A => 0,
            MapsUsed::B => 1,
            MapsUsed::Both => 2,
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
    /// Why: each hex's neighbours and canonical id, asked hundreds of thousands of times a game.
    tables: hex_tables::HexTables,
}

impl Map {
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
        self.tables.in_play(self, id, maps)
    }

    /// [`Map::in_play`], walking the sheets.
    fn in_play_fresh(&self, id: HexId, maps: MapsUsed) -> bool {
        self.contains(id) && {
            let cell = self.offsets.cell(id);
            Sheet::ALL
                .into_iter()
                .any(|s| maps.includes(s) && self.id_on(cell, s).is_some())
        }
    }

    /// The cell of a hex of the maps (`None` if the id is off its sheet).
    pub fn cell(&self, id: HexId) -> Option<Cell> {
        self.contains(id).then(|| self.offsets.cell(id))
    }

    /// The printed id of a cell on sheet `s`, if the sheet shows it.
    fn id_on(&self, cell: Cell, s: Sheet) -> Option<HexId> {
        let (dx, dy) = self.offsets.of(s);
        let col = u8::try_from(cell.x - dx).ok()?;
        let row = u8::try_from(cell.y - dy).ok()?;
        HexId::new(s, col, row).filter(|&h| self.contains(h))
    }

    /// Every printed id of a cell, Map A's first (one or two ids; none off the maps).
    pub fn ids_of(&self, cell: Cell) -> Vec<HexId> {
        Sheet::ALL
            .into_iter()
            .filter_map(|s| self.id_on(cell, s))
            .collect()
    }

    /// Every printed id of the same hex as `id` (including `id`; empty if off the maps).
    pub fn ids(&self, id: HexId) -> Vec<HexId> {
        self.cell(id).map(|c| self.ids_of(c)).unwrap_or_default()
    }

    /// The id of `cell` to show next to `near`: on `near`'s sheet when the hex is there,
    /// otherwise on the other sheet; only ids on sheets in play. (Asked for every hex a
    /// search or a zone of control touches: it allocates nothing.)
    pub fn id_near(&self, cell: Cell, near: Sheet, maps: MapsUsed) -> Option<HexId> {
        let mut first = None;
        for s in Sheet::ALL {
            if !maps.includes(s) {
                continue;
            }
            if let Some(h) = self.id_on(cell, s) {
                if s == near {
                    return Some(h);
                }
                first.get_or_insert(h);
            }
        }
        first
    }

    /// What the map says about a hex.
    pub fn hex(&self, id: HexId) -> Option<&HexInfo> {
        self.tables.hex(self, id)
    }

    /// [`Map::hex`], by its cell.
    fn hex_fresh(&self, id: HexId) -> Option<&HexInfo> {
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
        self.tables.neighbour(self, id, d, maps)
    }

    /// The one id of a hex used in the state: Map A's where the hex has two (the shared row).
    pub fn canonical(&self, id: HexId, maps: MapsUsed) -> Option<HexId> {
        self.tables.canonical(self, id, maps)
    }

    /// [`Map::canonical`], walking the sheets.
    fn canonical_fresh(&self, id: HexId, maps: MapsUsed) -> Option<HexId> {
        self.id_near(self.cell(id)?, Sheet::A, maps)
    }

    /// [`Map::neighbour`], walking the sheets.
    fn neighbour_fresh(&self, id: HexId, d: Direction, maps: MapsUsed) -> Option<HexId> {
        if !self.in_play_fresh(id, maps) {
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
