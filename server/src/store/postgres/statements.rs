//! The SQL statements of each write, in PostgreSQL's dialect (the SQLite store's are in
//! `store/statements.rs`; each write here does what it does there).

use sqlx::AssertSqlSafe;
use sqlx::postgres::PgConnection;

use super::super::writes::{NewAction, NewGame, Write, WriteError};
use super::account_writes::{self, insert_token};
use super::notice_writes;
use super::rows_of;

/// What a statement that moves a game on returns for each game row it changed: a notification
/// on the channel [`CHANNEL`] that the nodes listen on, `"<game id> <seq> <lease holder>"`
/// (the holder: the server that wrote, for an action or a clock), delivered when
/// (and only if) the transaction commits.
pub(super) const NOTIFY: &str = "pg_notify('adjutant_games', games.id || ' ' || games.seq || ' ' \
     || COALESCE(games.lease_node, ''))";

/// [`NOTIFY`] for a game moved on by an action: `"<game id> <seq> <lease holder> a"` and the
/// action's [`NewAction::told`] (its side, events' fingerprint and JSON, when short enough),
/// from the statement's `v` rows. A server whose actor is at the action before plays it as
/// told; one already at that action reads nothing; any other change (a seat taken, a clock)
/// may leave the sequence number as it was, and is read.
///
/// [`NewAction::told`]: super::super::writes::NewAction::told
pub(super) const NOTIFY_ACTION: &str = "pg_notify('adjutant_games', games.id || ' ' || games.seq \
     || ' ' || COALESCE(games.lease_node, '') || ' a' || v.told)";

/// The channel [`NOTIFY`] announces changed games on.
pub(crate) const CHANNEL: &str = "adjutant_games";

/// Actions written by one statement (each binds 8 values; PostgreSQL allows 65535).
pub(super) const ACTIONS_PER_STATEMENT: usize = 256;

fn seat(side: &str) -> &'static str {
    if side == "union" {
        "union"
    } else {
        "confederate"
    }
}

/// `Some(refusal)` if `account` already has `limit` (or more) open or active games.
async fn over_limit(
    conn: &mut PgConnection,
    account: &str,
    limit: Option<i64>,
) -> Result<Option<WriteError>, sqlx::Error> {
    let Some(limit) = limit else { return Ok(None) };
    let live: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM games WHERE status != 'finished' \
         AND (union_account = $1 OR confederate_account = $1)",
    )
    .bind(account)
    .fetch_one(&mut *conn)
    .await?;
    Ok((live >= limit).then(|| WriteError::too_many_games(live)))
}

fn conflict(why: &str) -> Result<Result<(), WriteError>, sqlx::Error> {
    Ok(Err(WriteError::Conflict(why.into())))
}

/// Runs one write's statements. `Ok(Err(_))` is a conflict detected by a guard.
pub(super) async fn apply(
    conn: &mut PgConnection,
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
            sqlx::query(
                "INSERT INTO accounts (id, name, name_key, created_at, password_hash, \
                 password_changed_at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(name)
            .bind(name_key)
            .bind(now)
            .bind(password_hash)
            .bind(password_hash.as_ref().map(|_| *now))
            .execute(&mut *conn)
            .await?;
            let first = super::super::NewToken {
                id: token_id.clone(),
                account: id.clone(),
                token_hash: token_hash.clone(),
                origin: "created",
                label: label.clone(),
                now: *now,
            };
            insert_token(conn, &first).await?;
        }
        Write::CreateGame(g) => return create_game(conn, g).await,
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
            let column = seat(side);
            let sql = format!(
                "UPDATE games SET {column}_account = $1, {column}_secret = $2, status = 'active', \
                 invite_code = NULL, reserved_for = NULL, to_act = $3, updated_at = $4, \
                 clock = $5, wake_at = $6 \
                 WHERE id = $7 AND status = 'open' AND {column}_account IS NULL \
                 RETURNING {NOTIFY}"
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
                return conflict("that seat has already been taken");
            }
        }
        Write::Action(a) => append_actions(conn, &[a]).await?,
        Write::Snapshot { game_id, seq, data } => {
            put_snapshot(conn, game_id, *seq, data).await?;
            sqlx::query("DELETE FROM snapshots WHERE game_id = $1 AND seq < $2")
                .bind(game_id)
                .bind(seq)
                .execute(&mut *conn)
                .await?;
        }
        Write::Checkpoints { game_id, snapshots } => {
            for (seq, data) in snapshots {
                put_snapshot(conn, game_id, *seq, data).await?;
            }
        }
        Write::Clock {
            game_id,
            clock,
            wake_at,
            lease,
        } => {
            let done = sqlx::query(AssertSqlSafe(format!(
                "UPDATE games SET clock = $1, wake_at = $2 WHERE id = $3 AND lease_epoch = $4 \
                 RETURNING {NOTIFY}"
            )))
            .bind(clock)
            .bind(wake_at)
            .bind(game_id)
            .bind(lease)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() == 0 {
                return Ok(Err(WriteError::Conflict(
                    "the game's lease moved to another server; nothing was changed".into(),
                )));
            }
        }
        Write::Import(g) => {
            sqlx::query(
                "INSERT INTO games (id, game, scenario, options, visibility, status, creator, \
                 union_secret, confederate_secret, seed, seed_commitment, spectate_code, seq, \
                 to_act, outcome, created_at, updated_at, origin, record_hash, clock) \
                 VALUES ($1, $2, $3, $4, $5, 'finished', $6, $7, $8, $9, $10, $11, $12, '', \
                 $13, $14, $15, $16, $17, $18)",
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
                 SELECT $1, $2, GREATEST(0, $3) WHERE $4::BIGINT IS NULL OR $3 <= $4 \
                 ON CONFLICT (account_id, year) DO UPDATE SET \
                 used_secs = GREATEST(0, vacations.used_secs + $3) \
                 WHERE $4::BIGINT IS NULL OR vacations.used_secs + $3 <= $4",
            )
            .bind(account)
            .bind(year)
            .bind(secs)
            .bind(limit)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return conflict("that pause would take you past your yearly allowance");
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
            // Told to the other servers as "<game id> chat <channel> <seq>".
            sqlx::query(
                "INSERT INTO chat (seq, game_id, channel, account_id, author, side, text, \
                 created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 RETURNING pg_notify('adjutant_games', game_id || ' chat ' || channel || ' ' || seq)",
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

async fn create_game(
    conn: &mut PgConnection,
    g: &NewGame,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    if let Some(refused) = over_limit(conn, &g.creator, g.live_limit).await? {
        return Ok(Err(refused));
    }
    let column = seat(g.side);
    let sql = format!(
        "INSERT INTO games (id, game, scenario, options, visibility, status, creator, \
         {column}_account, {column}_secret, seed, seed_commitment, invite_code, \
         spectate_code, seq, to_act, created_at, updated_at, clock, reserved_for) \
         VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11, $12, 0, '', $13, $14, \
         $15, $16)"
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
    if let Some(c) = &g.computer {
        let column = seat(c.side);
        let sql = format!(
            "UPDATE games SET {column}_secret = $1, computer = $2, status = 'active', \
             invite_code = NULL, to_act = $3 WHERE id = $4"
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
            // Told to every server (no writer named: each reads the row and tells its own).
            "UPDATE games SET rematch_id = $1 WHERE id = $2 AND rematch_id IS NULL \
             AND status = 'finished' \
             RETURNING pg_notify('adjutant_games', games.id || ' ' || games.seq || ' ')",
        )
        .bind(&g.id)
        .bind(old)
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() != 1 {
            return conflict("a rematch of that game has already been offered");
        }
    }
    Ok(Ok(()))
}

/// A snapshot, replacing one at the same action.
async fn put_snapshot(
    conn: &mut PgConnection,
    game_id: &str,
    seq: i64,
    data: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO snapshots (game_id, seq, data) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, seq) DO UPDATE SET data = excluded.data",
    )
    .bind(game_id)
    .bind(seq)
    .bind(data)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Inserts action rows, many to a statement.
async fn insert_actions(conn: &mut PgConnection, chunk: &[&NewAction]) -> Result<(), sqlx::Error> {
    let mut insert = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO actions (game_id, seq, side, action, rolls, events, created_at, by_bot) \
         VALUES {}",
        rows_of(chunk.len(), 8)
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
/// write by write, which pins the fault on that one action.
pub(super) async fn append_actions(
    conn: &mut PgConnection,
    chunk: &[&NewAction],
) -> Result<(), sqlx::Error> {
    insert_actions(conn, chunk).await?;
    let mut update = sqlx::query(AssertSqlSafe(format!(
        "UPDATE games SET seq = v.seq, status = v.status, to_act = v.to_act, \
         outcome = v.outcome, updated_at = v.now, clock = v.clock, wake_at = v.wake_at \
         FROM (VALUES {}) AS v(id, seq, status, to_act, outcome, now, clock, wake_at, lease, \
         told) \
         WHERE games.id = v.id AND games.seq = v.seq - 1 AND games.lease_epoch = v.lease \
         RETURNING {NOTIFY_ACTION}",
        rows_of(chunk.len(), 10)
    )));
    for a in chunk {
        update = update
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
    let done = update.execute(&mut *conn).await?;
    if done.rows_affected() != chunk.len() as u64 {
        return Err(sqlx::Error::Protocol(format!(
            // Also when the lease moved on (the fence): to the actor, both mean "read again".
            "{} of {} games were not at the action before the one appended",
            chunk.len() as u64 - done.rows_affected(),
            chunk.len()
        )));
    }
    Ok(())
}
