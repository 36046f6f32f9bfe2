//! Correspondence play: notices, chat, imported game files, rematches and turn-by-turn
//! stepping (the clocks are in `clock`). `docs/protocol.md` ("Correspondence play") documents them.

use adjutant_engine::{Outcome, Record, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::http::Visibility;

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
    /// The hour (UTC, 0-23) the digest goes at; null: a day after the last one.
    #[serde(default)]
    pub digest_hour: Option<u8>,
    /// The webhook's last failure (cleared by a success).
    #[serde(default)]
    pub webhook_error: Option<ChannelError>,
    /// The e-mail channel's last failure (cleared by a success).
    #[serde(default)]
    pub email_error: Option<ChannelError>,
    /// Whether this server can send e-mail at all.
    #[serde(default)]
    pub email_available: bool,
    /// The key each webhook POST is signed with (`X-Adjutant-Signature`: `sha256=` and the
    /// hex HMAC-SHA256 of `{X-Adjutant-Timestamp}.{body}`); new with every new address.
    #[serde(default)]
    pub webhook_secret: Option<String>,
    /// The shape of the webhook's body.
    #[serde(default)]
    pub webhook_format: WebhookFormat,
}

/// The shape of a webhook's body.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WebhookFormat {
    /// By the address: Discord's or Slack's where the address is theirs, else `adjutant`.
    #[default]
    Auto,
    /// The `Notice` as JSON.
    Adjutant,
    /// A Discord webhook's `{"content": ...}` (the sentence and the link).
    Discord,
    /// A Slack (or Mattermost, Rocket.Chat) incoming webhook's `{"text": ...}`.
    Slack,
}

impl WebhookFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            WebhookFormat::Auto => "auto",
            WebhookFormat::Adjutant => "adjutant",
            WebhookFormat::Discord => "discord",
            WebhookFormat::Slack => "slack",
        }
    }

    pub fn parse(s: &str) -> WebhookFormat {
        match s {
            "adjutant" => WebhookFormat::Adjutant,
            "discord" => WebhookFormat::Discord,
            "slack" => WebhookFormat::Slack,
            _ => WebhookFormat::Auto,
        }
    }
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
    /// The hour (UTC, 0-23) the digest goes at; null: a day after the last one.
    #[serde(default)]
    pub digest_hour: Option<u8>,
    #[serde(default)]
    pub webhook_format: WebhookFormat,
    /// A new signing secret for the same webhook address.
    #[serde(default)]
    pub rotate_webhook_secret: bool,
}

/// Why a notice was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    GameStarted,
    YourMove,
    /// 80 % of the bank the seat had when its clock started is gone.
    TimeLow,
    /// 95 % of it is gone: the last warning.
    TimeNearlyOut,
    GameOver,
    PauseRequested,
    /// The opponent refused the pause asked for, or it lapsed unanswered.
    PauseRefused,
    PauseStarted,
    PauseEnded,
    /// The server's bot took a timed-out seat.
    BotTookSeat,
    /// A player took their seat back from the server's bot.
    SeatReturned,
    /// The opponent wrote in the players' chat.
    Chat,
    RematchOffered,
    /// The opponent offered a draw (it stands until answered or withdrawn).
    DrawOffered,
    /// The opponent declined the draw this player offered.
    DrawDeclined,
    Digest,
    Test,
}

impl NoticeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            NoticeKind::GameStarted => "game_started",
            NoticeKind::YourMove => "your_move",
            NoticeKind::TimeLow => "time_low",
            NoticeKind::TimeNearlyOut => "time_nearly_out",
            NoticeKind::PauseRefused => "pause_refused",
            NoticeKind::SeatReturned => "seat_returned",
            NoticeKind::Chat => "chat",
            NoticeKind::GameOver => "game_over",
            NoticeKind::PauseRequested => "pause_requested",
            NoticeKind::PauseStarted => "pause_started",
            NoticeKind::PauseEnded => "pause_ended",
            NoticeKind::BotTookSeat => "bot_took_seat",
            NoticeKind::RematchOffered => "rematch_offered",
            NoticeKind::DrawOffered => "draw_offered",
            NoticeKind::DrawDeclined => "draw_declined",
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
    /// Why it was not sent: it was no longer true when its turn came (the player had moved,
    /// the request was answered...).
    #[serde(default)]
    pub dropped: Option<String>,
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
    /// Both sides' standing as this turn began (victory points, strength), where the game
    /// counts them: the after-action report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tally: Option<adjutant_engine::Tally>,
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
    /// Both sides' standing at the end, where the game counts it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<adjutant_engine::Tally>,
}
