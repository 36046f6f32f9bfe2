//! A group commit of actions in one round trip: one statement (PostgreSQL commits a statement
//! sent outside a transaction on its own, atomically) moves the games on and inserts the rows
//! of those it moved — instead of `BEGIN`, two statements and `COMMIT`, four round trips.
//!
//! A game is moved on only while it is at the action before and its lease is at the action's
//! epoch (the fence: a node that lost the game's lease cannot write), and its action's row is
//! inserted only if it was: an action another server got in first is refused alone, and the
//! rest of the batch commits (with several servers on one database, two of them write the same
//! game at once whenever its players are on different servers; a refusal that failed the whole
//! batch made every game in it wait for one commit each). Each game moved on is announced to
//! the other nodes ([`NOTIFY_ACTION`], delivered at the commit). Data-modifying `WITH` clauses on
//! different tables, one reading the other's `RETURNING`: CockroachDB accepts them too.

use std::collections::HashSet;

use sqlx::AssertSqlSafe;
use sqlx::Row;
use sqlx::postgres::PgConnection;

use super::super::writes::NewAction;
use super::rows_of;
use super::statements::NOTIFY_ACTION;

/// Commits `actions` (at most [`super::statements::ACTIONS_PER_STATEMENT`], at most one per
/// game) in one statement; says which were committed and which found their row already
/// stored. The others were not at the action before (or their lease moved on). Nothing of a
/// refused action is written.
pub(super) async fn commit_actions(
    conn: &mut PgConnection,
    actions: &[&NewAction],
) -> Result<Committed, sqlx::Error> {
    let n = actions.len();
    let values = rows_of(n, 8);
    let updates = (0..n)
        .map(|r| {
            let row: Vec<String> = (1..=10)
                .map(|c| format!("${}", 8 * n + 10 * r + c))
                .collect();
            format!("({})", row.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "WITH a AS (SELECT * FROM (VALUES {values}) AS a(game_id, seq, side, action, rolls, \
         events, created_at, by_bot)), \
         upd AS (UPDATE games SET seq = v.seq, status = v.status, to_act = v.to_act, \
         outcome = v.outcome, updated_at = v.now, clock = v.clock, wake_at = v.wake_at \
         FROM (VALUES {updates}) AS v(id, seq, status, to_act, outcome, now, clock, wake_at, lease, \
         told) \
         WHERE games.id = v.id AND games.seq = v.seq - 1 AND games.lease_epoch = v.lease \
         RETURNING games.id, games.seq, {NOTIFY_ACTION}), \
         ins AS (INSERT INTO actions (game_id, seq, side, action, rolls, events, created_at, \
         by_bot) SELECT a.game_id, a.seq, a.side, a.action, a.rolls, a.events, a.created_at, \
         a.by_bot FROM a JOIN upd ON upd.id = a.game_id AND upd.seq = a.seq \
         RETURNING game_id) \
         SELECT game_id, TRUE FROM ins UNION ALL \
         SELECT a.game_id, FALSE FROM a JOIN actions x ON x.game_id = a.game_id AND x.seq = a.seq"
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
            .bind(a.lease)
            .bind(&a.told);
    }
    let mut answer = Committed::default();
    for row in query.fetch_all(&mut *conn).await? {
        let game: String = row.try_get(0)?;
        if row.try_get(1)? {
            answer.committed.insert(game);
        } else {
            answer.taken.insert(game);
        }
    }
    Ok(answer)
}

/// What [`commit_actions`] did with each game's action.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Committed {
    /// Games whose action was committed.
    pub(super) committed: HashSet<String>,
    /// Games whose action was refused because that action (game and number) is already
    /// stored: the same refusal as a duplicate row's on the general path.
    pub(super) taken: HashSet<String>,
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
            told: String::new(),
        }
    }

    fn games(ids: &[&str]) -> HashSet<String> {
        ids.iter().map(|id| id.to_string()).collect()
    }

    async fn count(conn: &mut PgConnection, sql: &'static str) -> i64 {
        sqlx::query_scalar(sql).fetch_one(&mut *conn).await.unwrap()
    }

    #[tokio::test]
    async fn actions_in_step_commit_in_one_statement_and_one_out_of_step_is_refused_alone() {
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
        let done = commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(done.committed, games(&["g", "h"]));
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 2);
        assert_eq!(
            count(&mut conn, "SELECT SUM(seq)::BIGINT FROM games").await,
            2
        );
        // `h` is not at action 2: its action alone is refused, `g`'s is committed.
        let (g, h) = (action("g", 2), action("h", 3));
        let done = commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(done.committed, games(&["g"]));
        assert!(done.taken.is_empty());
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 3);
        assert_eq!(
            count(
                &mut conn,
                "SELECT COUNT(*) FROM actions WHERE game_id = 'h'"
            )
            .await,
            1
        );
        assert_eq!(
            count(&mut conn, "SELECT SUM(seq)::BIGINT FROM games").await,
            3
        );
        // A lease moved on (the fence): refused alone too.
        sqlx::query("UPDATE games SET lease_epoch = 5 WHERE id = 'g'")
            .execute(&mut conn)
            .await
            .unwrap();
        let (g, h) = (action("g", 3), action("h", 2));
        let done = commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(done.committed, games(&["h"]));
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 4);
        // An action already stored: refused as taken.
        let (g, h) = (action("g", 2), action("h", 3));
        let done = commit_actions(&mut conn, &[&g, &h]).await.unwrap();
        assert_eq!(done.committed, games(&["h"]));
        assert_eq!(done.taken, games(&["g"]));
        assert_eq!(count(&mut conn, "SELECT COUNT(*) FROM actions").await, 5);
        store.close().await;
    }
}
