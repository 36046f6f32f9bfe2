//! Accounts: creating one, and knowing a caller by the token.

use super::*;

impl Service {
    /// Creates an account and returns its token (shown once).
    pub async fn create_account(&self, name: &str) -> Result<AccountCreated, ApiError> {
        let name = check_name(name)?;
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let token = new_token();
        self.inner
            .store
            .write(Write::CreateAccount {
                id: id.clone(),
                name_key: name_key(&name),
                name: name.clone(),
                token_hash: hash_token(&token),
                now: self.now(),
            })
            .await
            .map_err(write_error)?;
        info!(account = %id, %name, "account created");
        Ok(AccountCreated {
            account_id: id,
            name,
            token,
        })
    }

    /// The account a bearer token belongs to.
    pub async fn authenticate(&self, token: &str) -> Result<Account, ApiError> {
        let hash = hash_token(token.trim());
        if let Some(account) = self.inner.tokens.lock().expect("token cache").get(&hash) {
            return Ok(account.clone());
        }
        let row = self
            .inner
            .store
            .account_by_token(&hash)
            .await
            .map_err(store_error)?;
        let account = row
            .map(|r| Account {
                id: r.id,
                name: r.name,
            })
            .ok_or_else(|| {
                ApiError::new(
                    ErrorCode::Unauthorized,
                    "that token is not valid on this server",
                )
            })?;
        let mut cache = self.inner.tokens.lock().expect("token cache");
        if cache.len() > 100_000 {
            cache.clear();
        }
        cache.insert(hash, account.clone());
        Ok(account)
    }
}
