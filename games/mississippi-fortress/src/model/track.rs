//! The scenario's reinforcement groups (S3.7), the Vicksburg Siege Track (5.41) and captures
//! (S10.7).

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::model::counter::Key;
use crate::model::record::is_false;

/// A group of reinforcements of the scenario (S3.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reinforcement {
    /// Whose.
    pub side: Side,
    /// The turn it is called for.
    pub turn: u8,
    /// Where it is placed.
    pub area: AreaId,
    /// Its counters.
    pub units: Vec<Key>,
    /// Placed on the map.
    pub placed: bool,
    /// The last turn its owner chose to withhold it (S3.7c).
    pub withheld: Option<u8>,
    /// It will never enter (7.11: the Variable Entry roll failed). Known only to its owner.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cancelled: bool,
}

/// The Vicksburg Siege Track (5.41, 5.42).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// Union combat units hold Areas 10, 19 and 23 (as last announced).
    pub besieged: bool,
    /// The Vicksburg Supplies value, once set (decision G8).
    pub supplies: Option<u8>,
}

/// A capture recorded at the end of a Game Turn (S10.7a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The Area.
    pub area: AreaId,
    /// Who captured it.
    pub side: Side,
    /// The turn at whose end it was recorded.
    pub turn: u8,
    /// A claimant could make a LOC-dependent claim through it when it fell (S10.5a): what
    /// counts if the Area is left empty before the points are claimed at the end.
    pub qualified: bool,
}
