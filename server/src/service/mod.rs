//! The game service: everything the two doors (HTTP and WebSocket) can do, in one place, so
//! that both behave the same. Lobby operations go to the store; everything about a running
//! game goes to that game's actor.

#[cfg(test)]
mod account_tests;
mod accounts;
pub mod actor;
mod archive;
mod chat;
pub mod clockwork;
mod computer;
mod correspondence;
mod forwards;
mod hub;
pub mod import;
mod lobby;
mod meta;
pub mod metrics;
mod node_presence;
mod nodes;
mod notices;
mod replay;
mod revoked;
mod sessions;
mod shutdown;
mod sign_in;
mod sign_in_link;
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
use tracing::{error, info};

use crate::auth::{hash_token, new_code, new_seed, new_token};
use crate::clock::{SharedClock, SystemClock, utc_year};
use crate::config::Config;
pub use crate::names::check_name;
use crate::names::name_key;
use crate::notify::{GameBrief, Intent, Notifier, Recipient};
use crate::ratelimit::{Limiter, MAX_KEYS};
use crate::store::NoticeWrite;
use crate::store::{ListQuery, NewGame, ReadError, SharedStore, Write, WriteError};
pub use actor::{ActorHandle, Answer, ClockOp, Command, NewSubscriber, Reply, Sink};
use clockwork::GameClock;
pub use meta::{Account, GameMeta, Origin};
pub use notices::TokenState;
pub use revoked::{Revoked, RevokedTokens};
pub use sessions::CURRENT;

use hub::check_game_id;
use lobby::game_limit;

/// What every part of the server shares.
pub struct Inner {
    /// The store.
    pub store: SharedStore,
    /// The games this server hosts.
    pub registry: Registry,
    /// Flags and limits.
    pub config: Config,
    /// The live game actors, by game id.
    pub actors: Mutex<HashMap<String, ActorHandle>>,
    /// Generation numbers for actors (tells an actor from its successor).
    next_generation: AtomicU64,
    /// Accounts by token hash, so that a request costs no store read (a revocation removes
    /// its tokens).
    tokens: Mutex<accounts::TokenCache>,
    /// Password checks and their budgets, sign-in link mails, revocations.
    sign_ins: sign_in::SignIns,
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
    /// This server's name in the games' leases (several servers on one PostgreSQL).
    pub node: String,
    /// What `/metrics` counts.
    pub counters: metrics::Counters,
    /// Who is connected to each game here and on the other servers (several servers).
    pub node_presence: node_presence::NodePresence,
    /// The actions this server handed to other servers and waits on (several servers).
    pub forwards: forwards::Forwards,
}

/// The game service; cheap to clone.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

fn store_error(e: ReadError) -> ApiError {
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

impl Service {
    /// A service over an open store, on the system clock.
    pub fn new(store: SharedStore, registry: Registry, config: Config) -> Service {
        Service::with_clock(store, registry, config, Arc::new(SystemClock))
    }

    /// A service over an open store that reads the time from `clock`. Starts the notifier.
    pub fn with_clock(
        store: SharedStore,
        registry: Registry,
        config: Config,
        clock: SharedClock,
    ) -> Service {
        let catalog = Catalog {
            protocol: PROTOCOL_VERSION,
            games: registry.games().map(|g| g.info().clone()).collect(),
            clock_presets: clockwork::presets(),
            computer_opponents: registry.opponents(),
        };
        let node = store.node().unwrap_or_else(nodes::node_id);
        let notifier = Notifier::spawn(store.clone(), &config, clock.clone(), node.clone());
        let sign_ins = sign_in::SignIns::new(&config);
        let service = Service {
            inner: Arc::new(Inner {
                chat_limiter: Limiter::new(config.chat_rate, config.chat_burst, MAX_KEYS),
                notice_quotas: notices::NoticeQuotas::new(config.test_notices_per_hour),
                store,
                registry,
                config,
                actors: Mutex::new(HashMap::new()),
                next_generation: AtomicU64::new(1),
                tokens: Mutex::new(accounts::TokenCache::default()),
                sign_ins,
                catalog,
                clock,
                notifier,
                replays: replay::Replays::default(),
                imports: tokio::sync::Mutex::new(()),
                stopping: tokio::sync::watch::Sender::new(false),
                node,
                counters: metrics::Counters::default(),
                node_presence: node_presence::NodePresence::default(),
                forwards: forwards::Forwards::default(),
            }),
        };
        nodes::follow_changes(&service.inner);
        service
    }

    /// Checks and opens the store of `config` (see `--startup-check`) and builds the
    /// service on `clock`.
    pub async fn open(
        config: Config,
        registry: Registry,
        clock: SharedClock,
    ) -> Result<Service, Box<dyn std::error::Error + Send + Sync>> {
        let options = crate::store::open::OpenOptions {
            max_batch: config.max_batch,
            max_db_bytes: config.max_db_bytes,
            check: config.startup_check,
        };
        let store = crate::store::open::open(&config.db, options).await?;
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
}
