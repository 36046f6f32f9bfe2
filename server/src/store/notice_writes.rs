//! The store's writes about notices: settings and the confirmation of an e-mail address, the
//! outbox and its delivery results, digests. The writer runs them like any other write.

use sqlx::AssertSqlSafe;
use sqlx::sqlite::SqliteConnection;

use super::write_error::WriteError;

/// One change to the notice tables.
#[derive(Clone, Debug)]
pub enum NoticeWrite {
    /// An account's notice settings (its error columns and digest time are kept). A new
    /// e-mail address starts unconfirmed with `email_token`; an unchanged one keeps its state.
    Settings {
        account: String,
        webhook_url: Option<String>,
        email: Option<String>,
        always: bool,
        digest: bool,
        /// The confirmation token's hash and expiry, used only if the address changes.
        email_token: Option<(String, i64)>,
        /// The webhook's signing secret (new or kept, as the service decided).
        webhook_secret: Option<String>,
        webhook_format: &'static str,
        /// The UTC hour of the daily digest.
        digest_hour: Option<u8>,
    },
    /// A fresh confirmation token for the account's unconfirmed address `email` (refused if
    /// the address changed or was confirmed meanwhile).
    EmailToken {
        account: String,
        email: String,
        token_hash: String,
        expires_at: i64,
    },
    /// The address whose token hashes to `token_hash` is confirmed (refused once the token
    /// is used or expired).
    ConfirmEmail { token_hash: String, now: i64 },
    /// The e-mail channel's last error (a confirmation mail that could not be sent).
    EmailError {
        account: String,
        error: String,
        now: i64,
    },
    /// A notice into the outbox, first tried at `due` (later than `now` while its recipient
    /// is looking at the game). Older notices of its queue waiting for a retry are tried
    /// again now: the endpoint may be back, and the new notice waits behind them.
    Notice {
        id: i64,
        account: String,
        channel: &'static str,
        kind: &'static str,
        game_id: Option<String>,
        /// The game's sequence number as the notice was written.
        seq: Option<i64>,
        body: String,
        now: i64,
        due: i64,
    },
    /// A notice not yet tried waits until `until` (its recipient is looking at the game).
    Defer { id: i64, until: i64 },
    /// A notice is dropped unsent: it is no longer true (`why`).
    Dropped { id: i64, why: String },
    /// The confirmed address with this one-click unsubscribe token gets no more mail.
    Unsubscribe { token: String },
    /// The result of an attempt to deliver a notice.
    Result(NoticeResult),
    /// A daily digest went out (or there was nothing to say).
    DigestSent { account: String, now: i64 },
}

/// What happened to one delivery attempt.
#[derive(Clone, Debug)]
pub struct NoticeResult {
    pub id: i64,
    pub account: String,
    pub channel: &'static str,
    pub now: i64,
    /// `None`: delivered. `Some((error, next_at))`: failed; retried at `next_at`, or given
    /// up when that is `None`.
    pub error: Option<(String, Option<i64>)>,
}

/// Whether a constraint may refuse the write (it then runs inside a savepoint).
pub fn may_conflict(write: &NoticeWrite) -> bool {
    matches!(
        write,
        NoticeWrite::Settings { .. }
            | NoticeWrite::Notice { .. }
            | NoticeWrite::EmailToken { .. }
            | NoticeWrite::ConfirmEmail { .. }
            | NoticeWrite::Unsubscribe { .. }
    )
}

/// The sentence for a write a constraint refused.
pub fn conflict_sentence(write: &NoticeWrite) -> String {
    match write {
        NoticeWrite::EmailToken { .. } => {
            "the e-mail address changed or was confirmed meanwhile".to_string()
        }
        NoticeWrite::ConfirmEmail { .. } => {
            "that confirmation link was used already or has expired".to_string()
        }
        NoticeWrite::Unsubscribe { .. } => {
            "that unsubscribe link was used already: no mail goes to that address".to_string()
        }
        _ => "the account is gone".to_string(),
    }
}

fn refused(write: &NoticeWrite) -> Result<(), WriteError> {
    Err(WriteError::Conflict(conflict_sentence(write)))
}

/// Runs one write's statements. `Ok(Err(_))` is a conflict detected by a guard.
pub async fn apply(
    conn: &mut SqliteConnection,
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
            sqlx::query(
                "INSERT INTO notice_settings (account_id, webhook_url, email, always, digest, \
                 email_token_hash, email_token_expires_at, webhook_secret, webhook_format, \
                 digest_hour) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
                 ON CONFLICT (account_id) DO UPDATE SET \
                 webhook_url = ?2, email = ?3, always = ?4, digest = ?5, webhook_secret = ?8, \
                 webhook_format = ?9, digest_hour = ?10, \
                 webhook_error = CASE WHEN webhook_url IS ?2 THEN webhook_error END, \
                 webhook_error_at = CASE WHEN webhook_url IS ?2 THEN webhook_error_at END, \
                 email_error = CASE WHEN email IS ?3 THEN email_error END, \
                 email_error_at = CASE WHEN email IS ?3 THEN email_error_at END, \
                 email_confirmed = CASE WHEN email IS ?3 THEN email_confirmed ELSE 0 END, \
                 unsubscribe_token = CASE WHEN email IS ?3 THEN unsubscribe_token END, \
                 email_token_hash = CASE WHEN email IS ?3 THEN email_token_hash ELSE ?6 END, \
                 email_token_expires_at = \
                     CASE WHEN email IS ?3 THEN email_token_expires_at ELSE ?7 END",
            )
            .bind(account)
            .bind(webhook_url)
            .bind(email)
            .bind(always)
            .bind(digest)
            .bind(token_hash)
            .bind(expires_at)
            .bind(webhook_secret)
            .bind(webhook_format)
            .bind(digest_hour)
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
                "UPDATE notice_settings SET email_token_hash = ?, email_token_expires_at = ? \
                 WHERE account_id = ? AND email = ? AND email_confirmed = 0",
            )
            .bind(token_hash)
            .bind(expires_at)
            .bind(account)
            .bind(email)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
            }
        }
        NoticeWrite::ConfirmEmail { token_hash, now } => {
            let done = sqlx::query(
                "UPDATE notice_settings SET email_confirmed = 1, email_token_hash = NULL, \
                 email_token_expires_at = NULL, email_error = NULL, email_error_at = NULL, \
                 unsubscribe_token = 'adj_' || lower(hex(randomblob(32))) \
                 WHERE email_token_hash = ? AND email_token_expires_at > ? \
                 AND email IS NOT NULL",
            )
            .bind(token_hash)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
            }
        }
        NoticeWrite::EmailError {
            account,
            error,
            now,
        } => {
            sqlx::query(
                "UPDATE notice_settings SET email_error = ?, email_error_at = ? \
                 WHERE account_id = ?",
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
                "UPDATE notices SET next_at = ?1 WHERE account_id = ?2 AND channel = ?3 \
                 AND attempts > 0 AND next_at > ?1",
            )
            .bind(now)
            .bind(account)
            .bind(channel)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO notices (id, account_id, channel, kind, game_id, body, created_at, \
                 attempts, next_at, seq) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
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
            sqlx::query("UPDATE notices SET next_at = ? WHERE id = ? AND attempts = 0")
                .bind(until)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        NoticeWrite::Dropped { id, why } => {
            sqlx::query("UPDATE notices SET next_at = NULL, dropped = ? WHERE id = ?")
                .bind(why)
                .bind(id)
                .execute(&mut *conn)
                .await?;
        }
        NoticeWrite::Unsubscribe { token } => {
            let done = sqlx::query(
                "UPDATE notice_settings SET email = NULL, email_confirmed = 0, \
                 unsubscribe_token = NULL, email_error = NULL, email_error_at = NULL \
                 WHERE unsubscribe_token = ?",
            )
            .bind(token)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
            }
        }
        NoticeWrite::Result(r) => result(conn, r).await?,
        NoticeWrite::DigestSent { account, now } => {
            sqlx::query("UPDATE notice_settings SET last_digest_at = ? WHERE account_id = ?")
                .bind(now)
                .bind(account)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(Ok(()))
}

/// Stores a delivery attempt's result on the notice and on the account's settings.
async fn result(conn: &mut SqliteConnection, r: &NoticeResult) -> Result<(), sqlx::Error> {
    let column = if r.channel == "email" {
        "email"
    } else {
        "webhook"
    };
    match &r.error {
        None => {
            sqlx::query(
                "UPDATE notices SET attempts = attempts + 1, sent_at = ?, next_at = NULL, \
                 last_error = NULL WHERE id = ?",
            )
            .bind(r.now)
            .bind(r.id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(AssertSqlSafe(format!(
                "UPDATE notice_settings SET {column}_error = NULL, {column}_error_at = NULL \
                 WHERE account_id = ?"
            )))
            .bind(&r.account)
            .execute(&mut *conn)
            .await?;
        }
        Some((error, next_at)) => {
            sqlx::query(
                "UPDATE notices SET attempts = attempts + 1, next_at = ?, last_error = ?, \
                 failed = ? WHERE id = ?",
            )
            .bind(next_at)
            .bind(error)
            .bind(next_at.is_none())
            .bind(r.id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(AssertSqlSafe(format!(
                "UPDATE notice_settings SET {column}_error = ?, {column}_error_at = ? \
                 WHERE account_id = ?"
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
