//! Things half done: a group of units on the move, a fire being assembled.

use serde::{Deserialize, Serialize};

use crate::data::HexId;
use crate::model::unit::UnitKey;

/// Units picked up and moving together in the Movement Phase (series 16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovingGroup {
    /// The units, the first picked first.
    pub(crate) units: Vec<UnitKey>,
    /// The hex they started from.
    pub(crate) from: HexId,
    /// The hexes entered so far, in order.
    #[serde(default)]
    pub(crate) path: Vec<HexId>,
    /// They entered an enemy zone of control and must stop unless they attack (series 14).
    #[serde(default)]
    pub(crate) in_enemy_zoc: bool,
    /// They made a close combat this move (series 23).
    #[serde(default)]
    pub(crate) attacked: bool,
}

/// A fire at one target being assembled in the Fire Combat Phase (series 20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireInProgress {
    /// The target hex.
    pub(crate) target: HexId,
    /// Aimed at the hex's artillery rather than its top unit (series 12.0).
    #[serde(default)]
    pub(crate) at_artillery: bool,
    /// The units firing.
    #[serde(default)]
    pub(crate) firers: Vec<UnitKey>,
}
