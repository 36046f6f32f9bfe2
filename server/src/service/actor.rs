//! One task per live game: it owns the match, applies actions one at a time, commits each
//! before telling anyone, and sends every subscriber its own redacted update. It leaves
//! memory when idle and is rebuilt from the store (latest snapshot + later actions).

use adjutant_engine::{DynMatch, EndReason, GameKind, PerSide, PlayError, Played, Side, Viewer};
use adjutant_protocol::patch;
use adjutant_protocol::{
    ActionAccepted, ApiError, ChatChannel, ChatMessage, ClockReply, ErrorCode, GameCreated,
    GameState, GameStatus, JoinGame, Joined, NoticeKind, Presence, ServerMessage, TimeoutPolicy,
    UpdateFrame, UpdateMode,
};
use axum::extract::ws::{Message, Utf8Bytes};
use serde_json::Value;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use tokio::sync::{Notify, mpsc, oneshot};
use tracing::{error, info, warn};

use super::chat;
use super::clockwork::{Due, GameClock};
use super::meta::{Account, GameMeta, to_act_text};
use super::{Inner, write_error};
use crate::auth::{new_code, new_seed, normalise_code};
use crate::clock::{utc_text, utc_year};
use crate::notify::{GameBrief, Intent, Recipient};
use crate::store::{NewAction, NewGame, Write, WriteError};

/// Most actions the server's bot plays in one go (a game whose both seats timed out plays
/// itself out, a slice at a time).
const BOT_STEPS: usize = 2000;

/// A change to a game's clock asked for by a player.
#[derive(Clone, Copy, Debug)]
pub enum ClockOp {
    /// Ask the opponent to pause both clocks for this many days.
    RequestPause(u32),
    /// Agree to (or refuse) the opponent's request.
    AnswerPause(bool),
    /// End the running pause early.
    EndPause,
    /// Take one's seat back from the bot.
    Reclaim,
}

/// An actor's answer: done (with a result), or "I was leaving: ask my successor".
pub enum Answer<T> {
    Done(Result<T, ApiError>),
    Retry,
}

/// Where an answer goes.
pub type Reply<T> = oneshot::Sender<Answer<T>>;

/// The way to a connection: its frames channel and the bell that tells it it fell behind.
#[derive(Clone)]
pub struct Sink {
    /// The connection's id, unique for the life of the process.
    pub conn: u64,
    /// Frames to send, in order.
    pub tx: mpsc::Sender<Message>,
    /// Rung when the connection could not keep up; it then closes and the client resumes.
    pub kick: Arc<Notify>,
}

/// A subscription request.
pub struct NewSubscriber {
    pub sink: Sink,
    pub account: Option<Account>,
    pub spectate_code: Option<String>,
    pub after_seq: Option<u64>,
    pub mode: UpdateMode,
    pub request_id: Option<String>,
}

/// What an actor is asked to do.
pub enum Command {
    /// The caller's view (`GET /api/games/{id}`).
    State {
        account: Option<Account>,
        spectate_code: Option<String>,
        reply: Reply<GameState>,
    },
    /// Play an action.
    Act {
        account: Account,
        seq: u64,
        action: Value,
        reply: Reply<ActionAccepted>,
    },
    /// Resign.
    Resign {
        account: Account,
        reply: Reply<ActionAccepted>,
    },
    /// Take the open seat.
    Join {
        account: Account,
        join: JoinGame,
        reply: Reply<Joined>,
    },
    /// Start sending a connection updates.
    Subscribe {
        sub: NewSubscriber,
        reply: Reply<()>,
    },
    /// Stop sending a connection updates.
    Unsubscribe { conn: u64 },
    /// Look at the clock: end a pause, time a side out, warn a side.
    Tick { reply: Reply<()> },
    /// Pause, answer, end a pause, reclaim a seat.
    Clock {
        account: Account,
        op: ClockOp,
        reply: Reply<ClockReply>,
    },
    /// Post a chat message or note.
    Chat {
        account: Account,
        spectate_code: Option<String>,
        channel: ChatChannel,
        text: String,
        reply: Reply<ChatMessage>,
    },
    /// Offer a rematch of this finished game with sides swapped.
    Rematch {
        account: Account,
        secret_choices: Value,
        reply: Reply<GameCreated>,
    },
    /// The server is stopping: every command queued before this one has been answered;
    /// leave, answering later ones "ask again", then say so.
    Stop { done: oneshot::Sender<()> },
}

/// Answers a command's reply, whatever its type.
macro_rules! answer {
    ($cmd:expr, $answer:expr) => {
        match $cmd {
            Command::State { reply, .. } => drop(reply.send($answer)),
            Command::Act { reply, .. } | Command::Resign { reply, .. } => drop(reply.send($answer)),
            Command::Join { reply, .. } => drop(reply.send($answer)),
            Command::Subscribe { reply, .. } => drop(reply.send($answer)),
            Command::Tick { reply } => drop(reply.send($answer)),
            Command::Clock { reply, .. } => drop(reply.send($answer)),
            Command::Chat { reply, .. } => drop(reply.send($answer)),
            Command::Rematch { reply, .. } => drop(reply.send($answer)),
            Command::Unsubscribe { .. } => {}
            Command::Stop { done } => drop(done),
        }
    };
}

impl Command {
    /// Answers "ask again" without doing anything (the actor is leaving).
    fn retry(self) {
        answer!(self, Answer::Retry)
    }

    /// Answers with an error without doing anything.
    fn fail(self, error: ApiError) {
        answer!(self, Answer::Done(Err(error)))
    }
}

/// A handle on a running actor.
#[derive(Clone)]
pub struct ActorHandle {
    pub tx: mpsc::Sender<Command>,
    /// Tells this actor from its successors for the same game.
    pub generation: u64,
}

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
    kind: Arc<dyn GameKind>,
    meta: GameMeta,
    /// The rules state; `None` while the game waits for its second player.
    game: Option<Box<dyn DynMatch>>,
    subs: Vec<Subscriber>,
    /// The last view sent to patch-mode subscribers, per viewer: the base of the next patch.
    patch_base: HashMap<Viewer, Value>,
    /// Set when memory and store may disagree (a failed commit, a rules panic): the actor
    /// answers what it is handling and then leaves, so the next request reloads the game.
    poisoned: bool,
    /// The clock as stored (JSON), reused while only its running charge changes.
    clock_json: Option<String>,
}

/// Starts an actor for `game_id`; it loads the game before answering anything.
pub fn spawn(inner: Arc<Inner>, game_id: String, generation: u64) -> ActorHandle {
    let (tx, rx) = mpsc::channel(256);
    tokio::spawn(async move {
        match load(&inner, &game_id).await {
            Ok((kind, meta, game)) => {
                let clock_json = meta
                    .clock
                    .as_ref()
                    .map(|c| serde_json::to_string(c).expect("clocks serialise"));
                let actor = Actor {
                    clock_json,
                    inner,
                    generation,
                    rx,
                    kind,
                    meta,
                    game,
                    subs: Vec::new(),
                    patch_base: HashMap::new(),
                    poisoned: false,
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
    });
    ActorHandle { tx, generation }
}

/// Loads a game: its row, and its match from the latest snapshot plus later actions.
async fn load(
    inner: &Inner,
    game_id: &str,
) -> Result<(Arc<dyn GameKind>, GameMeta, Option<Box<dyn DynMatch>>), ApiError> {
    let row = inner
        .store
        .game(game_id)
        .await
        .map_err(super::store_error)?
        .ok_or_else(|| ApiError::new(ErrorCode::NotFound, format!("there is no game {game_id}")))?;
    let meta = GameMeta::from_row(row)?;
    let kind = inner.registry.get(&meta.game).cloned().ok_or_else(|| {
        ApiError::new(
            ErrorCode::Internal,
            format!("this server no longer hosts {}", meta.game),
        )
    })?;
    if meta.status == GameStatus::Open {
        return Ok((kind, meta, None));
    }
    let broken = |why: String| {
        error!(game = %game_id, %why, "game does not load");
        ApiError::new(
            ErrorCode::Internal,
            format!("game {game_id} does not load: {why}"),
        )
    };
    let setup = meta
        .setup()
        .ok_or_else(|| broken("a seat has no secret choices".into()))?;
    let snapshot = inner
        .store
        .latest_snapshot(game_id)
        .await
        .map_err(super::store_error)?;
    let mut game = match snapshot.and_then(|s| {
        let data: Value = serde_json::from_str(&s.data).ok()?;
        kind.restore(&data, &meta.seed).ok()
    }) {
        Some(game) => game,
        None => kind
            .start(&setup, &meta.seed)
            .map_err(|e| broken(e.to_string()))?,
    };
    loop {
        let rows = inner
            .store
            .actions_after(game_id, game.seq() as i64, 1000)
            .await
            .map_err(super::store_error)?;
        if rows.is_empty() {
            break;
        }
        for row in rows {
            let side = Side::parse(&row.side)
                .ok_or_else(|| broken(format!("action {} has no side", row.seq)))?;
            let action: Value =
                serde_json::from_str(&row.action).map_err(|e| broken(e.to_string()))?;
            let played = game
                .replay(side, &action)
                .map_err(|e| broken(format!("action {} does not replay: {e}", row.seq)))?;
            if played.seq as i64 != row.seq {
                return Err(broken(format!(
                    "action {} replays as {}",
                    row.seq, played.seq
                )));
            }
        }
    }
    if game.seq() != meta.seq {
        return Err(broken(format!(
            "the log ends at {} but the game row says {}",
            game.seq(),
            meta.seq
        )));
    }
    Ok((kind, meta, Some(game)))
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
            if let Command::Stop { done } = cmd {
                self.stop();
                let _ = done.send(());
                return;
            }
            self.handle(cmd).await;
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
        if !self.rx.is_empty() {
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

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::State {
                account,
                spectate_code,
                reply,
            } => {
                let result = self.state(account.as_ref(), spectate_code.as_deref());
                let _ = reply.send(Answer::Done(result));
            }
            Command::Act {
                account,
                seq,
                action,
                reply,
            } => {
                let result = self.act(&account, seq, &action).await;
                let _ = reply.send(Answer::Done(result));
                self.run_bots().await;
            }
            Command::Resign { account, reply } => {
                let result = self.resign(&account).await;
                let _ = reply.send(Answer::Done(result));
            }
            Command::Join {
                account,
                join,
                reply,
            } => {
                let result = self.join(&account, join).await;
                let _ = reply.send(Answer::Done(result));
            }
            Command::Subscribe { sub, reply } => {
                let result = self.subscribe(sub).await;
                let _ = reply.send(Answer::Done(result));
            }
            // Taken by the run loop before it gets here.
            Command::Stop { done } => drop(done),
            Command::Unsubscribe { conn } => {
                let before = self.subs.len();
                self.subs.retain(|s| s.sink.conn != conn);
                if self.subs.len() != before {
                    self.send_presence();
                }
            }
            Command::Tick { reply } => {
                self.tick().await;
                let _ = reply.send(Answer::Done(Ok(())));
            }
            Command::Clock { account, op, reply } => {
                let result = self.clock_op(&account, op).await;
                let _ = reply.send(Answer::Done(result));
            }
            Command::Chat {
                account,
                spectate_code,
                channel,
                text,
                reply,
            } => {
                let result = self
                    .chat(&account, spectate_code.as_deref(), channel, &text)
                    .await;
                let _ = reply.send(Answer::Done(result));
            }
            Command::Rematch {
                account,
                secret_choices,
                reply,
            } => {
                let result = self.rematch(&account, &secret_choices).await;
                let _ = reply.send(Answer::Done(result));
            }
        }
    }

    fn now(&self) -> i64 {
        self.inner.clock.now()
    }

    fn view(&self, viewer: Viewer) -> Value {
        self.game.as_ref().map_or(Value::Null, |g| g.view(viewer))
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

    async fn act(
        &mut self,
        account: &Account,
        seq: u64,
        action: &Value,
    ) -> Result<ActionAccepted, ApiError> {
        let side = self.acting_seat(account)?;
        if let Some(clock) = &self.meta.clock {
            if *clock.bot.get(side) {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "the server's bot plays your seat since your time ran out; take it back first (reclaim)",
                ));
            }
            if let Some(deadline) = clock.deadline_of(side).filter(|&d| d <= self.now()) {
                self.tick().await;
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    format!("your time ran out at {}", utc_text(deadline)),
                ));
            }
        }
        if seq != self.meta.seq {
            return Err(ApiError::new(
                ErrorCode::StaleSeq,
                format!(
                    "the game has moved on: you chose from sequence number {seq}, it is now at {}; \
                     fetch the view and choose again",
                    self.meta.seq
                ),
            ));
        }
        let game = self.game.as_mut().expect("an active game has a match");
        let played = match catch_unwind(AssertUnwindSafe(|| game.play(side, action))) {
            Ok(result) => result.map_err(play_error)?,
            Err(_) => {
                error!(game = %self.meta.id, %action, "the rules panicked on an action");
                self.poisoned = true;
                return Err(ApiError::new(
                    ErrorCode::Internal,
                    "the rules failed on that action; nothing was changed",
                ));
            }
        };
        self.commit_and_tell(played, side, false).await
    }

    async fn resign(&mut self, account: &Account) -> Result<ActionAccepted, ApiError> {
        let side = self.acting_seat(account)?;
        let game = self.game.as_mut().expect("an active game has a match");
        let played = game
            .concede(side, EndReason::Resigned)
            .map_err(play_error)?;
        self.commit_and_tell(played, side, false).await
    }

    /// Commits an action, then sends the updates, then answers the actor with its view.
    async fn commit_and_tell(
        &mut self,
        played: Played,
        side: Side,
        by_bot: bool,
    ) -> Result<ActionAccepted, ApiError> {
        let game = self.game.as_ref().expect("an active game has a match");
        let outcome = game.outcome();
        let status = if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        let to_act = game.to_act();
        let now = self.now();
        // The clock rides in the same row update. Only a hand-over (or a side's first action
        // of its turn) changes what is stored; the running charge alone does not.
        let mut clock = self.meta.clock.clone();
        let clock_changed = clock.as_mut().is_some_and(|c| c.acted(now, side, &to_act));
        let (clock, clock_json) = if clock_changed {
            let json = clock
                .as_ref()
                .map(|c| serde_json::to_string(c).expect("clocks serialise"));
            (clock, json)
        } else {
            (self.meta.clock.clone(), self.clock_json.clone())
        };
        let wake_at = clock.as_ref().and_then(GameClock::wake_at);
        let write = Write::Action(NewAction {
            game_id: self.meta.id.clone(),
            seq: played.seq as i64,
            side: side.as_str(),
            action: played.action.to_string(),
            rolls: serde_json::to_string(&played.rolls).expect("rolls serialise"),
            events: Value::Array(played.events.clone()).to_string(),
            now,
            status: status.as_str(),
            to_act: to_act_text(&to_act),
            outcome: outcome
                .as_ref()
                .map(|o| serde_json::to_string(o).expect("outcomes serialise")),
            by_bot,
            clock: clock_json.clone(),
            wake_at,
        });
        if let Err(e) = self.inner.store.write(write).await {
            error!(game = %self.meta.id, seq = played.seq, error = ?e, "action not committed");
            return Err(self.unsaved(e).await);
        }
        let before = std::mem::replace(&mut self.meta.to_act, to_act);
        self.meta.seq = played.seq;
        self.meta.status = status;
        self.meta.outcome = outcome;
        self.meta.updated_at = now;
        self.meta.clock = clock;
        self.clock_json = clock_json;
        if status == GameStatus::Finished {
            info!(game = %self.meta.id, seq = played.seq, "game over");
        } else if played
            .seq
            .is_multiple_of(self.inner.config.snapshot_every.max(1))
        {
            self.save_snapshot();
        }
        let view = self.broadcast(&played, Viewer::Seat(side));
        if clock_changed {
            self.send_clock();
        }
        if status == GameStatus::Finished {
            self.notify(NoticeKind::GameOver, &Side::BOTH, None, None);
        } else {
            let bot = |s: Side| self.meta.clock.as_ref().is_some_and(|c| *c.bot.get(s));
            let newly: Vec<Side> = self
                .meta
                .to_act
                .iter()
                .copied()
                .filter(|s| !before.contains(s) && !bot(*s))
                .collect();
            if !newly.is_empty() {
                self.notify(NoticeKind::YourMove, &newly, None, None);
            }
        }
        Ok(ActionAccepted {
            seq: played.seq,
            view,
        })
    }

    /// Takes back an action the store refused. The match is reloaded from the store in
    /// place (a full disk still reads), so the players stay connected and the same action
    /// succeeds once there is room; any other failure, or a reload that fails, retires the
    /// actor and the next request loads the game afresh.
    async fn unsaved(&mut self, e: WriteError) -> ApiError {
        if e == WriteError::Full {
            match load(&self.inner, &self.meta.id).await {
                Ok((_, meta, game)) if meta.seq == self.meta.seq => {
                    self.game = game;
                    return super::disk_full();
                }
                Ok(_) => {}
                Err(error) => {
                    warn!(game = %self.meta.id, error = %error.message, "the game does not reload")
                }
            }
        }
        self.poisoned = true;
        ApiError::new(
            ErrorCode::Internal,
            "the action could not be saved; nothing was changed",
        )
    }

    /// Stores a snapshot in the background; a failure only means a longer replay later.
    fn save_snapshot(&self) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let write = Write::Snapshot {
            game_id: self.meta.id.clone(),
            seq: game.seq() as i64,
            data: game.snapshot().to_string(),
        };
        let store = self.inner.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.write(write).await {
                warn!(error = ?e, "snapshot not stored");
            }
        });
    }

    /// Sends each subscriber the update for its viewer; returns the view for `wanted`.
    fn broadcast(&mut self, played: &Played, wanted: Viewer) -> Value {
        let finished = self.meta.status == GameStatus::Finished;
        let mut viewers: Vec<Viewer> = self.subs.iter().map(|s| s.viewer).collect();
        viewers.push(wanted);
        viewers.sort_by_key(|v| v.as_str());
        viewers.dedup();
        let mut wanted_view = Value::Null;
        let mut frames: HashMap<(Viewer, UpdateMode), Utf8Bytes> = HashMap::new();
        for viewer in viewers {
            let view = self.view(viewer);
            let has = |mode| {
                self.subs
                    .iter()
                    .any(|s| s.viewer == viewer && s.mode == mode)
            };
            let (wants_view, wants_patch) = (has(UpdateMode::View), has(UpdateMode::Patch));
            if wants_view || wants_patch {
                let seen_as = if finished { Viewer::Omniscient } else { viewer };
                // The action just played: redacted from its typed events, not parsed back.
                let events = match self.game.as_ref() {
                    Some(game) => game.redact_played(played, seen_as),
                    None => self.kind.redact(&played.events, seen_as),
                };
                let update = UpdateFrame {
                    game_id: &self.meta.id,
                    seq: played.seq,
                    side: played.side,
                    status: self.meta.status,
                    events: &events,
                    view: None,
                    patch: None,
                };
                if wants_patch {
                    let ops = match self.patch_base.get(&viewer) {
                        Some(base) => patch::diff(base, &view),
                        None => vec![patch::PatchOp::Replace {
                            path: String::new(),
                            value: view.clone(),
                        }],
                    };
                    let patched = UpdateFrame {
                        patch: Some(&ops),
                        ..update
                    };
                    frames.insert((viewer, UpdateMode::Patch), frame(&patched));
                }
                if wants_view {
                    let whole = UpdateFrame {
                        view: Some(&view),
                        ..update
                    };
                    frames.insert((viewer, UpdateMode::View), frame(&whole));
                }
            }
            // The view becomes the next patch's base and, for the actor, the reply.
            match (viewer == wanted, wants_patch) {
                (true, true) => {
                    self.patch_base.insert(viewer, view.clone());
                    wanted_view = view;
                }
                (true, false) => wanted_view = view,
                (false, true) => {
                    self.patch_base.insert(viewer, view);
                }
                (false, false) => {}
            }
        }
        self.deliver(|sub| frames.get(&(sub.viewer, sub.mode)).cloned());
        wanted_view
    }

    /// Sends each subscriber the frame `pick` chooses for it; drops those that are gone or
    /// too far behind (they are told to reconnect and resume).
    fn deliver(&mut self, pick: impl Fn(&Subscriber) -> Option<Utf8Bytes>) {
        let before = self.subs.len();
        self.subs.retain(|sub| {
            let Some(text) = pick(sub) else { return true };
            match sub.sink.tx.try_send(Message::Text(text)) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    sub.sink.kick.notify_one();
                    false
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
        if self.subs.len() != before {
            self.send_presence();
        }
    }

    fn kick_all(&mut self) {
        for sub in self.subs.drain(..) {
            sub.sink.kick.notify_one();
        }
    }

    fn presence(&self) -> Presence {
        let mut presence = Presence::default();
        for sub in &self.subs {
            match sub.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) {
                Some(Side::Union) => presence.union = true,
                Some(Side::Confederate) => presence.confederate = true,
                None => presence.spectators += 1,
            }
        }
        presence
    }

    fn send_presence(&mut self) {
        let text = frame(&ServerMessage::Presence {
            game_id: self.meta.id.clone(),
            presence: self.presence(),
        });
        self.deliver(|_| Some(text.clone()));
    }

    async fn subscribe(&mut self, new: NewSubscriber) -> Result<(), ApiError> {
        let viewer = self
            .meta
            .viewer(new.account.as_ref(), new.spectate_code.as_deref())?;
        self.subs.retain(|s| s.sink.conn != new.sink.conn);
        let view = self.view(viewer);
        let mut presence = self.presence();
        match new.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) {
            Some(Side::Union) => presence.union = true,
            Some(Side::Confederate) => presence.confederate = true,
            None => presence.spectators += 1,
        }
        let mut frames = vec![frame(&ServerMessage::Subscribed {
            game_id: self.meta.id.clone(),
            seq: self.meta.seq,
            status: self.meta.status,
            viewer: viewer.as_str().to_string(),
            view: view.clone(),
            presence,
            id: new.request_id.clone(),
        })];
        if let Some(after) = new.after_seq.filter(|&after| after < self.meta.seq) {
            let rows = self
                .inner
                .store
                .actions_after(&self.meta.id, after as i64, (self.meta.seq - after) as i64)
                .await
                .map_err(super::store_error)?;
            for row in rows {
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                frames.push(frame(&ServerMessage::Update {
                    game_id: self.meta.id.clone(),
                    seq: row.seq as u64,
                    side: Side::parse(&row.side).unwrap_or(Side::Union),
                    status: self.meta.status,
                    events: self.kind.redact(&events, viewer),
                    view: None,
                    patch: None,
                }));
            }
        }
        if let Some(clock) = self.meta.clock_info(self.now()) {
            frames.insert(
                1,
                frame(&ServerMessage::Clock {
                    game_id: self.meta.id.clone(),
                    clock,
                    id: None,
                }),
            );
        }
        for text in frames {
            if new.sink.tx.try_send(Message::Text(text)).is_err() {
                new.sink.kick.notify_one();
                return Ok(());
            }
        }
        if new.mode == UpdateMode::Patch {
            self.patch_base.insert(viewer, view);
        }
        self.subs.push(Subscriber {
            sink: new.sink,
            account: new.account,
            viewer,
            mode: new.mode,
        });
        self.send_presence();
        Ok(())
    }

    async fn join(&mut self, account: &Account, join: JoinGame) -> Result<Joined, ApiError> {
        if self.meta.seat_of(&account.id).is_some() {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "you already sit in this game",
            ));
        }
        let side = match (self.meta.status, self.meta.open_seat()) {
            (GameStatus::Open, Some(side)) => side,
            _ => {
                return Err(ApiError::new(
                    ErrorCode::Conflict,
                    "both seats of this game are taken",
                ));
            }
        };
        let code_matches = join.invite_code.as_deref().is_some_and(|code| {
            self.meta.invite_code.as_deref() == Some(normalise_code(code).as_str())
        });
        let reserved = self.meta.reserved_for.as_deref();
        match (&join.invite_code, self.meta.visibility) {
            _ if reserved.is_some_and(|r| r != account.id) => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "this seat is kept for the former opponent: it is a rematch",
                ));
            }
            _ if reserved.is_some() => {}
            (Some(_), _) if !code_matches => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "that invite code is not valid for this game",
                ));
            }
            (None, adjutant_protocol::Visibility::Private) => {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "this is a private game: joining it needs its invite code",
                ));
            }
            _ => {}
        }
        super::check_game_limit(&self.inner, &account.id).await?;
        let secret = self
            .kind
            .info()
            .resolve_secret_choices(&self.meta.scenario, side, &join.secret_choices)
            .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
        let mut meta = self.meta.clone();
        *meta.accounts.get_mut(side) = Some(account.id.clone());
        *meta.names.get_mut(side) = Some(account.name.clone());
        *meta.secrets.get_mut(side) = Some(secret.clone());
        let setup = meta.setup().expect("both seats are now filled");
        let game = self.kind.start(&setup, &meta.seed).map_err(|e| {
            ApiError::new(ErrorCode::BadRequest, format!("the game cannot start: {e}"))
        })?;
        let to_act = game.to_act();
        let now = self.now();
        if let Some(clock) = meta.clock.as_mut() {
            clock.start(now, &to_act);
        }
        let clock_json = meta
            .clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("clocks serialise"));
        self.inner
            .store
            .write(Write::Join {
                game_id: meta.id.clone(),
                side: side.as_str(),
                account: account.id.clone(),
                secret: Value::Object(secret).to_string(),
                to_act: to_act_text(&to_act),
                clock: clock_json.clone(),
                wake_at: meta.clock.as_ref().and_then(GameClock::wake_at),
                now,
            })
            .await
            .map_err(|e| match e {
                WriteError::Conflict(why) => ApiError::new(ErrorCode::Conflict, why),
                WriteError::Full => super::disk_full(),
                WriteError::Store(_) => {
                    ApiError::new(ErrorCode::Internal, "the store failed; you did not join")
                }
            })?;
        meta.status = GameStatus::Active;
        meta.invite_code = None;
        meta.reserved_for = None;
        meta.to_act = to_act;
        meta.updated_at = now;
        self.meta = meta;
        self.game = Some(game);
        self.clock_json = clock_json;
        info!(game = %self.meta.id, "game started");
        self.announce_start();
        self.send_clock();
        // The player who just joined knows; the other is told (unless connected).
        let others: Vec<Side> = Side::BOTH.into_iter().filter(|&s| s != side).collect();
        self.notify(NoticeKind::GameStarted, &others, None, None);
        Ok(Joined {
            game_id: self.meta.id.clone(),
            seat: side,
        })
    }

    /// Tells every subscriber the game started, with a view for its (possibly new) seat.
    fn announce_start(&mut self) {
        self.patch_base.clear();
        let mut frames: HashMap<u64, Utf8Bytes> = HashMap::new();
        for sub in &mut self.subs {
            if let Ok(viewer) = self
                .meta
                .viewer(sub.account.as_ref(), Some(&self.meta.spectate_code))
            {
                sub.viewer = viewer;
            }
        }
        for sub in &self.subs {
            let view = self.view(sub.viewer);
            if sub.mode == UpdateMode::Patch {
                self.patch_base.insert(sub.viewer, view.clone());
            }
            frames.insert(
                sub.sink.conn,
                frame(&ServerMessage::Started {
                    game_id: self.meta.id.clone(),
                    seq: self.meta.seq,
                    view,
                }),
            );
        }
        self.deliver(|sub| frames.get(&sub.sink.conn).cloned());
        self.send_presence();
    }
}

/// Correspondence play: the clock, notices, the bot, chat and rematches.
impl Actor {
    /// Whether the player in `side` has a live connection subscribed to this game.
    fn connected(&self, side: Side) -> bool {
        self.subs
            .iter()
            .any(|sub| sub.account.as_ref().and_then(|a| self.meta.seat_of(&a.id)) == Some(side))
    }

    /// The public facts of this game, for a notice.
    fn brief(&self) -> GameBrief {
        let info = self.kind.info();
        GameBrief {
            game_id: self.meta.id.clone(),
            game_name: info.name.clone(),
            scenario_name: info
                .scenario(&self.meta.scenario)
                .map_or_else(|| self.meta.scenario.clone(), |s| s.name.clone()),
            names: self.meta.names.clone(),
            to_act: self.meta.to_act.clone(),
            deadlines: PerSide::from_fn(|s| {
                self.meta
                    .clock
                    .as_ref()
                    .filter(|_| self.meta.status == GameStatus::Active)
                    .and_then(|c| c.deadline_of(s))
            }),
            outcome: self.meta.outcome.clone(),
        }
    }

    /// Tells the players in `sides` (through the notifier, which decides who hears it).
    fn notify(&self, kind: NoticeKind, sides: &[Side], subject: Option<Side>, until: Option<i64>) {
        let recipients: Vec<Recipient> = sides
            .iter()
            .filter_map(|&side| {
                Some(Recipient {
                    account: self.meta.account_in(side)?.to_string(),
                    seat: Some(side),
                    connected: self.connected(side),
                })
            })
            .collect();
        if recipients.is_empty() {
            return;
        }
        self.inner.notifier.send(Intent {
            kind,
            game: self.brief(),
            recipients,
            subject,
            until,
            games: Vec::new(),
        });
    }

    /// Sends every subscriber the clock (it is public).
    fn send_clock(&mut self) {
        let Some(clock) = self.meta.clock_info(self.now()) else {
            return;
        };
        let text = frame(&ServerMessage::Clock {
            game_id: self.meta.id.clone(),
            clock,
            id: None,
        });
        self.deliver(|_| Some(text.clone()));
    }

    /// Stores a clock changed without an action, and tells the subscribers.
    async fn save_clock(&mut self, clock: GameClock) -> Result<(), ApiError> {
        let json = serde_json::to_string(&clock).expect("clocks serialise");
        let write = Write::Clock {
            game_id: self.meta.id.clone(),
            clock: json.clone(),
            wake_at: clock.wake_at(),
        };
        if let Err(e) = self.inner.store.write(write).await {
            error!(game = %self.meta.id, error = ?e, "clock not stored");
            return Err(ApiError::new(
                ErrorCode::Internal,
                "the store failed; nothing was changed",
            ));
        }
        self.meta.clock = Some(clock);
        self.clock_json = Some(json);
        self.send_clock();
        Ok(())
    }

    /// Does what the clock says is due: ends a pause, times a side out (it forfeits, or the
    /// bot takes its seat), warns a side whose bank is 80 % gone.
    async fn tick(&mut self) {
        self.run_bots().await;
        for _ in 0..4 {
            if self.meta.status != GameStatus::Active {
                return;
            }
            let now = self.now();
            let Some(mut clock) = self.meta.clock.clone() else {
                return;
            };
            let Some(due) = clock.due(now).first().copied() else {
                return;
            };
            let saved = match due {
                Due::PauseOver => {
                    clock.unpause(now);
                    let saved = self.save_clock(clock).await;
                    if saved.is_ok() {
                        self.notify(NoticeKind::PauseEnded, &Side::BOTH, None, None);
                    }
                    saved
                }
                Due::Warn(side) => {
                    *clock.warned.get_mut(side) = true;
                    let saved = self.save_clock(clock).await;
                    if saved.is_ok() {
                        self.notify(NoticeKind::TimeLow, &[side], Some(side), None);
                    }
                    saved
                }
                Due::TimedOut(side) => match clock.settings.on_timeout {
                    TimeoutPolicy::Forfeit => {
                        clock.time_out(now, side);
                        self.meta.clock = Some(clock);
                        let game = self.game.as_mut().expect("an active game has a match");
                        match game.concede(side, EndReason::TimedOut) {
                            Ok(played) => {
                                info!(game = %self.meta.id, %side, "time ran out: forfeit");
                                self.commit_and_tell(played, side, false).await.map(drop)
                            }
                            Err(e) => Err(play_error(e)),
                        }
                    }
                    TimeoutPolicy::Bot => {
                        clock.time_out(now, side);
                        let saved = self.save_clock(clock).await;
                        if saved.is_ok() {
                            info!(game = %self.meta.id, %side, "time ran out: the bot takes the seat");
                            self.notify(NoticeKind::BotTookSeat, &Side::BOTH, Some(side), None);
                            self.run_bots().await;
                        }
                        saved
                    }
                },
            };
            if let Err(e) = saved {
                warn!(game = %self.meta.id, error = %e, "clock tick failed");
                return;
            }
        }
    }

    /// Plays every seat the bot holds while it is that seat's turn: the first offered action
    /// that is not an undo.
    async fn run_bots(&mut self) {
        for _ in 0..BOT_STEPS {
            if self.meta.status != GameStatus::Active || self.poisoned {
                return;
            }
            let Some(clock) = &self.meta.clock else {
                return;
            };
            let Some(side) = self
                .meta
                .to_act
                .iter()
                .copied()
                .find(|&s| *clock.bot.get(s))
            else {
                return;
            };
            let game = self.game.as_mut().expect("an active game has a match");
            let view = game.view(Viewer::Seat(side));
            let Some(action) = view["actions"]
                .as_array()
                .and_then(|a| a.iter().find(|x| x["type"] != "undo"))
                .cloned()
            else {
                return;
            };
            let played = match catch_unwind(AssertUnwindSafe(|| game.play(side, &action))) {
                Ok(Ok(played)) => played,
                Ok(Err(e)) => {
                    warn!(game = %self.meta.id, error = %e, "the bot's action was refused");
                    return;
                }
                Err(_) => {
                    error!(game = %self.meta.id, "the rules panicked on the bot's action");
                    self.poisoned = true;
                    return;
                }
            };
            if self.commit_and_tell(played, side, true).await.is_err() {
                return;
            }
        }
    }

    /// The seat of a player asking for a clock change, with the game's clock.
    fn clock_seat(&self, account: &Account) -> Result<(Side, GameClock), ApiError> {
        let side = self.acting_seat(account)?;
        let clock = self.meta.clock.clone().ok_or_else(|| {
            ApiError::new(
                ErrorCode::Conflict,
                "this game has no clock, so there is nothing to pause or take back",
            )
        })?;
        Ok((side, clock))
    }

    async fn clock_op(&mut self, account: &Account, op: ClockOp) -> Result<ClockReply, ApiError> {
        let (side, mut clock) = self.clock_seat(account)?;
        let now = self.now();
        let conflict = |why: &str| Err(ApiError::new(ErrorCode::Conflict, why.to_string()));
        let allowance = i64::from(self.inner.config.pause_days_per_year) * 86_400;
        match op {
            ClockOp::RequestPause(days) => {
                if clock.paused.is_some() {
                    return conflict("the game is already paused");
                }
                let secs = i64::from(days) * 86_400;
                let used = self
                    .inner
                    .store
                    .vacation_used(&account.id, utc_year(now))
                    .await
                    .map_err(super::store_error)?;
                if days == 0 || secs > allowance - used {
                    return Err(ApiError::new(
                        ErrorCode::BadRequest,
                        format!(
                            "a pause is 1 day or more, and you have {} of your {} days left this year",
                            (allowance - used).max(0) / 86_400,
                            self.inner.config.pause_days_per_year
                        ),
                    ));
                }
                clock.request = Some(adjutant_protocol::PauseRequestInfo {
                    by: side,
                    secs,
                    at: now,
                });
                self.save_clock(clock).await?;
                self.notify(
                    NoticeKind::PauseRequested,
                    &[side.opponent()],
                    Some(side),
                    Some(now + secs),
                );
            }
            ClockOp::AnswerPause(accept) => {
                let Some(request) = clock.request.clone() else {
                    return conflict("no pause has been asked for");
                };
                if request.by == side {
                    return conflict("your opponent answers your request, not you");
                }
                if !accept {
                    clock.request = None;
                    self.save_clock(clock).await?;
                } else {
                    if clock.paused.is_some() {
                        return conflict("the game is already paused");
                    }
                    let asker = self
                        .meta
                        .account_in(request.by)
                        .expect("an active game has both seats")
                        .to_string();
                    self.inner
                        .store
                        .write(Write::Vacation {
                            account: asker,
                            year: utc_year(now),
                            secs: request.secs,
                            limit: Some(allowance),
                        })
                        .await
                        .map_err(write_error)?;
                    let until = now + request.secs;
                    clock.pause(now, request.by, until);
                    self.save_clock(clock).await?;
                    info!(game = %self.meta.id, "paused");
                    self.notify(
                        NoticeKind::PauseStarted,
                        &Side::BOTH,
                        Some(request.by),
                        Some(until),
                    );
                }
            }
            ClockOp::EndPause => {
                let Some(pause) = clock.unpause(now) else {
                    return conflict("the game is not paused");
                };
                let unused = pause.until - now;
                if unused > 0 {
                    let asker = self
                        .meta
                        .account_in(pause.by)
                        .expect("an active game has both seats")
                        .to_string();
                    let refund = Write::Vacation {
                        account: asker,
                        year: utc_year(pause.since),
                        secs: -unused,
                        limit: None,
                    };
                    if let Err(e) = self.inner.store.write(refund).await {
                        warn!(error = ?e, "unused pause not given back");
                    }
                }
                self.save_clock(clock).await?;
                self.notify(NoticeKind::PauseEnded, &Side::BOTH, Some(side), None);
            }
            ClockOp::Reclaim => {
                if !*clock.bot.get(side) {
                    return conflict("the bot does not play your seat");
                }
                clock.reclaim(now, side);
                self.save_clock(clock).await?;
                info!(game = %self.meta.id, %side, "seat taken back from the bot");
            }
        }
        Ok(ClockReply {
            game_id: self.meta.id.clone(),
            clock: self
                .meta
                .clock_info(self.now())
                .expect("the game has a clock"),
        })
    }

    async fn chat(
        &mut self,
        account: &Account,
        spectate_code: Option<&str>,
        channel: ChatChannel,
        text: &str,
    ) -> Result<ChatMessage, ApiError> {
        self.meta.viewer(Some(account), spectate_code)?;
        let seat = self.meta.seat_of(&account.id);
        let finished = self.meta.status == GameStatus::Finished;
        chat::may_post(channel, seat, finished)?;
        let text = chat::check_text(text, self.inner.config.max_chat_chars)?;
        let key = format!("{}:{}", account.id, self.meta.id);
        if !self.inner.chat_limiter.take(key, self.inner.clock.now_ms()) {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                "you are posting too fast; wait a moment",
            ));
        }
        let stored = chat::stored_channel(channel, seat);
        // Numbered within the channel: the actor posts one message at a time, and the last
        // one is committed before the next is numbered.
        let last = self
            .inner
            .store
            .last_chat_seq(&self.meta.id, &stored)
            .await
            .map_err(super::store_error)?;
        let message = ChatMessage {
            id: last + 1,
            game_id: self.meta.id.clone(),
            channel,
            author: account.name.clone(),
            side: seat,
            text,
            at: self.now(),
        };
        self.inner
            .store
            .write(Write::Chat {
                seq: message.id,
                game_id: message.game_id.clone(),
                channel: stored.clone(),
                account: account.id.clone(),
                author: message.author.clone(),
                side: seat.map(Side::as_str),
                text: message.text.clone(),
                now: message.at,
            })
            .await
            .map_err(write_error)?;
        let text = frame(&ServerMessage::Chat {
            game_id: self.meta.id.clone(),
            message: message.clone(),
        });
        let meta = &self.meta;
        let readers: Vec<u64> = self
            .subs
            .iter()
            .filter(|sub| {
                let seat = sub.account.as_ref().and_then(|a| meta.seat_of(&a.id));
                chat::may_read_stored(&stored, seat, finished)
            })
            .map(|sub| sub.sink.conn)
            .collect();
        self.deliver(|sub| readers.contains(&sub.sink.conn).then(|| text.clone()));
        Ok(message)
    }

    async fn rematch(
        &mut self,
        account: &Account,
        secret_choices: &Value,
    ) -> Result<GameCreated, ApiError> {
        let seat = self.meta.seat_of(&account.id).ok_or_else(|| {
            ApiError::new(
                ErrorCode::Forbidden,
                "only a player of this game can offer a rematch",
            )
        })?;
        if self.meta.status != GameStatus::Finished {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "a rematch is offered once the game is over",
            ));
        }
        if let Some(id) = &self.meta.rematch_id {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                format!("a rematch of this game has already been offered: game {id}"),
            ));
        }
        let side = seat.opponent();
        let opponent = self
            .meta
            .account_in(side)
            .expect("a finished game has both seats")
            .to_string();
        let secret = self
            .kind
            .info()
            .resolve_secret_choices(&self.meta.scenario, side, secret_choices)
            .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
        super::check_game_limit(&self.inner, &account.id).await?;
        let seed = new_seed();
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let game = NewGame {
            id: id.clone(),
            game: self.meta.game.clone(),
            scenario: self.meta.scenario.clone(),
            options: Value::Object(self.meta.options.clone()).to_string(),
            visibility: match self.meta.visibility {
                adjutant_protocol::Visibility::Public => "public",
                adjutant_protocol::Visibility::Private => "private",
            },
            creator: account.id.clone(),
            side: side.as_str(),
            secret: Value::Object(secret).to_string(),
            seed: seed.to_hex(),
            seed_commitment: seed.commitment(),
            invite_code: new_code(10),
            spectate_code: new_code(10),
            now: self.now(),
            clock: self.meta.clock.as_ref().map(|c| {
                serde_json::to_string(&GameClock::new(c.settings.clone()))
                    .expect("clocks serialise")
            }),
            reserved_for: Some(opponent),
            rematch_of: Some(self.meta.id.clone()),
        };
        let created = GameCreated {
            game_id: id.clone(),
            seat: side,
            invite_code: game.invite_code.clone(),
            spectate_code: game.spectate_code.clone(),
            seed_commitment: game.seed_commitment.clone(),
        };
        self.inner
            .store
            .write(Write::CreateGame(game))
            .await
            .map_err(write_error)?;
        info!(game = %id, of = %self.meta.id, "rematch offered");
        self.meta.rematch_id = Some(id.clone());
        let text = frame(&ServerMessage::RematchOffered {
            game_id: self.meta.id.clone(),
            rematch_id: id.clone(),
        });
        self.deliver(|_| Some(text.clone()));
        let mut brief = self.brief();
        brief.game_id = id;
        brief.outcome = None;
        brief.to_act = Vec::new();
        *brief.names.get_mut(side) = Some(account.name.clone());
        *brief.names.get_mut(seat) = self.meta.names.get(side).clone();
        self.inner.notifier.send(Intent {
            kind: NoticeKind::RematchOffered,
            game: brief,
            recipients: vec![Recipient {
                account: self.meta.account_in(side).unwrap_or_default().to_string(),
                seat: Some(seat),
                connected: self.connected(side),
            }],
            subject: Some(side),
            until: None,
            games: Vec::new(),
        });
        Ok(created)
    }
}

/// A frame's text, serialised once and shared by every connection that gets it.
pub fn frame(message: &impl serde::Serialize) -> Utf8Bytes {
    Utf8Bytes::from(serde_json::to_string(message).expect("server messages serialise"))
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
