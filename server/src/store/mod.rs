//! The store ([`Store`]), its PostgreSQL implementation ([`postgres`], `--db postgres://…`)
//! and its SQLite implementation: WAL, `synchronous = FULL` (every commit is fsynced), migrations at
//! start-up, one writer connection with group commit ([`writer`]) and a pool of readers.

mod account_reads;
#[cfg(test)]
mod account_tests;
mod account_writes;
mod action_statements;
mod api;
mod checkpointer;
#[cfg(test)]
mod computer_tests;
mod fast_commit;
pub mod integrity;
mod memory;
mod name_keys;
#[cfg(test)]
mod new_game_tests;
#[cfg(test)]
mod notice_tests;
mod notice_writes;
pub mod open;
mod postgres;
#[cfg(test)]
mod postgres_tests;
mod rows;
mod sqlite_api;
mod statements;
pub mod stats;
#[cfg(test)]
pub(crate) mod test_postgres;
#[cfg(test)]
mod tests;
mod write_error;
pub mod writer;
mod writes;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, ConnectOptions};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

pub use account_writes::{AccountWrite, NewToken};
pub use api::{Pending, Read, ReadError, SharedStore, Store};
use fast_commit::FastWriter;
pub use memory::MemoryStore;
pub use notice_writes::{NoticeResult, NoticeWrite};
pub use postgres::{PostgresStore, is_postgres_url};
pub use rows::{
    AccountRow, ActionRow, ChatRow, Credentials, GameRow, NoticeRow, NoticeSettingsRow,
    SnapshotRow, TokenOwner, TokenRow,
};
pub use writer::Writer;
use writer::WriterParts;
pub use writes::{
    ComputerStart, ImportedGame, NewAction, NewGame, TOLD_MAX, Write, WriteError, told,
};

/// The migrations in `migrations/`, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// The columns of a game row with its players' names.
const GAME_COLUMNS: &str = "g.id, g.game, g.scenario, g.options, g.visibility, g.status, g.creator, \
     g.union_account, g.confederate_account, ua.name AS union_name, ca.name AS confederate_name, \
     g.union_secret, g.confederate_secret, g.seed, g.seed_commitment, g.invite_code, \
     g.spectate_code, g.seq, g.to_act, g.outcome, g.created_at, g.updated_at, g.clock, g.origin, \
     g.reserved_for, g.rematch_id, g.computer";

const GAME_FROM: &str = "FROM games g LEFT JOIN accounts ua ON ua.id = g.union_account \
     LEFT JOIN accounts ca ON ca.id = g.confederate_account";

/// Which games a list holds.
#[derive(Clone, Copy, Debug)]
pub enum ListQuery<'a> {
    /// Games this account sits in or imported.
    Mine(&'a str),
    /// Public games with this status (an open seat kept for a rematch is not offered).
    Public(&'static str),
    /// Finished games: public ones and this account's.
    Finished(Option<&'a str>),
    /// Active games with a computer seat (resumed when the server starts).
    AgainstTheComputer,
}

/// Readers and the writer.
#[derive(Clone)]
pub struct SqliteStore {
    /// Reader connections (WAL lets them read while the writer commits).
    pool: SqlitePool,
    /// The one writer.
    writer: Writer,
    /// The next notice id (handed out before the write, so that the notifier need not read
    /// it back).
    notice_ids: Arc<AtomicI64>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and runs the migrations.
    pub async fn open(path: &Path, max_batch: usize) -> Result<SqliteStore, sqlx::Error> {
        SqliteStore::open_capped(path, max_batch, 0).await
    }

    /// As [`SqliteStore::open`], with writes refused ([`WriteError::Full`]) once the database
    /// would pass `max_bytes` (0: no cap but the disk's).
    pub async fn open_capped(
        path: &Path,
        max_batch: usize,
        max_bytes: u64,
    ) -> Result<SqliteStore, sqlx::Error> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            .pragma("temp_store", "memory")
            // Up to 32 MiB of pages per connection (SQLite's default is 2 MiB), grown only as
            // the database is read: the games and actions a busy server touches stay in memory.
            .pragma("cache_size", "-32768")
            .disable_statement_logging();
        // A pool (not a bare connection) keeps the migration future `Send`.
        let migrations = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&migrations).await?;
        name_keys::fill(&migrations).await?;
        let mut writer_options = options.clone();
        let mut max_pages = 0;
        if max_bytes > 0 {
            let page_size: i64 = sqlx::query_scalar("PRAGMA page_size")
                .fetch_one(&migrations)
                .await?;
            max_pages = (max_bytes / page_size.max(512) as u64).max(1);
            writer_options = writer_options.pragma("max_page_count", max_pages.to_string());
        }
        migrations.close().await;
        // Checkpoints run beside the writer, not inside its commits (checkpointer.rs).
        let writer_conn = writer_options
            .pragma("wal_autocheckpoint", "0")
            .connect()
            .await?;
        let fast = FastWriter::open(path, max_pages)
            .map_err(|e| sqlx::Error::Configuration(e.to_string().into()))?;
        let checkpoints = checkpointer::Checkpoints::spawn(options.connect().await?);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .min_connections(1)
            .connect_with(options.read_only(true))
            .await?;
        let max: Option<i64> = sqlx::query_scalar("SELECT MAX(id) FROM notices")
            .fetch_one(&pool)
            .await?;
        Ok(SqliteStore {
            pool,
            writer: Writer::spawn(WriterParts {
                conn: writer_conn,
                fast,
                max_batch,
                checkpoints,
            })?,
            notice_ids: Arc::new(AtomicI64::new(max.unwrap_or(0) + 1)),
        })
    }

    /// A fresh id for a notice.
    pub fn next_notice_id(&self) -> i64 {
        self.notice_ids.fetch_add(1, Ordering::Relaxed)
    }

    /// Commits one write; the future resolves once it is durable (the writer has it at once:
    /// [`Writer::write`]).
    pub fn write(
        &self,
        write: Write,
    ) -> impl std::future::Future<Output = Result<(), WriteError>> + Send + use<> {
        self.writer.write(write)
    }

    /// Commits the writes already sent, checkpoints the WAL and closes every connection.
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }

    /// A game's row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} {GAME_FROM} WHERE g.id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
    }

    /// Games for a list, most recently active first.
    pub async fn games(
        &self,
        query: ListQuery<'_>,
        limit: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        let base = format!("SELECT {GAME_COLUMNS} {GAME_FROM}");
        let q = match query {
            ListQuery::Mine(account) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.union_account = ?1 OR g.confederate_account = ?1 OR g.creator = ?1 \
                 OR g.reserved_for = ?1 ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(account.to_string()),
            ListQuery::Public(status) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = ?1 AND g.visibility = 'public' AND g.reserved_for IS NULL \
                 ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(status),
            ListQuery::Finished(account) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = 'finished' AND (g.visibility = 'public' \
                 OR g.union_account = ?1 OR g.confederate_account = ?1) \
                 ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(account.unwrap_or("").to_string()),
            ListQuery::AgainstTheComputer => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = 'active' AND g.computer IS NOT NULL \
                 ORDER BY g.updated_at DESC LIMIT {limit}"
            ))),
        };
        q.fetch_all(&self.pool).await
    }

    /// Number of open or active games an account sits in.
    pub async fn live_games_of(&self, account: &str) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status != 'finished' \
             AND (union_account = ?1 OR confederate_account = ?1)",
        )
        .bind(account)
        .fetch_one(&self.pool)
        .await
    }

    /// Actions after `after`, oldest first, at most `limit`.
    pub async fn actions_after(
        &self,
        game_id: &str,
        after: i64,
        limit: i64,
    ) -> Result<Vec<ActionRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT seq, side, action, rolls, events, by_bot, created_at FROM actions \
             WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT {limit}"
        )))
        .bind(game_id)
        .bind(after)
        .fetch_all(&self.pool)
        .await
    }

    /// Every game that has started (active or finished), by id.
    pub async fn started_game_ids(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM games WHERE status != 'open' ORDER BY created_at, id")
            .fetch_all(&self.pool)
            .await
    }

    /// Every stored snapshot of a game, oldest first.
    pub async fn snapshots_of(&self, game_id: &str) -> Result<Vec<SnapshotRow>, sqlx::Error> {
        sqlx::query_as("SELECT seq, data FROM snapshots WHERE game_id = ? ORDER BY seq")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await
    }

    /// The latest snapshot of a game.
    pub async fn latest_snapshot(&self, game_id: &str) -> Result<Option<SnapshotRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT seq, data FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await
    }

    /// The latest snapshot of a game taken at or before action `seq`.
    pub async fn snapshot_at_or_before(
        &self,
        game_id: &str,
        seq: i64,
    ) -> Result<Option<SnapshotRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT seq, data FROM snapshots WHERE game_id = ? AND seq <= ? \
             ORDER BY seq DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(seq)
        .fetch_optional(&self.pool)
        .await
    }

    /// The imported game holding the game with this content hash: its id and importer.
    pub async fn import_by_hash(
        &self,
        record_hash: &str,
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query_as("SELECT id, creator FROM games WHERE record_hash = ?")
            .bind(record_hash)
            .fetch_optional(&self.pool)
            .await
    }

    /// Number of games an account imported after `since`.
    pub async fn imports_since(&self, account: &str, since: i64) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE creator = ? AND origin IS NOT NULL \
             AND created_at > ?",
        )
        .bind(account)
        .bind(since)
        .fetch_one(&self.pool)
        .await
    }

    /// Active games the sweep must look at by `now`.
    pub async fn games_to_wake(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'active' AND wake_at IS NOT NULL AND wake_at <= ? \
             ORDER BY wake_at LIMIT 1000",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await
    }

    /// An account's notice settings (defaults when it never set any).
    pub async fn notice_settings(&self, account: &str) -> Result<NoticeSettingsRow, sqlx::Error> {
        let row = sqlx::query_as(
            "SELECT webhook_url, email, email_confirmed, always, digest, webhook_error, \
             webhook_error_at, email_error, email_error_at, unsubscribe_token, webhook_secret, \
             webhook_format, digest_hour FROM notice_settings WHERE account_id = ?",
        )
        .bind(account)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// The account and expiry of an e-mail confirmation token's hash.
    pub async fn email_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<(String, i64)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT account_id, email_token_expires_at FROM notice_settings \
             WHERE email_token_hash = ? AND email_token_expires_at IS NOT NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
    }

    /// Notices due for an attempt by `now`, oldest first; a notice waits behind an older one
    /// of its account and channel that waits for a retry (each queue keeps its order).
    pub async fn due_notices(&self, now: i64, limit: i64) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {NOTICE_COLUMNS} FROM notices n WHERE next_at IS NOT NULL AND next_at <= ?1 \
             AND NOT EXISTS (SELECT 1 FROM notices o WHERE o.account_id = n.account_id \
             AND o.channel = n.channel AND o.id < n.id AND o.attempts > 0 \
             AND o.next_at > ?1) ORDER BY id LIMIT {limit}"
        )))
        .bind(now)
        .fetch_all(&self.pool)
        .await
    }

    /// Notices waiting in the outbox for a delivery attempt.
    pub async fn outbox_depth(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE next_at IS NOT NULL")
            .fetch_one(&self.pool)
            .await
    }

    /// An account's latest notices, newest first.
    pub async fn notices_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {NOTICE_COLUMNS} FROM notices WHERE account_id = ? ORDER BY id DESC LIMIT {limit}"
        )))
        .bind(account)
        .fetch_all(&self.pool)
        .await
    }

    /// Accounts whose daily digest is due at `now`: never sent; or sent a day ago or more
    /// (no hour chosen); or sent before the latest passing of the chosen UTC hour.
    pub async fn digests_due(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT account_id FROM notice_settings WHERE digest = 1 \
             AND (last_digest_at IS NULL \
             OR (digest_hour IS NULL AND last_digest_at <= ?1 - 86400) \
             OR (digest_hour IS NOT NULL AND last_digest_at < \
                 ?1 - (((?1 - digest_hour * 3600) % 86400) + 86400) % 86400)) LIMIT 1000",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await
    }

    /// Seconds of pause an account was charged in `year`.
    pub async fn vacation_used(&self, account: &str, year: i32) -> Result<i64, sqlx::Error> {
        let used: Option<i64> =
            sqlx::query_scalar("SELECT used_secs FROM vacations WHERE account_id = ? AND year = ?")
                .bind(account)
                .bind(year)
                .fetch_optional(&self.pool)
                .await?;
        Ok(used.unwrap_or(0))
    }

    /// The number of the last message of one stored chat channel of a game (0: none yet).
    pub async fn last_chat_seq(&self, game_id: &str, channel: &str) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COALESCE(MAX(seq), 0) FROM chat WHERE game_id = ? AND channel = ?",
        )
        .bind(game_id)
        .bind(channel)
        .fetch_one(&self.pool)
        .await
    }

    /// Messages of one chat channel of a game after number `after`, oldest first.
    pub async fn chat(
        &self,
        game_id: &str,
        channel: &str,
        after: i64,
        limit: i64,
    ) -> Result<Vec<ChatRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT seq, channel, author, side, text, created_at FROM chat \
             WHERE game_id = ? AND channel = ? AND seq > ? ORDER BY seq LIMIT {limit}"
        )))
        .bind(game_id)
        .bind(channel)
        .bind(after)
        .fetch_all(&self.pool)
        .await
    }
}

const NOTICE_COLUMNS: &str = "id, account_id, channel, kind, game_id, body, created_at, attempts, \
     next_at, sent_at, failed, last_error, seq, dropped";
