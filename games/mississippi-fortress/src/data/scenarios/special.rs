//! Scenario special rules as data (6.3, 7.3).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, Side};
use crate::data::units::Formation;

/// A special rule of one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpecialRule {
    /// 6.3: `side` may not move into `areas` before `until_turn`, or until the other side lands
    /// (disembarks a combat unit) in `unless_landing_in`, whichever comes first.
    AreasClosed {
        /// Who is restricted (Confederate).
        side: Side,
        /// The closed Areas (38, 43, 44, 45).
        areas: Vec<AreaId>,
        /// The first turn on which they open (6).
        until_turn: u8,
        /// A landing here opens them at once (43).
        unless_landing_in: AreaId,
    },
    /// 7.3: artillery may not enter this Area (9).
    NoArtilleryInto {
        /// The Area.
        area: AreaId,
    },
    /// 7.3: the side's Commander/Officer (and his successors) also acts as Officer for these
    /// formations.
    CommanderOfficerCommands {
        /// Whose Commander/Officer (Confederate: Pemberton, then Stevenson).
        side: Side,
        /// The formations (the two 7.3 divisions).
        formations: Vec<Formation>,
    },
}

/// A special rule with its wording.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Special {
    /// The rule in our own words.
    pub text: String,
    /// The rule as data.
    pub rule: SpecialRule,
}
