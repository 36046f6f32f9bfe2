//! The PostgreSQL statements of the writes about passwords, tokens and sign-in links (the
//! SQLite store's are in `store/account_writes.rs`, with the writes themselves).

use sqlx::postgres::PgConnection;

use super::super::account_writes::{AccountWrite, NewToken, conflict_sentence};
use super::super::write_error::WriteError;

fn refused(write: &AccountWrite) -> Result<Result<(), WriteError>, sqlx::Error> {
    Ok(Err(WriteError::Conflict(conflict_sentence(write))))
}

/// Inserts a token row.
pub(super) async fn insert_token(conn: &mut PgConnection, t: &NewToken) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tokens (id, account_id, token_hash, origin, label, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&t.id)
    .bind(&t.account)
    .bind(&t.token_hash)
    .bind(t.origin)
    .bind(&t.label)
    .bind(t.now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Forgets every token of `account` but `keep`.
async fn revoke_others(
    conn: &mut PgConnection,
    account: &str,
    keep: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM tokens WHERE account_id = $1 AND id != $2")
        .bind(account)
        .bind(keep)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Runs one write's statements. `Ok(Err(_))` is a refusal by a guard.
pub(super) async fn apply(
    conn: &mut PgConnection,
    write: &AccountWrite,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    match write {
        AccountWrite::NewToken(token) => insert_token(conn, token).await?,
        AccountWrite::Touch { token_hash, now } => {
            sqlx::query(
                "UPDATE tokens SET last_used_at = $1 WHERE token_hash = $2 \
                 AND (last_used_at IS NULL OR last_used_at < $1)",
            )
            .bind(now)
            .bind(token_hash)
            .execute(&mut *conn)
            .await?;
        }
        AccountWrite::Revoke { account, token_id } => {
            let done = sqlx::query("DELETE FROM tokens WHERE account_id = $1 AND id = $2")
                .bind(account)
                .bind(token_id)
                .execute(&mut *conn)
                .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
        }
        AccountWrite::RevokeOthers { account, keep } => revoke_others(conn, account, keep).await?,
        AccountWrite::SetPassword {
            account,
            old_hash,
            new_hash,
            keep,
            now,
        } => {
            let done = sqlx::query(
                "UPDATE accounts SET password_hash = $1, password_changed_at = $2 \
                 WHERE id = $3 AND password_hash IS NOT DISTINCT FROM $4",
            )
            .bind(new_hash)
            .bind(now)
            .bind(account)
            .bind(old_hash)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
            if let Some(keep) = keep {
                revoke_others(conn, account, keep).await?;
            }
        }
        AccountWrite::NewLink {
            account,
            token_hash,
            expires_at,
        } => {
            sqlx::query(
                "INSERT INTO sign_in_links (account_id, token_hash, expires_at) \
                 VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET \
                 token_hash = excluded.token_hash, expires_at = excluded.expires_at",
            )
            .bind(account)
            .bind(token_hash)
            .bind(expires_at)
            .execute(&mut *conn)
            .await?;
        }
        AccountWrite::RedeemLink {
            token_hash,
            session,
            password_hash,
            sign_out_others,
        } => {
            let done = sqlx::query(
                "DELETE FROM sign_in_links WHERE token_hash = $1 AND account_id = $2 \
                 AND expires_at > $3",
            )
            .bind(token_hash)
            .bind(&session.account)
            .bind(session.now)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
            insert_token(conn, session).await?;
            if let Some(hash) = password_hash {
                sqlx::query(
                    "UPDATE accounts SET password_hash = $1, password_changed_at = $2 \
                     WHERE id = $3",
                )
                .bind(hash)
                .bind(session.now)
                .bind(&session.account)
                .execute(&mut *conn)
                .await?;
            }
            if *sign_out_others {
                revoke_others(conn, &session.account, &session.id).await?;
            }
        }
    }
    Ok(Ok(()))
}
