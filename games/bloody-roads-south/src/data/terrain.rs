//! Hex terrain: Wilderness and clearings (rule 1.2), and the kebab-case ids of clearings.

use super::hex::HexId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The terrain of a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Open ground: the farms and fields of the Wilderness ("clear" on the Movement Chart).
    Clear,
    /// Second-growth thicket (rule 1.2): every hex that would otherwise be forest.
    Wilderness,
}

/// The id of a clearing (`sanders-field`, `chewning-farm`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ClearingId(pub String);

impl fmt::Display for ClearingId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How sure the reconstruction is of a map feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Confidence {
    /// Fixed by the rulebook or firm historical sources.
    High,
    /// Placed from historical sources with some interpretation.
    Medium,
    /// A design choice made so the map is complete.
    Low,
}

/// A named clearing: a group of clear hexes (possession by majority, rule 5.1d).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Clearing {
    /// Its id.
    pub id: ClearingId,
    /// Its name on the map.
    pub name: String,
    /// Other names used for it (the book writes "Chewning Clearing" and "Chewning Farm").
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Its hexes (either id of a shared-row hex may be used).
    pub hexes: Vec<HexId>,
    /// Where the feature comes from: book, history or guess.
    pub source: String,
    /// How sure the reconstruction is.
    pub confidence: Confidence,
    /// Why it is where it is.
    pub note: String,
}
