//! Game clocks: the choice at creation, the presets, a clock as it stands, pauses and the
//! vacation allowance. `docs/protocol.md` ("Correspondence play") documents them.

use adjutant_engine::{PerSide, Side};
use serde::{Deserialize, Serialize};

/// What happens when a seat's bank runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeoutPolicy {
    /// The side that ran out of time loses (`outcome.reason` is `timed_out`).
    #[default]
    Forfeit,
    /// The server's bot plays the seat until its owner takes it back.
    Bot,
}

/// The clock a game is created with (`CreateGame.clock`): a preset by id, or the three
/// numbers of a custom bank clock. Omitted: no clock.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockChoice {
    /// A preset id from `GET /api/catalog` (`clock_presets`), e.g. `a-move-a-day`.
    #[serde(default)]
    pub preset: Option<String>,
    /// Custom: the bank each side starts with, in seconds.
    #[serde(default)]
    pub initial_secs: Option<i64>,
    /// Custom: seconds added to a side's bank each time it hands the move over.
    #[serde(default)]
    pub increment_secs: Option<i64>,
    /// Custom: the most a bank may hold, in seconds.
    #[serde(default)]
    pub cap_secs: Option<i64>,
    /// What a timed-out side suffers.
    #[serde(default)]
    pub on_timeout: TimeoutPolicy,
}

/// A named pace offered in the catalog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockPreset {
    pub id: String,
    pub name: String,
    pub initial_secs: i64,
    pub increment_secs: i64,
    pub cap_secs: i64,
}

/// A game's clock as chosen at creation, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSettings {
    /// The preset it came from, if any.
    pub preset: Option<String>,
    pub initial_secs: i64,
    pub increment_secs: i64,
    pub cap_secs: i64,
    pub on_timeout: TimeoutPolicy,
}

/// A pause both players agreed to: both clocks are stopped from `since` to `until`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PauseInfo {
    /// Who asked for it (its allowance pays for it).
    pub by: Side,
    pub since: i64,
    pub until: i64,
}

/// A pause asked for and not yet answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PauseRequestInfo {
    pub by: Side,
    /// How long the pause would last.
    pub secs: i64,
    /// When it was asked.
    pub at: i64,
}

/// A game's clock as it stands at `at` (server time, Unix seconds). Public: both players and
/// spectators see the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockInfo {
    pub settings: ClockSettings,
    /// Seconds left in each side's bank at `at` (never below zero).
    pub remaining: PerSide<i64>,
    /// The sides whose clock is running (those that must act), unless paused.
    pub running: Vec<Side>,
    /// The moment `remaining` was computed for.
    pub at: i64,
    /// When the first running clock runs out (null when none runs or the game is paused).
    pub deadline: Option<i64>,
    pub paused: Option<PauseInfo>,
    pub pause_request: Option<PauseRequestInfo>,
    /// Seats the server's bot plays (after a time-out, until the owner takes the seat back).
    pub bot: PerSide<bool>,
}

/// `POST /api/games/{id}/pause`: ask the opponent to stop both clocks for `days` days.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestPause {
    pub days: u32,
}

/// `POST /api/games/{id}/pause/answer`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerPause {
    pub accept: bool,
}

/// Reply to the pause routes and to `POST /api/games/{id}/reclaim`: the clock after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockReply {
    pub game_id: String,
    pub clock: ClockInfo,
}

/// `GET /api/vacation`: the caller's pause allowance for the current (UTC) year.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VacationInfo {
    pub year: i32,
    pub allowance_days: u32,
    /// Seconds of pause charged this year (a pause is charged when it starts; the unused
    /// part comes back when it ends early).
    pub used_secs: i64,
    pub remaining_secs: i64,
}
