//! A group commit of actions in one hand-off to SQLite's thread: `BEGIN IMMEDIATE`, the rows,
//! the games moved on, a guard and `COMMIT` sent as one multi-statement query, instead of a
//! round trip (two thread wake-ups) per statement. sqlx runs a query's statements one after
//! the other on its worker, binding the arguments across them, and stops at the first error.
//!
//! The guard stands in for reading the `UPDATE`'s row count between statements: a `SELECT`
//! that fails (SQLite's `json()` refuses text that is not JSON) exactly when `changes()` (the
//! rows the `UPDATE` just moved on) is not the number of actions — a game that was not at the
//! action before stops the query, so `COMMIT` never runs and the caller rolls back and retries
//! write by write, which pins the fault on that one action. It touches no table.

use sqlx::AssertSqlSafe;
use sqlx::sqlite::SqliteConnection;

use super::writes::NewAction;

/// Commits `actions` (at most [`super::statements::ACTIONS_PER_STATEMENT`]) in one
/// transaction and one round trip. On `Err` the transaction may still be open: the caller
/// rolls back.
pub(super) async fn commit_actions(
    conn: &mut SqliteConnection,
    actions: &[&NewAction],
) -> Result<(), sqlx::Error> {
    let rows = vec!["(?, ?, ?, ?, ?, ?, ?, ?)"; actions.len()].join(", ");
    let sql = format!(
        "BEGIN IMMEDIATE; \
         INSERT INTO actions (game_id, seq, side, action, rolls, events, created_at, by_bot) \
         VALUES {rows}; \
         WITH v(id, seq, status, to_act, outcome, now, clock, wake_at) AS (VALUES {rows}) \
         UPDATE games SET seq = v.seq, status = v.status, to_act = v.to_act, \
         outcome = v.outcome, updated_at = v.now, clock = v.clock, wake_at = v.wake_at \
         FROM v WHERE games.id = v.id AND games.seq = v.seq - 1; \
         SELECT json(CASE WHEN changes() = {n} THEN '0' ELSE 'a game was not moved on' END); \
         COMMIT",
        n = actions.len()
    );
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for a in actions {
        query = query
            .bind(&a.game_id)
            .bind(a.seq)
            .bind(a.side)
            .bind(&a.action)
            .bind(&a.rolls)
            .bind(&a.events)
            .bind(a.now)
            .bind(a.by_bot);
    }
    for a in actions {
        query = query
            .bind(&a.game_id)
            .bind(a.seq)
            .bind(a.status)
            .bind(&a.to_act)
            .bind(&a.outcome)
            .bind(a.now)
            .bind(&a.clock)
            .bind(a.wake_at);
    }
    query.execute(&mut *conn).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::{Connection, Executor, Row};

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
        }
    }

    async fn db() -> SqliteConnection {
        let mut conn = SqliteConnection::connect("sqlite::memory:").await.unwrap();
        conn.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, seq INTEGER, status TEXT, to_act TEXT, \
             outcome TEXT, updated_at INTEGER, clock TEXT, wake_at INTEGER); \
             CREATE TABLE actions (game_id TEXT, seq INTEGER, side TEXT, action TEXT, rolls TEXT, \
             events TEXT, created_at INTEGER, by_bot INTEGER); \
             INSERT INTO games (id, seq) VALUES ('g', 0), ('h', 0)",
        )
        .await
        .unwrap();
        conn
    }

    async fn count(conn: &mut SqliteConnection, sql: &str) -> i64 {
        sqlx::query(AssertSqlSafe(sql.to_string()))
            .fetch_one(&mut *conn)
            .await
            .unwrap()
            .get(0)
    }

    #[tokio::test]
    async fn actions_in_step_commit_in_one_query() {
        let mut conn = db().await;
        let (g, h) = (action("g", 1), action("h", 1));
        commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(count(&mut conn, "SELECT count(*) FROM actions").await, 2);
        assert_eq!(count(&mut conn, "SELECT sum(seq) FROM games").await, 2);
        let commit_done = conn.execute("COMMIT").await;
        assert!(
            commit_done.is_err(),
            "the query's own COMMIT ended the transaction"
        );
    }

    #[tokio::test]
    async fn a_game_out_of_step_stops_the_query_before_its_commit() {
        let mut conn = db().await;
        let (g, h) = (action("g", 1), action("h", 3));
        let refused = commit_actions(&mut conn, &[&g, &h]).await.unwrap_err();
        assert!(refused.to_string().contains("malformed JSON"), "{refused}");
        conn.execute("ROLLBACK")
            .await
            .expect("the transaction was left open");
        assert_eq!(count(&mut conn, "SELECT count(*) FROM actions").await, 0);
        assert_eq!(count(&mut conn, "SELECT sum(seq) FROM games").await, 0);
    }
}
