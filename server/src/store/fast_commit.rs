//! The hot path of the store: a group commit of the writes a game's life is made of — its
//! actions, and its creation, second seat and snapshots — run by the writer's own thread on a
//! connection it owns ([`takes`] says which writes). One transaction: each action's row
//! inserted and its game moved on (`seq` one further, only if the game was at the action
//! before), each new game inserted, each seat taken (only if still empty), each snapshot
//! put; then `COMMIT` (fsynced: `synchronous = FULL`). Nothing crosses a thread between the
//! batch arriving and its answer.
//!
//! Any failure — a game not at the action before, a seat already taken, a constraint, a full
//! disk — rolls the transaction back and reports [`FastCommit::Declined`]: the writer then
//! commits the batch the general way (through sqlx, write by write), which pins the fault on
//! the one write and names it. So this path never decides what an error means.
//!
//! This connection leaves SQLite's foreign-key checks off: they looked up the game's row
//! again for every action inserted (a tenth of the writer's instructions), though the
//! action's own `UPDATE` of that row, which must change it, already proves the game is
//! there. The writes whose references nothing else proves — a new game's creator and the
//! account it is kept for, the account taking a seat, a snapshot's game — are checked here
//! by a look-up each ([`missing`]); one that fails declines the batch, and the general path
//! (foreign keys on) refuses the write as before. No row a reference points to is ever
//! deleted (no statement deletes a game or an account).
//!
//! # Why: a second connection (rusqlite) rather than sqlx's. sqlx runs every statement on a
//! worker thread of its own, so a commit costs the writer two cross-thread hand-offs per
//! statement batch, each a futex wake-up (~40 µs on this 2-core VM, docs/performance.md).
//! Both connections are used by the one writer thread, one at a time, so they never contend
//! for SQLite's write lock.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rusqlite::{Connection, OpenFlags, params};

use super::action_statements::ActionStatements;
use super::statements::{LIVE_GAMES_OF, PRUNE_SNAPSHOTS, PUT_SNAPSHOT, insert_game_sql, join_sql};
use super::stats::StoreStats;
use super::writes::{NewGame, Write};

/// The transaction's two ends, kept prepared.
const BEGIN: &str = "BEGIN IMMEDIATE";
const COMMIT: &str = "COMMIT";

/// Whether an account, or a game, is there (the references this connection checks itself).
const ACCOUNT_EXISTS: &str = "SELECT 1 FROM accounts WHERE id = ?1";
const GAME_EXISTS: &str = "SELECT 1 FROM games WHERE id = ?1";

/// How a fast commit ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum FastCommit {
    /// Every action is durable.
    Done,
    /// Nothing was written (rolled back): commit the batch the general way.
    Declined(String),
}

/// Whether the fast path commits `write`: an action, a new game against a person that is
/// no rematch, a seat taken, a snapshot. Anything else goes the general way.
pub(super) fn takes(write: &Write) -> bool {
    match write {
        Write::Action(_) | Write::Join { .. } | Write::Snapshot { .. } => true,
        Write::CreateGame(g) => g.computer.is_none() && g.rematch_of.is_none(),
        _ => false,
    }
}

/// The writer's own connection for the writes it [`takes`].
pub(super) struct FastWriter {
    conn: Connection,
    /// Where the durable step of each commit is counted (shared with the writer's handle).
    stats: Arc<StoreStats>,
}

impl FastWriter {
    /// Opens the database at `path` (already migrated) with the writer's settings:
    /// `synchronous = FULL`, foreign keys, no automatic checkpoint, and at most `max_pages`
    /// pages (0: no cap) so a full database refuses here as it does on the general path.
    pub(super) fn open(path: &Path, max_pages: u64) -> rusqlite::Result<FastWriter> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_timeout(Duration::from_secs(10))?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = OFF; \
             PRAGMA temp_store = memory; PRAGMA cache_size = -32768; \
             PRAGMA wal_autocheckpoint = 0;",
        )?;
        if max_pages > 0 {
            conn.pragma_update(None, "max_page_count", max_pages as i64)?;
        }
        conn.set_prepared_statement_cache_capacity(16);
        Ok(FastWriter {
            conn,
            stats: Arc::new(StoreStats::default()),
        })
    }

    /// The measurements of the store's commits, this connection's and the general path's.
    pub(super) fn stats(&self) -> Arc<StoreStats> {
        self.stats.clone()
    }

    /// Folds the whole WAL into the database file between two commits (no commit can run
    /// meanwhile: this thread is the only writer), so that the next commit starts the WAL again
    /// from its beginning ([`super::checkpointer::REWIND_EVERY`]). The background checkpoints
    /// leave little to copy. A failure (a reader holding frames) only logs: the next one folds
    /// them in.
    pub(super) fn rewind_wal(&mut self) {
        let folded = self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
                row.get::<_, i64>(0)
            });
        match folded {
            Ok(0) => {}
            // A background checkpoint still running, or a reader on an older snapshot.
            Ok(_) => {
                tracing::debug!("the writer's WAL checkpoint was busy; the next one folds it in")
            }
            Err(e) => {
                tracing::warn!(error = %e, "the writer's WAL checkpoint failed; the next one folds it in")
            }
        }
    }

    /// Commits `writes` (each one it [`takes`]) in one transaction, or nothing.
    pub(super) fn commit(&mut self, writes: &[&Write]) -> FastCommit {
        match self.try_commit(writes) {
            Ok(None) => FastCommit::Done,
            Ok(Some(why)) => FastCommit::Declined(why),
            Err(e) => FastCommit::Declined(e.to_string()),
        }
    }

    /// `Ok(Some(why))`: a guard refused a write (rolled back).
    fn try_commit(&mut self, writes: &[&Write]) -> rusqlite::Result<Option<String>> {
        // BEGIN and COMMIT as statements kept prepared: rusqlite's transaction parses both
        // again at every commit (7 k instructions each). Anything but a commit rolls back.
        self.conn.prepare_cached(BEGIN)?.execute([])?;
        match self.write_all(writes) {
            Ok(None) => {
                let began = Instant::now();
                let committed = self
                    .conn
                    .prepare_cached(COMMIT)
                    .and_then(|mut commit| commit.execute([]));
                match committed {
                    Ok(_) => {
                        self.stats.durable(began.elapsed());
                        Ok(None)
                    }
                    Err(e) => {
                        self.roll_back();
                        Err(e)
                    }
                }
            }
            refused => {
                self.roll_back();
                refused
            }
        }
    }

    /// Ends the transaction begun, writing nothing (if SQLite has not ended it already).
    fn roll_back(&self) {
        if !self.conn.is_autocommit()
            && let Err(e) = self.conn.execute_batch("ROLLBACK")
        {
            tracing::warn!(error = %e, "the fast path's rollback failed");
        }
    }

    /// Runs each write's statements in the transaction begun; `Ok(Some(why))` when a guard
    /// refuses one (the caller rolls back).
    fn write_all(&self, writes: &[&Write]) -> rusqlite::Result<Option<String>> {
        let tx = &self.conn;
        let mut actions = ActionStatements::default();
        for write in writes {
            let refused = match write {
                Write::Action(a) => actions.append(tx, a)?,
                Write::CreateGame(g) => {
                    let kept_for = g.reserved_for.as_deref();
                    match missing(tx, ACCOUNT_EXISTS, [Some(g.creator.as_str()), kept_for])? {
                        Some(why) => Some(why),
                        None => match over_limit(tx, &g.creator, g.live_limit)? {
                            Some(why) => Some(why),
                            None => {
                                insert_game(tx, g)?;
                                None
                            }
                        },
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
                    live_limit,
                } => {
                    if let Some(why) = missing(tx, ACCOUNT_EXISTS, [Some(account.as_str()), None])?
                    {
                        return Ok(Some(why));
                    }
                    if let Some(why) = over_limit(tx, account, *live_limit)? {
                        return Ok(Some(why));
                    }
                    let taken = tx.prepare_cached(&join_sql(side))?.execute(params![
                        account, secret, to_act, now, clock, wake_at, game_id
                    ])?;
                    (taken != 1).then(|| format!("the {side} seat of game {game_id} is taken"))
                }
                Write::Snapshot { game_id, seq, data } => {
                    if let Some(why) = missing(tx, GAME_EXISTS, [Some(game_id.as_str()), None])? {
                        return Ok(Some(why));
                    }
                    tx.prepare_cached(PUT_SNAPSHOT)?
                        .execute(params![game_id, seq, data])?;
                    tx.prepare_cached(PRUNE_SNAPSHOTS)?
                        .execute(params![game_id, seq])?;
                    None
                }
                _ => Some("a write the fast path does not take".to_string()),
            };
            if refused.is_some() {
                return Ok(refused);
            }
        }
        Ok(None)
    }
}

/// `Some(why)` if a row `exists` (a look-up by id) does not find is named in `ids`: the
/// reference the foreign-key check would have refused.
fn missing(
    conn: &Connection,
    exists: &str,
    ids: [Option<&str>; 2],
) -> rusqlite::Result<Option<String>> {
    for id in ids.into_iter().flatten() {
        let found = conn.prepare_cached(exists)?.exists(params![id])?;
        if !found {
            return Ok(Some(format!("{id} names no row of its table")));
        }
    }
    Ok(None)
}

/// `Some(why)` if `account` already has `limit` (or more) open or active games: the batch
/// is declined, and the general path refuses that one write.
fn over_limit(
    tx: &Connection,
    account: &str,
    limit: Option<i64>,
) -> rusqlite::Result<Option<String>> {
    let Some(limit) = limit else { return Ok(None) };
    let live: i64 = tx
        .prepare_cached(LIVE_GAMES_OF)?
        .query_row(params![account], |row| row.get(0))?;
    Ok((live >= limit).then(|| format!("{account} has {live} live games, at the limit")))
}

/// Inserts a new game ([`takes`] leaves the computer's and a rematch's to the general way).
fn insert_game(tx: &Connection, g: &NewGame) -> rusqlite::Result<()> {
    tx.prepare_cached(&insert_game_sql(g.side))?
        .execute(params![
            g.id,
            g.game,
            g.scenario,
            g.options,
            g.visibility,
            g.creator,
            g.creator,
            g.secret,
            g.seed,
            g.seed_commitment,
            g.invite_code,
            g.spectate_code,
            g.now,
            g.now,
            g.clock,
            g.reserved_for
        ])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::writes::NewAction;

    fn action(game: &str, seq: i64) -> Write {
        Write::Action(NewAction {
            game_id: game.into(),
            seq,
            side: "union",
            action: "{}".into(),
            rolls: "[]".into(),
            events: "[]".into(),
            now: 1,
            status: "active",
            to_act: "union".into(),
            outcome: None,
            by_bot: false,
            clock: None,
            wake_at: None,
            lease: 0,
            told: String::new(),
        })
    }

    fn db(name: &str) -> (std::path::PathBuf, FastWriter) {
        let path =
            std::env::temp_dir().join(format!("adjutant-fast-{name}-{}.db", uuid::Uuid::new_v4()));
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, seq INTEGER, status TEXT, to_act TEXT, \
             outcome TEXT, updated_at INTEGER, clock TEXT, wake_at INTEGER); \
             CREATE TABLE actions (game_id TEXT REFERENCES games(id), seq INTEGER, side TEXT, \
             action TEXT, rolls TEXT, events TEXT, created_at INTEGER, by_bot INTEGER, \
             UNIQUE (game_id, seq)); \
             CREATE TABLE accounts (id TEXT PRIMARY KEY); \
             ALTER TABLE games ADD COLUMN union_account TEXT REFERENCES accounts(id); \
             ALTER TABLE games ADD COLUMN union_secret TEXT; \
             ALTER TABLE games ADD COLUMN invite_code TEXT; \
             ALTER TABLE games ADD COLUMN reserved_for TEXT; \
             CREATE TABLE snapshots (game_id TEXT REFERENCES games(id), seq INTEGER, data TEXT, \
             PRIMARY KEY (game_id, seq)); \
             INSERT INTO accounts (id) VALUES ('a'); \
             INSERT INTO games (id, seq, status) VALUES ('g', 0, 'active'), ('h', 0, 'active'), \
             ('o', 0, 'open')",
        )
        .unwrap();
        (path.clone(), FastWriter::open(&path, 0).unwrap())
    }

    fn count(path: &Path, sql: &str) -> i64 {
        Connection::open(path)
            .unwrap()
            .query_row(sql, [], |row| row.get(0))
            .unwrap()
    }

    #[test]
    fn actions_in_step_commit_together() {
        let (path, mut fast) = db("in-step");
        let (g, h) = (action("g", 1), action("h", 1));
        assert_eq!(fast.commit(&[&g, &h]), FastCommit::Done);
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 2);
        assert_eq!(count(&path, "SELECT sum(seq) FROM games"), 2);
    }

    #[test]
    fn after_the_writer_folds_the_wal_the_next_commits_write_it_from_its_beginning() {
        let (path, mut fast) = db("rewind");
        let wal = std::path::PathBuf::from(format!("{}-wal", path.display()));
        let size = || std::fs::metadata(&wal).unwrap().len();
        let mut seq = 0;
        let mut commit_alone = |fast: &mut FastWriter, n: i64| {
            for _ in 0..n {
                seq += 1;
                assert_eq!(fast.commit(&[&action("g", seq)]), FastCommit::Done);
            }
        };
        commit_alone(&mut fast, 40);
        let grown = size();
        // Folded whole, the WAL is written again from its start: as many commits again fit
        // in the file as it is.
        fast.rewind_wal();
        commit_alone(&mut fast, 40);
        assert_eq!(
            size(),
            grown,
            "the WAL was not written again from its beginning"
        );
        // Not folded, the file grows by every commit.
        commit_alone(&mut fast, 40);
        assert!(size() > grown, "the file did not grow without a checkpoint");
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 120);
    }

    #[test]
    fn a_game_out_of_step_declines_the_batch_and_writes_nothing() {
        let (path, mut fast) = db("out-of-step");
        let (g, h) = (action("g", 1), action("h", 3));
        let declined = fast.commit(&[&g, &h]);
        assert!(
            matches!(&declined, FastCommit::Declined(why) if why.contains("game h")),
            "{declined:?}"
        );
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 0);
        assert_eq!(count(&path, "SELECT sum(seq) FROM games"), 0);
        // A row that breaks a constraint (the same action twice) declines too.
        let again = action("g", 1);
        assert_eq!(fast.commit(&[&g]), FastCommit::Done);
        assert!(matches!(fast.commit(&[&again]), FastCommit::Declined(_)));
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 1);
    }

    fn join(game: &str, account: &str) -> Write {
        Write::Join {
            game_id: game.into(),
            side: "union",
            account: account.into(),
            secret: "{}".into(),
            to_act: "union".into(),
            clock: None,
            wake_at: None,
            now: 1,
            live_limit: None,
        }
    }

    fn snapshot(game: &str) -> Write {
        Write::Snapshot {
            game_id: game.into(),
            seq: 1,
            data: "{}".into(),
        }
    }

    /// Foreign keys are off on this connection: the references an action's own update does
    /// not prove are looked up, and one that names nothing declines the batch (the general
    /// path, foreign keys on, then refuses that write).
    #[test]
    fn a_seat_or_a_snapshot_naming_no_row_is_declined_with_foreign_keys_off() {
        let (path, mut fast) = db("references");
        for refused in [join("o", "nobody"), snapshot("no-game")] {
            let declined = fast.commit(&[&action("g", 1), &refused]);
            assert!(
                matches!(&declined, FastCommit::Declined(why) if why.contains("names no row")),
                "{declined:?}"
            );
        }
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 0);
        assert_eq!(count(&path, "SELECT count(*) FROM snapshots"), 0);
        // Named rightly, the same writes commit; and so does an action, whose game its own
        // update proves.
        let writes = [action("g", 1), join("o", "a"), snapshot("g")];
        assert_eq!(
            fast.commit(&writes.iter().collect::<Vec<_>>()),
            FastCommit::Done
        );
        assert_eq!(
            count(
                &path,
                "SELECT count(*) FROM games WHERE union_account = 'a'"
            ),
            1
        );
        assert_eq!(count(&path, "SELECT count(*) FROM snapshots"), 1);
        // An action of no game changes no game row: declined, as before.
        assert!(matches!(
            fast.commit(&[&action("no-game", 1)]),
            FastCommit::Declined(_)
        ));
        assert_eq!(count(&path, "SELECT count(*) FROM actions"), 1);
    }
}
