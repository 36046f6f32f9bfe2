//! Why a [`Situation`](super::Situation) does not build.

use std::fmt;

/// Why a situation does not build: a name that matched nothing, an addition refused, or a
/// state that is not well formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SituationError {
    /// No land counter has this id or key.
    UnknownCounter(String),
    /// No ship has this id or index.
    UnknownShip(String),
    /// No shore battery has this id.
    UnknownBattery(String),
    /// The battle was changed but none is being fought.
    NoBattle,
    /// A counter or ship could not be added (not a unit of the data, or of the wrong kind).
    Refused(String),
    /// The state is not well formed ([`check_well_formed`]).
    ///
    /// [`check_well_formed`]: crate::MississippiFortress::check_well_formed
    IllFormed(String),
}

impl fmt::Display for SituationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SituationError::UnknownCounter(c) => write!(f, "no land counter {c}"),
            SituationError::UnknownShip(s) => write!(f, "no ship {s}"),
            SituationError::UnknownBattery(b) => write!(f, "no shore battery {b}"),
            SituationError::NoBattle => f.write_str("no battle is being fought"),
            SituationError::Refused(why) => write!(f, "cannot add: {why}"),
            SituationError::IllFormed(why) => write!(f, "not well formed: {why}"),
        }
    }
}

impl std::error::Error for SituationError {}
