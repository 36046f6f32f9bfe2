//! The changes the store accepts: one [`Write`] per change, with the columns of new games,
//! actions and imported games.

use super::account_writes::AccountWrite;
use super::notice_writes::NoticeWrite;
pub use super::write_error::WriteError;

/// One change to the store.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new account, with its first token.
    CreateAccount {
        id: String,
        name: String,
        /// The name's canonical key (unique: see [`crate::names::name_key`]).
        name_key: String,
        token_hash: String,
        /// The first token's public id.
        token_id: String,
        /// What the first token is for.
        label: String,
        /// Argon2id PHC string, if the account is created with a password.
        password_hash: Option<String>,
        now: i64,
    },
    /// A new game, waiting for its second player.
    CreateGame(NewGame),
    /// The second seat is filled and the game starts.
    Join {
        game_id: String,
        side: &'static str,
        account: String,
        secret: String,
        to_act: String,
        clock: Option<String>,
        wake_at: Option<i64>,
        now: i64,
        /// Refused ([`WriteError::too_many_games`]) if `account` already has this many open
        /// or active games: counted in the transaction that seats it, so it is exact.
        live_limit: Option<i64>,
    },
    /// An accepted action and the game's new standing.
    Action(NewAction),
    /// The game's latest snapshot (older ones are deleted).
    Snapshot {
        game_id: String,
        seq: i64,
        data: String,
    },
    /// Snapshots of a finished game every so many actions, for stepping through it; the
    /// others are kept.
    Checkpoints {
        game_id: String,
        snapshots: Vec<(i64, String)>,
    },
    /// The clock changed without an action (a pause, a warning, a bot taking a seat).
    Clock {
        game_id: String,
        clock: String,
        wake_at: Option<i64>,
        /// The writer's lease epoch, as [`NewAction::lease`].
        lease: i64,
    },
    /// A finished game read from a record, with all its actions.
    Import(Box<ImportedGame>),
    /// Notice settings, the outbox, deliveries and digests.
    Notices(NoticeWrite),
    /// Passwords, tokens and sign-in links.
    Accounts(AccountWrite),
    /// Seconds of pause charged to (or, negative, given back to) an account; refused if the
    /// charge would take it past `limit`.
    Vacation {
        account: String,
        year: i32,
        secs: i64,
        limit: Option<i64>,
    },
    /// A chat message or note, numbered `seq` within its game and stored channel.
    Chat {
        seq: i64,
        game_id: String,
        channel: String,
        account: String,
        author: String,
        side: Option<&'static str>,
        text: String,
        now: i64,
    },
}

/// A finished game from a record.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub options: String,
    pub visibility: &'static str,
    pub creator: String,
    pub union_secret: String,
    pub confederate_secret: String,
    pub seed: String,
    pub seed_commitment: String,
    pub spectate_code: String,
    pub outcome: Option<String>,
    pub origin: String,
    /// The game's content hash, unique among imports.
    pub record_hash: String,
    pub now: i64,
    /// The clock as the record gives it (the server's stored form), where it has one.
    pub clock: Option<String>,
    pub actions: Vec<NewAction>,
}

/// The columns of a new game.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub options: String,
    pub visibility: &'static str,
    pub creator: String,
    pub side: &'static str,
    pub secret: String,
    pub seed: String,
    pub seed_commitment: String,
    pub invite_code: String,
    pub spectate_code: String,
    pub now: i64,
    /// The clock settings and state, JSON.
    pub clock: Option<String>,
    /// The open seat is kept for this account (a rematch).
    pub reserved_for: Option<String>,
    /// This game is the rematch of that one (which must not have one yet).
    pub rematch_of: Option<String>,
    /// The computer holds the other seat: the game is stored active at once.
    pub computer: Option<ComputerStart>,
    /// Refused ([`WriteError::too_many_games`]) if the creator already has this many open or
    /// active games: counted in the transaction that inserts it, so it is exact.
    pub live_limit: Option<i64>,
}

/// The computer's seat of a new game against the computer, and the game's first standing.
#[derive(Clone, Debug)]
pub struct ComputerStart {
    /// The computer's side (the other seat than the creator's).
    pub side: &'static str,
    /// The `computer` column: `{"side", "level"}`, JSON.
    pub seat: String,
    /// The computer seat's secret choices (their defaults), JSON.
    pub secret: String,
    /// The sides to act first, comma-separated.
    pub to_act: String,
}

/// The columns of an accepted action and the game row's new values.
#[derive(Clone, Debug)]
pub struct NewAction {
    pub game_id: String,
    pub seq: i64,
    pub side: &'static str,
    pub action: String,
    pub rolls: String,
    pub events: String,
    pub now: i64,
    pub status: &'static str,
    pub to_act: String,
    pub outcome: Option<String>,
    /// Played by the server's bot.
    pub by_bot: bool,
    /// The game's clock after the action (null for a game without one).
    pub clock: Option<String>,
    pub wake_at: Option<i64>,
    /// The lease epoch its writer holds (PostgreSQL: refused unless the game's lease is still
    /// at it; ignored by a single-node store, where it is 0).
    pub lease: i64,
    /// What the other servers are told of the action with its commit (PostgreSQL's
    /// notification; not stored): `" <side> <events fingerprint> <action JSON>"`, so that a
    /// server following the game plays it instead of reading it back; empty when the action
    /// is too long for a notification ([`told`]) or for writes nobody follows.
    pub told: String,
}

/// The longest action JSON told with its commit: PostgreSQL refuses a notification of 8,000
/// bytes or more, and the game id, number and server name come before it.
pub const TOLD_MAX: usize = 7_000;

/// [`NewAction::told`] for `side`'s action `action` whose events' fingerprint is `events`.
pub fn told(side: &str, events: u64, action: &str) -> String {
    if action.len() > TOLD_MAX {
        return String::new();
    }
    format!(" {side} {events:016x} {action}")
}

impl From<AccountWrite> for Write {
    fn from(write: AccountWrite) -> Write {
        Write::Accounts(write)
    }
}

impl From<NoticeWrite> for Write {
    fn from(write: NoticeWrite) -> Write {
        Write::Notices(write)
    }
}
