//! The HTTP door: the routes of the wire contract, JSON bodies in and out, and every failure
//! as `{"error": {"code", "message"}}` with a fitting status.

use adjutant_protocol::{
    AnswerPause, ChatChannel, CreateAccount, CreateGame, ErrorCode, GameFilter, ImportGame,
    JoinGame, PostAction, PostChat, RequestPause, RequestRematch, UpdateNoticeSettings,
};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Path, Query, Request, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Extension, Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use tracing::Instrument;

mod accounts;
mod correspondence;

use crate::caller::rate_limit;
pub use crate::caller::{Caller, needs_account};
use crate::service::{Account, ClockOp};
use crate::{confirm_page, web, ws};
use correspondence::{
    answer_pause, chat_log, end_pause, import, notice_settings, notices, post_chat, reclaim,
    rematch, request_pause, set_notice_settings, test_notice, vacation,
};

pub(crate) use crate::app_state::error;
pub use crate::app_state::{AppState, ClientKey, HttpError};

type Reply<T> = Result<Json<T>, HttpError>;

/// A JSON body, refused with `bad_request` or `too_large` in the contract's error shape. An
/// empty body reads as `{}`.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = HttpError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                error(
                    ErrorCode::TooLarge,
                    "the request body is larger than this server accepts",
                )
            } else {
                error(
                    ErrorCode::BadRequest,
                    format!("the request body could not be read: {rejection}"),
                )
            }
        })?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(bytes).map(Body).map_err(|e| {
            error(
                ErrorCode::BadRequest,
                format!("the request body is not what this request takes: {e}"),
            )
        })
    }
}

fn query<T>(q: Result<Query<T>, QueryRejection>) -> Result<T, HttpError> {
    q.map(|Query(t)| t).map_err(|e| {
        error(
            ErrorCode::BadRequest,
            format!("the query string is not valid: {e}"),
        )
    })
}

/// All routes.
pub fn router(state: AppState) -> Router {
    let max_body = state.service.config().max_frame_bytes;
    let max_import = state.service.config().max_import_bytes;
    let api = Router::new()
        .route("/api/accounts", post(accounts::create_account))
        .route("/api/accounts/me", get(me))
        .route("/api/accounts/sign-in", post(accounts::sign_in))
        .route("/api/accounts/sign-in/email", post(accounts::email_sign_in))
        .route("/api/accounts/sign-in/link", post(accounts::link_sign_in))
        .route("/api/accounts/me/tokens", get(accounts::tokens))
        .route("/api/accounts/me/tokens/{id}", delete(accounts::revoke))
        .route(
            "/api/accounts/me/tokens/revoke-others",
            post(accounts::revoke_others),
        )
        .route("/api/accounts/me/password", put(accounts::change_password))
        .route("/api/catalog", get(catalog))
        .route("/api/catalog/{game}", get(game_data))
        .route("/api/games", post(create_game).get(list_games))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/join", post(join_game))
        .route("/api/games/{id}/actions", post(post_action))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/turns", get(turns))
        .route("/api/games/{id}/pause", post(request_pause))
        .route("/api/games/{id}/pause/answer", post(answer_pause))
        .route("/api/games/{id}/pause/end", post(end_pause))
        .route("/api/games/{id}/reclaim", post(reclaim))
        .route("/api/games/{id}/chat", get(chat_log).post(post_chat))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/notices", get(notices))
        .route(
            "/api/notices/settings",
            get(notice_settings).put(set_notice_settings),
        )
        .route("/api/notices/test", post(test_notice))
        .merge(confirm_page::routes())
        .route("/api/vacation", get(vacation))
        .route("/api/ws", get(websocket))
        .layer(DefaultBodyLimit::max(max_body));
    // A finished game's record may be far larger than any other request.
    let import = Router::new()
        .route("/api/games/import", post(import))
        .layer(DefaultBodyLimit::max(max_import));
    let api = api
        .merge(import)
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit));
    let hosted = web::Web::new(state.service.catalog().games.iter().map(|g| g.id.as_str()));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .merge(api)
        .merge(web::routes(hosted))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn(crate::request_id::traced))
        .with_state(state)
}

async fn not_found() -> HttpError {
    error(ErrorCode::NotFound, "there is nothing at this address")
}

async fn method_not_allowed() -> Response {
    let mut response = error(
        ErrorCode::BadRequest,
        "this address does not take that method",
    )
    .into_response();
    *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
    response
}

async fn healthz(State(state): State<AppState>) -> Response {
    if state.service.healthy().await {
        (StatusCode::OK, "ok\n").into_response()
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "store unavailable\n").into_response()
    }
}

/// 200 while this server should get requests; 503 with the reason once it is stopping or its
/// store does not answer (for a load balancer in front of several servers).
async fn readyz(State(state): State<AppState>) -> Response {
    match state.service.ready().await {
        Ok(()) => (StatusCode::OK, "ready\n").into_response(),
        Err(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("{why}\n")).into_response(),
    }
}

/// Prometheus' text format.
async fn metrics(State(state): State<AppState>) -> Response {
    let text = state.service.metrics_text().await;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

async fn me(Caller(account): Caller) -> Reply<adjutant_protocol::AccountInfo> {
    let account = account.ok_or_else(|| error(ErrorCode::Unauthorized, "this needs your token"))?;
    Ok(Json(adjutant_protocol::AccountInfo {
        account_id: account.id,
        name: account.name,
    }))
}

async fn catalog(State(state): State<AppState>) -> Reply<adjutant_protocol::Catalog> {
    Ok(Json(state.service.catalog().clone()))
}

async fn game_data(State(state): State<AppState>, Path(game): Path<String>) -> Response {
    match state.service.game_data(&game) {
        Ok(data) => (
            [(header::CACHE_CONTROL, "public, max-age=3600")],
            Json(data.clone()),
        )
            .into_response(),
        Err(e) => HttpError(e).into_response(),
    }
}

async fn create_game(
    State(state): State<AppState>,
    Caller(account): Caller,
    Body(req): Body<CreateGame>,
) -> Reply<adjutant_protocol::GameCreated> {
    let account = needs_account(account)?;
    Ok(Json(state.service.create_game(&account, req).await?))
}

#[derive(Deserialize)]
struct ListQuery {
    #[serde(default)]
    filter: GameFilter,
}

async fn list_games(
    State(state): State<AppState>,
    Caller(account): Caller,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::GameList> {
    let q = query(q)?;
    Ok(Json(
        state.service.list_games(account.as_ref(), q.filter).await?,
    ))
}

#[derive(Deserialize)]
struct ViewQuery {
    #[serde(default)]
    spectate_code: Option<String>,
}

async fn game_state(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    q: Result<Query<ViewQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::GameState> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .game_state(account.as_ref(), &id, q.spectate_code.as_deref())
            .await?,
    ))
}

async fn join_game(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    Body(req): Body<JoinGame>,
) -> Reply<adjutant_protocol::Joined> {
    let account = needs_account(account)?;
    Ok(Json(state.service.join_game(&account, &id, req).await?))
}

async fn post_action(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    Body(req): Body<PostAction>,
) -> Reply<adjutant_protocol::ActionAccepted> {
    Ok(Json(
        state
            .service
            .act(account.as_ref(), &id, req.seq, req.action)
            .await?,
    ))
}

async fn resign(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
) -> Reply<adjutant_protocol::ActionAccepted> {
    Ok(Json(state.service.resign(account.as_ref(), &id).await?))
}

#[derive(Deserialize)]
struct EventsQuery {
    #[serde(default)]
    after: u64,
    #[serde(default)]
    spectate_code: Option<String>,
}

async fn events(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    q: Result<Query<EventsQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::EventLog> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .events(account.as_ref(), &id, q.after, q.spectate_code.as_deref())
            .await?,
    ))
}

async fn record(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
    q: Result<Query<ViewQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::Record> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .record(account.as_ref(), &id, q.spectate_code.as_deref())
            .await?,
    ))
}

#[derive(Deserialize)]
struct ReplayQuery {
    #[serde(default)]
    at: u64,
    #[serde(default)]
    spectate_code: Option<String>,
}

async fn replay(
    State(state): State<AppState>,
    Caller(account): Caller,
    Extension(key): Extension<ClientKey>,
    Path(id): Path<String>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::ReplayStep> {
    let q = query(q)?;
    let step = state
        .service
        .replay(
            account.as_ref(),
            &id,
            q.at,
            q.spectate_code.as_deref(),
            |n| state.charge(&key, n),
        )
        .await?;
    Ok(Json(Arc::unwrap_or_clone(step)))
}

async fn turns(
    State(state): State<AppState>,
    Caller(account): Caller,
    Extension(key): Extension<ClientKey>,
    Path(id): Path<String>,
    q: Result<Query<ViewQuery>, QueryRejection>,
) -> Reply<adjutant_protocol::TurnIndex> {
    let q = query(q)?;
    Ok(Json(
        state
            .service
            .turns(account.as_ref(), &id, q.spectate_code.as_deref(), |n| {
                state.charge(&key, n)
            })
            .await?,
    ))
}

async fn websocket(
    State(state): State<AppState>,
    Caller(account): Caller,
    upgrade: WebSocketUpgrade,
) -> Response {
    let place = match &account {
        Some(account) => match state.websockets.take(account.id.clone()) {
            Some(place) => Some(place),
            None => return HttpError(ws::too_many(&state.websockets)).into_response(),
        },
        None => None,
    };
    let hard_cap = ws::hard_cap(state.service.config().max_frame_bytes);
    // The connection's log lines carry its upgrade request's id.
    let span = tracing::Span::current();
    upgrade
        // Every read zero-fills the buffer up to this size: 128 KiB (the default) costs more
        // than everything else an action does, 8 KiB still cost 4,000 instructions a read
        // and 4 KiB 1,600 (about 2.5 reads an action; callgrind, 2026-12-06). A player's
        // frames are a few hundred bytes; larger ones still arrive, in several reads.
        .read_buffer_size(1024)
        .max_message_size(hard_cap)
        .max_frame_size(hard_cap)
        .on_upgrade(move |socket| {
            ws::serve(
                socket,
                state.service,
                ws::Identity {
                    account,
                    place,
                    websockets: state.websockets,
                },
            )
            .instrument(span)
        })
}
