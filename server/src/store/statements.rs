//! The SQL statements of each write.

use sqlx::AssertSqlSafe;
use sqlx::sqlite::SqliteConnection;

use super::account_writes::{self, NewToken};
use super::notice_writes;
use super::writes::{NewAction, Write, WriteError};

/// A game's snapshot at `seq` (`?1` game, `?2` seq, `?3` data).
pub(super) const PUT_SNAPSHOT: &str =
    "INSERT OR REPLACE INTO snapshots (game_id, seq, data) VALUES (?1, ?2, ?3)";

/// The game's older snapshots, deleted (`?1` game, `?2` the kept snapshot's seq).
pub(super) const PRUNE_SNAPSHOTS: &str = "DELETE FROM snapshots WHERE game_id = ?1 AND seq < ?2";

/// How many open or active games an account (`?1`) sits in.
pub(super) const LIVE_GAMES_OF: &str = "SELECT COUNT(*) FROM games WHERE status != 'finished' \
     AND (union_account = ?1 OR confederate_account = ?1)";

/// `Some(refusal)` if `account` already has `limit` (or more) open or active games.
async fn over_limit(
    conn: &mut SqliteConnection,
    account: &str,
    limit: Option<i64>,
) -> Result<Option<WriteError>, sqlx::Error> {
    let Some(limit) = limit else { return Ok(None) };
    let live: i64 = sqlx::query_scalar(LIVE_GAMES_OF)
        .bind(account)
        .fetch_one(&mut *conn)
        .await?;
    Ok((live >= limit).then(|| WriteError::too_many_games(live)))
}

/// The column prefix of a side's seat.
fn seat_column(side: &str) -> &'static str {
    if side == "union" {
        "union"
    } else {
        "confederate"
    }
}

/// A new game waiting for its second player, the creator in `side`'s seat. Parameters in
/// order: id, game, scenario, options, visibility, creator (twice), secret, seed, seed
/// commitment, invite code, spectate code, now (twice), clock, reserved for.
pub(super) fn insert_game_sql(side: &str) -> String {
    let seat = seat_column(side);
    format!(
        "INSERT INTO games (id, game, scenario, options, visibility, status, creator, \
         {seat}_account, {seat}_secret, seed, seed_commitment, invite_code, \
         spectate_code, seq, to_act, created_at, updated_at, clock, reserved_for) \
         VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, 0, '', ?, ?, ?, ?)"
    )
}

/// `side`'s seat taken, the game started; changes no row unless the game is open and the
/// seat empty. Parameters in order: account, secret, to act, now, clock, wake at, game id.
pub(super) fn join_sql(side: &str) -> String {
    let seat = seat_column(side);
    format!(
        "UPDATE games SET {seat}_account = ?, {seat}_secret = ?, status = 'active', \
         invite_code = NULL, reserved_for = NULL, to_act = ?, updated_at = ?, clock = ?, wake_at = ? \
         WHERE id = ? AND status = 'open' AND {seat}_account IS NULL"
    )
}

/// Runs one write's statements. `Ok(Err(_))` is a conflict detected by a guard.
pub(super) async fn apply(
    conn: &mut SqliteConnection,
    write: &Write,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    match write {
        Write::CreateAccount {
            id,
            name,
            name_key,
            token_hash,
            token_id,
            label,
            password_hash,
            now,
        } => {
            // `accounts.token_hash` is no longer read (migration 0006) but must be unique.
            sqlx::query(
                "INSERT INTO accounts (id, name, name_key, token_hash, created_at, \
                 password_hash, password_changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(name)
            .bind(name_key)
            .bind(token_hash)
            .bind(now)
            .bind(password_hash)
            .bind(password_hash.as_ref().map(|_| *now))
            .execute(&mut *conn)
            .await?;
            let first = NewToken {
                id: token_id.clone(),
                account: id.clone(),
                token_hash: token_hash.clone(),
                origin: "created",
                label: label.clone(),
                now: *now,
            };
            account_writes::insert_token(conn, &first).await?;
        }
        Write::CreateGame(g) => {
            if let Some(refused) = over_limit(conn, &g.creator, g.live_limit).await? {
                return Ok(Err(refused));
            }
            let sql = insert_game_sql(g.side);
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
            if let Some(c) = &g.computer {
                let column = seat_column(c.side);
                let sql = format!(
                    "UPDATE games SET {column}_secret = ?, computer = ?, status = 'active', \
                     invite_code = NULL, to_act = ? WHERE id = ?"
                );
                sqlx::query(AssertSqlSafe(sql))
                    .bind(&c.secret)
                    .bind(&c.seat)
                    .bind(&c.to_act)
                    .bind(&g.id)
                    .execute(&mut *conn)
                    .await?;
            }
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
            live_limit,
        } => {
            if let Some(refused) = over_limit(conn, account, *live_limit).await? {
                return Ok(Err(refused));
            }
            let sql = join_sql(side);
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
            sqlx::query(PUT_SNAPSHOT)
                .bind(game_id)
                .bind(seq)
                .bind(data)
                .execute(&mut *conn)
                .await?;
            sqlx::query(PRUNE_SNAPSHOTS)
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
            lease: _,
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
                 to_act, outcome, created_at, updated_at, origin, record_hash, clock) \
                 VALUES (?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?)",
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
            .bind(&g.clock)
            .execute(&mut *conn)
            .await?;
            let actions: Vec<&NewAction> = g.actions.iter().collect();
            for chunk in actions.chunks(ACTIONS_PER_STATEMENT) {
                insert_actions(conn, chunk).await?;
            }
        }
        Write::Notices(n) => return notice_writes::apply(conn, n).await,
        Write::Accounts(a) => return account_writes::apply(conn, a).await,
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

/// Actions written by one statement (each binds 16 values; SQLite allows 32766).
pub(super) const ACTIONS_PER_STATEMENT: usize = 256;

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
pub(super) async fn append_actions(
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
