//! The single writer: every change to the store goes through one task holding one
//! connection, which commits whatever has queued up in one transaction (group commit). Each
//! write's sender is answered only after the commit that holds it is durable (fsync).

use sqlx::sqlite::SqliteConnection;
use sqlx::{AssertSqlSafe, Connection, Executor};
use tokio::sync::{mpsc, oneshot};
use tracing::{error, warn};

use super::notice_writes::{self, NoticeWrite};

/// One change to the store.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new account.
    CreateAccount {
        id: String,
        name: String,
        /// The name's canonical key (unique: see [`crate::names::name_key`]).
        name_key: String,
        token_hash: String,
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
    },
    /// A finished game read from a record, with all its actions.
    Import(Box<ImportedGame>),
    /// Notice settings, the outbox, deliveries and digests.
    Notices(NoticeWrite),
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
}

/// Why a write was not committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The write conflicts with what is stored (name taken, seat filled, out of order).
    Conflict(String),
    /// The store failed.
    Store(String),
}

struct Pending {
    write: Write,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

/// A handle for sending writes; cheap to clone.
#[derive(Clone)]
pub struct Writer {
    tx: mpsc::Sender<Pending>,
}

impl Writer {
    /// Starts the writer task on `conn`, committing at most `max_batch` writes at once.
    pub fn spawn(conn: SqliteConnection, max_batch: usize) -> Writer {
        // Room for every live game to have a write in flight, and then some.
        let (tx, rx) = mpsc::channel(max_batch.max(1) * 8);
        tokio::spawn(run(conn, rx, max_batch.max(1)));
        Writer { tx }
    }

    /// Commits one write; returns once it is durable.
    pub async fn write(&self, write: Write) -> Result<(), WriteError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(Pending { write, reply })
            .await
            .map_err(|_| WriteError::Store("the store is shut down".into()))?;
        answer
            .await
            .map_err(|_| WriteError::Store("the store writer stopped".into()))?
    }
}

async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Pending>, max_batch: usize) {
    let mut batch: Vec<Pending> = Vec::with_capacity(max_batch);
    while rx.recv_many(&mut batch, max_batch).await > 0 {
        match commit(&mut conn, &batch).await {
            Ok(results) => {
                for (pending, result) in batch.drain(..).zip(results) {
                    let _ = pending.reply.send(result);
                }
            }
            Err(e) => {
                // One write broke the batch: commit each alone so only it fails.
                warn!(error = %e, size = batch.len(), "group commit failed; committing one by one");
                for pending in batch.drain(..) {
                    let result = match commit(&mut conn, std::slice::from_ref(&pending)).await {
                        Ok(mut results) => results.pop().unwrap_or(Ok(())),
                        Err(e) => {
                            error!(error = %e, "store write failed");
                            Err(classify(&e))
                        }
                    };
                    let _ = pending.reply.send(result);
                }
            }
        }
    }
    let _ = conn.close().await;
}

/// Commits `batch` in one transaction. Writes that may conflict run inside a savepoint so a
/// conflict fails only that write. Actions go last, many to a statement: every write in a
/// batch is independent of the others (a sender waits for its answer before sending anything
/// that depends on it), so the order within a batch does not matter. Any other error fails
/// the whole batch.
async fn commit(
    conn: &mut SqliteConnection,
    batch: &[Pending],
) -> Result<Vec<Result<(), WriteError>>, sqlx::Error> {
    conn.execute("BEGIN IMMEDIATE").await?;
    let result = commit_inside(conn, batch).await;
    match result {
        Ok(results) => match conn.execute("COMMIT").await {
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

/// Actions written by one statement (each binds 16 values; SQLite allows 32766).
const ACTIONS_PER_STATEMENT: usize = 256;

/// Inserts action rows, many to a statement.
async fn insert_actions(
    conn: &mut SqliteConnection,
    chunk: &[&NewAction],
) -> Result<(), sqlx::Error> {
    let rows = vec!["(?, ?, ?, ?, ?, ?, ?, ?)"; chunk.len()].join(", ");
    let mut insert = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO actions (game_id, seq, side, action, rolls, events, created_at, by_bot) \
         VALUES {rows}"
    )));
    for a in chunk {
        insert = insert
            .bind(&a.game_id)
            .bind(a.seq)
            .bind(a.side)
            .bind(&a.action)
            .bind(&a.rolls)
            .bind(&a.events)
            .bind(a.now)
            .bind(a.by_bot);
    }
    insert.execute(&mut *conn).await?;
    Ok(())
}

/// Appends actions and moves their games on, two statements for the lot. The update checks
/// that each game was at the action before; if one was not, the batch fails and is retried
/// write by write, which pins the fault on that one action. The clock rides in the same
/// row update.
async fn append_actions(
    conn: &mut SqliteConnection,
    chunk: &[&NewAction],
) -> Result<(), sqlx::Error> {
    insert_actions(conn, chunk).await?;
    let update = sqlx::query(AssertSqlSafe(format!(
        "WITH v(id, seq, status, to_act, outcome, now, clock, wake_at) AS (VALUES {}) \
         UPDATE games SET seq = v.seq, status = v.status, to_act = v.to_act, \
         outcome = v.outcome, updated_at = v.now, clock = v.clock, wake_at = v.wake_at \
         FROM v WHERE games.id = v.id AND games.seq = v.seq - 1",
        vec!["(?, ?, ?, ?, ?, ?, ?, ?)"; chunk.len()].join(", ")
    )));
    let mut update = update;
    for a in chunk {
        update = update
            .bind(&a.game_id)
            .bind(a.seq)
            .bind(a.status)
            .bind(&a.to_act)
            .bind(&a.outcome)
            .bind(a.now)
            .bind(&a.clock)
            .bind(a.wake_at);
    }
    let done = update.execute(&mut *conn).await?;
    if done.rows_affected() != chunk.len() as u64 {
        return Err(sqlx::Error::Protocol(format!(
            "{} of {} games were not at the action before the one appended",
            chunk.len() as u64 - done.rows_affected(),
            chunk.len()
        )));
    }
    Ok(())
}

fn may_conflict(write: &Write) -> bool {
    matches!(
        write,
        Write::CreateAccount { .. }
            | Write::CreateGame(_)
            | Write::Join { .. }
            | Write::Import(_)
            | Write::Vacation { .. }
            | Write::Chat { .. }
    ) || matches!(write, Write::Notices(n) if notice_writes::may_conflict(n))
}

fn conflict_sentence(write: &Write) -> String {
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
        Write::Action(_)
        | Write::Snapshot { .. }
        | Write::Checkpoints { .. }
        | Write::Clock { .. } => "the game moved on".to_string(),
    }
}

fn is_constraint(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation() || db.is_check_violation() || db.is_foreign_key_violation())
}

fn classify(e: &sqlx::Error) -> WriteError {
    if is_constraint(e) {
        WriteError::Conflict("the write conflicts with what is stored".into())
    } else if let sqlx::Error::Protocol(why) = e {
        WriteError::Conflict(why.clone())
    } else {
        WriteError::Store(e.to_string())
    }
}

/// Runs one write's statements. `Ok(Err(_))` is a conflict detected by a guard.
async fn apply(
    conn: &mut SqliteConnection,
    write: &Write,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    match write {
        Write::CreateAccount {
            id,
            name,
            name_key,
            token_hash,
            now,
        } => {
            sqlx::query(
                "INSERT INTO accounts (id, name, name_key, token_hash, created_at) \
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(name)
            .bind(name_key)
            .bind(token_hash)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
        Write::CreateGame(g) => {
            let seat_column = if g.side == "union" {
                "union"
            } else {
                "confederate"
            };
            let sql = format!(
                "INSERT INTO games (id, game, scenario, options, visibility, status, creator, \
                 {seat_column}_account, {seat_column}_secret, seed, seed_commitment, invite_code, \
                 spectate_code, seq, to_act, created_at, updated_at, clock, reserved_for) \
                 VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, 0, '', ?, ?, ?, ?)"
            );
            sqlx::query(AssertSqlSafe(sql))
                .bind(&g.id)
                .bind(&g.game)
                .bind(&g.scenario)
                .bind(&g.options)
                .bind(g.visibility)
                .bind(&g.creator)
                .bind(&g.creator)
                .bind(&g.secret)
                .bind(&g.seed)
                .bind(&g.seed_commitment)
                .bind(&g.invite_code)
                .bind(&g.spectate_code)
                .bind(g.now)
                .bind(g.now)
                .bind(&g.clock)
                .bind(&g.reserved_for)
                .execute(&mut *conn)
                .await?;
            if let Some(old) = &g.rematch_of {
                let done = sqlx::query(
                    "UPDATE games SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL \
                     AND status = 'finished'",
                )
                .bind(&g.id)
                .bind(old)
                .execute(&mut *conn)
                .await?;
                if done.rows_affected() != 1 {
                    return Ok(Err(WriteError::Conflict(
                        "a rematch of that game has already been offered".into(),
                    )));
                }
            }
        }
        Write::Join {
            game_id,
            side,
            account,
            secret,
            to_act,
            clock,
            wake_at,
            now,
        } => {
            let seat_column = if *side == "union" {
                "union"
            } else {
                "confederate"
            };
            let sql = format!(
                "UPDATE games SET {seat_column}_account = ?, {seat_column}_secret = ?, status = 'active', \
                 invite_code = NULL, reserved_for = NULL, to_act = ?, updated_at = ?, clock = ?, wake_at = ? \
                 WHERE id = ? AND status = 'open' AND {seat_column}_account IS NULL"
            );
            let done = sqlx::query(AssertSqlSafe(sql))
                .bind(account)
                .bind(secret)
                .bind(to_act)
                .bind(now)
                .bind(clock)
                .bind(wake_at)
                .bind(game_id)
                .execute(&mut *conn)
                .await?;
            if done.rows_affected() != 1 {
                return Ok(Err(WriteError::Conflict(
                    "that seat has already been taken".into(),
                )));
            }
        }
        Write::Action(a) => append_actions(conn, &[a]).await?,
        Write::Snapshot { game_id, seq, data } => {
            sqlx::query("INSERT OR REPLACE INTO snapshots (game_id, seq, data) VALUES (?, ?, ?)")
                .bind(game_id)
                .bind(seq)
                .bind(data)
                .execute(&mut *conn)
                .await?;
            sqlx::query("DELETE FROM snapshots WHERE game_id = ? AND seq < ?")
                .bind(game_id)
                .bind(seq)
                .execute(&mut *conn)
                .await?;
        }
        Write::Checkpoints { game_id, snapshots } => {
            for (seq, data) in snapshots {
                sqlx::query(
                    "INSERT OR REPLACE INTO snapshots (game_id, seq, data) VALUES (?, ?, ?)",
                )
                .bind(game_id)
                .bind(seq)
                .bind(data)
                .execute(&mut *conn)
                .await?;
            }
        }
        Write::Clock {
            game_id,
            clock,
            wake_at,
        } => {
            sqlx::query("UPDATE games SET clock = ?, wake_at = ? WHERE id = ?")
                .bind(clock)
                .bind(wake_at)
                .bind(game_id)
                .execute(&mut *conn)
                .await?;
        }
        Write::Import(g) => {
            sqlx::query(
                "INSERT INTO games (id, game, scenario, options, visibility, status, creator, \
                 union_secret, confederate_secret, seed, seed_commitment, spectate_code, seq, \
                 to_act, outcome, created_at, updated_at, origin, record_hash) \
                 VALUES (?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)",
            )
            .bind(&g.id)
            .bind(&g.game)
            .bind(&g.scenario)
            .bind(&g.options)
            .bind(g.visibility)
            .bind(&g.creator)
            .bind(&g.union_secret)
            .bind(&g.confederate_secret)
            .bind(&g.seed)
            .bind(&g.seed_commitment)
            .bind(&g.spectate_code)
            .bind(g.actions.len() as i64)
            .bind(&g.outcome)
            .bind(g.now)
            .bind(g.now)
            .bind(&g.origin)
            .bind(&g.record_hash)
            .execute(&mut *conn)
            .await?;
            let actions: Vec<&NewAction> = g.actions.iter().collect();
            for chunk in actions.chunks(ACTIONS_PER_STATEMENT) {
                insert_actions(conn, chunk).await?;
            }
        }
        Write::Notices(n) => return notice_writes::apply(conn, n).await,
        Write::Vacation {
            account,
            year,
            secs,
            limit,
        } => {
            let done = sqlx::query(
                "INSERT INTO vacations (account_id, year, used_secs) \
                 SELECT ?1, ?2, MAX(0, ?3) WHERE ?4 IS NULL OR ?3 <= ?4 \
                 ON CONFLICT (account_id, year) DO UPDATE SET \
                 used_secs = MAX(0, used_secs + ?3) WHERE ?4 IS NULL OR used_secs + ?3 <= ?4",
            )
            .bind(account)
            .bind(year)
            .bind(secs)
            .bind(limit)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(Err(WriteError::Conflict(
                    "that pause would take you past your yearly allowance".into(),
                )));
            }
        }
        Write::Chat {
            seq,
            game_id,
            channel,
            account,
            author,
            side,
            text,
            now,
        } => {
            sqlx::query(
                "INSERT INTO chat (seq, game_id, channel, account_id, author, side, text, created_at) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(seq)
            .bind(game_id)
            .bind(channel)
            .bind(account)
            .bind(author)
            .bind(side)
            .bind(text)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(Ok(()))
}
