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
    pub(crate) side: Side,
    /// The turn it is called for.
    pub(crate) turn: u8,
    /// Where it is placed.
    pub(crate) area: AreaId,
    /// Its counters.
    pub(crate) units: Vec<Key>,
    /// Placed on the map.
    pub(crate) placed: bool,
    /// The last turn its owner chose to withhold it (S3.7c).
    pub(crate) withheld: Option<u8>,
    /// It will never enter (7.11: the Variable Entry roll failed). Known only to its owner.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) cancelled: bool,
}

impl Reinforcement {
    /// Whose.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The turn it is called for.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// Where it is placed.
    pub fn area(&self) -> AreaId {
        self.area
    }

    /// Its counters.
    pub fn units(&self) -> &[Key] {
        &self.units
    }

    /// Placed on the map.
    pub fn placed(&self) -> bool {
        self.placed
    }

    /// The last turn its owner chose to withhold it (S3.7c).
    pub fn withheld(&self) -> Option<u8> {
        self.withheld
    }
}

/// The Vicksburg Siege Track (5.41, 5.42).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// Union combat units hold Areas 10, 19 and 23 (as last announced).
    pub(crate) besieged: bool,
    /// The Vicksburg Supplies value, once set (decision G8).
    pub(crate) supplies: Option<u8>,
}

impl Siege {
    /// Union combat units hold Areas 10, 19 and 23 (as last announced).
    pub fn besieged(&self) -> bool {
        self.besieged
    }

    /// The Vicksburg Supplies value, once set (decision G8).
    pub fn supplies(&self) -> Option<u8> {
        self.supplies
    }
}

/// A capture recorded at the end of a Game Turn (S10.7a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The Area.
    pub(crate) area: AreaId,
    /// Who captured it.
    pub(crate) side: Side,
    /// The turn at whose end it was recorded.
    pub(crate) turn: u8,
    /// A claimant could make a LOC-dependent claim through it when it fell (S10.5a): what
    /// counts if the Area is left empty before the points are claimed at the end.
    pub(crate) qualified: bool,
}

impl Capture {
    /// The Area.
    pub fn area(&self) -> AreaId {
        self.area
    }

    /// Who captured it.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The turn at whose end it was recorded.
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// A claimant could make a LOC-dependent claim through it when it fell (S10.5a): what
    /// counts if the Area is left empty before the points are claimed at the end.
    pub fn qualified(&self) -> bool {
        self.qualified
    }
}
