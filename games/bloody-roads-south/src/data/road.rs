//! Roads, trails (rule 1.1) and the Unfinished Railroad (rule 1.3), as ordered hex paths.

use super::hex::HexId;
use super::terrain::Confidence;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The id of a road (`orange-turnpike`, `brock-road`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RoadId(pub String);

impl RoadId {
    /// A road id from text.
    pub fn new(s: &str) -> RoadId {
        RoadId(s.to_string())
    }
}

impl fmt::Display for RoadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The class of a road, which selects its row on the Movement Chart. Ordered from the best
/// road to the worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoadClass {
    /// The Orange Turnpike.
    Pike,
    /// The Orange and Germanna Plank Roads.
    Primary,
    /// Brock, Culpepper Mine, Flat Run and Richard's Shop roads.
    Secondary,
    /// The low-quality lanes of rule 1.1 (also the Unfinished Railroad once discovered, 1.3e).
    Trail,
}

impl RoadClass {
    /// The key of this class in `data/charts/movement.toml`.
    pub fn chart_key(self) -> &'static str {
        match self {
            RoadClass::Pike => "pike",
            RoadClass::Primary => "primary",
            RoadClass::Secondary => "secondary",
            RoadClass::Trail => "trail",
        }
    }
}

/// A road: its hexes in order. The road crosses the hexside between consecutive hexes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Road {
    /// Its id.
    pub id: RoadId,
    /// Its name.
    pub name: String,
    /// Its class.
    pub class: RoadClass,
    /// Where it comes from: book, history, guess.
    pub source: String,
    /// How sure the reconstruction is (free text: some roads are surer in parts).
    pub confidence: String,
    /// Why it runs where it does.
    pub note: String,
    /// Its hexes from one end to the other.
    pub path: Vec<HexId>,
}

/// The Unfinished Railroad (rule 1.3): usable as a trail only by a side that has found it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Railroad {
    /// Its id.
    pub id: RoadId,
    /// Its name.
    pub name: String,
    /// The hex the Union must move through to be able to find it (Map errata: B39.06).
    pub union_discovery_hex: HexId,
    /// The hex printed on Map B before the errata (B40.06).
    pub misprinted_discovery_hex: HexId,
    /// Where it comes from.
    pub source: String,
    /// How sure the reconstruction is.
    pub confidence: Confidence,
    /// Why it runs where it does.
    pub note: String,
    /// Its hexes from west to east.
    pub path: Vec<HexId>,
}

/// A road that runs off the maps but feeds entry hexes (the Catharpin Road).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct OffMapRoad {
    /// Its name.
    pub name: String,
    /// The map-edge hexes reached from it.
    pub feeds: Vec<HexId>,
    /// Where it runs.
    pub note: String,
}
