//! A typed client for the HTTP door: one method per route of the wire contract.

use adjutant_protocol::{
    AccountCreated, AccountInfo, ActionAccepted, AnswerPause, ApiError, Catalog, ChatChannel,
    ChatLog, ChatMessage, ClockReply, CreateAccount, CreateGame, ErrorBody, ErrorCode, EventLog,
    GameCreated, GameFilter, GameList, GameState, ImportGame, Imported, JoinGame, Joined,
    NoticeList, NoticeSettings, PostAction, PostChat, Record, ReplayStep, RequestPause,
    RequestRematch, TurnIndex, UpdateNoticeSettings, VacationInfo, Visibility,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt;

/// Why a request failed.
#[derive(Debug)]
pub enum ClientError {
    /// The server refused it with a typed error.
    Api { status: u16, error: ApiError },
    /// The server could not be reached, or the answer was not what the contract says.
    Transport(String),
}

impl ClientError {
    /// The error code, when the server gave one.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            ClientError::Api { error, .. } => Some(error.code),
            ClientError::Transport(_) => None,
        }
    }
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Api { error, .. } => write!(f, "{} ({})", error.message, error.code),
            ClientError::Transport(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ClientError {}

/// An HTTP client bound to one server and, optionally, one account.
#[derive(Clone)]
pub struct Client {
    /// `http://host:port`, without a trailing slash.
    base: String,
    /// The bearer token, if acting as an account.
    token: Option<String>,
    http: reqwest::Client,
}

/// Makes ring the process's rustls crypto provider (once), before any TLS is set up.
pub fn install_tls() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

impl Client {
    /// A client for the server at `base` (`http://127.0.0.1:8080`, or `https://...`: TLS by
    /// rustls, the system's roots for HTTPS and Mozilla's for `wss://`).
    pub fn new(base: &str, token: Option<String>) -> Client {
        install_tls();
        Client {
            base: base.trim_end_matches('/').to_string(),
            token,
            http: reqwest::Client::new(),
        }
    }

    /// The same server as another account (or none).
    pub fn with_token(&self, token: Option<String>) -> Client {
        Client {
            base: self.base.clone(),
            token,
            http: self.http.clone(),
        }
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The HTTP client, for requests the typed methods do not cover.
    pub(crate) fn http(&self) -> &reqwest::Client {
        &self.http
    }

    /// The token in use.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The WebSocket URL of the server.
    pub fn ws_url(&self) -> String {
        let rest = self.base.strip_prefix("http").unwrap_or(&self.base);
        format!("ws{rest}/api/ws")
    }

    pub(crate) async fn send<T: DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, ClientError> {
        let request = match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        };
        let response = request
            .send()
            .await
            .map_err(|e| ClientError::Transport(format!("cannot reach {}: {e}", self.base)))?;
        let status = response.status().as_u16();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| ClientError::Transport(format!("the answer was cut short: {e}")))?;
        if (200..300).contains(&status) {
            serde_json::from_slice(&bytes).map_err(|e| {
                ClientError::Transport(format!("the server's answer is not understood: {e}"))
            })
        } else {
            match serde_json::from_slice::<ErrorBody>(&bytes) {
                Ok(body) => Err(ClientError::Api {
                    status,
                    error: body.error,
                }),
                Err(_) => Err(ClientError::Transport(format!(
                    "the server answered {status}: {}",
                    String::from_utf8_lossy(&bytes).trim()
                ))),
            }
        }
    }

    pub(crate) async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, ClientError> {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    pub(crate) async fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<T, ClientError> {
        self.send(self.http.post(format!("{}{path}", self.base)).json(body))
            .await
    }

    pub(crate) async fn put<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<T, ClientError> {
        self.send(self.http.put(format!("{}{path}", self.base)).json(body))
            .await
    }

    /// Posts raw bytes (for tests of malformed and oversized bodies).
    pub async fn post_raw(&self, path: &str, body: Vec<u8>) -> Result<Value, ClientError> {
        let request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body);
        self.send(request).await
    }

    /// `GET /healthz`.
    pub async fn healthy(&self) -> bool {
        matches!(self.http.get(format!("{}/healthz", self.base)).send().await, Ok(r) if r.status().is_success())
    }

    /// `POST /api/accounts`.
    pub async fn create_account(&self, name: &str) -> Result<AccountCreated, ClientError> {
        self.post(
            "/api/accounts",
            &CreateAccount {
                name: name.to_string(),
                password: None,
                label: None,
            },
        )
        .await
    }

    /// `GET /api/accounts/me`.
    pub async fn me(&self) -> Result<AccountInfo, ClientError> {
        self.get("/api/accounts/me").await
    }

    /// `GET /api/catalog`.
    pub async fn catalog(&self) -> Result<Catalog, ClientError> {
        self.get("/api/catalog").await
    }

    /// `GET /api/catalog/{game}`.
    pub async fn game_data(&self, game: &str) -> Result<Value, ClientError> {
        self.get(&format!("/api/catalog/{game}")).await
    }

    /// `POST /api/games`.
    pub async fn create_game(&self, request: &CreateGame) -> Result<GameCreated, ClientError> {
        self.post("/api/games", request).await
    }

    /// `POST /api/games/{id}/join`.
    pub async fn join(&self, game_id: &str, request: &JoinGame) -> Result<Joined, ClientError> {
        self.post(&format!("/api/games/{game_id}/join"), request)
            .await
    }

    /// `GET /api/games?filter=...`.
    pub async fn list(&self, filter: GameFilter) -> Result<GameList, ClientError> {
        let filter = serde_json::to_value(filter)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default();
        self.get(&format!("/api/games?filter={filter}")).await
    }

    /// `GET /api/games/{id}`.
    pub async fn state(
        &self,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<GameState, ClientError> {
        self.get(&format!(
            "/api/games/{game_id}{}",
            code_query('?', spectate_code)
        ))
        .await
    }

    /// `POST /api/games/{id}/actions`.
    pub async fn act(
        &self,
        game_id: &str,
        seq: u64,
        action: &Value,
    ) -> Result<ActionAccepted, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/actions"),
            &PostAction {
                seq,
                action: action.clone(),
            },
        )
        .await
    }

    /// `POST /api/games/{id}/resign`.
    pub async fn resign(&self, game_id: &str) -> Result<ActionAccepted, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/resign"),
            &serde_json::json!({}),
        )
        .await
    }

    /// `GET /api/games/{id}/events?after=N`.
    pub async fn events(
        &self,
        game_id: &str,
        after: u64,
        spectate_code: Option<&str>,
    ) -> Result<EventLog, ClientError> {
        self.get(&format!(
            "/api/games/{game_id}/events?after={after}{}",
            code_query('&', spectate_code)
        ))
        .await
    }

    /// `GET /api/games/{id}/replay?at=N` (finished games).
    pub async fn replay(&self, game_id: &str, at: u64) -> Result<ReplayStep, ClientError> {
        self.get(&format!("/api/games/{game_id}/replay?at={at}"))
            .await
    }

    /// `GET /api/games/{id}/record`.
    pub async fn record(
        &self,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<Record, ClientError> {
        self.get(&format!(
            "/api/games/{game_id}/record{}",
            code_query('?', spectate_code)
        ))
        .await
    }
}

/// Correspondence play.
impl Client {
    /// `GET /api/games/{id}/turns` (finished games).
    pub async fn turns(&self, game_id: &str) -> Result<TurnIndex, ClientError> {
        self.get(&format!("/api/games/{game_id}/turns")).await
    }

    /// `POST /api/games/{id}/pause`.
    pub async fn pause(&self, game_id: &str, days: u32) -> Result<ClockReply, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/pause"),
            &RequestPause { days },
        )
        .await
    }

    /// `POST /api/games/{id}/pause/answer`.
    pub async fn answer_pause(
        &self,
        game_id: &str,
        accept: bool,
    ) -> Result<ClockReply, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/pause/answer"),
            &AnswerPause { accept },
        )
        .await
    }

    /// `POST /api/games/{id}/pause/end`.
    pub async fn end_pause(&self, game_id: &str) -> Result<ClockReply, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/pause/end"),
            &serde_json::json!({}),
        )
        .await
    }

    /// `POST /api/games/{id}/reclaim`.
    pub async fn reclaim(&self, game_id: &str) -> Result<ClockReply, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/reclaim"),
            &serde_json::json!({}),
        )
        .await
    }

    /// `GET /api/games/{id}/chat?channel=...&after=...`.
    pub async fn chat(
        &self,
        game_id: &str,
        channel: ChatChannel,
        after: i64,
        spectate_code: Option<&str>,
    ) -> Result<ChatLog, ClientError> {
        let channel = serde_json::to_value(channel)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default();
        self.get(&format!(
            "/api/games/{game_id}/chat?channel={channel}&after={after}{}",
            code_query('&', spectate_code)
        ))
        .await
    }

    /// `POST /api/games/{id}/chat`.
    pub async fn post_chat(
        &self,
        game_id: &str,
        channel: ChatChannel,
        text: &str,
        spectate_code: Option<&str>,
    ) -> Result<ChatMessage, ClientError> {
        self.post(
            &format!(
                "/api/games/{game_id}/chat{}",
                code_query('?', spectate_code)
            ),
            &PostChat {
                channel,
                text: text.to_string(),
            },
        )
        .await
    }

    /// `POST /api/games/{id}/rematch`.
    pub async fn rematch(
        &self,
        game_id: &str,
        secret_choices: Value,
    ) -> Result<GameCreated, ClientError> {
        self.post(
            &format!("/api/games/{game_id}/rematch"),
            &RequestRematch { secret_choices },
        )
        .await
    }

    /// `POST /api/games/import`.
    pub async fn import(
        &self,
        record: &Record,
        visibility: Visibility,
    ) -> Result<Imported, ClientError> {
        self.post(
            "/api/games/import",
            &ImportGame {
                record: record.clone(),
                visibility,
            },
        )
        .await
    }

    /// `GET /api/notices`.
    pub async fn notices(&self) -> Result<NoticeList, ClientError> {
        self.get("/api/notices").await
    }

    /// `GET /api/notices/settings`.
    pub async fn notice_settings(&self) -> Result<NoticeSettings, ClientError> {
        self.get("/api/notices/settings").await
    }

    /// `PUT /api/notices/settings`.
    pub async fn set_notice_settings(
        &self,
        settings: &UpdateNoticeSettings,
    ) -> Result<NoticeSettings, ClientError> {
        self.put("/api/notices/settings", settings).await
    }

    /// `POST /api/notices/test`.
    pub async fn test_notice(&self) -> Result<NoticeSettings, ClientError> {
        self.post("/api/notices/test", &serde_json::json!({})).await
    }

    /// `POST /api/notices/confirm/resend`: mails a fresh confirmation link.
    pub async fn resend_confirmation(&self) -> Result<NoticeSettings, ClientError> {
        self.post("/api/notices/confirm/resend", &serde_json::json!({}))
            .await
    }

    /// `GET /api/vacation`.
    pub async fn vacation(&self) -> Result<VacationInfo, ClientError> {
        self.get("/api/vacation").await
    }
}

fn code_query(sep: char, code: Option<&str>) -> String {
    code.map(|c| format!("{sep}spectate_code={c}"))
        .unwrap_or_default()
}
