//! The writer's connection to PostgreSQL, opened again when it is lost (PostgreSQL restarted,
//! a fail-over, a network cut): the writes of the transaction it broke fail with a store
//! error, and the next transaction starts on a new connection.

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::{ConnectOptions, Connection, Executor};
use tracing::warn;

/// The writer's connection and how to open it again.
pub(super) struct Link {
    options: PgConnectOptions,
    conn: Option<PgConnection>,
}

impl Link {
    pub(super) fn new(conn: PgConnection, options: PgConnectOptions) -> Link {
        Link {
            options,
            conn: Some(conn),
        }
    }

    /// Starts a transaction. A connection found lost at `BEGIN` (nothing of the transaction
    /// was sent on it) is replaced at once, so the first write after PostgreSQL comes back
    /// succeeds.
    pub(super) async fn begin(&mut self) -> Result<&mut PgConnection, sqlx::Error> {
        if let Some(conn) = self.conn.as_mut()
            && let Err(e) = conn.execute("BEGIN").await
        {
            if !is_lost(&e) {
                return Err(e);
            }
            warn!(error = %e, "the connection to PostgreSQL was lost; connecting again");
            self.conn = None;
        } else if self.conn.is_none() {
            // Lost earlier: connect below.
        } else {
            return self.connected();
        }
        let mut conn = self.options.connect().await?;
        conn.execute("BEGIN").await?;
        self.conn = Some(conn);
        self.connected()
    }

    /// The connection, outside any transaction (each statement commits on its own), opened
    /// again if it was lost.
    pub(super) async fn autocommit(&mut self) -> Result<&mut PgConnection, sqlx::Error> {
        if self.conn.is_none() {
            self.conn = Some(self.options.connect().await?);
        }
        self.connected()
    }

    /// Forgets a connection found lost (the next use opens another).
    pub(super) fn lost(&mut self) {
        self.conn = None;
    }

    fn connected(&mut self) -> Result<&mut PgConnection, sqlx::Error> {
        self.conn.as_mut().ok_or(sqlx::Error::PoolClosed)
    }

    /// Ends the transaction `begin` started: `COMMIT`, or `ROLLBACK` when `commit` is false.
    /// A connection lost on the way is dropped (the next `begin` opens another).
    pub(super) async fn end(&mut self, commit: bool) -> Result<(), sqlx::Error> {
        let Some(conn) = self.conn.as_mut() else {
            return Err(sqlx::Error::PoolClosed);
        };
        let done = conn
            .execute(if commit { "COMMIT" } else { "ROLLBACK" })
            .await;
        match done {
            Ok(_) => Ok(()),
            Err(e) => {
                if is_lost(&e) {
                    self.conn = None;
                }
                Err(e)
            }
        }
    }

    /// Closes the connection.
    pub(super) async fn close(self) {
        if let Some(conn) = self.conn {
            let _ = conn.close().await;
        }
    }
}

/// Whether `e` says the connection is gone (rather than that a statement failed on it).
pub(super) fn is_lost(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::WorkerCrashed => true,
        // Class 08: connection exception; 57P01-57P03: the server shuts down or restarts.
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|code| code.starts_with("08") || code.starts_with("57P")),
        _ => false,
    }
}
