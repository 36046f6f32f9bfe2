//! Correspondence play: clocks, pauses, notices, chat, imported game files, rematches and
//! turn-by-turn stepping. `docs/protocol.md` ("Correspondence play") documents them.

use adjutant_engine::{Outcome, PerSide, Record, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::http::Visibility;

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

/// The last failure of a notice channel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelError {
    pub message: String,
    pub at: i64,
}

/// `GET /api/notices/settings`: how the caller is told about its games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeSettings {
    /// Notices are POSTed here as JSON.
    #[serde(default)]
    pub webhook_url: Option<String>,
    /// Notices are mailed here (if the server has an SMTP server configured), once the
    /// address is confirmed.
    #[serde(default)]
    pub email: Option<String>,
    /// The owner of `email` confirmed it by the link mailed to it; until then no notice is
    /// mailed there.
    #[serde(default)]
    pub email_confirmed: bool,
    /// Send notices even while connected to the game.
    #[serde(default)]
    pub always: bool,
    /// Once a day, a list of the games where it is your move.
    #[serde(default)]
    pub digest: bool,
    /// The webhook's last failure (cleared by a success).
    #[serde(default)]
    pub webhook_error: Option<ChannelError>,
    /// The e-mail channel's last failure (cleared by a success).
    #[serde(default)]
    pub email_error: Option<ChannelError>,
    /// Whether this server can send e-mail at all.
    #[serde(default)]
    pub email_available: bool,
}

/// `PUT /api/notices/settings`: replaces the caller's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpdateNoticeSettings {
    #[serde(default)]
    pub webhook_url: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub always: bool,
    #[serde(default)]
    pub digest: bool,
}

/// Why a notice was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    GameStarted,
    YourMove,
    /// 80 % of the bank the seat had when its clock started is gone.
    TimeLow,
    GameOver,
    PauseRequested,
    PauseStarted,
    PauseEnded,
    /// The server's bot took a timed-out seat.
    BotTookSeat,
    RematchOffered,
    Digest,
    Test,
}

impl NoticeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::GameStarted => "game_started",
            NoticeKind::YourMove => "your_move",
            NoticeKind::TimeLow => "time_low",
            NoticeKind::GameOver => "game_over",
            NoticeKind::PauseRequested => "pause_requested",
            NoticeKind::PauseStarted => "pause_started",
            NoticeKind::PauseEnded => "pause_ended",
            NoticeKind::BotTookSeat => "bot_took_seat",
            NoticeKind::RematchOffered => "rematch_offered",
            NoticeKind::Digest => "digest",
            NoticeKind::Test => "test",
        }
    }

    pub fn parse(s: &str) -> Option<NoticeKind> {
        serde_json::from_value(Value::String(s.to_string())).ok()
    }
}

/// One game in a daily digest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestLine {
    pub game_id: String,
    pub game_name: String,
    pub scenario_name: String,
    pub opponent: Option<String>,
    pub deadline: Option<i64>,
    pub link: String,
}

/// What a webhook receives (the JSON body) and what an e-mail says. It never carries hidden
/// information: no unit, no order, no prompt; only the game, the scenario, the players,
/// whose move it is, deadlines and a link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The account it is for.
    pub account: String,
    pub game_id: Option<String>,
    pub game_name: Option<String>,
    pub scenario_name: Option<String>,
    /// The recipient's seat.
    pub seat: Option<Side>,
    pub opponent: Option<String>,
    /// Sides that must act now.
    #[serde(default)]
    pub to_act: Vec<Side>,
    /// When the recipient's clock runs out, if it runs.
    pub deadline: Option<i64>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Where to play.
    pub link: Option<String>,
    /// For a digest: the games where it is your move.
    #[serde(default)]
    pub games: Vec<DigestLine>,
    /// One line for a person.
    pub text: String,
    pub at: i64,
}

/// One notice as the account sees it in `GET /api/notices`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeEntry {
    pub id: i64,
    /// `webhook` or `email`.
    pub channel: String,
    pub kind: NoticeKind,
    pub game_id: Option<String>,
    pub text: String,
    pub created_at: i64,
    pub attempts: i64,
    pub sent_at: Option<i64>,
    /// When the next attempt is due (null once sent or given up).
    pub next_at: Option<i64>,
    /// Given up after the last retry.
    pub failed: bool,
    pub last_error: Option<String>,
}

/// Reply to `GET /api/notices`: the caller's latest notices, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NoticeList {
    pub notices: Vec<NoticeEntry>,
}

/// A game's chat channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The two players; nobody else ever reads it.
    Players,
    /// Spectators (anyone who may watch and does not sit in the game). Players cannot read
    /// it while the game runs (no kibitzing); everyone can once it is over.
    Spectators,
    /// The caller's private notes: only its own seat ever reads them.
    Notes,
}

/// `POST /api/games/{id}/chat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostChat {
    pub channel: ChatChannel,
    pub text: String,
}

/// One chat message or note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub id: i64,
    pub game_id: String,
    pub channel: ChatChannel,
    /// The author's account name.
    pub author: String,
    /// The author's seat, if it sits in the game.
    pub side: Option<Side>,
    pub text: String,
    pub at: i64,
}

/// Reply to `GET /api/games/{id}/chat?channel=...&after=ID`: oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLog {
    pub game_id: String,
    pub channel: ChatChannel,
    pub messages: Vec<ChatMessage>,
}

/// `POST /api/games/import`: a finished game record, checked and stored read-only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportGame {
    pub record: Record,
    #[serde(default)]
    pub visibility: Visibility,
}

/// Reply to `POST /api/games/import`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imported {
    pub game_id: String,
    pub actions: u64,
    pub rolls: u64,
    pub outcome: Option<Outcome>,
}

/// `POST /api/games/{id}/rematch`: the same game, scenario, options and clock with sides
/// swapped; the seat is kept for the former opponent.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RequestRematch {
    /// The caller's secret choices for its new side.
    #[serde(default)]
    pub secret_choices: Value,
}

/// Where one turn starts in a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMark {
    /// The turn (or round) number as the view shows it.
    pub turn: i64,
    /// The first action after which the view shows this turn (0: the set-up).
    pub seq: u64,
}

/// Reply to `GET /api/games/{id}/turns` (finished games): where each turn starts, for
/// stepping through with `replay?at=`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnIndex {
    pub game_id: String,
    /// The view field read (`turn` or `round`); null when the view shows neither.
    pub key: Option<String>,
    pub last: u64,
    pub turns: Vec<TurnMark>,
}
