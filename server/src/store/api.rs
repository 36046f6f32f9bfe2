//! The store as the service and the game actors see it: a [`Store`] trait named by what it
//! keeps (games, actions, snapshots, accounts, notices, chat), whatever holds it — SQLite
//! ([`super::SqliteStore`]), memory ([`super::MemoryStore`], for unit tests), or a future
//! PostgreSQL store.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use super::ListQuery;
use super::rows::{
    ActionRow, ChatRow, Credentials, GameRow, NoticeRow, NoticeSettingsRow, SnapshotRow,
    TokenOwner, TokenRow,
};
use super::stats::StoreStats;
use super::write_error::WriteError;
use super::writes::Write;

/// A store's future.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A read's future.
pub type Read<'a, T> = Pending<'a, Result<T, ReadError>>;

/// The store every part of the server shares.
pub type SharedStore = Arc<dyn Store>;

/// Why a read failed (the store's own words, for the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError(pub String);

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<sqlx::Error> for ReadError {
    fn from(e: sqlx::Error) -> ReadError {
        ReadError(e.to_string())
    }
}

/// Where games, accounts and notices are kept. Every change is one [`Write`], answered once
/// it is durable; a write that conflicts with what is kept (a taken name, a filled seat, an
/// action whose game is not at the action before) is refused whole with
/// [`WriteError::Conflict`], and one that finds no room with [`WriteError::Full`].
///
/// # Why: a trait object with boxed futures rather than a type parameter. The hot path is one
/// write per action, which waits for an fsync (milliseconds); a box and an indirect call per
/// call cost nanoseconds. A parameter would run through the service, every game actor, the
/// notifier and every HTTP handler for no measurable gain, and `async fn` in a trait cannot
/// be called through `dyn`.
pub trait Store: Send + Sync {
    /// A fresh id for a notice (handed out before its write, so nobody reads it back).
    /// Several servers on one database each take ids from a block of their own.
    fn next_notice_id(&self) -> Pending<'_, Result<i64, WriteError>>;

    /// Commits one write; resolves once it is durable. The store takes the write when this is
    /// called, not when the future is first polled, so a caller may work while it commits.
    fn write(&self, write: Write) -> Pending<'_, Result<(), WriteError>>;

    /// Commits the writes already sent and closes; later writes are refused.
    fn close(&self) -> Pending<'_, ()>;

    /// The account a valid (not revoked) token's hash belongs to, with the token's id.
    fn token_owner<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<TokenOwner>>;

    /// The credentials of the account whose name has the key `name_key`.
    fn credentials_by_name<'a>(&'a self, name_key: &'a str) -> Read<'a, Option<Credentials>>;

    /// The credentials of an account.
    fn credentials_of<'a>(&'a self, account: &'a str) -> Read<'a, Option<Credentials>>;

    /// An account's tokens, newest first.
    fn tokens_of<'a>(&'a self, account: &'a str) -> Read<'a, Vec<TokenRow>>;

    /// The account and expiry of the sign-in link whose token hashes to `token_hash`.
    fn sign_in_link<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>>;

    /// A game's row, with its players' names.
    fn game<'a>(&'a self, id: &'a str) -> Read<'a, Option<GameRow>>;

    /// Games for a list, most recently active first.
    fn games<'a>(&'a self, query: ListQuery<'a>, limit: i64) -> Read<'a, Vec<GameRow>>;

    /// Number of open or active games an account sits in.
    fn live_games_of<'a>(&'a self, account: &'a str) -> Read<'a, i64>;

    /// Actions after `after`, oldest first, at most `limit`.
    fn actions_after<'a>(
        &'a self,
        game_id: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ActionRow>>;

    /// Every game that has started (active or finished), oldest first.
    fn started_game_ids<'a>(&'a self) -> Read<'a, Vec<String>>;

    /// Every stored snapshot of a game, oldest first.
    fn snapshots_of<'a>(&'a self, game_id: &'a str) -> Read<'a, Vec<SnapshotRow>>;

    /// The latest snapshot of a game.
    fn latest_snapshot<'a>(&'a self, game_id: &'a str) -> Read<'a, Option<SnapshotRow>>;

    /// The latest snapshot of a game taken at or before action `seq`.
    fn snapshot_at_or_before<'a>(
        &'a self,
        game_id: &'a str,
        seq: i64,
    ) -> Read<'a, Option<SnapshotRow>>;

    /// The imported game with this content hash: its id and importer.
    fn import_by_hash<'a>(&'a self, record_hash: &'a str) -> Read<'a, Option<(String, String)>>;

    /// Number of games an account imported after `since`.
    fn imports_since<'a>(&'a self, account: &'a str, since: i64) -> Read<'a, i64>;

    /// Active games whose clock wants a look by `now`.
    fn games_to_wake<'a>(&'a self, now: i64) -> Read<'a, Vec<String>>;

    /// An account's notice settings (defaults when it never set any).
    fn notice_settings<'a>(&'a self, account: &'a str) -> Read<'a, NoticeSettingsRow>;

    /// The account and expiry of an e-mail confirmation token's hash.
    fn email_token<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>>;

    /// Notices due for an attempt by `now`, oldest first.
    fn due_notices<'a>(&'a self, now: i64, limit: i64) -> Read<'a, Vec<NoticeRow>>;

    /// Notices waiting in the outbox for a delivery attempt (first or retry), on every server.
    fn outbox_depth(&self) -> Read<'_, i64>;

    /// An account's latest notices, newest first.
    fn notices_of<'a>(&'a self, account: &'a str, limit: i64) -> Read<'a, Vec<NoticeRow>>;

    /// Accounts whose daily digest is due at `now` (at their chosen UTC hour, or a day after
    /// the last one).
    fn digests_due<'a>(&'a self, now: i64) -> Read<'a, Vec<String>>;

    /// Seconds of pause an account was charged in `year`.
    fn vacation_used<'a>(&'a self, account: &'a str, year: i32) -> Read<'a, i64>;

    /// The number of the last message of one stored chat channel of a game (0: none).
    fn last_chat_seq<'a>(&'a self, game_id: &'a str, channel: &'a str) -> Read<'a, i64>;

    /// Messages of one chat channel of a game after number `after`, oldest first.
    fn chat<'a>(
        &'a self,
        game_id: &'a str,
        channel: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ChatRow>>;

    /// What the store's writer measured of its group commits (`None`: a store with no writer
    /// of its own, the memory store of unit tests).
    fn stats(&self) -> Option<&StoreStats> {
        None
    }

    /// Whether several servers may share this store (PostgreSQL). A game's writes then carry
    /// the epoch of its lease ([`Store::take_lease`]); a single-node store needs none.
    fn shared(&self) -> bool {
        false
    }

    /// Takes the lease of game `game_id` for server `node`, whoever held it: its new epoch
    /// (which fences every earlier holder's writes) and the game's stored sequence number.
    /// A single-node store has no lease: epoch 0, and the sequence number is not read (-1).
    fn take_lease<'a>(
        &'a self,
        game_id: &'a str,
        node: &'a str,
    ) -> Pending<'a, Result<(i64, i64), WriteError>> {
        let _ = (game_id, node);
        Box::pin(std::future::ready(Ok((0, -1))))
    }

    /// Claims (or renews) the sweeper's role for server `node` until `until` (Unix seconds),
    /// unless another server holds it past `now`: whether `node` is the sweeper. A single-node
    /// store's one server always is.
    fn claim_sweeper<'a>(
        &'a self,
        node: &'a str,
        now: i64,
        until: i64,
    ) -> Pending<'a, Result<bool, WriteError>> {
        let _ = (node, now, until);
        Box::pin(std::future::ready(Ok(true)))
    }

    /// The ids of games any server moved on (an action, a join, a clock), as they commit;
    /// `"*"` when some may have been missed (listening began, or its connection was lost and
    /// taken again). Given once
    /// (later calls, and single-node stores, give `None`).
    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<String>> {
        None
    }

    /// This server's name among the servers sharing the store (`None`: a single-node store;
    /// the service then names itself).
    fn node(&self) -> Option<String> {
        None
    }

    /// Whether server `node` is connected to the shared store (a single-node store has only
    /// this one).
    fn node_alive<'a>(&'a self, node: &'a str) -> Pending<'a, Result<bool, WriteError>> {
        let _ = node;
        Box::pin(std::future::ready(Ok(true)))
    }

    /// Tells every server listening for [`Store::changes`] `payload` (presence, revocations:
    /// what is not a committed change). A single-node store has nobody to tell.
    fn tell(&self, payload: String) -> Pending<'_, Result<(), WriteError>> {
        let _ = payload;
        Box::pin(std::future::ready(Ok(())))
    }
}
