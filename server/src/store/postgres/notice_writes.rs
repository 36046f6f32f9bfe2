//! The PostgreSQL statements of the writes about notices (the SQLite store's are in
//! `store/notice_writes.rs`, with the writes themselves).

use sqlx::AssertSqlSafe;
use sqlx::postgres::PgConnection;

use super::super::notice_writes::{NoticeResult, NoticeWrite, conflict_sentence};
use super::super::write_error::WriteError;

fn refused(write: &NoticeWrite) -> Result<Result<(), WriteError>, sqlx::Error> {
    Ok(Err(WriteError::Conflict(conflict_sentence(write))))
}

/// The settings upsert: a changed address starts unconfirmed with the new token; an
/// unchanged one keeps its state, and each channel's error is kept while its address is.
const SETTINGS: &str = "INSERT INTO notice_settings AS s (account_id, webhook_url, email, \
     always, digest, email_token_hash, email_token_expires_at, webhook_secret, webhook_format, \
     digest_hour) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
     ON CONFLICT (account_id) DO UPDATE SET \
     webhook_url = $2, email = $3, always = $4, digest = $5, webhook_secret = $8, \
     webhook_format = $9, digest_hour = $10, \
     webhook_error = CASE WHEN s.webhook_url IS NOT DISTINCT FROM $2 THEN s.webhook_error END, \
     webhook_error_at = \
         CASE WHEN s.webhook_url IS NOT DISTINCT FROM $2 THEN s.webhook_error_at END, \
     email_error = CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.email_error END, \
     email_error_at = CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.email_error_at END, \
     email_confirmed = \
         CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.email_confirmed ELSE FALSE END, \
     unsubscribe_token = \
         CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.unsubscribe_token END, \
     email_token_hash = \
         CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.email_token_hash ELSE $6 END, \
     email_token_expires_at = \
         CASE WHEN s.email IS NOT DISTINCT FROM $3 THEN s.email_token_expires_at ELSE $7 END";

/// Runs one write's statements. `Ok(Err(_))` is a conflict detected by a guard.
pub(super) async fn apply(
    conn: &mut PgConnection,
    write: &NoticeWrite,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    match write {
        NoticeWrite::Settings {
            account,
            webhook_url,
            email,
            always,
            digest,
            email_token,
            webhook_secret,
            webhook_format,
            digest_hour,
        } => {
            let (token_hash, expires_at) = email_token.clone().unzip();
            sqlx::query(SETTINGS)
                .bind(account)
                .bind(webhook_url)
                .bind(email)
                .bind(always)
                .bind(digest)
                .bind(token_hash)
                .bind(expires_at)
                .bind(webhook_secret)
                .bind(webhook_format)
                .bind(digest_hour.map(i64::from))
                .execute(&mut *conn)
                .await?;
        }
        NoticeWrite::EmailToken {
            account,
            email,
            token_hash,
            expires_at,
        } => {
            let done = sqlx::query(
                "UPDATE notice_settings SET email_token_hash = $1, email_token_expires_at = $2 \
                 WHERE account_id = $3 AND email = $4 AND NOT email_confirmed",
            )
            .bind(token_hash)
            .bind(expires_at)
            .bind(account)
            .bind(email)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
        }
        NoticeWrite::ConfirmEmail { token_hash, now } => {
            // The unsubscribe token is drawn here (SQLite draws it with randomblob; drawing
            // it in the server needs no extension on any engine).
            let done = sqlx::query(
                "UPDATE notice_settings SET email_confirmed = TRUE, email_token_hash = NULL, \
                 email_token_expires_at = NULL, email_error = NULL, email_error_at = NULL, \
                 unsubscribe_token = $1 \
                 WHERE email_token_hash = $2 AND email_token_expires_at > $3 \
                 AND email IS NOT NULL",
            )
            .bind(crate::auth::new_token())
            .bind(token_hash)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
        }
        NoticeWrite::EmailError {
            account,
            error,
            now,
        } => {
            sqlx::query(
                "UPDATE notice_settings SET email_error = $1, email_error_at = $2 \
                 WHERE account_id = $3",
            )
            .bind(error)
            .bind(now)
            .bind(account)
            .execute(&mut *conn)
            .await?;
        }
        NoticeWrite::Notice {
            id,
            account,
            channel,
            kind,
            game_id,
            seq,
            body,
            now,
            due,
        } => {
            sqlx::query(
                "UPDATE notices SET next_at = $1 WHERE account_id = $2 AND channel = $3 \
                 AND attempts > 0 AND next_at > $1",
            )
            .bind(now)
            .bind(account)
            .bind(channel)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO notices (id, account_id, channel, kind, game_id, body, created_at, \
                 attempts, next_at, seq) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9)",
            )
            .bind(id)
            .bind(account)
            .bind(channel)
            .bind(kind)
            .bind(game_id)
            .bind(body)
            .bind(now)
            .bind(due)
            .bind(seq)
            .execute(&mut *conn)
            .await?;
        }
        NoticeWrite::Defer { id, until } => {
            sqlx::query("UPDATE notices SET next_at = $1 WHERE id = $2 AND attempts = 0")
                .bind(until)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        NoticeWrite::Dropped { id, why } => {
            sqlx::query("UPDATE notices SET next_at = NULL, dropped = $1 WHERE id = $2")
                .bind(why)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        NoticeWrite::Unsubscribe { token } => {
            let done = sqlx::query(
                "UPDATE notice_settings SET email = NULL, email_confirmed = FALSE, \
                 unsubscribe_token = NULL, email_error = NULL, email_error_at = NULL \
                 WHERE unsubscribe_token = $1",
            )
            .bind(token)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return refused(write);
            }
        }
        NoticeWrite::Result(r) => result(conn, r).await?,
        NoticeWrite::DigestSent { account, now } => {
            sqlx::query("UPDATE notice_settings SET last_digest_at = $1 WHERE account_id = $2")
                .bind(now)
                .bind(account)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(Ok(()))
}

/// Stores a delivery attempt's result on the notice and on the account's settings.
async fn result(conn: &mut PgConnection, r: &NoticeResult) -> Result<(), sqlx::Error> {
    let column = if r.channel == "email" {
        "email"
    } else {
        "webhook"
    };
    match &r.error {
        None => {
            sqlx::query(
                "UPDATE notices SET attempts = attempts + 1, sent_at = $1, next_at = NULL, \
                 last_error = NULL WHERE id = $2",
            )
            .bind(r.now)
            .bind(r.id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(AssertSqlSafe(format!(
                "UPDATE notice_settings SET {column}_error = NULL, {column}_error_at = NULL \
                 WHERE account_id = $1"
            )))
            .bind(&r.account)
            .execute(&mut *conn)
            .await?;
        }
        Some((error, next_at)) => {
            sqlx::query(
                "UPDATE notices SET attempts = attempts + 1, next_at = $1, last_error = $2, \
                 failed = $3 WHERE id = $4",
            )
            .bind(next_at)
            .bind(error)
            .bind(next_at.is_none())
            .bind(r.id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(AssertSqlSafe(format!(
                "UPDATE notice_settings SET {column}_error = $1, {column}_error_at = $2 \
                 WHERE account_id = $3"
            )))
            .bind(error)
            .bind(r.now)
            .bind(&r.account)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
