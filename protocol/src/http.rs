//! HTTP bodies, one type per request and response of the wire contract.

use adjutant_engine::{GameInfo, OpponentInfo, Outcome, PerSide, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::clock::{ClockChoice, ClockInfo, ClockPreset};

/// `POST /api/accounts`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CreateAccount {
    /// 1 to 32 letters, digits, `-`, `_` or `.`; unique on the server.
    pub name: String,
    /// A password to sign in with on other devices (optional: without one the token is the
    /// only key, as before passwords existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    /// What the account's first token is for, as the token list shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Reply to `POST /api/accounts`. The token is shown once and never again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountCreated {
    pub account_id: String,
    pub name: String,
    pub token: String,
}

/// `GET /api/accounts/me`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountInfo {
    pub account_id: String,
    pub name: String,
}

/// `GET /api/catalog`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    /// The protocol version the server speaks.
    pub protocol: u32,
    /// The games, each with its scenarios, options and secret choices.
    pub games: Vec<GameInfo>,
    /// The clock paces a game can be created with (`CreateGame.clock.preset`).
    #[serde(default)]
    pub clock_presets: Vec<ClockPreset>,
    /// The games that can be played against the computer, with its levels
    /// (`CreateGame.opponent` and `CreateGame.level`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computer_opponents: Vec<OpponentInfo>,
}

/// Which seat the creator takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideChoice {
    Union,
    Confederate,
    /// Drawn by the server when the game is created.
    #[default]
    Random,
}

/// Who can find and watch a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Listed in the lobby; anyone may join the open seat or watch.
    #[default]
    Public,
    /// Joined by invite code and watched by spectate code only.
    Private,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for the second player.
    Open,
    /// Being played.
    Active,
    /// Over: the seed is published and everyone sees everything.
    Finished,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "open" => Some(GameStatus::Open),
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            _ => None,
        }
    }
}

/// `POST /api/games`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CreateGame {
    /// Game id (`mississippi-fortress`).
    pub game: String,
    /// Scenario id (`champion-hill`).
    pub scenario: String,
    /// Public options; omitted ones take their defaults.
    #[serde(default)]
    pub options: Value,
    /// The creator's seat.
    #[serde(default)]
    pub side: SideChoice,
    #[serde(default)]
    pub visibility: Visibility,
    /// The creator's secret choices; omitted ones take their defaults.
    #[serde(default)]
    pub secret_choices: Value,
    /// The game's clock; omitted or null: none.
    #[serde(default)]
    pub clock: Option<ClockChoice>,
    /// Who holds the other seat: `person` (omitted: someone joins by invite or from the
    /// lobby) or `computer` (the server plays it; the game starts at once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The computer's level (`easy`, `normal`, `hard`: the catalog's `computer_opponents`
    /// lists each game's); omitted: its default. Only with `opponent: computer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// The seat the computer holds in a game, and how hard it plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComputerSeat {
    pub side: Side,
    pub level: String,
}

/// Reply to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameCreated {
    pub game_id: String,
    /// The creator's seat.
    pub seat: Side,
    /// Give this to the opponent: it fills the other seat once.
    pub invite_code: String,
    /// Give this to spectators of a private game.
    pub spectate_code: String,
    /// SHA-256 of the game's secret seed.
    pub seed_commitment: String,
    /// Set for a game against the computer, which started at once (its `invite_code` is
    /// empty: there is no seat to fill).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
}

/// `POST /api/games/{id}/join`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JoinGame {
    /// Required for private games; optional for public ones.
    #[serde(default)]
    pub invite_code: Option<String>,
    #[serde(default)]
    pub secret_choices: Value,
}

/// Reply to `POST /api/games/{id}/join`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Joined {
    pub game_id: String,
    pub seat: Side,
}

/// `GET /api/games?filter=...`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameFilter {
    /// Games I sit in (default).
    #[default]
    Mine,
    /// Public games waiting for a second player.
    Open,
    /// Public games being played (to watch).
    Active,
    /// Public games that are over, and mine.
    Finished,
}

/// One line of a game list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game_id: String,
    pub game: String,
    pub scenario: String,
    pub status: GameStatus,
    pub visibility: Visibility,
    /// Account names in each seat (null while open).
    pub players: PerSide<Option<String>>,
    /// The caller's seat, if any.
    pub my_seat: Option<Side>,
    /// Sides that must act now.
    pub to_act: Vec<Side>,
    /// Whether the caller must act now.
    pub my_turn: bool,
    pub seq: u64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last action.
    pub updated_at: i64,
    pub outcome: Option<Outcome>,
    /// The clock, if the game has one.
    #[serde(default)]
    pub clock: Option<ClockInfo>,
    /// Imported from a game file (read-only).
    #[serde(default)]
    pub imported: bool,
    /// An open seat kept for the caller: a rematch the former opponent offered, taken by
    /// joining the game (`POST /api/games/{id}/join` without a code).
    #[serde(default)]
    pub kept_for_me: bool,
    /// The seat the computer holds, in a game against the computer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
}

/// Reply to `GET /api/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameList {
    pub games: Vec<GameSummary>,
}

/// Reply to `GET /api/games/{id}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameState {
    pub game_id: String,
    pub game: String,
    pub scenario: String,
    pub status: GameStatus,
    /// Sequence number of the last accepted action: send it back with your next action.
    pub seq: u64,
    /// Whom the view was built for: `union`, `confederate`, `spectator` or `omniscient`.
    pub viewer: String,
    pub players: PerSide<Option<String>>,
    pub visibility: Visibility,
    /// Public options of the game.
    pub options: Value,
    pub seed_commitment: String,
    /// The view (null while the game is open): the game's state for this viewer, with
    /// `prompt`, `actions`, `to_act` and `outcome`.
    pub view: Value,
    /// The clock, if the game has one.
    #[serde(default)]
    pub clock: Option<ClockInfo>,
    /// Imported from a game file (read-only).
    #[serde(default)]
    pub imported: bool,
    /// The rematch offered after this game, if any (its game id).
    #[serde(default)]
    pub rematch: Option<String>,
    /// The seat the computer holds, in a game against the computer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerSeat>,
}

/// `POST /api/games/{id}/actions`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PostAction {
    /// The sequence number of the view the action was chosen from.
    pub seq: u64,
    /// One element of the view's `actions`, unchanged (its free-text field filled in).
    pub action: Value,
}

/// Reply to `POST /api/games/{id}/actions` and `POST /api/games/{id}/resign`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionAccepted {
    /// The new sequence number.
    pub seq: u64,
    /// The caller's view after the action.
    pub view: Value,
}

/// The events of one accepted action, redacted for the reader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventEntry {
    pub seq: u64,
    /// Who acted.
    pub side: Side,
    pub events: Vec<Value>,
    /// Played by the server's bot for a timed-out seat.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// Reply to `GET /api/games/{id}/events?after=N`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventLog {
    pub game_id: String,
    /// The game's current sequence number.
    pub seq: u64,
    /// Whom the events were redacted for.
    pub viewer: String,
    /// One entry per action after N, oldest first.
    pub entries: Vec<EventEntry>,
}

/// Reply to `GET /api/games/{id}/replay?at=N` (finished games only): the game as it stood
/// after action N, seen by everyone, with that action's events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayStep {
    pub game_id: String,
    /// The action the view stands after (0: the set-up).
    pub seq: u64,
    /// The game's last sequence number.
    pub last: u64,
    pub view: Value,
    pub events: Vec<Value>,
}
