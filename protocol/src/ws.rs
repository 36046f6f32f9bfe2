//! WebSocket frames: [`ClientMessage`] from a client, [`ServerMessage`] from the server. Every
//! frame is one JSON text message with a `type`. Requests may carry an `id`, echoed in the
//! reply so that a client can match answers to questions.

use adjutant_engine::{Record, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::clock::ClockInfo;
use crate::corr::{ChatChannel, ChatMessage};
use crate::error::ErrorCode;
use crate::http::{
    AccountInfo, Catalog, CreateGame, EventEntry, GameCreated, GameFilter, GameList, GameStatus,
    Joined,
};
use crate::patch::PatchOp;

/// How a subscription receives the view after each action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UpdateMode {
    /// The whole view in every update (simplest).
    #[default]
    View,
    /// A JSON Patch (RFC 6902) against the previous view (smallest).
    Patch,
}

/// A frame from a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Authenticate this connection (instead of an `Authorization` header on the upgrade).
    Auth {
        token: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// Receive a game's view now and an update after every action. With `after_seq`, the
    /// updates missed since that sequence number come first, each exactly once.
    Subscribe {
        game_id: String,
        #[serde(default)]
        after_seq: Option<u64>,
        /// Needed to watch a private game one does not sit in.
        #[serde(default)]
        spectate_code: Option<String>,
        #[serde(default)]
        updates: UpdateMode,
        #[serde(default)]
        id: Option<String>,
    },
    /// Stop receiving a game's updates.
    Unsubscribe {
        game_id: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// Play one offered action, chosen from the view at `seq`.
    Act {
        game_id: String,
        seq: u64,
        action: Value,
        #[serde(default)]
        id: Option<String>,
    },
    /// Resign a game one sits in.
    Resign {
        game_id: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// The catalog of games.
    Catalog {
        #[serde(default)]
        id: Option<String>,
    },
    /// Create a game (as `POST /api/games`).
    CreateGame {
        #[serde(flatten)]
        game: CreateGame,
        #[serde(default)]
        id: Option<String>,
    },
    /// Take the open seat of a game (as `POST /api/games/{id}/join`).
    JoinGame {
        game_id: String,
        #[serde(default)]
        invite_code: Option<String>,
        #[serde(default)]
        secret_choices: Value,
        #[serde(default)]
        id: Option<String>,
    },
    /// List games (as `GET /api/games`).
    ListGames {
        #[serde(default)]
        filter: GameFilter,
        #[serde(default)]
        id: Option<String>,
    },
    /// The caller's redacted events after a sequence number (as `GET .../events`).
    Events {
        game_id: String,
        #[serde(default)]
        after: u64,
        #[serde(default)]
        spectate_code: Option<String>,
        #[serde(default)]
        id: Option<String>,
    },
    /// The game record (as `GET .../record`).
    Record {
        game_id: String,
        #[serde(default)]
        spectate_code: Option<String>,
        #[serde(default)]
        id: Option<String>,
    },
    /// Keep-alive; answered by `pong`.
    Ping {
        #[serde(default)]
        id: Option<String>,
    },
    /// Post to a game's chat (as `POST /api/games/{id}/chat`); answered by `chat_posted`.
    Chat {
        game_id: String,
        channel: ChatChannel,
        text: String,
        /// Needed to post in the spectators' chat of a private game.
        #[serde(default)]
        spectate_code: Option<String>,
        #[serde(default)]
        id: Option<String>,
    },
    /// Ask the opponent to pause both clocks (as `POST .../pause`); answered by `clock`.
    PauseRequest {
        game_id: String,
        days: u32,
        #[serde(default)]
        id: Option<String>,
    },
    /// Agree to or refuse the opponent's pause (as `POST .../pause/answer`); answered by `clock`.
    PauseAnswer {
        game_id: String,
        accept: bool,
        #[serde(default)]
        id: Option<String>,
    },
    /// End a running pause early (as `POST .../pause/end`); answered by `clock`.
    PauseEnd {
        game_id: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// Take one's seat back from the server's bot (as `POST .../reclaim`); answered by `clock`.
    Reclaim {
        game_id: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// Offer a rematch with sides swapped (as `POST .../rematch`); answered by `game_created`.
    Rematch {
        game_id: String,
        #[serde(default)]
        secret_choices: Value,
        #[serde(default)]
        id: Option<String>,
    },
}

/// Who is connected to a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    /// Whether the Union player has a live connection subscribed to the game.
    pub union: bool,
    /// Whether the Confederate player has one.
    pub confederate: bool,
    /// Number of spectator subscriptions.
    pub spectators: u32,
}

/// A frame from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// First frame of every connection.
    Welcome {
        protocol: u32,
        /// The account, if the upgrade request carried a valid token.
        account: Option<AccountInfo>,
    },
    /// Reply to `auth`.
    Authenticated {
        account: AccountInfo,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `subscribe`: the view as of `seq`. With `after_seq`, the missed updates
    /// follow, and the view here is the current one (the updates only carry events).
    Subscribed {
        game_id: String,
        seq: u64,
        status: GameStatus,
        viewer: String,
        view: Value,
        presence: Presence,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `unsubscribe`.
    Unsubscribed {
        game_id: String,
        #[serde(default)]
        id: Option<String>,
    },
    /// Action `seq` was accepted: its events, redacted for this connection's viewer, and the
    /// new view (whole or as a patch, as subscribed). Missed updates replayed after a
    /// reconnect carry events only.
    Update {
        game_id: String,
        seq: u64,
        /// Who acted.
        side: Side,
        status: GameStatus,
        events: Vec<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        patch: Option<Vec<PatchOp>>,
    },
    /// The game started (the second seat was filled): a fresh view.
    Started {
        game_id: String,
        seq: u64,
        view: Value,
    },
    /// Who is connected changed.
    Presence { game_id: String, presence: Presence },
    /// Reply to `act` and `resign`: accepted as action `seq` (the update follows).
    Acted {
        game_id: String,
        seq: u64,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `catalog`.
    Catalog {
        catalog: Catalog,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `create_game`.
    GameCreated {
        #[serde(flatten)]
        created: GameCreated,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `join_game`.
    Joined {
        #[serde(flatten)]
        joined: Joined,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `list_games`.
    Games {
        #[serde(flatten)]
        list: GameList,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `events`.
    Events {
        game_id: String,
        seq: u64,
        entries: Vec<EventEntry>,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `record`.
    Record {
        record: Box<Record>,
        #[serde(default)]
        id: Option<String>,
    },
    /// Reply to `ping`.
    Pong {
        #[serde(default)]
        id: Option<String>,
    },
    /// A chat message or note, sent only to the connections that may read its channel.
    Chat {
        game_id: String,
        message: ChatMessage,
    },
    /// Reply to `chat`.
    ChatPosted {
        message: ChatMessage,
        #[serde(default)]
        id: Option<String>,
    },
    /// A game's clock: after `subscribed`, whenever it changes (a hand-over, a pause, a bot
    /// taking a seat), and as the reply to the pause and reclaim requests.
    Clock {
        game_id: String,
        clock: ClockInfo,
        #[serde(default)]
        id: Option<String>,
    },
    /// A player of this finished game offered a rematch: `rematch_id` is the new game.
    RematchOffered { game_id: String, rematch_id: String },
    /// A request was refused; nothing changed. `id` and `game_id` say which, where known.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default)]
        id: Option<String>,
        #[serde(default)]
        game_id: Option<String>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::{SideChoice, Visibility};
    use serde_json::json;

    #[test]
    fn client_frames_read_as_documented() {
        let act: ClientMessage = serde_json::from_value(json!({
            "type": "act", "game_id": "g1", "seq": 3, "action": {"type": "done"}
        }))
        .unwrap();
        assert_eq!(
            act,
            ClientMessage::Act {
                game_id: "g1".into(),
                seq: 3,
                action: json!({"type": "done"}),
                id: None
            }
        );
        let create: ClientMessage = serde_json::from_value(json!({
            "type": "create_game", "id": "r1", "game": "g", "scenario": "s", "side": "union"
        }))
        .unwrap();
        let ClientMessage::CreateGame { game, id } = create else {
            panic!("not create_game")
        };
        assert_eq!(id.as_deref(), Some("r1"));
        assert_eq!(game.side, SideChoice::Union);
        assert_eq!(game.visibility, Visibility::Public);
    }

    #[test]
    fn server_frames_round_trip() {
        let frames = vec![
            ServerMessage::Error {
                code: ErrorCode::StaleSeq,
                message: "the game moved on".into(),
                id: Some("7".into()),
                game_id: None,
            },
            ServerMessage::GameCreated {
                created: GameCreated {
                    game_id: "g".into(),
                    seat: Side::Union,
                    invite_code: "i".into(),
                    spectate_code: "s".into(),
                    seed_commitment: "c".into(),
                    computer: Some(crate::ComputerSeat {
                        side: Side::Confederate,
                        level: "hard".into(),
                    }),
                },
                id: None,
            },
            ServerMessage::Update {
                game_id: "g".into(),
                seq: 2,
                side: Side::Confederate,
                status: GameStatus::Active,
                events: vec![json!({"type": "moved"})],
                view: None,
                patch: Some(vec![]),
            },
        ];
        for frame in frames {
            let text = serde_json::to_string(&frame).unwrap();
            let back: ServerMessage = serde_json::from_str(&text).unwrap();
            assert_eq!(back, frame, "{text}");
        }
        let error = serde_json::to_value(ServerMessage::Pong { id: None }).unwrap();
        assert_eq!(error, json!({"type": "pong", "id": null}));
    }
}

/// The `update` frame's members before its events, borrowed. The server writes the events,
/// then the view or the patch, after them as JSON text it wrote itself (it keeps views as text
/// and diffs them as text, [`crate::text_patch`], and writes each viewer's events once), so
/// the frame is [`ServerMessage::Update`] without a copy of any of them as a `Value`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename = "update")]
pub struct UpdateHead<'a> {
    pub game_id: &'a str,
    pub seq: u64,
    pub side: Side,
    pub status: GameStatus,
}
