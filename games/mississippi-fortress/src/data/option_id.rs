//! The identifier of an optional rule (7.0), by its kebab-case id.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// An optional rule, by its kebab-case id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OptionId {
    /// 3.3 Optional Weather.
    OptionalWeather,
    /// 7.1 Longstreet Moves West.
    LongstreetMovesWest,
    /// 7.11 Variable Entry (with 7.1).
    VariableEntry,
    /// 7.21 Rebel Iron Afloat.
    RebelIronAfloat,
    /// 7.22 Farragut's Fleet (with 7.21).
    FarragutsFleet,
    /// The Optional Troop Density Table (S11).
    TroopDensity,
}

impl OptionId {
    /// All six, in rulebook order.
    pub const ALL: [OptionId; 6] = [
        OptionId::OptionalWeather,
        OptionId::LongstreetMovesWest,
        OptionId::VariableEntry,
        OptionId::RebelIronAfloat,
        OptionId::FarragutsFleet,
        OptionId::TroopDensity,
    ];

    /// The kebab-case id.
    pub fn as_str(self) -> &'static str {
        match self {
            OptionId::OptionalWeather => "optional-weather",
            OptionId::LongstreetMovesWest => "longstreet-moves-west",
            OptionId::VariableEntry => "variable-entry",
            OptionId::RebelIronAfloat => "rebel-iron-afloat",
            OptionId::FarragutsFleet => "farraguts-fleet",
            OptionId::TroopDensity => "troop-density",
        }
    }
}

impl fmt::Display for OptionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OptionId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OptionId::ALL
            .into_iter()
            .find(|id| id.as_str() == s)
            .ok_or_else(|| format!("no optional rule {s:?}"))
    }
}
