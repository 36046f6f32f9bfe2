//! A group commit of actions in one round trip: one statement (PostgreSQL commits a statement
//! sent outside a transaction on its own, atomically) inserts the rows, moves the games on and
//! checks that every game was at the action before — instead of `BEGIN`, two statements and
//! `COMMIT`, four round trips.
//!
//! Each game moved on is announced to the other nodes ([`NOTIFY`], delivered at the commit),
//! and is moved on only while its lease is at the action's epoch (the fence: a node that lost
//! the game's lease cannot write).
//!
//! The check divides by zero when the games moved on (or the rows inserted) are fewer than the
//! actions, which aborts the statement: nothing of it is committed, and the writer commits the
//! batch the ordinary way, which pins the fault on the one action. Data-modifying `WITH`
//! clauses on different tables: CockroachDB accepts them too.

use sqlx::AssertSqlSafe;
use sqlx::postgres::PgConnection;

use super::super::writes::NewAction;
use super::rows_of;
use super::statements::NOTIFY;

/// Commits `actions` (at most [`super::statements::ACTIONS_PER_STATEMENT`]) in one statement.
pub(super) async fn commit_actions(
    conn: &mut PgConnection,
    actions: &[&NewAction],
) -> Result<(), sqlx::Error> {
    let n = actions.len();
    let values = rows_of(n, 8);
    let updates = (0..n)
        .map(|r| {
            let row: Vec<String> = (1..=9).map(|c| format!("${}", 8 * n + 9 * r + c)).collect();
            format!("({})", row.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "WITH ins AS (INSERT INTO actions (game_id, seq, side, action, rolls, events, \
         created_at, by_bot) VALUES {values} RETURNING 1), \
         upd AS (UPDATE games SET seq = v.seq, status = v.status, to_act = v.to_act, \
         outcome = v.outcome, updated_at = v.now, clock = v.clock, wake_at = v.wake_at \
         FROM (VALUES {updates}) AS v(id, seq, status, to_act, outcome, now, clock, wake_at, lease) \
         WHERE games.id = v.id AND games.seq = v.seq - 1 AND games.lease_epoch = v.lease \
         RETURNING {NOTIFY}) \
         SELECT 1 / (CASE WHEN (SELECT COUNT(*) FROM ins) = {n} \
         AND (SELECT COUNT(*) FROM upd) = {n} THEN 1 ELSE 0 END)"
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
            .bind(a.wake_at)
            .bind(a.lease);
    }
    query.execute(&mut *conn).await.map(drop)
}

#[cfg(test)]
mod tests {
    use sqlx::ConnectOptions;

    use super::super::super::test_postgres;
    use super::super::PostgresStore;
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

    async fn count(conn: &mut PgConnection, sql: &'static str) -> i64 {
        sqlx::query_scalar(sql).fetch_one(&mut *conn).await.unwrap()
    }

    #[tokio::test]
    async fn actions_in_step_commit_in_one_statement_and_one_out_of_step_commits_nothing() {
        let Some(options) = test_postgres::fresh_options("one_trip_statement").await else {
            return;
        };
        let store = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        let mut conn = options.connect().await.unwrap();
        for sql in [
            "INSERT INTO accounts (id, name, name_key, created_at) VALUES ('a', 'A', 'a', 0)",
            "INSERT INTO games (id, game, scenario, options, visibility, status, creator, seed, \
             seed_commitment, spectate_code, created_at, updated_at) VALUES \
             ('g', 'x', 'x', '{}', 'public', 'active', 'a', '', '', 'sg', 0, 0), \
             ('h', 'x', 'x', '{}', 'public', 'active', 'a', '', '', 'sh', 0, 0)",
        ] {
            sqlx::query(sql).execute(&mut conn).await.unwrap();
        }
        let (g, h) = (action("g", 1), action("h", 1));
        commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 2);
        assert_eq!(
            count(&mut conn, "SELECT SUM(seq)::BIGINT FROM games").await,
            2
        );
        // `h` is not at action 2: the statement is refused whole, `g`'s row and move too.
        let (g, h) = (action("g", 2), action("h", 3));
        let refused = commit_actions(&mut conn, &[&g, &h]).await.unwrap_err();
        assert!(
            refused.to_string().contains("division by zero"),
            "{refused}"
        );
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 2);
        assert_eq!(
            count(&mut conn, "SELECT SUM(seq)::BIGINT FROM games").await,
            2
        );
        store.close().await;
    }
}
