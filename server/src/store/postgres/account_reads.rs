//! The PostgreSQL reads kept per account: credentials, tokens, sign-in links, notice
//! settings, the outbox and digests (the SQLite store's queries, in PostgreSQL's dialect).

use sqlx::AssertSqlSafe;

use super::super::rows::{Credentials, NoticeRow, NoticeSettingsRow, TokenOwner, TokenRow};
use super::PostgresStore;

const NOTICE_COLUMNS: &str = "id, account_id, channel, kind, game_id, body, created_at, \
     attempts, next_at, sent_at, failed, last_error, seq, dropped";

impl PostgresStore {
    /// The account a token's hash belongs to, with the token's id.
    pub async fn token_owner(&self, token_hash: &str) -> Result<Option<TokenOwner>, sqlx::Error> {
        sqlx::query_as(
            "SELECT a.id AS account_id, a.name, t.id AS token_id, t.last_used_at \
             FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
    }

    /// The credentials of the account whose name has the key `name_key` (`id = false`) or
    /// of the account `key` (`id = true`).
    pub async fn credentials(
        &self,
        key: &str,
        id: bool,
    ) -> Result<Option<Credentials>, sqlx::Error> {
        let column = if id { "id" } else { "name_key" };
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT id, name, password_hash, password_changed_at FROM accounts \
             WHERE {column} = $1"
        )))
        .bind(key)
        .fetch_optional(&self.pool)
        .await
    }

    /// An account's tokens, newest first.
    pub async fn tokens_of(&self, account: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, origin, label, created_at, last_used_at FROM tokens \
             WHERE account_id = $1 ORDER BY created_at DESC, id COLLATE \"C\"",
        )
        .bind(account)
        .fetch_all(&self.pool)
        .await
    }

    /// The account and expiry of the sign-in link whose token hashes to `token_hash`.
    pub async fn sign_in_link(
        &self,
        token_hash: &str,
    ) -> Result<Option<(String, i64)>, sqlx::Error> {
        sqlx::query_as("SELECT account_id, expires_at FROM sign_in_links WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await
    }

    /// An account's notice settings (defaults when it never set any).
    pub async fn notice_settings(&self, account: &str) -> Result<NoticeSettingsRow, sqlx::Error> {
        let row = sqlx::query_as(
            "SELECT webhook_url, email, email_confirmed, always, digest, webhook_error, \
             webhook_error_at, email_error, email_error_at, unsubscribe_token, webhook_secret, \
             webhook_format, digest_hour FROM notice_settings WHERE account_id = $1",
        )
        .bind(account)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// The account and expiry of an e-mail confirmation token's hash.
    pub async fn email_token(
        &self,
        token_hash: &str,
    ) -> Result<Option<(String, i64)>, sqlx::Error> {
        sqlx::query_as(
            "SELECT account_id, email_token_expires_at FROM notice_settings \
             WHERE email_token_hash = $1 AND email_token_expires_at IS NOT NULL",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
    }

    /// Notices due for an attempt by `now`, oldest first; a notice waits behind an older one
    /// of its account and channel that waits for a retry.
    pub async fn due_notices(&self, now: i64, limit: i64) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {NOTICE_COLUMNS} FROM notices n WHERE next_at IS NOT NULL AND next_at <= $1 \
             AND NOT EXISTS (SELECT 1 FROM notices o WHERE o.account_id = n.account_id \
             AND o.channel = n.channel AND o.id < n.id AND o.attempts > 0 \
             AND o.next_at > $1) ORDER BY id LIMIT $2"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Notices waiting in the outbox for a delivery attempt.
    pub async fn outbox_depth(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM notices WHERE next_at IS NOT NULL")
            .fetch_one(&self.pool)
            .await
    }

    /// An account's latest notices, newest first.
    pub async fn notices_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {NOTICE_COLUMNS} FROM notices WHERE account_id = $1 \
             ORDER BY id DESC LIMIT $2"
        )))
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Accounts whose daily digest is due at `now` (as on SQLite: never sent; a day after
    /// the last with no hour chosen; or sent before the latest passing of the chosen hour).
    pub async fn digests_due(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT account_id FROM notice_settings WHERE digest \
             AND (last_digest_at IS NULL \
             OR (digest_hour IS NULL AND last_digest_at <= $1 - 86400) \
             OR (digest_hour IS NOT NULL AND last_digest_at < \
                 $1 - ((($1 - digest_hour * 3600) % 86400) + 86400) % 86400)) LIMIT 1000",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await
    }
}
