//! The statements of the fast path ([`super::fast_commit`]) that append an action: its row
//! inserted and its game moved on, `seq` one further only if the game was at the action
//! before. Each is taken from the connection's statement cache once a commit rather than once
//! an action: a look-up hashes the statement's text, and a statement goes back to the cache
//! when dropped (some 4 k instructions an action between them, `docs/performance.md`).

use rusqlite::{CachedStatement, Connection, params};

use super::writes::NewAction;

/// The action's row.
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

/// The statements that append actions, each taken from the connection's cache once a commit
/// rather than once an action (a look-up hashes the statement's text, and each statement
/// goes back to the cache when dropped).
#[derive(Default)]
pub(super) struct ActionStatements<'c> {
    /// Why: [`INSERT`], the action's row.
    insert: Option<CachedStatement<'c>>,
    /// Why: [`MOVE_ON_ACTIVE`], nearly every action's game.
    move_on_active: Option<CachedStatement<'c>>,
    /// Why: [`MOVE_ON`], a game whose status changes (its last action).
    move_on: Option<CachedStatement<'c>>,
}

impl<'c> ActionStatements<'c> {
    /// Inserts the action's row and moves its game on; `Some(why)` if the game was not at
    /// the action before.
    pub(super) fn append(
        &mut self,
        tx: &'c Connection,
        a: &NewAction,
    ) -> rusqlite::Result<Option<String>> {
        prepared(&mut self.insert, tx, INSERT)?.execute(params![
            a.game_id, a.seq, a.side, a.action, a.rolls, a.events, a.now, a.by_bot
        ])?;
        let move_on = if a.status == "active" {
            prepared(&mut self.move_on_active, tx, MOVE_ON_ACTIVE)?
        } else {
            prepared(&mut self.move_on, tx, MOVE_ON)?
        };
        let moved = move_on.execute(params![
            a.game_id, a.seq, a.status, a.to_act, a.outcome, a.now, a.clock, a.wake_at
        ])?;
        Ok((moved != 1).then(|| format!("game {} was not at action {}", a.game_id, a.seq - 1)))
    }
}

/// The statement in `slot`, taken from `conn`'s cache the first time.
fn prepared<'s, 'c>(
    slot: &'s mut Option<CachedStatement<'c>>,
    conn: &'c Connection,
    sql: &str,
) -> rusqlite::Result<&'s mut CachedStatement<'c>> {
    match slot {
        Some(statement) => Ok(statement),
        None => Ok(slot.insert(conn.prepare_cached(sql)?)),
    }
}
