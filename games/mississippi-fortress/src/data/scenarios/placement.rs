//! Where counters start and arrive (6.x set-ups and reinforcements, 4.15a, S3.7).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, Side, UnitId};

/// Where a group of counters is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Location {
    /// In a land Area (`location = { area = 13 }`).
    Area(AreaId),
    /// On the river arrow the scenario calls "adjacent to", "opposite" or "at" Area N
    /// (`location = { arrow-at = 35 }`), resolved by [`crate::data::Map::setup_arrow`]. Naval
    /// reinforcements may instead wait off the map (4.15a).
    ArrowAt(AreaId),
    /// 7.21a: on the river arrow beside the shore battery in this Area, or in support of it
    /// (`location = { shore-battery = 18 }`).
    ShoreBattery(AreaId),
    /// 7.21a: beside or in support of any Confederate shore battery (`location = "any-shore-battery"`).
    AnyShoreBattery,
}

/// Counters placed together at the start of a scenario (or of an optional rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Whose counters.
    pub side: Side,
    /// Where.
    pub location: Location,
    /// Which counters, by id.
    pub units: Vec<UnitId>,
}

/// The Game Turn a reinforcement is called for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arrival {
    /// Called for on this turn (`turn = 16`); land units must appear within two turns (4.15a).
    Turn(u8),
    /// Available from the first turn on, whenever the owner wishes (`turn = "any"`; 7.22).
    Any(AnyTurn),
}

/// The literal `"any"` of [`Arrival::Any`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnyTurn {
    /// Any turn.
    Any,
}

impl Arrival {
    /// The turn it is called for, if fixed.
    pub fn turn(self) -> Option<u8> {
        match self {
            Arrival::Turn(t) => Some(t),
            Arrival::Any(_) => None,
        }
    }
}

/// A group of reinforcements.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// Whose counters.
    pub side: Side,
    /// When they are called for.
    pub turn: Arrival,
    /// Where they arrive.
    pub location: Location,
    /// Which counters, by id.
    pub units: Vec<UnitId>,
    /// Remarks (e.g. a decision about a printed oddity).
    #[serde(default)]
    pub note: String,
}
