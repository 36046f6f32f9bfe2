//! The map: 47 land Areas, the borders between them, rivers, roads, railroads and river arrows
//! (1.0, 4.11-4.15, 5.1-5.4, Terrain Effects Chart). Read from `data/map.json`.
//!
//! The printed map is not available; everything except the facts the rulebook states is a
//! reconstruction, explained in `docs/rules/mississippi-fortress.md`, section M.

mod area;
mod border;
mod border_index;
mod raw;
mod river;

use std::collections::BTreeMap;
use std::sync::OnceLock;

pub use area::{Area, AreaFlag, LonLat, MapEdge, State, Terrain, Town};
pub use border::{Border, BorderKind, Crossing, CrossingKind, RiverId};
pub use river::{
    MandatoryCombat, NavalNode, River, RiverArrow, RiverClass, Route, ShoreBatterySite,
};

use crate::data::error::DataError;
use crate::data::ids::{AreaId, ArrowId, NavigableRiver};

const FILE: &str = "map.json";

/// The bounding box of the printed map, for drawing.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Extent {
    /// Western longitude.
    pub west: f64,
    /// Eastern longitude.
    pub east: f64,
    /// Southern latitude.
    pub south: f64,
    /// Northern latitude.
    pub north: f64,
}

/// The whole map, validated.
#[derive(Clone, Debug)]
pub struct Map {
    title: String,
    extent: Extent,
    areas: Vec<Area>,
    borders: Vec<Border>,
    border_index: border_index::BorderIndex,
    neighbours: Vec<Vec<AreaId>>,
    rivers: Vec<River>,
    roads: Vec<Route>,
    railroads: Vec<Route>,
    arrows: Vec<RiverArrow>,
    shore_battery_sites: Vec<ShoreBatterySite>,
    setup_arrows: BTreeMap<AreaId, ArrowId>,
    mandatory_combat: Vec<MandatoryCombat>,
}

impl Map {
    /// The compiled-in map, parsed once. The tests prove it valid.
    pub fn get() -> &'static Map {
        static MAP: OnceLock<Map> = OnceLock::new();
        MAP.get_or_init(|| {
            Map::parse(include_str!("../../../data/map.json")).expect("data/map.json is valid")
        })
    }

    /// Parses and validates a map in the format of `data/map.json`.
    pub fn parse(json: &str) -> Result<Map, DataError> {
        raw::build(json)
    }

    /// The one-line description at the top of the file.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The drawing extent.
    pub fn extent(&self) -> Extent {
        self.extent
    }

    /// All 47 Areas, in number order.
    pub fn areas(&self) -> &[Area] {
        &self.areas
    }

    /// One Area, or `None` if the number is not on the map.
    pub fn area(&self, id: AreaId) -> Option<&Area> {
        if id.is_on_map() {
            self.areas.get(usize::from(id.0) - 1)
        } else {
            None
        }
    }

    /// The Areas sharing a border with `id` (across any border kind, rivers included), in number
    /// order. Empty for a number not on the map.
    pub fn neighbours(&self, id: AreaId) -> &[AreaId] {
        if id.is_on_map() {
            &self.neighbours[usize::from(id.0) - 1]
        } else {
            &[]
        }
    }

    /// The border between two Areas, in either order, if they are adjacent.
    pub fn border(&self, a: AreaId, b: AreaId) -> Option<&Border> {
        self.border_index.get(a, b).map(|i| &self.borders[i])
    }

    /// Every border, ordered by `(a, b)`.
    pub fn borders(&self) -> &[Border] {
        &self.borders
    }

    /// True if a land unit may take one step from `from` into the adjacent `to`, as far as the
    /// map decides it (S3.2a(1)-(4)): the border must be land-crossable; two swamp Areas must be
    /// joined by a road or railroad (5.2); artillery may enter or leave a swamp Area only across a
    /// road (5.2). Force march, Control and scenario restrictions are not considered.
    pub fn land_step(&self, from: AreaId, to: AreaId, artillery: bool) -> bool {
        let (Some(border), Some(a), Some(b)) =
            (self.border(from, to), self.area(from), self.area(to))
        else {
            return false;
        };
        if !border.land_crossable() {
            return false;
        }
        let from_swamp = a.terrain == Terrain::Swamp;
        let to_swamp = b.terrain == Terrain::Swamp;
        if from_swamp && to_swamp && !border.road_or_railroad() {
            return false;
        }
        if artillery && (from_swamp || to_swamp) && !border.road {
            return false;
        }
        true
    }

    /// The rivers, for drawing.
    pub fn rivers(&self) -> &[River] {
        &self.rivers
    }

    /// The roads.
    pub fn roads(&self) -> &[Route] {
        &self.roads
    }

    /// The railroads.
    pub fn railroads(&self) -> &[Route] {
        &self.railroads
    }

    /// Every river arrow: the Mississippi from north to south, then the Yazoo from its mouth.
    pub fn arrows(&self) -> &[RiverArrow] {
        &self.arrows
    }

    /// One river arrow.
    pub fn arrow(&self, id: ArrowId) -> Option<&RiverArrow> {
        self.arrows.iter().find(|a| a.id == id)
    }

    /// The arrows adjacent to an Area (4.12a), in [`Map::arrows`] order.
    pub fn arrows_touching(&self, area: AreaId) -> Vec<ArrowId> {
        self.arrows
            .iter()
            .filter(|a| a.touches(area))
            .map(|a| a.id)
            .collect()
    }

    /// The arrows of one river in order (Mississippi north to south; Yazoo from the mouth).
    pub fn river_arrows(&self, river: NavigableRiver) -> Vec<&RiverArrow> {
        self.arrows.iter().filter(|a| a.river() == river).collect()
    }

    /// The arrow a scenario means by "the river arrow adjacent to (or opposite, or at) Area N".
    pub fn setup_arrow(&self, area: AreaId) -> Option<ArrowId> {
        self.setup_arrows.get(&area).copied()
    }

    /// The next node downstream of an arrow (4.11).
    pub fn downstream(&self, id: ArrowId) -> Option<NavalNode> {
        self.arrow(id).map(|a| a.downstream)
    }

    /// The nodes one step upstream of an arrow (4.11: each costs one of the two upstream moves).
    /// The northernmost Mississippi arrow has the north map edge upstream of it.
    pub fn upstream(&self, id: ArrowId) -> Vec<NavalNode> {
        let mut out: Vec<NavalNode> = self
            .arrows
            .iter()
            .filter(|a| a.downstream == NavalNode::Arrow(id))
            .map(|a| NavalNode::Arrow(a.id))
            .collect();
        if self.arrow_from_north_edge() == Some(id) {
            out.push(NavalNode::OffMap(MapEdge::North));
        }
        out
    }

    /// The arrow ships reach first when they enter from the north map edge (4.15).
    pub fn arrow_from_north_edge(&self) -> Option<ArrowId> {
        self.river_arrows(NavigableRiver::Mississippi)
            .first()
            .map(|a| a.id)
    }

    /// The arrow ships reach first when they enter from the south map edge (4.15).
    pub fn arrow_from_south_edge(&self) -> Option<ArrowId> {
        self.arrows
            .iter()
            .find(|a| a.downstream == NavalNode::OffMap(MapEdge::South))
            .map(|a| a.id)
    }

    /// The three shore battery sites (4.22).
    pub fn shore_battery_sites(&self) -> &[ShoreBatterySite] {
        &self.shore_battery_sites
    }

    /// The shore battery site in an Area, if any.
    pub fn shore_battery_site(&self, area: AreaId) -> Option<&ShoreBatterySite> {
        self.shore_battery_sites.iter().find(|s| s.area == area)
    }

    /// The mandatory-combat rule for entering a mountainous Area, if it has one (5.11).
    pub fn mandatory_combat(&self, into: AreaId) -> Option<&MandatoryCombat> {
        self.mandatory_combat.iter().find(|m| m.into == into)
    }

    /// The Areas carrying a role, in number order.
    pub fn areas_with(&self, flag: AreaFlag) -> Vec<AreaId> {
        self.areas
            .iter()
            .filter(|a| a.has(flag))
            .map(|a| a.id)
            .collect()
    }

    /// The Areas of one terrain type, in number order.
    pub fn areas_of(&self, terrain: Terrain) -> Vec<AreaId> {
        self.areas
            .iter()
            .filter(|a| a.terrain == terrain)
            .map(|a| a.id)
            .collect()
    }
}
