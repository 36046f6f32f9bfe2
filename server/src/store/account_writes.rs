//! The store's writes about passwords, tokens and sign-in links. The writer runs them like
//! any other write; those a guard may refuse run inside a savepoint, so a refusal changes
//! nothing.

use sqlx::sqlite::SqliteConnection;

use super::write_error::WriteError;

/// A new bearer token's row.
#[derive(Clone, Debug)]
pub struct NewToken {
    /// Its public id.
    pub id: String,
    pub account: String,
    /// SHA-256 of the token, hex.
    pub token_hash: String,
    /// created | password | link
    pub origin: &'static str,
    pub label: String,
    pub now: i64,
}

/// One change to the accounts' credentials.
#[derive(Clone, Debug)]
pub enum AccountWrite {
    /// A new token for an account (a sign-in with its password).
    NewToken(NewToken),
    /// A token was used at `now` (kept to within a few minutes; never moves back).
    Touch { token_hash: String, now: i64 },
    /// Forgets one token of the account (refused if it has none with that id).
    Revoke { account: String, token_id: String },
    /// Forgets every token of the account but `keep`.
    RevokeOthers { account: String, keep: String },
    /// A new password, if the stored one is still `old_hash` (so that two changes at once
    /// cannot both pass on the same old password); with `keep`, every token of the account
    /// but that one is forgotten too.
    SetPassword {
        account: String,
        old_hash: Option<String>,
        new_hash: String,
        keep: Option<String>,
        now: i64,
    },
    /// A sign-in link for the account, replacing any earlier one.
    NewLink {
        account: String,
        token_hash: String,
        expires_at: i64,
    },
    /// Uses the link whose token hashes to `token_hash` (refused if it is not the account's
    /// current link, or has expired by `now`): it is forgotten, `session` is created, and
    /// the password set if there is one (every other token forgotten if `sign_out_others`).
    RedeemLink {
        token_hash: String,
        session: NewToken,
        password_hash: Option<String>,
        sign_out_others: bool,
    },
}

/// Whether a guard may refuse the write (it then runs inside a savepoint).
pub fn may_conflict(write: &AccountWrite) -> bool {
    !matches!(
        write,
        AccountWrite::Touch { .. } | AccountWrite::RevokeOthers { .. }
    )
}

/// The sentence for a write a guard refused.
pub fn conflict_sentence(write: &AccountWrite) -> String {
    match write {
        AccountWrite::Revoke { .. } => "you have no token with that id".to_string(),
        AccountWrite::SetPassword { .. } => {
            "the password was changed meanwhile; nothing was changed, try again".to_string()
        }
        AccountWrite::RedeemLink { .. } => {
            "that sign-in link is not valid: it was used already, a newer link replaced it, or \
             it has expired"
                .to_string()
        }
        _ => "the account is gone".to_string(),
    }
}

fn refused(write: &AccountWrite) -> Result<(), WriteError> {
    Err(WriteError::Conflict(conflict_sentence(write)))
}

/// Inserts a token row.
pub(super) async fn insert_token(
    conn: &mut SqliteConnection,
    t: &NewToken,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tokens (id, account_id, token_hash, origin, label, created_at) \
         VALUES (?, ?, ?, ?, ?, ?)",
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
    conn: &mut SqliteConnection,
    account: &str,
    keep: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM tokens WHERE account_id = ? AND id != ?")
        .bind(account)
        .bind(keep)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Runs one write's statements. `Ok(Err(_))` is a refusal by a guard.
pub async fn apply(
    conn: &mut SqliteConnection,
    write: &AccountWrite,
) -> Result<Result<(), WriteError>, sqlx::Error> {
    match write {
        AccountWrite::NewToken(token) => insert_token(conn, token).await?,
        AccountWrite::Touch { token_hash, now } => {
            sqlx::query(
                "UPDATE tokens SET last_used_at = ?1 WHERE token_hash = ?2 \
                 AND (last_used_at IS NULL OR last_used_at < ?1)",
            )
            .bind(now)
            .bind(token_hash)
            .execute(&mut *conn)
            .await?;
        }
        AccountWrite::Revoke { account, token_id } => {
            let done = sqlx::query("DELETE FROM tokens WHERE account_id = ? AND id = ?")
                .bind(account)
                .bind(token_id)
                .execute(&mut *conn)
                .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
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
                "UPDATE accounts SET password_hash = ?, password_changed_at = ? \
                 WHERE id = ? AND password_hash IS ?",
            )
            .bind(new_hash)
            .bind(now)
            .bind(account)
            .bind(old_hash)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
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
                "INSERT INTO sign_in_links (account_id, token_hash, expires_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (account_id) DO UPDATE SET token_hash = ?2, expires_at = ?3",
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
                "DELETE FROM sign_in_links WHERE token_hash = ? AND account_id = ? \
                 AND expires_at > ?",
            )
            .bind(token_hash)
            .bind(&session.account)
            .bind(session.now)
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() != 1 {
                return Ok(refused(write));
            }
            insert_token(conn, session).await?;
            if let Some(hash) = password_hash {
                sqlx::query(
                    "UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE id = ?",
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
