//! The PostgreSQL store's single writer: one task holding one connection commits whatever has
//! queued up in one transaction (group commit), as the SQLite writer does
//! (`store/writer.rs`); each write's sender is answered only after the commit that holds it
//! returns (`synchronous_commit = on`: the commit is flushed to PostgreSQL's WAL).

use std::sync::Arc;
use std::time::Instant;

use sqlx::Executor;
use sqlx::postgres::{PgConnectOptions, PgConnection};
use tokio::sync::{mpsc, oneshot};
use tracing::{error, warn};

use super::super::stats::StoreStats;
use super::super::writer::{conflict_sentence, may_conflict};
use super::super::writes::{NewAction, Write, WriteError};
use super::link::{Link, is_lost};
use super::one_trip;
use super::statements::{ACTIONS_PER_STATEMENT, append_actions, apply};

struct Pending {
    write: Write,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

#[expect(
    clippy::large_enum_variant,
    reason = "a write is sent by value once; boxing it would cost an allocation per write"
)]
enum Job {
    Write(Pending),
    /// Commit what came before, close, then answer.
    Close(oneshot::Sender<()>),
}

/// A handle for sending writes; cheap to clone.
#[derive(Clone)]
pub(super) struct Writer {
    tx: mpsc::Sender<Job>,
    /// What the writer measures of its commits (`/metrics`).
    stats: Arc<StoreStats>,
}

impl Writer {
    /// Starts the writer task on `conn` (opened again with `options` when lost), committing
    /// at most `max_batch` writes at once.
    pub(super) fn spawn(conn: PgConnection, options: PgConnectOptions, max_batch: usize) -> Writer {
        let (tx, rx) = mpsc::channel(max_batch.max(1) * 8);
        let stats = Arc::new(StoreStats::default());
        let link = Link::new(conn, options);
        tokio::spawn(run(link, rx, max_batch.max(1), stats.clone()));
        Writer { tx, stats }
    }

    /// What the writer measured of its commits.
    pub(super) fn stats(&self) -> &StoreStats {
        &self.stats
    }

    /// Commits one write; the write is handed over at once (before the future is polled,
    /// unless the queue is full), and the future resolves once it is committed.
    pub(super) fn write(
        &self,
        write: Write,
    ) -> impl std::future::Future<Output = Result<(), WriteError>> + Send + use<> {
        let (reply, answer) = oneshot::channel();
        let shut = || WriteError::Store("the store is shut down".into());
        let waiting = match self.tx.try_send(Job::Write(Pending { write, reply })) {
            Ok(()) => None,
            Err(mpsc::error::TrySendError::Full(job)) => Some(job),
            Err(mpsc::error::TrySendError::Closed(_)) => {
                return futures_util::future::Either::Left(std::future::ready(Err(shut())));
            }
        };
        let tx = self.tx.clone();
        futures_util::future::Either::Right(async move {
            if let Some(job) = waiting {
                tx.send(job).await.map_err(|_| shut())?;
            }
            answer
                .await
                .map_err(|_| WriteError::Store("the store writer stopped".into()))?
        })
    }

    /// Commits every write sent before this call and closes the connection.
    pub(super) async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.tx.send(Job::Close(done)).await.is_ok() {
            let _ = closed.await;
        }
    }
}

async fn run(
    mut link: Link,
    mut rx: mpsc::Receiver<Job>,
    max_batch: usize,
    stats: Arc<StoreStats>,
) {
    let mut jobs: Vec<Job> = Vec::with_capacity(max_batch);
    let mut batch: Vec<Pending> = Vec::with_capacity(max_batch);
    let mut closing = None;
    while closing.is_none() && rx.recv_many(&mut jobs, max_batch).await > 0 {
        for job in jobs.drain(..) {
            match job {
                Job::Write(pending) if closing.is_none() => batch.push(pending),
                Job::Write(_) => {}
                Job::Close(done) => closing = closing.or(Some(done)),
            }
        }
        if batch.is_empty() {
            continue;
        }
        let began = Instant::now();
        let results = commit_batch(&mut link, &batch, &stats).await;
        // Counted before anyone hears of it: a caller that reads `/metrics` after its
        // answer finds its commit counted.
        stats.group(batch.len(), began);
        for (pending, result) in batch.drain(..).zip(results) {
            let _ = pending.reply.send(result);
        }
    }
    rx.close();
    while let Ok(job) = rx.try_recv() {
        if let Job::Close(done) = job {
            let _ = done.send(());
        }
    }
    link.close().await;
    if let Some(done) = closing {
        let _ = done.send(());
    }
}

/// Why an action was refused because its game was not where the action found it (another
/// server moved it on, or took its lease: to the actor both mean "read the game again"), in
/// the words every store uses for one action refused alone.
const NOT_AT_THE_ACTION_BEFORE: &str =
    "1 of 1 games were not at the action before the one appended";

/// Why an action was refused because it is already stored (the words of a duplicate row on
/// the general path: [`classify`]).
const ALREADY_STORED: &str = "the write conflicts with what is stored";

/// Whether no two of `actions` are of one game (the one-statement commit's condition: it
/// moves each game on from the action before, once).
fn one_per_game(actions: &[&NewAction]) -> bool {
    let mut games: Vec<&str> = actions.iter().map(|a| a.game_id.as_str()).collect();
    games.sort_unstable();
    games.windows(2).all(|w| w[0] != w[1])
}

/// Commits `batch` and gives each write's answer, in order.
async fn commit_batch(
    link: &mut Link,
    batch: &[Pending],
    stats: &StoreStats,
) -> Vec<Result<(), WriteError>> {
    let actions: Vec<&NewAction> = batch
        .iter()
        .filter_map(|p| match &p.write {
            Write::Action(a) => Some(a),
            _ => None,
        })
        .collect();
    if actions.len() == batch.len()
        && actions.len() <= ACTIONS_PER_STATEMENT
        && one_per_game(&actions)
    {
        // Actions alone (the hot path): one statement, one round trip; an action whose game
        // moved on elsewhere is refused alone. If the statement fails, nothing of it was
        // committed; the batch goes the ordinary way below.
        let done = match link.autocommit().await {
            Ok(conn) => {
                let began = Instant::now();
                let done = one_trip::commit_actions(conn, &actions).await;
                stats.durable(began.elapsed());
                done
            }
            Err(e) => Err(e),
        };
        match done {
            Ok(committed) => {
                return actions
                    .iter()
                    .map(|a| {
                        if committed.committed.contains(&a.game_id) {
                            Ok(())
                        } else if committed.taken.contains(&a.game_id) {
                            Err(WriteError::Conflict(ALREADY_STORED.to_string()))
                        } else {
                            Err(WriteError::Conflict(NOT_AT_THE_ACTION_BEFORE.to_string()))
                        }
                    })
                    .collect();
            }
            Err(e) if is_lost(&e) => link.lost(),
            Err(_) => {}
        }
    }
    match commit(link, batch, stats).await {
        Ok(results) => results,
        Err(e) if is_full(&e) => {
            error!(error = %e, size = batch.len(), "the database's disk is full: writes refused");
            batch.iter().map(|_| Err(WriteError::Full)).collect()
        }
        // The connection (or PostgreSQL) went away: each write would fail alike. A write
        // whose COMMIT was sent may have been committed; it is not acknowledged either way.
        Err(e) if is_lost(&e) => {
            error!(error = %e, size = batch.len(), "PostgreSQL cannot be reached: writes refused");
            batch.iter().map(|_| Err(classify(&e))).collect()
        }
        Err(e) => {
            // One write broke the batch: commit each alone so only it fails.
            warn!(error = %e, size = batch.len(), "group commit failed; committing one by one");
            let mut results = Vec::with_capacity(batch.len());
            for pending in batch {
                results.push(
                    match commit(link, std::slice::from_ref(pending), stats).await {
                        Ok(mut results) => results.pop().unwrap_or(Ok(())),
                        Err(e) => {
                            let refused = classify(&e);
                            // A conflict is the write's own fault (an action another server
                            // got in first, a name taken): its caller is told; not the store's.
                            if matches!(refused, WriteError::Conflict(_)) {
                                warn!(error = %e, "store write refused");
                            } else {
                                error!(error = %e, "store write failed");
                            }
                            Err(refused)
                        }
                    },
                );
            }
            results
        }
    }
}

/// Commits `batch` in one transaction: writes a constraint may refuse inside a savepoint
/// each, actions last, many to a statement (the writes of a batch are independent of each
/// other). Any other error fails the whole batch, rolled back.
async fn commit(
    link: &mut Link,
    batch: &[Pending],
    stats: &StoreStats,
) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
    let conn = link.begin().await?;
    match commit_inside(conn, batch).await {
        Ok(results) => {
            let began = Instant::now();
            let ended = link.end(true).await;
            stats.durable(began.elapsed());
            match ended {
                Ok(()) => Ok(results),
                Err(e) => {
                    let _ = link.end(false).await;
                    Err(e)
                }
            }
        }
        Err(e) => {
            let _ = link.end(false).await;
            Err(e)
        }
    }
}

async fn commit_inside(
    conn: &mut PgConnection,
    batch: &[Pending],
) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
    let mut results = vec![Ok(()); batch.len()];
    let mut actions: Vec<&NewAction> = Vec::new();
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
                    conn.execute("ROLLBACK TO SAVEPOINT w").await?;
                }
                conn.execute("RELEASE SAVEPOINT w").await?;
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

fn is_constraint(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation() || db.is_check_violation() || db.is_foreign_key_violation())
}

/// PostgreSQL's SQLSTATE for "disk full" (class 53, insufficient resources).
const DISK_FULL: &str = "53100";

fn is_full(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.code().as_deref() == Some(DISK_FULL))
}

fn classify(e: &sqlx::Error) -> WriteError {
    if is_full(e) {
        WriteError::Full
    } else if is_constraint(e) {
        WriteError::Conflict(ALREADY_STORED.into())
    } else if let sqlx::Error::Protocol(why) = e {
        WriteError::Conflict(why.clone())
    } else if is_lost(e) {
        WriteError::Store(format!("PostgreSQL cannot be reached: {e}"))
    } else {
        WriteError::Store(e.to_string())
    }
}
