//! Rivers, river arrows and routes (4.11, 4.14, 4.15, 5.3, Terrain Effects Chart).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, ArrowId, NavigableRiver, Provenance};
use crate::data::map::area::{LonLat, MapEdge};
use crate::data::map::border::RiverId;

/// Where a naval move can go next: another arrow, or off the map (4.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NavalNode {
    /// A river arrow on the map.
    Arrow(ArrowId),
    /// Off the map beyond this edge, where any number of ships may wait (4.15).
    OffMap(MapEdge),
}

/// A river arrow (4.11): ships stop, stack and fight here; land units embark from and
/// disembark into the Areas it touches (4.12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiverArrow {
    /// `A1`..`A8`, `Y1`, `Y2`.
    pub id: ArrowId,
    /// Its name: Young's Point, Yazoo River, Steel's Bayou, Vicksburg and Warrenton are printed.
    pub name: String,
    /// Printed, implied or reconstructed.
    pub name_status: Provenance,
    /// The land Areas adjacent to the arrow (4.12a: embark and disembark).
    pub touches: Vec<AreaId>,
    /// Pairs of Areas on opposite banks that the arrow lies between (4.14: LOC across the river).
    pub crosses: Vec<(AreaId, AreaId)>,
    /// The next node downstream.
    pub downstream: NavalNode,
    /// Where to draw it.
    pub position: LonLat,
}

impl RiverArrow {
    /// The river it is on.
    pub fn river(&self) -> NavigableRiver {
        self.id.river
    }

    /// True if the arrow is adjacent to the Area.
    pub fn touches(&self, area: AreaId) -> bool {
        self.touches.contains(&area)
    }
}

/// How a drawn river behaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverClass {
    /// Mississippi and Yazoo: ships only (the Yazoo 2|3 stretch excepted).
    Navigable,
    /// A Major River: crossing points only.
    Major,
}

/// A river, with its course for drawing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct River {
    /// Which river.
    pub id: RiverId,
    /// Its name.
    pub name: String,
    /// Navigable or Major.
    pub class: RiverClass,
    /// Printed (Mississippi, Yazoo) or reconstructed.
    pub status: Provenance,
    /// Its course, upstream first, as longitude/latitude points.
    pub course: Vec<LonLat>,
}

/// A road or railroad as drawn: the Areas it runs through, in order. Roads and railroads matter
/// only for the swamp rules (5.2, S3.2a).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Route {
    /// `R01`.. for roads, `RR1`.. for railroads.
    pub id: String,
    /// Its historical name.
    pub name: String,
    /// Areas in order; each consecutive pair shares a land-crossable border.
    pub areas: Vec<AreaId>,
    /// Map edges it leaves the map by (drawing only).
    pub exits_map_edge: Vec<MapEdge>,
}

/// A site where a Confederate shore battery is placed beside the arrow it guards (4.22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShoreBatterySite {
    /// The land Area of the battery.
    pub area: AreaId,
    /// The one arrow it guards: the only arrow touching its Area (4.22b).
    pub arrow: ArrowId,
    /// Only Grand Gulf can be silenced (4.23e).
    pub can_be_silenced: bool,
}

/// A mountainous Area that must be attacked when entered from certain Areas (5.11, 5.11a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MandatoryCombat {
    /// The mountainous Area.
    pub into: AreaId,
    /// True for Vicksburg: entry from any adjacent Area compels combat (5.11).
    pub from_any: bool,
    /// Otherwise the Areas whose entry compels combat, as printed (5.11a: 2 and 9; an Area that
    /// is not adjacent, or adjacent only across the navigable Yazoo, simply never applies).
    pub from: Vec<AreaId>,
}

impl MandatoryCombat {
    /// True if entering `into` from `from` compels the phasing player to declare combat.
    pub fn applies_from(&self, from: AreaId) -> bool {
        self.from_any || self.from.contains(&from)
    }
}
