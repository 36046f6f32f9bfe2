//! The hot path of the store: a group commit made only of actions, run by the writer's own
//! thread on a connection it owns. One transaction: each action's row inserted, its game
//! moved on (`seq` one further, only if the game was at the action before), then `COMMIT`
//! (fsynced: `synchronous = FULL`). Nothing crosses a thread between the batch arriving and
//! its answer.
//!
//! Any failure — a game not at the action before, a constraint, a full disk — rolls the
//! transaction back and reports [`FastCommit::Declined`]: the writer then commits the batch
//! the general way (through sqlx, write by write), which pins the fault on the one action and
//! names it. So this path never decides what an error means.
//!
//! # Why: a second connection (rusqlite) rather than sqlx's. sqlx runs every statement on a
//! worker thread of its own, so a commit costs the writer two cross-thread hand-offs per
//! statement batch, each a futex wake-up (~40 µs on this 2-core VM, docs/performance.md).
//! Both connections are used by the one writer thread, one at a time, so they never contend
//! for SQLite's write lock.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};

use super::writes::NewAction;

const INSERT: &str = "INSERT INTO actions \
     (game_id, seq, side, action, rolls, events, created_at, by_bot) \
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

/// A game moved on to the action, its status changing (the last action: active → finished).
const MOVE_ON: &str = "UPDATE games SET seq = ?2, status = ?3, to_act = ?4, outcome = ?5, \
     updated_at = ?6, clock = ?7, wake_at = ?8 WHERE id = ?1 AND seq = ?2 - 1";

/// A game moved on that stays active (nearly every action). The status is not set: SQLite
/// rewrites an index's entry whenever its column is assigned, so assigning the same status
/// would write a page of `games_by_status` to the WAL on every action.
const MOVE_ON_ACTIVE: &str = "UPDATE games SET seq = ?2, to_act = ?4, outcome = ?5, \
     updated_at = ?6, clock = ?7, wake_at = ?8 \
     WHERE id = ?1 AND seq = ?2 - 1 AND status = ?3";

/// How a fast commit ended.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum FastCommit {
    /// Every action is durable.
    Done,
    /// Nothing was written (rolled back): commit the batch the general way.
    Declined(String),
}

/// The writer's own connection for batches of actions.
pub(super) struct FastWriter {
    conn: Connection,
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
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; \
             PRAGMA temp_store = memory; PRAGMA cache_size = -32768; \
             PRAGMA wal_autocheckpoint = 0;",
        )?;
        if max_pages > 0 {
            conn.pragma_update(None, "max_page_count", max_pages as i64)?;
        }
        conn.set_prepared_statement_cache_capacity(8);
        Ok(FastWriter { conn })
    }

    /// Commits `actions` in one transaction, or nothing.
    pub(super) fn commit(&mut self, actions: &[&NewAction]) -> FastCommit {
        match self.try_commit(actions) {
            Ok(None) => FastCommit::Done,
            Ok(Some(why)) => FastCommit::Declined(why),
            Err(e) => FastCommit::Declined(e.to_string()),
        }
    }

    /// `Ok(Some(why))`: a game was not at the action before (rolled back).
    fn try_commit(&mut self, actions: &[&NewAction]) -> rusqlite::Result<Option<String>> {
        // Dropped without `commit`, the transaction rolls back.
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut insert = tx.prepare_cached(INSERT)?;
            for a in actions {
                let mut move_on = tx.prepare_cached(if a.status == "active" {
                    MOVE_ON_ACTIVE
                } else {
                    MOVE_ON
                })?;
                insert.execute(params![
                    a.game_id, a.seq, a.side, a.action, a.rolls, a.events, a.now, a.by_bot
                ])?;
                let moved = move_on.execute(params![
                    a.game_id, a.seq, a.status, a.to_act, a.outcome, a.now, a.clock, a.wake_at
                ])?;
                if moved != 1 {
                    return Ok(Some(format!(
                        "game {} was not at action {}",
                        a.game_id,
                        a.seq - 1
                    )));
                }
            }
        }
        tx.commit()?;
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(game: &str, seq: i64) -> NewAction {
        NewAction {
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
        }
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
             INSERT INTO games (id, seq, status) VALUES ('g', 0, 'active'), ('h', 0, 'active')",
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
}
