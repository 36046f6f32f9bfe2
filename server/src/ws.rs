//! The WebSocket door: one connection, many games. Requests are handled in order; updates
//! from the games a connection subscribed to arrive between replies, each game's in order.

use adjutant_protocol::{
    ApiError, ClientMessage, ErrorCode, JoinGame, PROTOCOL_VERSION, ServerMessage,
};
use axum::extract::ws::{Message, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tokio::sync::{Notify, broadcast, mpsc};
use tracing::debug;

use crate::frame::{Frame, Outgoing};
mod edge;

pub use edge::hard_cap;
use edge::{close_for, message, request_id};

use crate::ratelimit::Bucket;
use crate::service::{Account, ClockOp, NewSubscriber, Revoked, Service, Sink};
use crate::slots::{Slot, Slots};

/// Connection ids, unique for the life of the process.
static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// Frames that may wait for a slow client before it is cut off (it then resumes).
const QUEUE: usize = 4096;

/// Most frames written with one flush.
const WRITE_BATCH: usize = 64;

/// Who opens a connection, and its place among that account's WebSockets.
pub struct Identity {
    /// The account of the upgrade's token, if it had one.
    pub account: Option<Account>,
    /// The connection's place in that account's allowance.
    pub place: Option<Slot<String>>,
    /// Every account's allowance, for an `auth` message.
    pub websockets: Slots<String>,
}

/// Refuses a WebSocket beyond its account's allowance.
pub fn too_many(websockets: &Slots<String>) -> ApiError {
    ApiError::new(
        ErrorCode::RateLimited,
        format!(
            "this account already has {} WebSocket connections open, the most this server allows; close one first",
            websockets.cap()
        ),
    )
}

struct Connection {
    service: Service,
    /// Who is connected, once known.
    account: Option<Account>,
    /// Its place in its account's allowance of WebSockets, given back on close.
    place: Option<Slot<String>>,
    /// Every account's allowance.
    websockets: Slots<String>,
    /// Where this connection's frames go.
    sink: Sink,
    /// Games this connection is subscribed to.
    games: HashSet<String>,
    /// Message budget.
    bucket: Bucket,
    /// Budget for `rate_limited` replies, so that a flood does not double as a flood back.
    complaints: Bucket,
}

/// Serves one WebSocket until it closes.
pub async fn serve(socket: WebSocket, service: Service, identity: Identity) {
    let _open = service.websocket_opened();
    let conn_id = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (mut out, mut incoming) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Outgoing>(QUEUE);
    let kick = Arc::new(Notify::new());
    // Frames queued together go out in one write: an action's `update` to the acting seat
    // and its `acted`, or the updates of several games, share one flush (one syscall).
    let writer = tokio::spawn(async move {
        let mut batch = Vec::with_capacity(WRITE_BATCH);
        'frames: while rx.recv_many(&mut batch, WRITE_BATCH).await > 0 {
            for outgoing in batch.drain(..) {
                if out.feed(message(outgoing)).await.is_err() {
                    break 'frames;
                }
            }
            if out.flush().await.is_err() {
                break;
            }
        }
        let _ = out.close().await;
    });
    let config = service.config().clone();
    let now = service.now_ms();
    let mut conn = Connection {
        service,
        account: identity.account,
        place: identity.place,
        websockets: identity.websockets,
        sink: Sink {
            conn: conn_id,
            tx,
            kick: kick.clone(),
        },
        games: HashSet::new(),
        bucket: Bucket::new(config.ws_rate, config.ws_burst, now),
        complaints: Bucket::new(10.0, 10.0, now),
    };
    let welcome = ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        account: conn.account.as_ref().map(account_info),
    };
    conn.send(&welcome).await;
    debug!(conn = conn_id, "websocket open");
    let mut stopping = conn.service.stopping_signal();
    let mut revocations = conn.service.revocations();
    loop {
        tokio::select! {
            revoked = revocations.recv() => {
                if conn.signed_out(revoked).await {
                    let close = Outgoing::Close {
                        code: close_code::POLICY,
                        reason: "signed out: the token of this connection was revoked".into(),
                    };
                    let _ = conn.sink.tx.send(close).await;
                    break;
                }
            }
            () = async { drop(stopping.wait_for(|stopping| *stopping).await) } => {
                let close = Outgoing::Close {
                    code: close_code::AWAY,
                    reason: "the server is restarting; reconnect in a moment".into(),
                };
                let _ = conn.sink.tx.send(close).await;
                break;
            }
            message = incoming.next() => match message {
                Some(Ok(Message::Text(text))) => conn.receive(text.as_str(), config.max_frame_bytes).await,
                Some(Ok(Message::Binary(bytes))) => match std::str::from_utf8(&bytes) {
                    Ok(text) => conn.receive(text, config.max_frame_bytes).await,
                    Err(_) => conn.refuse(None, None, ApiError::new(ErrorCode::BadRequest, "frames are JSON text")).await,
                },
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | None => break,
                Some(Err(e)) => {
                    debug!(conn = conn_id, error = %e, "websocket read failed");
                    if let Some(close) = close_for(e, config.max_frame_bytes) {
                        let _ = conn.sink.tx.send(close).await;
                    }
                    break;
                }
            },
            _ = kick.notified() => {
                debug!(conn = conn_id, "websocket too slow; closing so that the client resumes");
                writer.abort();
                break;
            }
        }
    }
    for game in std::mem::take(&mut conn.games) {
        conn.service.unsubscribe(&game, conn_id).await;
    }
    drop(conn);
    let _ = writer.await;
    debug!(conn = conn_id, "websocket closed");
}

fn account_info(account: &Account) -> adjutant_protocol::AccountInfo {
    adjutant_protocol::AccountInfo {
        account_id: account.id.clone(),
        name: account.name.clone(),
    }
}

impl Connection {
    async fn send(&self, message: &ServerMessage) {
        let _ = self
            .sink
            .tx
            .send(Outgoing::Frame(Frame::json(message)))
            .await;
    }

    async fn refuse(&mut self, id: Option<String>, game_id: Option<String>, error: ApiError) {
        self.send(&ServerMessage::Error {
            code: error.code,
            message: error.message,
            id,
            game_id,
        })
        .await;
    }

    async fn receive(&mut self, text: &str, max_bytes: usize) {
        let now = self.service.now_ms();
        if !self.bucket.take(now) {
            if self.complaints.take(now) {
                let error = ApiError::new(ErrorCode::RateLimited, "too many messages; slow down");
                self.refuse(request_id(text), None, error).await;
            }
            return;
        }
        if text.len() > max_bytes {
            let error = ApiError::new(
                ErrorCode::TooLarge,
                format!("messages are limited to {max_bytes} bytes"),
            );
            self.refuse(None, None, error).await;
            return;
        }
        let message = match ClientMessage::from_json(text) {
            Ok(message) => message,
            Err(e) => {
                let error = ApiError::new(
                    ErrorCode::BadRequest,
                    format!("that message is not understood: {e}"),
                );
                self.refuse(request_id(text), None, error).await;
                return;
            }
        };
        self.handle(message).await;
    }

    async fn handle(&mut self, message: ClientMessage) {
        let service = self.service.clone();
        let account = self.account.clone();
        let account = account.as_ref();
        match message {
            ClientMessage::Auth { token, id } => match self.authenticate(&token).await {
                Ok(account) => {
                    let reply = ServerMessage::Authenticated {
                        account: account_info(&account),
                        id,
                    };
                    self.account = Some(account);
                    self.send(&reply).await;
                }
                Err(e) => self.refuse(id, None, e).await,
            },
            ClientMessage::Subscribe {
                game_id,
                after_seq,
                spectate_code,
                updates,
                id,
            } => {
                let sink = self.sink.clone();
                let result = service
                    .subscribe(&game_id, || NewSubscriber {
                        sink: sink.clone(),
                        account: account.cloned(),
                        spectate_code: spectate_code.clone(),
                        after_seq,
                        mode: updates,
                        request_id: id.clone(),
                    })
                    .await;
                match result {
                    Ok(()) => {
                        self.games.insert(game_id);
                    }
                    Err(e) => self.refuse(id, Some(game_id), e).await,
                }
            }
            ClientMessage::Unsubscribe { game_id, id } => {
                if self.games.remove(&game_id) {
                    service.unsubscribe(&game_id, self.sink.conn).await;
                }
                self.send(&ServerMessage::Unsubscribed { game_id, id })
                    .await;
            }
            ClientMessage::Act {
                game_id,
                seq,
                action,
                id,
            } => {
                let acted_to = (self.sink.clone(), id.clone());
                // Accepted: the actor has queued `acted` behind the seat's update.
                if let Err(e) = service
                    .act_live(account, &game_id, seq, action, acted_to)
                    .await
                {
                    self.refuse(id, Some(game_id), e).await
                }
            }
            ClientMessage::Resign { game_id, id } => {
                match service.resign(account, &game_id).await {
                    Ok(accepted) => {
                        self.send(&ServerMessage::Acted {
                            game_id,
                            seq: accepted.seq,
                            id,
                        })
                        .await
                    }
                    Err(e) => self.refuse(id, Some(game_id), e).await,
                }
            }
            ClientMessage::Catalog { id } => {
                let catalog = service.catalog().clone();
                self.send(&ServerMessage::Catalog { catalog, id }).await;
            }
            ClientMessage::CreateGame { game, id } => {
                let result = match account {
                    Some(account) => service.create_game(account, game).await,
                    None => Err(needs_auth()),
                };
                match result {
                    Ok(created) => self.send(&ServerMessage::GameCreated { created, id }).await,
                    Err(e) => self.refuse(id, None, e).await,
                }
            }
            ClientMessage::JoinGame {
                game_id,
                invite_code,
                secret_choices,
                id,
            } => {
                let join = JoinGame {
                    invite_code,
                    secret_choices,
                };
                let result = match account {
                    Some(account) => service.join_game(account, &game_id, join).await,
                    None => Err(needs_auth()),
                };
                match result {
                    Ok(joined) => self.send(&ServerMessage::Joined { joined, id }).await,
                    Err(e) => self.refuse(id, Some(game_id), e).await,
                }
            }
            ClientMessage::ListGames { filter, id } => {
                match service.list_games(account, filter).await {
                    Ok(list) => self.send(&ServerMessage::Games { list, id }).await,
                    Err(e) => self.refuse(id, None, e).await,
                }
            }
            ClientMessage::Events {
                game_id,
                after,
                spectate_code,
                id,
            } => {
                match service
                    .events(account, &game_id, after, spectate_code.as_deref())
                    .await
                {
                    Ok(log) => {
                        let reply = ServerMessage::Events {
                            game_id,
                            seq: log.seq,
                            entries: log.entries,
                            id,
                        };
                        self.send(&reply).await;
                    }
                    Err(e) => self.refuse(id, Some(game_id), e).await,
                }
            }
            ClientMessage::Record {
                game_id,
                spectate_code,
                id,
            } => {
                match service
                    .record(account, &game_id, spectate_code.as_deref())
                    .await
                {
                    Ok(record) => {
                        self.send(&ServerMessage::Record {
                            record: Box::new(record),
                            id,
                        })
                        .await
                    }
                    Err(e) => self.refuse(id, Some(game_id), e).await,
                }
            }
            ClientMessage::Ping { id } => self.send(&ServerMessage::Pong { id }).await,
            ClientMessage::Chat {
                game_id,
                channel,
                text,
                spectate_code,
                id,
            } => match service
                .post_chat(account, &game_id, channel, &text, spectate_code.as_deref())
                .await
            {
                Ok(message) => self.send(&ServerMessage::ChatPosted { message, id }).await,
                Err(e) => self.refuse(id, Some(game_id), e).await,
            },
            ClientMessage::PauseRequest { game_id, days, id } => {
                self.clock_op(game_id, ClockOp::RequestPause(days), id)
                    .await
            }
            ClientMessage::PauseAnswer {
                game_id,
                accept,
                id,
            } => {
                self.clock_op(game_id, ClockOp::AnswerPause(accept), id)
                    .await
            }
            ClientMessage::PauseEnd { game_id, id } => {
                self.clock_op(game_id, ClockOp::EndPause, id).await
            }
            ClientMessage::Reclaim { game_id, id } => {
                self.clock_op(game_id, ClockOp::Reclaim, id).await
            }
            ClientMessage::Rematch {
                game_id,
                secret_choices,
                id,
            } => match service.rematch(account, &game_id, secret_choices).await {
                Ok(created) => self.send(&ServerMessage::GameCreated { created, id }).await,
                Err(e) => self.refuse(id, Some(game_id), e).await,
            },
        }
    }

    /// Whether a revocation covers this connection's token (after missed revocations, the
    /// store says whether the token is still valid).
    async fn signed_out(&self, revoked: Result<Arc<Revoked>, broadcast::error::RecvError>) -> bool {
        let Some(account) = &self.account else {
            return false;
        };
        match revoked {
            Ok(revoked) if revoked.tokens == crate::service::RevokedTokens::Unknown => {
                !self.service.token_valid(account).await
            }
            Ok(revoked) => revoked.covers(account),
            Err(broadcast::error::RecvError::Lagged(_)) => !self.service.token_valid(account).await,
            // The service holds the sender as long as this connection holds the service.
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }

    /// The account of `token`, with a place in its allowance of WebSockets (the place held
    /// for a previous account is given back).
    async fn authenticate(&mut self, token: &str) -> Result<Account, ApiError> {
        let account = self.service.authenticate(token).await?;
        let same = self.account.as_ref().is_some_and(|a| a.id == account.id);
        if !same {
            let place = self
                .websockets
                .take(account.id.clone())
                .ok_or_else(|| too_many(&self.websockets))?;
            self.place = Some(place);
        }
        Ok(account)
    }

    async fn clock_op(&mut self, game_id: String, op: ClockOp, id: Option<String>) {
        let result = match &self.account {
            Some(account) => self.service.clock_op(account, &game_id, op).await,
            None => Err(needs_auth()),
        };
        match result {
            Ok(reply) => {
                self.send(&ServerMessage::Clock {
                    game_id: reply.game_id,
                    clock: reply.clock,
                    id,
                })
                .await
            }
            Err(e) => self.refuse(id, Some(game_id), e).await,
        }
    }
}

fn needs_auth() -> ApiError {
    ApiError::new(
        ErrorCode::Unauthorized,
        "this needs an account: send an auth message with your token first",
    )
}
