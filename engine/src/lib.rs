//! The contract every Adjutant game implements, and what all games share: seats and
//! viewers, catalog entries and set-up choices, verifiable dice, the [`Match`] that enforces
//! "only offered actions", undo back to the last roll or reveal, and replay of a record.
//!
//! Pure: no I/O, no async, no clock. The same set-up, seed and actions always give the same
//! state, events and rolls.

mod catalog;
mod dice;
mod draw;
mod dynamic;
mod error;
pub mod fuzzing;
mod game_match;
pub mod hex;
mod json_text;
mod meta;
mod offer;
mod opponent;
mod record;
mod rules;
mod setup;
mod side;
pub mod view_parts;

pub use catalog::{ChoiceInfo, ChoiceKind, ChoiceScope, EnumValue, GameInfo, ScenarioInfo};
pub use dice::{Dice, DicePosition, Seed};
pub use dynamic::{DynMatch, GameKind, Registry, kind};
pub use error::{PlayError, SetupError};
pub use game_match::{Match, Played, Snapshot};
pub use json_text::json_text;
pub use meta::{MetaAction, MetaEvent};
pub use offer::ADDED_MEMBERS;
pub use opponent::{Opponent, OpponentInfo, Turn, opponent_seed};
pub use record::{
    RECORD_FORMAT, Record, RecordedAction, Verified, VerifyError, replay, verify, verify_canonical,
};
pub use rules::{Applied, EndReason, Outcome, Rules, Tally, Told};
pub use setup::Setup;
pub use side::{PerSide, Side, Viewer};
pub use view_parts::Part;

#[cfg(test)]
mod tests;
