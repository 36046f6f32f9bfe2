//! WAL checkpoints off the commit path. SQLite's automatic checkpoint runs inside whichever
//! commit crosses its threshold, which then takes a millisecond more (it fed the p99). The
//! writer's connection has it off (`wal_autocheckpoint = 0`) and tells this task every
//! [`EVERY`] commits; the task runs a `PASSIVE` checkpoint on a connection of its own, on
//! SQLite's thread for that connection, while the writer goes on committing (WAL lets a
//! passive checkpoint and a writer run together: the checkpoint copies what is committed and
//! stops short of what is being written).

use sqlx::sqlite::SqliteConnection;
use sqlx::{Connection, Executor};
use tokio::sync::{mpsc, oneshot};
use tracing::warn;

/// Commits between two checkpoints (SQLite's own default is every 1,000 WAL pages; a group
/// commit of actions writes a few pages).
pub const EVERY: u64 = 256;

/// Commits between two checkpoints by the writer itself ([`super::fast_commit::FastWriter::rewind_wal`]):
/// the checkpoints above run beside a writer that never stops under steady play, so each
/// ends a little short of the WAL's end, and SQLite starts the WAL again from its beginning
/// only after one that reaches it. Without this the WAL file grew by every commit's pages for
/// as long as play went on (82 MB in six seconds of one game at full speed), each commit
/// extending the file (its fsync then writes the file's size and block map too).
pub const REWIND_EVERY: u64 = 8 * EVERY;

/// What the checkpoint task is sent.
enum Ask {
    /// Fold what is committed into the database file.
    Checkpoint,
    /// Close the connection and stop, then answer.
    Close(oneshot::Sender<()>),
}

/// Tells the checkpoint task when to run; cheap to clone.
#[derive(Clone)]
pub struct Checkpoints {
    tx: mpsc::Sender<Ask>,
}

impl Checkpoints {
    /// Starts the task on `conn` (a read-write connection to the same database).
    pub fn spawn(mut conn: SqliteConnection) -> Checkpoints {
        // Room for one waiting request: more asked while one runs add nothing.
        let (tx, mut rx) = mpsc::channel(2);
        tokio::spawn(async move {
            while let Some(ask) = rx.recv().await {
                match ask {
                    Ask::Checkpoint => {
                        if let Err(e) = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").await {
                            warn!(error = %e, "a WAL checkpoint failed; the next one folds it in");
                        }
                    }
                    Ask::Close(done) => {
                        let _ = conn.close().await;
                        let _ = done.send(());
                        return;
                    }
                }
            }
        });
        Checkpoints { tx }
    }

    /// Asks for a checkpoint (one asked while another waits adds nothing).
    pub fn ask(&self) {
        let _ = self.tx.try_send(Ask::Checkpoint);
    }

    /// Closes the task's connection (before the writer's last checkpoint at shutdown).
    pub async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.tx.send(Ask::Close(done)).await.is_ok() {
            let _ = closed.await;
        }
    }
}
