//! One task per live game: it owns the match, applies actions one at a time, commits each
//! before telling anyone, and sends every subscriber its own redacted update. It leaves
//! memory when idle and is rebuilt from the store (latest snapshot + later actions).

mod cmd;
mod computer;
mod correspondence;
mod fanout;
mod follow;
mod forward;
mod load;
mod looking;
mod play;
mod posts;
mod seats;
mod sink;
#[cfg(test)]
mod tests;

use adjutant_engine::{
    DynMatch, EndReason, GameKind, Part, PerSide, PlayError, Played, Side, Viewer,
};
use adjutant_protocol::{
    ActionAccepted, ApiError, ChatChannel, ChatMessage, ClockReply, ErrorCode, GameCreated,
    GameState, GameStatus, JoinGame, Joined, NoticeKind, Presence, ServerMessage, TimeoutPolicy,
    UpdateHead, UpdateMode,
};
use serde_json::Value;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use tokio::sync::mpsc;
use tracing::{Instrument, error, info, warn};

use super::chat;
use super::clockwork::{Due, GameClock};
use super::meta::{Account, GameMeta, to_act_text};
use super::{Inner, write_error};
use crate::auth::{new_code, new_seed, normalise_code};
use crate::clock::{utc_text, utc_year};
use crate::frame::{Frame, Outgoing};
use crate::notify::{GameBrief, Intent, Recipient};
use crate::store::{NewAction, NewGame, Write, WriteError};

pub use cmd::{
    Act, ActedTo, Answer, Clock, ClockOp, Command, ComputerMove, ForwardedAct, Join, NewSubscriber,
    Outcome, Post, Refresh, Rematch, Reply, Resign, State, Stop, Subscribe, Tick, Told,
    Unsubscribe,
};
use load::load;
pub use sink::Sink;

/// Most actions the server's bot plays in one go (a game whose both seats timed out plays
/// itself out, a slice at a time).
const BOT_STEPS: usize = 2000;

struct Subscriber {
    sink: Sink,
    account: Option<Account>,
    viewer: Viewer,
    mode: UpdateMode,
}

struct Actor {
    inner: Arc<Inner>,
    generation: u64,
    rx: mpsc::Receiver<Command>,
    /// The actor's own address, for the computer's decisions to come back to (weak: it does
    /// not keep the actor alive).
    me: mpsc::WeakSender<Command>,
    /// The computer's decision in flight, in a game against the computer.
    thinking: Option<computer::Thinking>,
    kind: Arc<dyn GameKind>,
    meta: GameMeta,
    /// The rules state; `None` while the game waits for its second player.
    game: Option<Box<dyn DynMatch>>,
    /// The sequence number of the game's latest stored snapshot (0: none).
    snapshot_seq: u64,
    subs: Vec<Subscriber>,
    /// The last view sent to patch-mode subscribers, per viewer, in parts: the base of the
    /// next patch.
    patch_base: HashMap<Viewer, Part>,
    /// Set when memory and store may disagree (a failed commit, a rules panic): the actor
    /// answers what it is handling and then leaves, so the next request reloads the game.
    poisoned: bool,
    /// The clock as stored (JSON), reused while only its running charge changes.
    clock_json: Option<String>,
    /// When each seated player last did something in the game (for the notifier: a player
    /// looking at the game is not told what is on their screen).
    seen: PerSide<i64>,
    /// Who is connected changed and the subscribers have not been told yet: told once the
    /// commands queued now are handled (or [`PRESENCE_WAIT`] commands later at the most), so
    /// a burst of spectators joining costs one presence frame to each subscriber, not one per
    /// newcomer.
    presence_due: bool,
    /// Commands handled since presence became due.
    presence_waited: u32,
    /// The epoch of the game's lease this actor holds (its writes carry it and are refused
    /// once another server took the lease); `None` until it takes it. Always `Some(0)` on a
    /// single-node store, which has no lease.
    lease: Option<i64>,
    /// The server that last wrote the game, as its notification said (several servers): an
    /// action is handed to it while it answers (`service/forwards.rs`). `None`: unknown.
    holder: Option<String>,
    /// Set when a write was refused for the lease and the actor reloaded: the command that
    /// wrote may try once more.
    fenced: bool,
    /// The last chat message told to the subscribers, per stored channel (so that a message
    /// this server posted, told back by PostgreSQL, is not told twice).
    chat_told: HashMap<String, i64>,
    /// What [`Actor::publish_looking`] last told the notifier, per seat: whether it has a
    /// player, and until when that player looks (`None`: not connected). Told again only when
    /// it changes (nearly every action changes nothing: the time is in seconds).
    looking_told: Option<[Option<Option<i64>>; 2]>,
    /// A seated player did something here since another server last moved the game on
    /// (several servers: the computer's move is then this server's to think, `computer.rs`).
    player_here: bool,
    /// The fingerprint of the events of the last action this actor committed (answered to a
    /// server that forwarded it, `cmd/forwarded.rs`).
    committed_events: u64,
}

/// The most commands handled before a presence change is told to the subscribers.
const PRESENCE_WAIT: u32 = 64;

/// A handle on a running actor.
#[derive(Clone)]
pub struct ActorHandle {
    pub tx: mpsc::Sender<Command>,
    /// Tells this actor from its successors for the same game.
    pub generation: u64,
}

/// Starts an actor for `game_id`; it loads the game before answering anything, unless it is
/// handed the row of a game this server just created (open: no match to load).
pub fn spawn(
    inner: Arc<Inner>,
    game_id: String,
    generation: u64,
    created: Option<GameMeta>,
) -> ActorHandle {
    let (tx, rx) = mpsc::channel(256);
    let me = tx.downgrade();
    // Every log line of the game's actor names the game.
    let span = tracing::info_span!("game", id = %game_id);
    let actor = async move {
        let loaded = match created {
            Some(meta) => match inner.registry.get(&meta.game).cloned() {
                Some(kind) => Ok((kind, meta, None, 0)),
                None => load(&inner, &game_id).await,
            },
            None => load(&inner, &game_id).await,
        };
        match loaded {
            Ok((kind, meta, game, snapshot_seq)) => {
                let lease = (!inner.store.shared()).then_some(0);
                if inner.store.shared() {
                    // Who is connected to the game on the other servers, they answer.
                    let ask = format!("{} presence? {}", meta.id, inner.node);
                    inner.node_presence.tell(ask);
                }
                let clock_json = meta
                    .clock
                    .as_ref()
                    .map(|c| serde_json::to_string(c).expect("clocks serialise"));
                let actor = Actor {
                    clock_json,
                    inner,
                    generation,
                    rx,
                    me,
                    thinking: None,
                    kind,
                    meta,
                    game,
                    snapshot_seq,
                    subs: Vec::new(),
                    patch_base: HashMap::new(),
                    poisoned: false,
                    seen: PerSide::default(),
                    presence_due: false,
                    presence_waited: 0,
                    lease,
                    holder: None,
                    fenced: false,
                    chat_told: HashMap::new(),
                    looking_told: None,
                    player_here: false,
                    committed_events: 0,
                };
                actor.run().await;
            }
            Err(error) => {
                let mut rx = rx;
                leave(&inner, &game_id, generation, &mut rx, |cmd| {
                    cmd.fail(error.clone())
                });
            }
        }
    };
    tokio::spawn(actor.instrument(span));
    ActorHandle { tx, generation }
}

/// Leaves the hub (if this actor is still the one registered), stops taking commands, and
/// hands every command already queued to `rest`.
fn leave(
    inner: &Inner,
    game_id: &str,
    generation: u64,
    rx: &mut mpsc::Receiver<Command>,
    rest: impl Fn(Command),
) {
    {
        let mut actors = inner.actors.lock().expect("hub lock");
        if actors
            .get(game_id)
            .is_some_and(|h| h.generation == generation)
        {
            actors.remove(game_id);
        }
        rx.close();
    }
    while let Ok(cmd) = rx.try_recv() {
        rest(cmd);
    }
}

impl Actor {
    async fn run(mut self) {
        let idle_ms = self.inner.config.idle().as_millis() as i64;
        let clock = self.inner.clock.clone();
        // When the last command came, on the service's clock (taken as it arrives, before it
        // is answered, so that a test moving a manual clock after the answer moves past it).
        let mut last = clock.now_ms();
        // Loaded (the server started again, the game left memory, it was just created):
        // the computer picks up its seat where it stands.
        self.think();
        loop {
            let cmd = tokio::select! {
                cmd = self.rx.recv() => match cmd {
                    Some(cmd) => cmd,
                    None => return,
                },
                () = clock.sleep_until_ms(last + idle_ms) => {
                    if self.subs.is_empty() && self.try_retire() {
                        return;
                    }
                    last = clock.now_ms();
                    continue;
                }
            };
            last = clock.now_ms();
            if let Command::Stop(stop) = cmd {
                self.stop();
                stop.left();
                return;
            }
            cmd.apply(&mut self).await;
            if self.presence_due {
                self.presence_waited += 1;
                if self.rx.is_empty() || self.presence_waited >= PRESENCE_WAIT {
                    self.presence_waited = 0;
                    self.flush_presence();
                }
            }
            if self.poisoned {
                warn!(game = %self.meta.id, "game actor leaves after a fault; the next request reloads it");
                self.kick_all();
                let (inner, id, generation) =
                    (self.inner.clone(), self.meta.id.clone(), self.generation);
                leave(&inner, &id, generation, &mut self.rx, Command::retry);
                return;
            }
        }
    }

    /// Leaves the hub for good; commands that came after the stop are answered "ask again",
    /// which the stopping service refuses.
    fn stop(&mut self) {
        let (inner, id, generation) = (self.inner.clone(), self.meta.id.clone(), self.generation);
        leave(&inner, &id, generation, &mut self.rx, Command::retry);
    }

    /// Leaves memory if nothing is queued; otherwise stays.
    fn try_retire(&mut self) -> bool {
        let mut actors = self.inner.actors.lock().expect("hub lock");
        if !self.rx.is_empty() || self.thinking() {
            return false;
        }
        if actors
            .get(&self.meta.id)
            .is_some_and(|h| h.generation == self.generation)
        {
            actors.remove(&self.meta.id);
        }
        self.rx.close();
        drop(actors);
        while let Ok(cmd) = self.rx.try_recv() {
            cmd.retry();
        }
        true
    }

    fn now(&self) -> i64 {
        self.inner.clock.now()
    }

    fn view(&self, viewer: Viewer) -> Value {
        self.game.as_ref().map_or(Value::Null, |g| g.view(viewer))
    }

    /// The view in parts: what the patches are made from (written out, its JSON text).
    fn view_parts(&self, viewer: Viewer) -> Part {
        self.game
            .as_ref()
            .map_or_else(|| Part::text_of("null"), |g| g.view_parts(viewer))
    }

    fn state(
        &self,
        account: Option<&Account>,
        spectate_code: Option<&str>,
    ) -> Result<GameState, ApiError> {
        let viewer = self.meta.viewer(account, spectate_code)?;
        Ok(self.meta.state(viewer, self.view(viewer), self.now()))
    }

    /// The seat of a caller who wants to act, or why it may not.
    fn acting_seat(&self, account: &Account) -> Result<Side, ApiError> {
        let side = self.meta.seat_of(&account.id).ok_or_else(|| {
            ApiError::new(
                ErrorCode::Forbidden,
                "you do not sit in this game, so you cannot act in it",
            )
        })?;
        match self.meta.status {
            GameStatus::Open => Err(ApiError::new(
                ErrorCode::Conflict,
                "the game has not started: it is waiting for a second player",
            )),
            GameStatus::Finished => Err(ApiError::new(ErrorCode::Conflict, "the game is over")),
            GameStatus::Active => Ok(side),
        }
    }
}

fn play_error(e: PlayError) -> ApiError {
    match e {
        PlayError::GameOver => ApiError::new(ErrorCode::Conflict, "the game is over"),
        PlayError::NotYourTurn(_) => ApiError::new(
            ErrorCode::NotYourTurn,
            "it is not your turn: you have nothing to do in this game at the moment",
        ),
        PlayError::NotOffered(why) => ApiError::new(
            ErrorCode::IllegalAction,
            format!("that action is not allowed now: {why}"),
        ),
        PlayError::Refused(why) => ApiError::new(ErrorCode::IllegalAction, why),
    }
}
