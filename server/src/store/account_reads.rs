//! The SQLite reads of accounts' credentials: who a token belongs to, an account's password
//! hash and tokens, and the account a sign-in link is for.

use super::SqliteStore;
use super::rows::{Credentials, TokenOwner, TokenRow};

impl SqliteStore {
    /// The account a token's hash belongs to, with the token's id.
    pub async fn token_owner(&self, token_hash: &str) -> Result<Option<TokenOwner>, sqlx::Error> {
        sqlx::query_as(
            "SELECT a.id AS account_id, a.name, t.id AS token_id, t.last_used_at \
             FROM tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token_hash = ?",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await
    }

    /// The credentials of the account whose name has the key `name_key`.
    pub async fn credentials_by_name(
        &self,
        name_key: &str,
    ) -> Result<Option<Credentials>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, name, password_hash, password_changed_at FROM accounts WHERE name_key = ?",
        )
        .bind(name_key)
        .fetch_optional(&self.pool)
        .await
    }

    /// The credentials of an account.
    pub async fn credentials_of(&self, account: &str) -> Result<Option<Credentials>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, name, password_hash, password_changed_at FROM accounts WHERE id = ?",
        )
        .bind(account)
        .fetch_optional(&self.pool)
        .await
    }

    /// An account's tokens, newest first.
    pub async fn tokens_of(&self, account: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT id, origin, label, created_at, last_used_at FROM tokens \
             WHERE account_id = ? ORDER BY created_at DESC, id",
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
        sqlx::query_as("SELECT account_id, expires_at FROM sign_in_links WHERE token_hash = ?")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await
    }
}
