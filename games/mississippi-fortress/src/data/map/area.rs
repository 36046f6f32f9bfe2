//! Land Areas and their terrain (1.0, Terrain Effects Chart).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, Provenance};

/// The terrain type of a whole Area (Terrain Effects Chart). The printed lists assign every one
/// of the 47 Areas exactly one type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// No effect on movement or combat.
    Clear,
    /// A favourable CIC B column shift for a defender who is not Counterattacking.
    Defensible,
    /// Areas 3, 10 and 18: no force march in or out; defenders tripled and shifted; 5.1.
    Mountainous,
    /// No force march in or out; swamp-to-swamp only along a road or railroad; artillery only
    /// by road (5.2).
    Swamp,
}

impl Terrain {
    /// All four types in chart order.
    pub const ALL: [Terrain; 4] = [
        Terrain::Clear,
        Terrain::Defensible,
        Terrain::Mountainous,
        Terrain::Swamp,
    ];
}

/// Which bank of the Mississippi an Area lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// West bank.
    Louisiana,
    /// East bank.
    Mississippi,
}

/// A map edge; land and naval units enter and leave only as the rules allow (4.15, 6.x).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapEdge {
    /// Towards Yazoo City and Memphis.
    North,
    /// Towards Natchez and Port Hudson.
    South,
    /// Towards Meridian.
    East,
    /// Towards Monroe, Louisiana.
    West,
}

/// A role the rules give an Area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AreaFlag {
    /// Area 18, the fortress (5.4, 5.44, 6.2).
    Vicksburg,
    /// Area 15, Jackson (2.32, 6.1, 6.2).
    Jackson,
    /// Areas 10, 19, 23: Union combat units in all three besiege Vicksburg (5.41).
    SiegeArea,
    /// Areas 10, 18, 19, 23: Confederate forces there surrender at zero supplies (5.43).
    SurrenderArea,
    /// A Confederate shore battery is sited here (4.22; scenario set-ups).
    ShoreBatterySite,
    /// Union reinforcements arrive here in some scenario.
    UnionEntry,
    /// Confederate reinforcements arrive here in some scenario (18: damaged ships return, 7.21d).
    ConfederateEntry,
    /// Johnston's Home Area (2.32).
    JohnstonHome,
    /// Pemberton's Home Area (2.32).
    PembertonHome,
    /// Areas 38, 43, 44, 45: south of the Big Bayou Pierre (6.3 special rule).
    SouthOfBigBayouPierre,
}

/// A longitude/latitude pair, used only to draw the schematic map.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LonLat {
    /// Degrees east (negative: west).
    pub lon: f64,
    /// Degrees north.
    pub lat: f64,
}

/// A town or landmark drawn inside an Area. Towns have no effect on play (Terrain Effects Chart).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Town {
    /// Its 1863 name.
    pub name: String,
    /// Degrees east.
    pub lon: f64,
    /// Degrees north.
    pub lat: f64,
}

/// One land Area.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Area {
    /// Its printed number.
    pub id: AreaId,
    /// Its name: ten are printed, Grand Gulf is implied, the rest are the historical place.
    pub name: String,
    /// Whether the name is printed, implied or reconstructed.
    pub name_status: Provenance,
    /// Its terrain type, exactly as the Terrain Effects Chart lists it.
    pub terrain: Terrain,
    /// Its bank of the Mississippi.
    pub state: State,
    /// Approximate centre, for drawing.
    pub centre: LonLat,
    /// Towns drawn in it.
    pub towns: Vec<Town>,
    /// Map edges it touches.
    pub map_edges: Vec<MapEdge>,
    /// Rule roles.
    pub flags: Vec<AreaFlag>,
    /// Why it was drawn this way.
    pub note: String,
}

impl Area {
    /// True if the Area carries this role.
    pub fn has(&self, flag: AreaFlag) -> bool {
        self.flags.contains(&flag)
    }

    /// True if the Area touches this map edge.
    pub fn on_edge(&self, edge: MapEdge) -> bool {
        self.map_edges.contains(&edge)
    }
}
