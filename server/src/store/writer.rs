//! The single writer: every change to the store goes through one thread holding the
//! connections, which commits whatever has queued up in one transaction (group commit). Each
//! write's sender is answered only after the commit that holds it is durable (fsync).
//!
//! A batch of the writes a game's life is made of (actions, a new game, a seat taken, a
//! snapshot: the hot path) is committed by the thread itself on its own connection
//! ([`FastWriter`]); any other batch, and one the fast path declines, through sqlx's
//! connection, write by write where a write may conflict.

use std::sync::Arc;
use std::time::Instant;

use sqlx::sqlite::SqliteConnection;
use sqlx::{Connection, Executor};
use tokio::runtime::Handle;
use tokio::sync::{mpsc, oneshot};
use tracing::{error, warn};

use super::account_writes;
use super::checkpointer::{self, Checkpoints};
use super::fast_commit::{self, FastCommit, FastWriter};
use super::notice_writes;
use super::statements::{ACTIONS_PER_STATEMENT, append_actions, apply};
use super::stats::StoreStats;
use super::writes::{Write, WriteError};

struct Pending {
    write: Write,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

/// What the writer thread is sent.
#[expect(
    clippy::large_enum_variant,
    reason = "a write is sent by value once; boxing it would cost an allocation per write"
)]
enum Job {
    /// A write to commit.
    Write(Pending),
    /// Commit what came before, fold the WAL into the database file, close, then answer.
    Close(oneshot::Sender<()>),
}

/// A handle for sending writes; cheap to clone.
#[derive(Clone)]
pub struct Writer {
    tx: mpsc::Sender<Job>,
    /// What the writer measures of its commits (`/metrics`).
    stats: Arc<StoreStats>,
}

/// The writer thread's connections and settings.
pub(super) struct WriterParts {
    /// sqlx's connection: every batch the fast path does not take whole.
    pub conn: SqliteConnection,
    /// The thread's own connection for the hot path.
    pub fast: FastWriter,
    /// The most writes committed at once.
    pub max_batch: usize,
    /// Asked to fold the WAL in every [`checkpointer::EVERY`] commits.
    pub checkpoints: Checkpoints,
}

impl Writer {
    /// Starts the writer thread. It runs sqlx's futures on the runtime it is started from.
    pub(super) fn spawn(parts: WriterParts) -> std::io::Result<Writer> {
        let max_batch = parts.max_batch.max(1);
        // Room for every live game to have a write in flight, and then some.
        let (tx, rx) = mpsc::channel(max_batch * 8);
        let runtime = Handle::current();
        let stats = parts.fast.stats();
        let measured = stats.clone();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(runtime, parts, rx, max_batch, &measured))?;
        Ok(Writer { tx, stats })
    }

    /// What the writer measured of its commits.
    pub fn stats(&self) -> &StoreStats {
        &self.stats
    }

    /// Commits one write; the future resolves once it is durable. The write is handed to the
    /// writer at once, before the future is first polled (unless the queue is full), so the
    /// caller can work while it commits (a game builds its updates during the fsync).
    pub fn write(
        &self,
        write: Write,
    ) -> impl std::future::Future<Output = Result<(), WriteError>> + Send + use<> {
        let (reply, answer) = oneshot::channel();
        let waiting = match self.tx.try_send(Job::Write(Pending { write, reply })) {
            Ok(()) => None,
            Err(mpsc::error::TrySendError::Full(job)) => Some(job),
            Err(mpsc::error::TrySendError::Closed(_)) => {
                return futures_util::future::Either::Left(std::future::ready(Err(
                    WriteError::Store("the store is shut down".into()),
                )));
            }
        };
        let tx = self.tx.clone();
        futures_util::future::Either::Right(async move {
            if let Some(job) = waiting {
                tx.send(job)
                    .await
                    .map_err(|_| WriteError::Store("the store is shut down".into()))?;
            }
            answer
                .await
                .map_err(|_| WriteError::Store("the store writer stopped".into()))?
        })
    }

    /// Commits every write sent before this call, checkpoints the WAL and closes the
    /// connection; later writes fail with "the store is shut down".
    pub async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.tx.send(Job::Close(done)).await.is_ok() {
            let _ = closed.await;
        }
    }
}

fn run(
    runtime: Handle,
    parts: WriterParts,
    mut rx: mpsc::Receiver<Job>,
    max_batch: usize,
    stats: &StoreStats,
) {
    let WriterParts {
        mut conn,
        mut fast,
        checkpoints,
        ..
    } = parts;
    let mut commits = 0u64;
    let mut batch: Vec<Pending> = Vec::with_capacity(max_batch);
    let mut closing = None;
    while closing.is_none() {
        let Some(first) = rx.blocking_recv() else {
            break;
        };
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Write(pending) if closing.is_none() => batch.push(pending),
                // Sent after the close: refused (its sender sees the store shut down).
                Job::Write(_) => {}
                Job::Close(done) => closing = closing.or(Some(done)),
            }
            if batch.len() < max_batch {
                next = rx.try_recv().ok();
            }
        }
        if batch.is_empty() {
            continue;
        }
        let began = Instant::now();
        commits += 1;
        // The writer folds the WAL itself now and then (after this commit, below), the
        // background task the rest of the time; never both at once.
        let rewind = commits.is_multiple_of(checkpointer::REWIND_EVERY);
        if commits.is_multiple_of(checkpointer::EVERY) && !rewind {
            checkpoints.ask();
        }
        match fast_alone(&batch).map(|writes| fast.commit(&writes)) {
            Some(FastCommit::Done) => {
                let done = std::iter::repeat_with(|| Ok(()));
                answer(&mut batch, done, stats, began);
            }
            Some(FastCommit::Declined(why)) => {
                warn!(error = %why, size = batch.len(), "group commit failed; committing one by one");
                let results = runtime.block_on(commit_batch(&mut conn, &batch, false, stats));
                answer(&mut batch, results, stats, began);
            }
            None => {
                let results = runtime.block_on(commit_batch(&mut conn, &batch, true, stats));
                answer(&mut batch, results, stats, began);
            }
        }
        // Whichever connection committed: the WAL is one.
        if rewind {
            fast.rewind_wal();
        }
    }
    drop(fast);
    rx.close();
    runtime.block_on(async move {
        checkpoints.close().await;
        while let Ok(job) = rx.try_recv() {
            if let Job::Close(done) = job {
                let _ = done.send(());
            }
        }
        if let Err(e) = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").await {
            warn!(error = %e, "the WAL was not checkpointed at shutdown; SQLite folds it in at the next start");
        }
        let _ = conn.close().await;
        if let Some(done) = closing {
            let _ = done.send(());
        }
    });
}

/// The batch's writes, when the fast path takes every one of them.
fn fast_alone(batch: &[Pending]) -> Option<Vec<&Write>> {
    batch
        .iter()
        .map(|p| fast_commit::takes(&p.write).then_some(&p.write))
        .collect()
}

/// Commits `batch` and gives each write's answer, in order: all in one transaction when
/// `together`, else (or when that fails for one write) each write alone, so only the faulty
/// one fails.
async fn commit_batch(
    conn: &mut SqliteConnection,
    batch: &[Pending],
    together: bool,
    stats: &StoreStats,
) -> Vec<Result<(), WriteError>> {
    if together && !batch.is_empty() {
        match commit(conn, batch, stats).await {
            Ok(results) => return results,
            // No room: every write of the batch would fail alike.
            Err(e) if is_full(&e) => {
                error!(error = %e, size = batch.len(), "the disk is full: writes refused");
                return batch.iter().map(|_| Err(WriteError::Full)).collect();
            }
            Err(e) => {
                warn!(error = %e, size = batch.len(), "group commit failed; committing one by one");
            }
        }
    }
    let mut results = Vec::with_capacity(batch.len());
    for pending in batch {
        results.push(
            match commit(conn, std::slice::from_ref(pending), stats).await {
                Ok(mut results) => results.pop().unwrap_or(Ok(())),
                Err(e) => {
                    error!(error = %e, "store write failed");
                    Err(classify(&e))
                }
            },
        );
    }
    results
}

/// Counts the group commit that began at `began` (before anyone hears of it: a caller that
/// reads `/metrics` after its answer finds its commit counted), then answers each write.
fn answer(
    batch: &mut Vec<Pending>,
    results: impl IntoIterator<Item = Result<(), WriteError>>,
    stats: &StoreStats,
    began: Instant,
) {
    stats.group(batch.len(), began);
    for (pending, result) in batch.drain(..).zip(results) {
        let _ = pending.reply.send(result);
    }
}

/// Commits `batch` in one transaction. Writes that may conflict run inside a savepoint so a
/// conflict fails only that write. Actions go last, many to a statement: every write in a
/// batch is independent of the others (a sender waits for its answer before sending anything
/// that depends on it), so the order within a batch does not matter. Any other error fails
/// the whole batch.
async fn commit(
    conn: &mut SqliteConnection,
    batch: &[Pending],
    stats: &StoreStats,
) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
    conn.execute("BEGIN IMMEDIATE").await?;
    let result = commit_inside(conn, batch).await;
    match result {
        Ok(results) => match timed(stats, conn.execute("COMMIT")).await {
            Ok(_) => Ok(results),
            Err(e) => {
                let _ = conn.execute("ROLLBACK").await;
                Err(e)
            }
        },
        Err(e) => {
            let _ = conn.execute("ROLLBACK").await;
            Err(e)
        }
    }
}

/// Runs `step` (a `COMMIT`) and counts how long it took as the durable step.
async fn timed<T>(stats: &StoreStats, step: impl std::future::Future<Output = T>) -> T {
    let began = Instant::now();
    let done = step.await;
    stats.durable(began.elapsed());
    done
}

async fn commit_inside(
    conn: &mut SqliteConnection,
    batch: &[Pending],
) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
    let mut results = vec![Ok(()); batch.len()];
    let mut actions = Vec::new();
    for (i, pending) in batch.iter().enumerate() {
        match &pending.write {
            Write::Action(action) => actions.push(action),
            write if may_conflict(write) => {
                conn.execute("SAVEPOINT w").await?;
                let result = match apply(conn, write).await {
                    Ok(result) => result,
                    Err(e) if is_constraint(&e) => {
                        Err(WriteError::Conflict(conflict_sentence(write)))
                    }
                    Err(e) => return Err(e),
                };
                if result.is_err() {
                    conn.execute("ROLLBACK TO w").await?;
                }
                conn.execute("RELEASE w").await?;
                results[i] = result;
            }
            write => {
                if let Err(conflict) = apply(conn, write).await? {
                    return Err(sqlx::Error::Protocol(format!("{conflict:?}")));
                }
            }
        }
    }
    for chunk in actions.chunks(ACTIONS_PER_STATEMENT) {
        append_actions(conn, chunk).await?;
    }
    Ok(results)
}

pub(super) fn may_conflict(write: &Write) -> bool {
    matches!(
        write,
        Write::CreateAccount { .. }
            | Write::CreateGame(_)
            | Write::Join { .. }
            | Write::Import(_)
            | Write::Vacation { .. }
            | Write::Chat { .. }
            | Write::Clock { .. }
    ) || matches!(write, Write::Notices(n) if notice_writes::may_conflict(n))
        || matches!(write, Write::Accounts(a) if account_writes::may_conflict(a))
}

pub(super) fn conflict_sentence(write: &Write) -> String {
    match write {
        Write::CreateAccount { name, .. } => format!(
            "the name {name:?} is taken (names that differ only in case, or in the width or \
             form of their letters, are the same name)"
        ),
        Write::CreateGame(_) => "a game with that id or invite code exists".to_string(),
        Write::Join { .. } => "that seat has already been taken".to_string(),
        Write::Import(_) => "that game has already been imported to this server".to_string(),
        Write::Vacation { .. } => "that pause would exceed the yearly allowance".to_string(),
        Write::Chat { .. } => {
            "the game or account is gone, or another message took that number; try again"
                .to_string()
        }
        Write::Notices(n) => notice_writes::conflict_sentence(n),
        Write::Accounts(a) => account_writes::conflict_sentence(a),
        Write::Action(_)
        | Write::Snapshot { .. }
        | Write::Checkpoints { .. }
        | Write::Clock { .. } => "the game moved on".to_string(),
    }
}

fn is_constraint(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation() || db.is_check_violation() || db.is_foreign_key_violation())
}

/// SQLite's primary result code for "database or disk is full" (`SQLITE_FULL`): the disk
/// has no room, or the database reached its `max_page_count`.
const SQLITE_FULL: &str = "13";

fn is_full(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().as_deref() == Some(SQLITE_FULL))
}

fn classify(e: &sqlx::Error) -> WriteError {
    if is_full(e) {
        WriteError::Full
    } else if is_constraint(e) {
        WriteError::Conflict("the write conflicts with what is stored".into())
    } else if let sqlx::Error::Protocol(why) = e {
        WriteError::Conflict(why.clone())
    } else {
        WriteError::Store(e.to_string())
    }
}
