//! Accounts: creating one (with a password or without), knowing a caller by its token, and
//! forgetting revoked tokens at once — in the cache of tokens, and on the WebSockets they
//! opened ([`Revoked`]).

use super::revoked::Revoked;
use super::sign_in::{Hashing, check_label};
use super::*;
use crate::auth::new_token_id;
use crate::store::AccountWrite;
use adjutant_protocol::TokenOrigin;

/// Seconds between two writes of a token's last use: a token used all day costs a write
/// every few minutes, not one per request.
const TOUCH_EVERY: i64 = 300;

/// Most tokens remembered; past it the cache starts afresh.
const CACHED_TOKENS: usize = 100_000;

/// A token the cache knows.
struct Cached {
    account: Account,
    /// When its last use was last written (or read from the store).
    touched: i64,
}

/// Accounts by token hash, so that a request costs no store read. A revocation removes its
/// tokens and moves `generation` on, so that a look-up that read the store before the
/// revocation does not put the revoked token back.
#[derive(Default)]
pub struct TokenCache {
    /// By token hash.
    entries: HashMap<String, Cached>,
    /// Moved on by every revocation.
    generation: u64,
}

fn not_valid() -> ApiError {
    ApiError::new(
        ErrorCode::Unauthorized,
        "that token is not valid on this server (it may have been revoked); sign in again",
    )
}

impl Service {
    /// Creates an account without a password and returns its token (shown once).
    pub async fn create_account(&self, name: &str) -> Result<AccountCreated, ApiError> {
        let request = adjutant_protocol::CreateAccount {
            name: name.to_string(),
            password: None,
            label: None,
        };
        self.create_account_with(request, "").await
    }

    /// Creates an account and returns its first token (shown once); with a password, the
    /// account can also sign in by name on other devices (hashing it is charged to
    /// `client`'s budget of password checks).
    pub async fn create_account_with(
        &self,
        request: adjutant_protocol::CreateAccount,
        client: &str,
    ) -> Result<AccountCreated, ApiError> {
        let name = check_name(&request.name)?;
        let label = check_label(request.label, TokenOrigin::Created)?;
        let password_hash = match request.password {
            Some(password) => {
                // A taken name is told before the slow hash (the write checks again).
                let taken = self.inner.store.credentials_by_name(&name_key(&name)).await;
                if taken.map_err(store_error)?.is_some() {
                    return Err(write_error(crate::store::WriteError::Conflict(format!(
                        "the name {name:?} is taken (names that differ only in case, or in the \
                         width or form of their letters, are the same name)"
                    ))));
                }
                crate::password::check(&password, &name)
                    .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
                Some(self.hash_password(password, client).await?)
            }
            None => None,
        };
        let id = uuid::Uuid::new_v4().hyphenated().to_string();
        let token = new_token();
        self.inner
            .store
            .write(Write::CreateAccount {
                id: id.clone(),
                name_key: name_key(&name),
                name: name.clone(),
                token_hash: hash_token(&token),
                token_id: new_token_id(),
                label,
                password_hash,
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

    /// The account a bearer token belongs to (refused once the token is revoked).
    pub async fn authenticate(&self, token: &str) -> Result<Account, ApiError> {
        let hash = hash_token(token.trim());
        let now = self.now();
        // Several servers on one database: a token revoked on another is refused here at its
        // next request, so the store is asked every time (the cache is this process's only).
        let shared = self.inner.store.shared();
        let (found, generation) = {
            let mut cache = self.inner.tokens.lock().expect("token cache");
            let generation = cache.generation;
            let found = cache
                .entries
                .get_mut(&hash)
                .filter(|_| !shared)
                .map(|cached| {
                    let stale = cached.touched + TOUCH_EVERY <= now;
                    if stale {
                        cached.touched = now;
                    }
                    (cached.account.clone(), stale)
                });
            (found, generation)
        };
        if let Some((account, stale)) = found {
            if stale {
                self.touch(hash, now).await;
            }
            return Ok(account);
        }
        let row = self
            .inner
            .store
            .token_owner(&hash)
            .await
            .map_err(store_error)?
            .ok_or_else(not_valid)?;
        let account = Account {
            id: row.account_id,
            name: row.name,
            token_id: row.token_id,
        };
        let mut touched = row.last_used_at.unwrap_or(i64::MIN / 2);
        if touched + TOUCH_EVERY <= now {
            touched = now;
            self.touch(hash.clone(), now).await;
        }
        let mut cache = self.inner.tokens.lock().expect("token cache");
        if cache.generation == generation {
            if cache.entries.len() >= CACHED_TOKENS {
                cache.entries.clear();
            }
            let account = account.clone();
            cache.entries.insert(hash, Cached { account, touched });
        }
        Ok(account)
    }

    /// Writes a token's last use (once every few minutes per token); a failure only logs.
    async fn touch(&self, token_hash: String, now: i64) {
        let write = AccountWrite::Touch { token_hash, now };
        if let Err(e) = self.inner.store.write(write.into()).await {
            tracing::debug!(error = ?e, "a token's last use was not written");
        }
    }

    /// Forgets revoked tokens in the cache and tells the WebSockets (call after the store
    /// has forgotten them).
    pub(super) fn forget_tokens(&self, revoked: Revoked) {
        // Several servers: theirs close too (`service/nodes.rs`).
        let payload = super::nodes::revoked_payload(&self.inner.node, &revoked);
        self.inner.node_presence.tell(payload);
        self.forget_tokens_here(revoked);
    }

    /// Forgets revoked tokens in this server's cache and closes its WebSockets opened with
    /// them (a revocation here or on another server).
    pub(super) fn forget_tokens_here(&self, revoked: Revoked) {
        {
            let mut cache = self.inner.tokens.lock().expect("token cache");
            cache.generation += 1;
            cache.entries.retain(|_, c| !revoked.covers(&c.account));
        }
        let _ = self.inner.sign_ins.revoked.send(Arc::new(revoked));
    }

    /// Hears of every revocation from now on.
    pub fn revocations(&self) -> tokio::sync::broadcast::Receiver<Arc<Revoked>> {
        self.inner.sign_ins.revoked.subscribe()
    }

    /// Whether `account`'s token is still valid (for a WebSocket that missed revocations).
    pub async fn token_valid(&self, account: &Account) -> bool {
        match self.inner.store.tokens_of(&account.id).await {
            Ok(tokens) => tokens.iter().any(|t| t.id == account.token_id),
            Err(e) => {
                tracing::debug!(error = %e, "tokens unreadable; the connection stays");
                true
            }
        }
    }

    /// Runs Argon2 on `password` off the runtime, charged to `client`'s password budget.
    pub(super) async fn hash_password(
        &self,
        password: String,
        client: &str,
    ) -> Result<String, ApiError> {
        self.throttle(None, client)?;
        let hashed = Hashing::run(&self.inner.sign_ins, move || {
            crate::password::hash(&password)
        })
        .await?;
        hashed.map_err(|why| {
            error!(%why, "password hashing failed");
            ApiError::new(
                ErrorCode::Internal,
                "the password could not be kept; try again",
            )
        })
    }
}
