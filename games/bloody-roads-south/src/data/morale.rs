//! Morale ratings (series 24.0) and the morale states of a unit (series 24.1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A morale rating, A (best) to E (worst).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleRating {
    /// Elite.
    A,
    /// Veteran.
    B,
    /// Average.
    C,
    /// Poor.
    D,
    /// Green (the 4th Division of 9 Corps, rule 3.3c).
    E,
}

impl MoraleRating {
    /// All five ratings, best first.
    pub const ALL: [MoraleRating; 5] = [
        MoraleRating::A,
        MoraleRating::B,
        MoraleRating::C,
        MoraleRating::D,
        MoraleRating::E,
    ];

    /// The Morale Table row printed with this rating (series 24.2: A = 2, B = 4 ... E = 10).
    pub fn morale_table_row(self) -> u8 {
        match self {
            MoraleRating::A => 2,
            MoraleRating::B => 4,
            MoraleRating::C => 6,
            MoraleRating::D => 8,
            MoraleRating::E => 10,
        }
    }

    /// The letter.
    pub fn letter(self) -> char {
        match self {
            MoraleRating::A => 'A',
            MoraleRating::B => 'B',
            MoraleRating::C => 'C',
            MoraleRating::D => 'D',
            MoraleRating::E => 'E',
        }
    }
}

impl fmt::Display for MoraleRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A unit's morale state, best first (series 24.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleState {
    /// Blood Lust.
    #[serde(rename = "BL")]
    BloodLust,
    /// Normal.
    Normal,
    /// Shaken.
    #[serde(rename = "Sh")]
    Shaken,
    /// Disorganized.
    #[serde(rename = "DG")]
    Disorganized,
    /// Routed.
    #[serde(rename = "R")]
    Routed,
}

impl MoraleState {
    /// The abbreviation used by the charts (`BL`, `Normal`, `Sh`, `DG`, `R`).
    pub fn abbreviation(self) -> &'static str {
        match self {
            MoraleState::BloodLust => "BL",
            MoraleState::Normal => "Normal",
            MoraleState::Shaken => "Sh",
            MoraleState::Disorganized => "DG",
            MoraleState::Routed => "R",
        }
    }
}
