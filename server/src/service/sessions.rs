//! An account's tokens as its owner sees them (when made, how, last used; never the tokens),
//! and revoking them: one, the caller's own (signing out), or every other.

use adjutant_protocol::{AccountSecurity, ApiError, ErrorCode, TokenInfo, TokenOrigin};

use super::revoked::{Revoked, RevokedTokens};
use super::{Account, Service, store_error, write_error};
use crate::store::{AccountWrite, WriteError};

/// The id that names the caller's own token in a revocation.
pub const CURRENT: &str = "current";

impl Service {
    /// The caller's tokens, and whether it has a password and can be mailed a sign-in link.
    pub async fn account_security(&self, account: &Account) -> Result<AccountSecurity, ApiError> {
        let store = &self.inner.store;
        let rows = store.tokens_of(&account.id).await.map_err(store_error)?;
        let credentials = store
            .credentials_of(&account.id)
            .await
            .map_err(store_error)?;
        let settings = store
            .notice_settings(&account.id)
            .await
            .map_err(store_error)?;
        let tokens = rows
            .into_iter()
            .map(|row| TokenInfo {
                current: row.id == account.token_id,
                origin: TokenOrigin::parse(&row.origin).unwrap_or(TokenOrigin::Created),
                id: row.id,
                label: row.label,
                created_at: row.created_at,
                last_used_at: row.last_used_at,
            })
            .collect();
        let (has_password, password_changed_at) = credentials
            .map(|c| (c.password_hash.is_some(), c.password_changed_at))
            .unwrap_or_default();
        Ok(AccountSecurity {
            tokens,
            has_password,
            password_changed_at,
            email_sign_in: self.inner.sign_ins.mailer.is_some()
                && settings.email.is_some()
                && settings.email_confirmed,
        })
    }

    /// Revokes one of the caller's tokens ([`CURRENT`]: the one of this request, which signs
    /// out). Requests with it are refused from now on, and WebSockets it opened are closed.
    pub async fn revoke_token(
        &self,
        account: &Account,
        token_id: &str,
    ) -> Result<AccountSecurity, ApiError> {
        let token_id = if token_id == CURRENT {
            account.token_id.clone()
        } else {
            token_id.to_string()
        };
        let write = AccountWrite::Revoke {
            account: account.id.clone(),
            token_id: token_id.clone(),
        };
        match self.inner.store.write(write.into()).await {
            Ok(()) => {}
            Err(WriteError::Conflict(why)) => return Err(ApiError::new(ErrorCode::NotFound, why)),
            Err(e) => return Err(write_error(e)),
        }
        self.forget_tokens(Revoked {
            account: account.id.clone(),
            tokens: RevokedTokens::One(token_id),
        });
        tracing::info!(account = %account.id, "token revoked");
        self.account_security(account).await
    }

    /// Revokes every token of the caller's but the one of this request ("sign out
    /// everywhere else").
    pub async fn revoke_other_tokens(
        &self,
        account: &Account,
    ) -> Result<AccountSecurity, ApiError> {
        let write = AccountWrite::RevokeOthers {
            account: account.id.clone(),
            keep: account.token_id.clone(),
        };
        self.inner
            .store
            .write(write.into())
            .await
            .map_err(write_error)?;
        self.forget_tokens(Revoked {
            account: account.id.clone(),
            tokens: RevokedTokens::AllBut(account.token_id.clone()),
        });
        tracing::info!(account = %account.id, "every other token revoked");
        self.account_security(account).await
    }
}
