//! The game's data, read from the text files in `data/` and compiled in with `include_str!`.
//!
//! Every accessor returns a `&'static` value parsed once; the tests prove the compiled-in files
//! valid. Rule numbers in doc comments refer to the exclusive rulebook (e.g. 4.12c) or to the
//! reconstructed Standard Rules (S-numbers, e.g. S9.92c) in `docs/rules/mississippi-fortress.md`.
//!
//! | Accessor | File | What |
//! |---|---|---|
//! | [`Map::get`] | `map.json` | Areas, borders, rivers, roads, river arrows |
//! | [`Units::get`] | `units.toml` | every counter, dummy counts |
//! | [`Scenarios::get`] | `scenarios/*.toml` | 6.1, 6.2, 6.3, 7.3 |
//! | [`Options::get`] | `options.toml` | 3.3, 7.1, 7.11, 7.21, 7.22, troop density |
//! | [`TurnTrack::get`] | `turn_track.toml` | dates and historical weather |
//! | [`Charts::get`] | `charts/*.toml` | every chart |
//! | [`Constants::get`] | `constants.toml` | tunable numbers |

pub mod charts;
pub mod constants;
mod error;
mod ids;
pub mod map;
pub mod option_id;
pub mod options;
pub mod scenario_id;
pub mod scenarios;
pub mod turn_track;
pub mod units;

pub use charts::Charts;
pub use constants::Constants;
pub use error::DataError;
pub use ids::{AreaId, ArrowId, NavigableRiver, PerSide, Provenance, Side, UnitId};
pub use map::Map;
pub use options::{OptionId, Options};
pub use scenarios::{Scenario, ScenarioId, Scenarios};
pub use turn_track::{TrackId, TurnTrack, Weather};
pub use units::{Unit, UnitKind, Units};
