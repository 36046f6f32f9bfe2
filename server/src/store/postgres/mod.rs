//! The store on PostgreSQL ([`PostgresStore`]), chosen by `--db postgres://…`: the schema and
//! behaviour of the SQLite store in PostgreSQL's dialect (`migrations/postgres/`), one writer
//! connection with group commit ([`writer`]) and a pool of readers.
//!
//! # Why: one writer connection, as on SQLite, rather than a write per pooled connection.
//! The batching loop, the savepoint per write a constraint may refuse and the retry of a
//! broken batch write by write are the SQLite writer's, so both stores answer every write
//! alike; a batch costs one commit (one WAL flush) however many games it moves on, and a
//! batch of actions alone one round trip ([`one_trip`]). Several
//! server processes on one database each have their own writer; PostgreSQL serialises
//! them, and the guards (a game must be at the action before) hold across processes.

mod account_reads;
mod account_writes;
mod link;
mod nodes;
mod notice_writes;
mod one_trip;
mod reads;
mod statements;
mod store_api;
mod writer;

use sqlx::ConnectOptions;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use super::writes::{Write, WriteError};
use writer::Writer;

/// The migrations in `migrations/postgres/`, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// Readers and the writer, on one PostgreSQL database.
#[derive(Clone)]
pub struct PostgresStore {
    /// Reader connections.
    pool: PgPool,
    /// The one writer.
    writer: Writer,
    /// This server's block of notice ids: the next to hand out and the first past the block
    /// (ids come in blocks from the `id_blocks` row, so that servers never collide).
    notice_ids: Arc<tokio::sync::Mutex<(i64, i64)>>,
    /// Set once something listens for changed games ([`PostgresStore::changes`]).
    listening: Arc<std::sync::atomic::AtomicBool>,
    /// This server's name among the servers on the database (random per process), in every
    /// one of its connections' `application_name`: another server tells from
    /// `pg_stat_activity` whether it still lives ([`PostgresStore::node_alive`]).
    node: String,
}

/// Notice ids a server takes at once.
const NOTICE_ID_BLOCK: i64 = 64;

/// The `application_name` of server `node`'s connections (its writer's adds " writer").
fn session_name(node: &str) -> String {
    format!("adjutant-server {node}")
}

/// Whether `db` (the `--db` value) names a PostgreSQL database.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`), runs the
    /// migrations and starts the writer, committing at most `max_batch` writes at once.
    pub async fn open(url: &str, max_batch: usize) -> Result<PostgresStore, sqlx::Error> {
        PostgresStore::open_with(PgConnectOptions::from_str(url)?, max_batch).await
    }

    /// As [`PostgresStore::open`], on connection options already parsed.
    pub async fn open_with(
        options: PgConnectOptions,
        max_batch: usize,
    ) -> Result<PostgresStore, sqlx::Error> {
        let node = uuid::Uuid::new_v4().simple().to_string();
        let options = options
            // A write is answered only once its commit is durable, whatever the server's
            // default for the session.
            .options([("synchronous_commit", "on")])
            .application_name(&session_name(&node))
            .disable_statement_logging();
        // The writer's connection first: a server that cannot be reached (or refuses the
        // credentials) is reported in its own words at once, not as a pool's timeout.
        let writer_options = options
            .clone()
            .application_name(&format!("{} writer", session_name(&node)));
        let writer_conn = writer_options.connect().await?;
        let pool = PgPoolOptions::new()
            .max_connections(8)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        MIGRATOR.run(&pool).await?;
        Ok(PostgresStore {
            pool,
            writer: Writer::spawn(writer_conn, writer_options, max_batch),
            notice_ids: Arc::new(tokio::sync::Mutex::new((0, 0))),
            listening: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            node,
        })
    }

    /// This server's name among the servers on the database.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// A fresh id for a notice: the next of this server's block, a new block taken when it
    /// is used up.
    pub async fn next_notice_id(&self) -> Result<i64, WriteError> {
        let mut ids = self.notice_ids.lock().await;
        if ids.0 >= ids.1 {
            let end: i64 = sqlx::query_scalar(
                "UPDATE id_blocks SET next = next + $1 WHERE name = 'notices' RETURNING next",
            )
            .bind(NOTICE_ID_BLOCK)
            .fetch_one(&self.pool)
            .await
            .map_err(|e| WriteError::Store(format!("taking notice ids: {e}")))?;
            *ids = (end - NOTICE_ID_BLOCK, end);
        }
        ids.0 += 1;
        Ok(ids.0 - 1)
    }

    /// Commits one write; the future resolves once it is committed.
    pub fn write(
        &self,
        write: Write,
    ) -> impl std::future::Future<Output = Result<(), WriteError>> + Send + use<> {
        self.writer.write(write)
    }

    /// Commits the writes already sent and closes every connection.
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// `$first, $first+1, …` for `count` values, in parentheses: one row of a multi-row VALUES.
fn row_of(first: usize, count: usize) -> String {
    let params: Vec<String> = (first..first + count).map(|i| format!("${i}")).collect();
    format!("({})", params.join(", "))
}

/// `rows` rows of `width` placeholders each, numbered from `$1`.
fn rows_of(rows: usize, width: usize) -> String {
    (0..rows)
        .map(|r| row_of(1 + r * width, width))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn placeholders_number_on_across_rows() {
        assert_eq!(super::rows_of(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert!(super::is_postgres_url("postgresql://u@h/db"));
        assert!(!super::is_postgres_url("adjutant.db"));
    }
}
