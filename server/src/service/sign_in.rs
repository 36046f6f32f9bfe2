//! Signing in with a password, and changing it: the budget of password checks per account
//! name and per client (unknown names are counted alike, and answered alike, so that sign-in
//! tells nobody which names exist), and Argon2 run off the runtime, a few at a time.

use adjutant_protocol::{
    AccountSecurity, ApiError, ChangePassword, ErrorCode, SignIn, SignedIn, TokenOrigin,
};
use std::sync::Arc;
use tokio::sync::{Semaphore, broadcast};

use super::revoked::{Revoked, RevokedTokens};
use super::{Account, Service, store_error, write_error};
use crate::auth::{hash_token, new_token, new_token_id};
use crate::config::Config;
use crate::mail::Mailer;
use crate::names::{check_name, name_key};
use crate::password;
use crate::quota::Quota;
use crate::ratelimit::{Limiter, MAX_KEYS};
use crate::store::{AccountWrite, NewToken, WriteError};

/// Longest token label, in characters.
pub const MAX_LABEL_CHARS: usize = 64;

/// Sign-in links one account name may have mailed per hour.
const LINKS_PER_HOUR: u32 = 3;

/// What signing in needs to remember.
pub struct SignIns {
    /// Password checks per account name key.
    by_name: Limiter<String>,
    /// Password checks and hashes per client (twice the name's budget).
    by_client: Limiter<String>,
    /// Seconds until one more attempt is allowed, for the refusal's sentence.
    refill_secs: u64,
    /// Argon2 runs at once (one per core): a flood of sign-ins queues instead of taking
    /// every core and all the memory.
    hashing: Arc<Semaphore>,
    /// Sign-in links per account name key.
    pub(super) links: Quota,
    /// Mails sign-in links (none without an SMTP server).
    pub(super) mailer: Option<Arc<Mailer>>,
    /// Sign-in link mails not yet handed to the SMTP server.
    pub(super) mails: tokio::sync::watch::Sender<usize>,
    /// Every revocation, for the open WebSockets.
    pub(super) revoked: broadcast::Sender<Arc<Revoked>>,
}

impl SignIns {
    /// The budgets of `config`.
    pub fn new(config: &Config) -> SignIns {
        let per_hour = f64::from(config.sign_in_per_hour.max(1));
        let burst = f64::from(config.sign_in_burst.max(1));
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let timeout = std::time::Duration::from_secs(config.notice_timeout_secs.max(1));
        SignIns {
            by_name: Limiter::new(per_hour / 3600.0, burst, MAX_KEYS),
            by_client: Limiter::new(2.0 * per_hour / 3600.0, 2.0 * burst, MAX_KEYS),
            refill_secs: (3600.0 / per_hour).ceil() as u64,
            hashing: Arc::new(Semaphore::new(cores)),
            links: Quota::new(LINKS_PER_HOUR, 3600),
            mailer: Mailer::from_config(
                config,
                timeout,
                crate::tls::extra_roots(config.extra_ca_file.as_deref())
                    .ok()
                    .flatten()
                    .as_deref(),
            )
            .map(Arc::new),
            mails: tokio::sync::watch::Sender::new(0),
            revoked: broadcast::channel(256).0,
        }
    }
}

/// Runs Argon2 off the runtime, within the allowance of runs at once.
pub(super) struct Hashing;

impl Hashing {
    pub(super) async fn run<T: Send + 'static>(
        sign_ins: &SignIns,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let failed = || ApiError::new(ErrorCode::Internal, "the password check failed; try again");
        let _permit = sign_ins.hashing.acquire().await.map_err(|_| failed())?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|_| failed())
    }
}

/// A token's label: given (trimmed, at most [`MAX_LABEL_CHARS`], no control characters) or
/// the default of its origin.
pub(super) fn check_label(label: Option<String>, origin: TokenOrigin) -> Result<String, ApiError> {
    let label = label.map(|l| l.trim().to_string()).unwrap_or_default();
    if label.is_empty() {
        return Ok(match origin {
            TokenOrigin::Created => "created with the account",
            TokenOrigin::Password => "signed in with the password",
            TokenOrigin::Link => "signed in by a mailed link",
        }
        .to_string());
    }
    if label.chars().count() > MAX_LABEL_CHARS || label.chars().any(char::is_control) {
        return Err(ApiError::new(
            ErrorCode::BadRequest,
            format!("a label is one line of at most {MAX_LABEL_CHARS} characters"),
        ));
    }
    Ok(label)
}

/// The one answer to a failed sign-in, whether the name exists or not.
fn wrong() -> ApiError {
    ApiError::new(
        ErrorCode::Unauthorized,
        "the name or the password is wrong (an account created without a password signs in \
         with its token, or sets a password first)",
    )
}

fn bad(why: String) -> ApiError {
    ApiError::new(ErrorCode::BadRequest, why)
}

impl Service {
    /// Takes one password check from the budget of the name key (if any) and of the client.
    pub(super) fn throttle(&self, name_key: Option<&str>, client: &str) -> Result<(), ApiError> {
        let sign_ins = &self.inner.sign_ins;
        let now = self.now_ms();
        let client_ok = sign_ins.by_client.take(client.to_string(), now);
        let name_ok = name_key.is_none_or(|key| sign_ins.by_name.take(key.to_string(), now));
        if client_ok && name_ok {
            return Ok(());
        }
        Err(ApiError::new(
            ErrorCode::RateLimited,
            format!(
                "too many sign-in attempts for this name or from your address; one more is \
                 allowed every {} seconds",
                sign_ins.refill_secs
            ),
        ))
    }

    /// Signs in with a name and its password: a new token for this device.
    pub async fn sign_in(&self, request: SignIn, client: &str) -> Result<SignedIn, ApiError> {
        let label = check_label(request.label, TokenOrigin::Password)?;
        if request.password.len() > password::MAX_BYTES {
            return Err(wrong());
        }
        // A name that cannot exist is answered as one that does not.
        let key = check_name(&request.name).ok().map(|name| name_key(&name));
        self.throttle(key.as_deref(), client)?;
        let found = match &key {
            Some(key) => self
                .inner
                .store
                .credentials_by_name(key)
                .await
                .map_err(store_error)?,
            None => None,
        };
        let phc = found.as_ref().and_then(|c| c.password_hash.clone());
        let password = request.password;
        let right = Hashing::run(&self.inner.sign_ins, move || {
            password::verify_or_waste(&password, phc.as_deref())
        })
        .await?;
        let Some(account) = found.filter(|_| right) else {
            return Err(wrong());
        };
        let token = new_token();
        let token_id = new_token_id();
        let write = AccountWrite::NewToken(NewToken {
            id: token_id.clone(),
            account: account.id.clone(),
            token_hash: hash_token(&token),
            origin: TokenOrigin::Password.as_str(),
            label,
            now: self.now(),
        });
        self.inner
            .store
            .write(write.into())
            .await
            .map_err(write_error)?;
        tracing::info!(account = %account.id, "signed in with the password");
        Ok(SignedIn {
            account_id: account.id,
            name: account.name,
            token,
            token_id,
        })
    }

    /// Sets the caller's first password, or changes it (the current one is needed then).
    pub async fn change_password(
        &self,
        account: &Account,
        request: ChangePassword,
        client: &str,
    ) -> Result<AccountSecurity, ApiError> {
        password::check(&request.new_password, &account.name).map_err(bad)?;
        let current = self
            .inner
            .store
            .credentials_of(&account.id)
            .await
            .map_err(store_error)?
            .ok_or_else(|| ApiError::new(ErrorCode::Unauthorized, "the account is gone"))?;
        if let Some(phc) = current.password_hash.clone() {
            let Some(given) = request.current_password else {
                return Err(bad(
                    "give your current password to change it (forgotten: sign in by a link \
                     mailed to your confirmed address, which can set a new one)"
                        .to_string(),
                ));
            };
            self.throttle(Some(&name_key(&account.name)), client)?;
            let right =
                Hashing::run(&self.inner.sign_ins, move || password::verify(&given, &phc)).await?;
            if !right {
                return Err(ApiError::new(
                    ErrorCode::Forbidden,
                    "the current password is not right; nothing was changed",
                ));
            }
        }
        let new_hash = self.hash_password(request.new_password, client).await?;
        let keep = request.sign_out_others.then(|| account.token_id.clone());
        let write = AccountWrite::SetPassword {
            account: account.id.clone(),
            old_hash: current.password_hash,
            new_hash,
            keep: keep.clone(),
            now: self.now(),
        };
        match self.inner.store.write(write.into()).await {
            Ok(()) => {}
            Err(WriteError::Conflict(why)) => {
                return Err(ApiError::new(ErrorCode::Conflict, why));
            }
            Err(e) => return Err(write_error(e)),
        }
        if let Some(keep) = keep {
            self.forget_tokens(Revoked {
                account: account.id.clone(),
                tokens: RevokedTokens::AllBut(keep),
            });
        }
        tracing::info!(account = %account.id, "password changed");
        self.account_security(account).await
    }
}
