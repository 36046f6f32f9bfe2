//! The SQLite store: WAL, `synchronous = FULL` (every commit is fsynced), migrations at
//! start-up, one writer connection with group commit ([`writer`]) and a pool of readers.

mod rows;
pub mod writer;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{AssertSqlSafe, ConnectOptions};
use std::path::Path;
use std::time::Duration;

pub use rows::{AccountRow, ActionRow, GameRow, SnapshotRow};
pub use writer::{NewAction, NewGame, Write, WriteError, Writer};

/// The migrations in `migrations/`, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// The columns of a game row with its players' names.
const GAME_COLUMNS: &str = "g.id, g.game, g.scenario, g.options, g.visibility, g.status, g.creator, \
     g.union_account, g.confederate_account, ua.name AS union_name, ca.name AS confederate_name, \
     g.union_secret, g.confederate_secret, g.seed, g.seed_commitment, g.invite_code, \
     g.spectate_code, g.seq, g.to_act, g.outcome, g.created_at, g.updated_at";

const GAME_FROM: &str = "FROM games g LEFT JOIN accounts ua ON ua.id = g.union_account \
     LEFT JOIN accounts ca ON ca.id = g.confederate_account";

/// Which games a list holds.
#[derive(Clone, Copy, Debug)]
pub enum ListQuery<'a> {
    /// Games this account sits in.
    Mine(&'a str),
    /// Public games with this status.
    Public(&'static str),
    /// Finished games: public ones and this account's.
    Finished(Option<&'a str>),
}

/// Readers and the writer.
#[derive(Clone)]
pub struct Store {
    /// Reader connections (WAL lets them read while the writer commits).
    pool: SqlitePool,
    /// The one writer.
    writer: Writer,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and runs the migrations.
    pub async fn open(path: &Path, max_batch: usize) -> Result<Store, sqlx::Error> {
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            .pragma("temp_store", "memory")
            .disable_statement_logging();
        // A pool (not a bare connection) keeps the migration future `Send`.
        let migrations = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&migrations).await?;
        migrations.close().await;
        let writer_conn = options.connect().await?;
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .min_connections(1)
            .connect_with(options.read_only(true))
            .await?;
        Ok(Store {
            pool,
            writer: Writer::spawn(writer_conn, max_batch),
        })
    }

    /// Commits one write; returns once it is durable.
    pub async fn write(&self, write: Write) -> Result<(), WriteError> {
        self.writer.write(write).await
    }

    /// The account whose token hashes to `token_hash`.
    pub async fn account_by_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<AccountRow>, sqlx::Error> {
        sqlx::query_as("SELECT id, name FROM accounts WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await
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
                "{base} WHERE g.union_account = ?1 OR g.confederate_account = ?1 \
                 ORDER BY g.updated_at DESC LIMIT ?2"
            )))
            .bind(account.to_string()),
            ListQuery::Public(status) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = ?1 AND g.visibility = 'public' ORDER BY g.updated_at DESC LIMIT ?2"
            )))
            .bind(status),
            ListQuery::Finished(account) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = 'finished' AND (g.visibility = 'public' \
                 OR g.union_account = ?1 OR g.confederate_account = ?1) \
                 ORDER BY g.updated_at DESC LIMIT ?2"
            )))
            .bind(account.unwrap_or("").to_string()),
        };
        q.bind(limit).fetch_all(&self.pool).await
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
        sqlx::query_as(
            "SELECT seq, side, action, rolls, events FROM actions \
             WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
        )
        .bind(game_id)
        .bind(after)
        .bind(limit)
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
}
