//! The game service: everything the two doors (HTTP and WebSocket) can do, in one place, so
//! that both behave the same. Lobby operations go to the store; everything about a running
//! game goes to that game's actor.

pub mod actor;
mod chat;
pub mod clockwork;
pub mod import;
mod meta;
mod notices;
mod replay;
mod shutdown;
pub mod verify;

use adjutant_engine::{GameKind, RECORD_FORMAT, Record, RecordedAction, Registry, Side, Viewer};
use adjutant_protocol::{
    AccountCreated, ActionAccepted, ApiError, Catalog, ChatChannel, ChatLog, ChatMessage,
    ClockReply, CreateGame, DigestLine, ErrorCode, EventEntry, EventLog, GameCreated, GameFilter,
    GameList, GameState, GameStatus, JoinGame, Joined, NoticeKind, PROTOCOL_VERSION, PerSide,
    SideChoice, VacationInfo, Visibility,
};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;
use tracing::{error, info};

use crate::auth::{hash_token, new_code, new_seed, new_token};
use crate::clock::{SharedClock, SystemClock, utc_year};
use crate::config::Config;
pub use crate::names::check_name;
use crate::names::name_key;
use crate::notify::{GameBrief, Intent, Notifier, Recipient};
use crate::ratelimit::{Limiter, MAX_KEYS};
use crate::store::NoticeWrite;
use crate::store::{ListQuery, NewGame, Store, Write, WriteError};
pub use actor::{ActorHandle, Answer, ClockOp, Command, NewSubscriber, Sink, frame};
use clockwork::GameClock;
pub use meta::{Account, GameMeta, Origin};
pub use notices::TokenState;

/// What every part of the server shares.
pub struct Inner {
    /// The store.
    pub store: Store,
    /// The games this server hosts.
    pub registry: Registry,
    /// Flags and limits.
    pub config: Config,
    /// The live game actors, by game id.
    pub actors: Mutex<HashMap<String, ActorHandle>>,
    /// Generation numbers for actors (tells an actor from its successor).
    next_generation: AtomicU64,
    /// Accounts by token hash: a token never changes, so one store read per token suffices.
    tokens: Mutex<HashMap<String, Account>>,
    /// The catalog, built once.
    catalog: Catalog,
    /// The only source of the time.
    pub clock: SharedClock,
    /// Where notices go.
    pub notifier: Notifier,
    /// Chat posts per account and game.
    pub chat_limiter: Limiter<String>,
    /// Test notices and confirmation mails per account and address.
    notice_quotas: notices::NoticeQuotas,
    /// Stepping through finished games: cached steps and turn indexes, the replay permit.
    replays: replay::Replays,
    /// Held while an import is counted against the daily cap and written, so that
    /// concurrent imports cannot all pass the count.
    imports: tokio::sync::Mutex<()>,
    /// Set once the server begins to stop (see [`Service::shutdown`]).
    stopping: tokio::sync::watch::Sender<bool>,
}

/// The game service; cheap to clone.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

fn store_error(e: sqlx::Error) -> ApiError {
    error!(error = %e, "store read failed");
    ApiError::new(ErrorCode::Internal, "the store failed to answer; try again")
}

/// The answer while the disk is full: nothing was saved, and the same request succeeds once
/// the operator makes room.
pub(crate) fn disk_full() -> ApiError {
    ApiError::new(
        ErrorCode::Internal,
        "the server's disk is full, so nothing was saved and nothing changed; try again later",
    )
}

pub(crate) fn write_error(e: WriteError) -> ApiError {
    match e {
        WriteError::Conflict(why) => ApiError::new(ErrorCode::Conflict, why),
        WriteError::Full => disk_full(),
        WriteError::Store(why) => {
            error!(%why, "store write failed");
            ApiError::new(ErrorCode::Internal, "the store failed; nothing was changed")
        }
    }
}

/// Refuses a new game for an account already at its limit of open and active games.
async fn check_game_limit(inner: &Inner, account: &str) -> Result<(), ApiError> {
    let live = inner
        .store
        .live_games_of(account)
        .await
        .map_err(store_error)?;
    if live >= i64::from(inner.config.max_open_games) {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "you already have {live} open or active games, the most this server allows; finish or resign one first"
            ),
        ));
    }
    Ok(())
}

impl Service {
    /// A service over an open store, on the system clock.
    pub fn new(store: Store, registry: Registry, config: Config) -> Service {
        Service::with_clock(store, registry, config, Arc::new(SystemClock))
    }

    /// A service over an open store that reads the time from `clock`. Starts the notifier.
    pub fn with_clock(
        store: Store,
        registry: Registry,
        config: Config,
        clock: SharedClock,
    ) -> Service {
        let catalog = Catalog {
            protocol: PROTOCOL_VERSION,
            games: registry.games().map(|g| g.info().clone()).collect(),
            clock_presets: clockwork::presets(),
        };
        let notifier = Notifier::spawn(store.clone(), &config, clock.clone());
        Service {
            inner: Arc::new(Inner {
                chat_limiter: Limiter::new(config.chat_rate, config.chat_burst, MAX_KEYS),
                notice_quotas: notices::NoticeQuotas::new(config.test_notices_per_hour),
                store,
                registry,
                config,
                actors: Mutex::new(HashMap::new()),
                next_generation: AtomicU64::new(1),
                tokens: Mutex::new(HashMap::new()),
                catalog,
                clock,
                notifier,
                replays: replay::Replays::default(),
                imports: tokio::sync::Mutex::new(()),
                stopping: tokio::sync::watch::Sender::new(false),
            }),
        }
    }

    /// Checks and opens the store of `config` (see `--startup-check`) and builds the
    /// service on `clock`.
    pub async fn open(
        config: Config,
        registry: Registry,
        clock: SharedClock,
    ) -> Result<Service, Box<dyn std::error::Error + Send + Sync>> {
        crate::store::integrity::check(&config.db, config.startup_check).await?;
        let store = Store::open_capped(&config.db, config.max_batch, config.max_db_bytes).await?;
        Ok(Service::with_clock(store, registry, config, clock))
    }

    /// The current time, from the service's clock.
    pub fn now(&self) -> i64 {
        self.inner.clock.now()
    }

    /// The current time in milliseconds, from the service's clock (for rate limits).
    pub fn now_ms(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// Whether the store answers.
    pub async fn healthy(&self) -> bool {
        self.inner.store.live_games_of("").await.is_ok()
    }

    /// Number of games in memory.
    pub fn live_games(&self) -> usize {
        self.inner.actors.lock().expect("hub lock").len()
    }

    /// Creates an account and returns its token (shown once).
    pub async fn create_account(&self, name: &str) -> Result<AccountCreated, ApiError> {
        let name = check_name(name)?;
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let token = new_token();
        self.inner
            .store
            .write(Write::CreateAccount {
                id: id.clone(),
                name_key: name_key(&name),
                name: name.clone(),
                token_hash: hash_token(&token),
                now: self.now(),
            })
            .await
            .map_err(write_error)?;
        info!(account = %id, %name, "account created");
        Ok(AccountCreated {
            account_id: id,
            name,
            token,
        })
    }

    /// The account a bearer token belongs to.
    pub async fn authenticate(&self, token: &str) -> Result<Account, ApiError> {
        let hash = hash_token(token.trim());
        if let Some(account) = self.inner.tokens.lock().expect("token cache").get(&hash) {
            return Ok(account.clone());
        }
        let row = self
            .inner
            .store
            .account_by_token(&hash)
            .await
            .map_err(store_error)?;
        let account = row
            .map(|r| Account {
                id: r.id,
                name: r.name,
            })
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::Unauthorized,
                    "that token is not valid on this server",
                )
            })?;
        let mut cache = self.inner.tokens.lock().expect("token cache");
        if cache.len() > 100_000 {
            cache.clear();
        }
        cache.insert(hash, account.clone());
        Ok(account)
    }

    /// The catalog.
    pub fn catalog(&self) -> &Catalog {
        &self.inner.catalog
    }

    /// A game's static data.
    pub fn game_data(&self, game: &str) -> Result<&Value, ApiError> {
        self.kind(game).map(|k| k.static_data())
    }

    fn kind(&self, game: &str) -> Result<&Arc<dyn GameKind>, ApiError> {
        self.inner.registry.get(game).ok_or_else(|| {
            ApiError::new(
                ErrorCode::NotFound,
                format!("this server has no game called {game:?}"),
            )
        })
    }

    /// Creates a game with the caller in one seat.
    pub async fn create_game(
        &self,
        account: &Account,
        req: CreateGame,
    ) -> Result<GameCreated, ApiError> {
        let kind = self.kind(&req.game)?;
        let info = kind.info();
        if info.scenario(&req.scenario).is_none() {
            let known: Vec<&str> = info.scenarios.iter().map(|s| s.id.as_str()).collect();
            return Err(ApiError::new(
                ErrorCode::NotFound,
                format!(
                    "{} has no scenario {:?}; it has {}",
                    info.name,
                    req.scenario,
                    known.join(", ")
                ),
            ));
        }
        let bad = |why: String| ApiError::new(ErrorCode::BadRequest, why);
        let options = info
            .resolve_options(&req.scenario, &req.options)
            .map_err(bad)?;
        let side = match req.side {
            SideChoice::Union => Side::Union,
            SideChoice::Confederate => Side::Confederate,
            SideChoice::Random => Side::BOTH[rand::random_range(0..2)],
        };
        let secret = info
            .resolve_secret_choices(&req.scenario, side, &req.secret_choices)
            .map_err(bad)?;
        let clock = req
            .clock
            .as_ref()
            .map(clockwork::resolve)
            .transpose()
            .map_err(bad)?
            .map(|settings| {
                serde_json::to_string(&GameClock::new(settings)).expect("clocks serialise")
            });
        check_game_limit(&self.inner, &account.id).await?;
        let seed = new_seed();
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let game = NewGame {
            id: id.clone(),
            game: req.game.clone(),
            scenario: req.scenario.clone(),
            options: Value::Object(options).to_string(),
            visibility: match req.visibility {
                Visibility::Public => "public",
                Visibility::Private => "private",
            },
            creator: account.id.clone(),
            side: side.as_str(),
            secret: Value::Object(secret).to_string(),
            seed: seed.to_hex(),
            seed_commitment: seed.commitment(),
            invite_code: new_code(10),
            spectate_code: new_code(10),
            now: self.now(),
            clock,
            reserved_for: None,
            rematch_of: None,
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
        info!(game = %id, kind = %req.game, scenario = %req.scenario, "game created");
        Ok(created)
    }

    /// Lists games.
    pub async fn list_games(
        &self,
        account: Option<&Account>,
        filter: GameFilter,
    ) -> Result<GameList, ApiError> {
        let query = match filter {
            GameFilter::Mine => ListQuery::Mine(
                &account
                    .ok_or_else(|| {
                        ApiError::new(
                            ErrorCode::Unauthorized,
                            "listing your games needs your token",
                        )
                    })?
                    .id,
            ),
            GameFilter::Open => ListQuery::Public("open"),
            GameFilter::Active => ListQuery::Public("active"),
            GameFilter::Finished => ListQuery::Finished(account.map(|a| a.id.as_str())),
        };
        let rows = self
            .inner
            .store
            .games(query, 200)
            .await
            .map_err(store_error)?;
        let now = self.now();
        let games = rows
            .into_iter()
            .map(GameMeta::from_row)
            .map(|meta| meta.map(|m| m.summary(account.map(|a| a.id.as_str()), now)))
            .collect::<Result<_, _>>()?;
        Ok(GameList { games })
    }

    /// Sends a command to a game's actor and waits for the answer, starting the actor (or
    /// its successor) as needed.
    async fn call<T>(
        &self,
        game_id: &str,
        make: impl Fn(oneshot::Sender<Answer<T>>) -> Command,
    ) -> Result<T, ApiError> {
        check_game_id(game_id)?;
        for _ in 0..4 {
            let Some(handle) = self.handle(game_id) else {
                return Err(shutdown::stopping());
            };
            let (reply, answer) = oneshot::channel();
            if handle.tx.send(make(reply)).await.is_err() {
                self.forget(game_id, handle.generation);
                continue;
            }
            match answer.await {
                Ok(Answer::Done(result)) => return result,
                Ok(Answer::Retry) => self.forget(game_id, handle.generation),
                Err(_) => {
                    self.forget(game_id, handle.generation);
                    return Err(ApiError::new(
                        ErrorCode::Internal,
                        "the game failed while answering; try again",
                    ));
                }
            }
        }
        Err(ApiError::new(
            ErrorCode::Internal,
            "the game is restarting; try again",
        ))
    }

    /// The game's actor, started if need be; `None` once the server stops (checked under
    /// the hub's lock, so that no actor starts after [`Service::shutdown`] took them all).
    fn handle(&self, game_id: &str) -> Option<ActorHandle> {
        let mut actors = self.inner.actors.lock().expect("hub lock");
        if self.is_stopping() {
            return None;
        }
        if let Some(handle) = actors.get(game_id).filter(|h| !h.tx.is_closed()) {
            return Some(handle.clone());
        }
        let generation = self.inner.next_generation.fetch_add(1, Ordering::Relaxed);
        let handle = actor::spawn(self.inner.clone(), game_id.to_string(), generation);
        actors.insert(game_id.to_string(), handle.clone());
        Some(handle)
    }

    /// Resolves once the game is not in memory: at once if it is not, else when its actor
    /// leaves (for tests of the idle timer, which move a manual clock instead of waiting).
    pub async fn unloaded(&self, game_id: &str) {
        let handle = self
            .inner
            .actors
            .lock()
            .expect("hub lock")
            .get(game_id)
            .cloned();
        if let Some(handle) = handle {
            handle.tx.closed().await;
        }
    }

    fn forget(&self, game_id: &str, generation: u64) {
        let mut actors = self.inner.actors.lock().expect("hub lock");
        if actors
            .get(game_id)
            .is_some_and(|h| h.generation == generation)
        {
            actors.remove(game_id);
        }
    }

    /// Takes the open seat of a game.
    pub async fn join_game(
        &self,
        account: &Account,
        game_id: &str,
        join: JoinGame,
    ) -> Result<Joined, ApiError> {
        self.call(game_id, |reply| Command::Join {
            account: account.clone(),
            join: join.clone(),
            reply,
        })
        .await
    }

    /// The caller's view of a game.
    pub async fn game_state(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<GameState, ApiError> {
        self.call(game_id, |reply| Command::State {
            account: account.cloned(),
            spectate_code: spectate_code.map(str::to_string),
            reply,
        })
        .await
    }

    /// Plays an action chosen from the view at `seq`.
    pub async fn act(
        &self,
        account: Option<&Account>,
        game_id: &str,
        seq: u64,
        action: Value,
    ) -> Result<ActionAccepted, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "acting needs your token"))?;
        check_text(&action, self.inner.config.max_text_chars)?;
        self.call(game_id, |reply| Command::Act {
            account: account.clone(),
            seq,
            action: action.clone(),
            reply,
        })
        .await
    }

    /// Resigns a game.
    pub async fn resign(
        &self,
        account: Option<&Account>,
        game_id: &str,
    ) -> Result<ActionAccepted, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "resigning needs your token"))?;
        self.call(game_id, |reply| Command::Resign {
            account: account.clone(),
            reply,
        })
        .await
    }

    /// Subscribes a connection to a game; the frames go to its sink.
    pub async fn subscribe(
        &self,
        game_id: &str,
        sub: impl Fn() -> NewSubscriber,
    ) -> Result<(), ApiError> {
        self.call(game_id, |reply| Command::Subscribe { sub: sub(), reply })
            .await
    }

    /// Ends a connection's subscription (if the game is still in memory).
    pub async fn unsubscribe(&self, game_id: &str, conn: u64) {
        let handle = self
            .inner
            .actors
            .lock()
            .expect("hub lock")
            .get(game_id)
            .cloned();
        if let Some(handle) = handle {
            let _ = handle.tx.send(Command::Unsubscribe { conn }).await;
        }
    }

    /// A game's row and the caller's viewer, for reads served from the store.
    async fn meta_and_viewer(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<(GameMeta, Viewer), ApiError> {
        check_game_id(game_id)?;
        let row = self
            .inner
            .store
            .game(game_id)
            .await
            .map_err(store_error)?
            .ok_or_else(|| {
                ApiError::new(ErrorCode::NotFound, format!("there is no game {game_id}"))
            })?;
        let meta = GameMeta::from_row(row)?;
        let viewer = meta.viewer(account, spectate_code)?;
        Ok((meta, viewer))
    }

    /// The caller's redacted events after sequence number `after` (at most 1000 actions).
    pub async fn events(
        &self,
        account: Option<&Account>,
        game_id: &str,
        after: u64,
        spectate_code: Option<&str>,
    ) -> Result<EventLog, ApiError> {
        let (meta, viewer) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let kind = self.kind(&meta.game)?;
        let rows = self
            .inner
            .store
            .actions_after(game_id, after.min(i64::MAX as u64) as i64, 1000)
            .await
            .map_err(store_error)?;
        let entries = rows
            .into_iter()
            .map(|row| {
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                EventEntry {
                    seq: row.seq as u64,
                    side: Side::parse(&row.side).unwrap_or(Side::Union),
                    events: kind.redact(&events, viewer),
                    bot: row.by_bot,
                }
            })
            .collect();
        Ok(EventLog {
            game_id: meta.id,
            seq: meta.seq,
            viewer: viewer.as_str().to_string(),
            entries,
        })
    }

    /// The game record: complete once the game is over; before, what the caller may know.
    pub async fn record(
        &self,
        account: Option<&Account>,
        game_id: &str,
        spectate_code: Option<&str>,
    ) -> Result<Record, ApiError> {
        let (meta, viewer) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let kind = self.kind(&meta.game)?;
        let mut actions = Vec::with_capacity(meta.seq as usize);
        let mut after = 0i64;
        loop {
            let rows = self
                .inner
                .store
                .actions_after(game_id, after, 5000)
                .await
                .map_err(store_error)?;
            let Some(last) = rows.last() else { break };
            after = last.seq;
            for row in rows {
                let side = Side::parse(&row.side).unwrap_or(Side::Union);
                let visible = viewer.sees_secrets_of(side);
                let events: Vec<Value> = serde_json::from_str(&row.events).unwrap_or_default();
                actions.push(RecordedAction {
                    seq: row.seq as u64,
                    side,
                    action: visible
                        .then(|| serde_json::from_str(&row.action).unwrap_or(Value::Null)),
                    rolls: (viewer == Viewer::Omniscient)
                        .then(|| serde_json::from_str(&row.rolls).unwrap_or_default()),
                    events: kind.redact(&events, viewer),
                });
            }
        }
        let finished = meta.status == GameStatus::Finished;
        Ok(Record {
            format: RECORD_FORMAT.to_string(),
            game_id: Some(meta.id.clone()),
            game: meta.game.clone(),
            scenario: meta.scenario.clone(),
            options: meta.options.clone(),
            secret_choices: PerSide::from_fn(|side| {
                if viewer.sees_secrets_of(side) {
                    meta.secrets.get(side).clone()
                } else {
                    None
                }
            }),
            seed_commitment: meta.seed_commitment.clone(),
            seed: finished.then(|| meta.seed.to_hex()),
            // An imported game's record carries the names as its file gave them.
            players: meta
                .origin
                .as_ref()
                .map_or_else(|| meta.names.clone(), |o| o.players.clone()),
            actions,
            outcome: meta.outcome.clone(),
        })
    }
}

/// Correspondence play: the sweep, notices, pauses, chat and rematch (import: [`import`]).
impl Service {
    /// Looks at every game whose clock needs it (a pause ending, a warning, a time-out) and
    /// sends the daily digests that are due. Runs every `--sweep-secs`; tests call it after
    /// moving their manual clock. Returns the number of games looked at.
    pub async fn sweep(&self) -> Result<usize, ApiError> {
        let now = self.now();
        let ids = self
            .inner
            .store
            .games_to_wake(now)
            .await
            .map_err(store_error)?;
        for id in &ids {
            if let Err(e) = self.call(id, |reply| Command::Tick { reply }).await {
                error!(game = %id, error = %e, "sweep could not look at a game");
            }
        }
        self.digests(now).await?;
        Ok(ids.len())
    }

    /// Sends the daily digests that are due: the games where it is the account's move.
    async fn digests(&self, now: i64) -> Result<(), ApiError> {
        let accounts = self
            .inner
            .store
            .digests_due(now - 86_400)
            .await
            .map_err(store_error)?;
        let base = self.inner.config.link_base();
        for account in accounts {
            let rows = self
                .inner
                .store
                .games(ListQuery::Mine(&account), 200)
                .await
                .map_err(store_error)?;
            let mut games = Vec::new();
            for row in rows {
                let meta = GameMeta::from_row(row)?;
                let Some(seat) = meta.seat_of(&account) else {
                    continue;
                };
                if meta.status != GameStatus::Active || !meta.to_act.contains(&seat) {
                    continue;
                }
                let info = self.kind(&meta.game)?.info();
                games.push(DigestLine {
                    game_id: meta.id.clone(),
                    game_name: info.name.clone(),
                    scenario_name: info
                        .scenario(&meta.scenario)
                        .map_or_else(|| meta.scenario.clone(), |s| s.name.clone()),
                    opponent: meta.names.get(seat.opponent()).clone(),
                    deadline: meta.clock.as_ref().and_then(|c| c.deadline_of(seat)),
                    link: format!("{base}/#/game/{}", meta.id),
                });
            }
            if !games.is_empty() {
                self.inner.notifier.send(Intent {
                    kind: NoticeKind::Digest,
                    game: GameBrief::default(),
                    recipients: vec![Recipient {
                        account: account.clone(),
                        seat: None,
                        connected: false,
                    }],
                    subject: None,
                    until: None,
                    games,
                });
            }
            self.inner
                .store
                .write(NoticeWrite::DigestSent { account, now }.into())
                .await
                .map_err(write_error)?;
        }
        Ok(())
    }

    /// Returns once every notice asked for so far has been written and every notice due now
    /// has had its delivery attempt.
    pub async fn flush_notices(&self) {
        self.inner.notifier.flush().await;
    }

    /// The caller's pause allowance this year.
    pub async fn vacation(&self, account: &Account) -> Result<VacationInfo, ApiError> {
        let year = utc_year(self.now());
        let used = self
            .inner
            .store
            .vacation_used(&account.id, year)
            .await
            .map_err(store_error)?;
        let allowance = self.inner.config.pause_days_per_year;
        Ok(VacationInfo {
            year,
            allowance_days: allowance,
            used_secs: used,
            remaining_secs: (i64::from(allowance) * 86_400 - used).max(0),
        })
    }

    /// Asks for, answers or ends a pause, or takes a seat back from the bot.
    pub async fn clock_op(
        &self,
        account: &Account,
        game_id: &str,
        op: ClockOp,
    ) -> Result<ClockReply, ApiError> {
        self.call(game_id, |reply| Command::Clock {
            account: account.clone(),
            op,
            reply,
        })
        .await
    }

    /// Posts a chat message or note.
    pub async fn post_chat(
        &self,
        account: Option<&Account>,
        game_id: &str,
        channel: ChatChannel,
        text: &str,
        spectate_code: Option<&str>,
    ) -> Result<ChatMessage, ApiError> {
        let account = account.ok_or_else(|| {
            ApiError::new(
                ErrorCode::Unauthorized,
                "posting in a chat needs your token",
            )
        })?;
        self.call(game_id, |reply| Command::Chat {
            account: account.clone(),
            spectate_code: spectate_code.map(str::to_string),
            channel,
            text: text.to_string(),
            reply,
        })
        .await
    }

    /// Reads a chat channel after message `after` (at most 500 messages).
    pub async fn chat_log(
        &self,
        account: Option<&Account>,
        game_id: &str,
        channel: ChatChannel,
        after: i64,
        spectate_code: Option<&str>,
    ) -> Result<ChatLog, ApiError> {
        let (meta, _) = self
            .meta_and_viewer(account, game_id, spectate_code)
            .await?;
        let seat = account.and_then(|a| meta.seat_of(&a.id));
        let finished = meta.status == GameStatus::Finished;
        chat::may_read(channel, seat, finished)?;
        let stored = chat::stored_channel(channel, seat);
        let rows = self
            .inner
            .store
            .chat(game_id, &stored, after, 500)
            .await
            .map_err(store_error)?;
        Ok(ChatLog {
            game_id: meta.id.clone(),
            channel,
            messages: rows
                .into_iter()
                .map(|row| ChatMessage {
                    id: row.seq,
                    game_id: meta.id.clone(),
                    channel,
                    author: row.author,
                    side: row.side.as_deref().and_then(Side::parse),
                    text: row.text,
                    at: row.created_at,
                })
                .collect(),
        })
    }

    /// Offers a rematch of a finished game with sides swapped.
    pub async fn rematch(
        &self,
        account: Option<&Account>,
        game_id: &str,
        secret_choices: Value,
    ) -> Result<GameCreated, ApiError> {
        let account = account
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "a rematch needs your token"))?;
        self.call(game_id, |reply| Command::Rematch {
            account: account.clone(),
            secret_choices: secret_choices.clone(),
            reply,
        })
        .await
    }
}

/// Game ids are hyphenated UUIDs; anything else cannot name a game.
fn check_game_id(game_id: &str) -> Result<(), ApiError> {
    if uuid::Uuid::try_parse(game_id).is_ok() {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::NotFound,
            format!("there is no game {game_id:?}"),
        ))
    }
}

/// Refuses an action holding a text longer than the server allows.
fn check_text(value: &Value, max: usize) -> Result<(), ApiError> {
    let too_long = match value {
        Value::String(s) => s.chars().count() > max,
        Value::Array(items) => return items.iter().try_for_each(|v| check_text(v, max)),
        Value::Object(map) => return map.values().try_for_each(|v| check_text(v, max)),
        _ => false,
    };
    if too_long {
        Err(ApiError::new(
            ErrorCode::TooLarge,
            format!("a text in that action is longer than {max} characters"),
        ))
    } else {
        Ok(())
    }
}
