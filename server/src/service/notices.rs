//! How an account is told about its games: its notice settings (a webhook to a public
//! address, an e-mail address confirmed by a link before any notice is mailed to it), test
//! notices (a few per hour), and the list of its latest notices.

use adjutant_protocol::{
    ApiError, ChannelError, ErrorCode, NoticeEntry, NoticeKind, NoticeList, NoticeSettings,
    UpdateNoticeSettings, WebhookFormat,
};
use reqwest::Url;

use super::{Account, Service, store_error, write_error};
use crate::auth::{hash_token, new_token};
use crate::mail::Confirmation;
use crate::notify::{GameBrief, Intent, Recipient, WEBHOOK_FAILED};
use crate::quota::{Quota, minutes};
use crate::store::NoticeWrite;
use crate::webhook::NOT_PUBLIC;

/// Hours a confirmation link works.
const CONFIRMATION_HOURS: i64 = 48;

/// Confirmation mails one account may cause per hour (setting an address or asking again).
const CONFIRMATIONS_PER_HOUR: u32 = 3;

/// Confirmation mails one address may receive per day, whoever asks.
const CONFIRMATIONS_PER_ADDRESS_PER_DAY: u32 = 3;

/// The allowances of notices that the caller, not a game, causes.
pub struct NoticeQuotas {
    /// Test notices per account.
    tests: Quota,
    /// Confirmation mails per account.
    confirmations: Quota,
    /// Confirmation mails per address (lower case).
    addresses: Quota,
}

impl NoticeQuotas {
    /// The allowances: `tests_per_hour` test notices per account (`--test-notices-per-hour`).
    pub fn new(tests_per_hour: u32) -> NoticeQuotas {
        NoticeQuotas {
            tests: Quota::new(tests_per_hour, 3600),
            confirmations: Quota::new(CONFIRMATIONS_PER_HOUR, 3600),
            addresses: Quota::new(CONFIRMATIONS_PER_ADDRESS_PER_DAY, 86_400),
        }
    }
}

fn bad(why: &str) -> ApiError {
    ApiError::new(ErrorCode::BadRequest, why.to_string())
}

/// Where a confirmation link's token stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenState {
    /// An address waits for it.
    Valid,
    /// The address is confirmed now.
    Confirmed,
    /// No address waits for it (never issued, used already, or replaced by a newer one).
    Unknown,
    /// It expired.
    Expired,
}

impl Service {
    /// The caller's notice settings, with each channel's last error.
    pub async fn notice_settings(&self, account: &Account) -> Result<NoticeSettings, ApiError> {
        let row = self
            .inner
            .store
            .notice_settings(&account.id)
            .await
            .map_err(store_error)?;
        let error = |message: Option<String>, at: Option<i64>| {
            message.map(|message| ChannelError {
                message,
                at: at.unwrap_or_default(),
            })
        };
        Ok(NoticeSettings {
            email_confirmed: row.email.is_some() && row.email_confirmed,
            webhook_url: row.webhook_url,
            email: row.email,
            always: row.always,
            digest: row.digest,
            // Generic whatever was stored (rows from before the server stopped storing the
            // detail say what answered).
            webhook_error: error(
                row.webhook_error.map(|_| WEBHOOK_FAILED.to_string()),
                row.webhook_error_at,
            ),
            email_error: error(row.email_error, row.email_error_at),
            email_available: self.inner.notifier.email_available(),
            webhook_secret: row.webhook_secret,
            webhook_format: WebhookFormat::parse(&row.webhook_format),
            digest_hour: row.digest_hour.and_then(|h| u8::try_from(h).ok()),
        })
    }

    /// Replaces the caller's notice settings. A webhook must be a public address (unless the
    /// operator allows private ones); a new e-mail address is unconfirmed and gets one mail,
    /// with the link that confirms it.
    pub async fn set_notice_settings(
        &self,
        account: &Account,
        update: UpdateNoticeSettings,
    ) -> Result<NoticeSettings, ApiError> {
        let webhook_url = update
            .webhook_url
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty());
        if let Some(url) = &webhook_url {
            self.check_webhook(url).await?;
        }
        let email = update
            .email
            .map(|e| e.trim().to_string())
            .filter(|e| !e.is_empty());
        if let Some(email) = &email {
            if email.len() > 254 || email.parse::<lettre::Address>().is_err() {
                return Err(bad("that is not an e-mail address"));
            }
            if !self.inner.notifier.email_available() {
                return Err(bad(
                    "this server sends no e-mail (it has no SMTP server set up)",
                ));
            }
        }
        let current = self
            .inner
            .store
            .notice_settings(&account.id)
            .await
            .map_err(store_error)?;
        let new_address = email
            .as_ref()
            .filter(|e| current.email.as_ref() != Some(*e));
        let confirmation = match new_address {
            Some(address) => Some(self.confirmation(account, address)?),
            None => None,
        };
        // A new address (or a rotation) gets a new signing secret; the same address keeps its.
        let webhook_secret = match &webhook_url {
            None => None,
            Some(url)
                if current.webhook_url.as_ref() == Some(url) && !update.rotate_webhook_secret =>
            {
                current
                    .webhook_secret
                    .clone()
                    .or_else(|| Some(new_webhook_secret()))
            }
            Some(_) => Some(new_webhook_secret()),
        };
        if update.digest_hour.is_some_and(|h| h > 23) {
            return Err(bad("the digest's hour is 0 to 23 (UTC)"));
        }
        let write = NoticeWrite::Settings {
            digest_hour: update.digest_hour,
            webhook_secret,
            webhook_format: update.webhook_format.as_str(),
            account: account.id.clone(),
            webhook_url,
            email,
            always: update.always,
            digest: update.digest,
            email_token: confirmation
                .as_ref()
                .map(|(_, hash, expires)| (hash.clone(), *expires)),
        };
        self.inner
            .store
            .write(write.into())
            .await
            .map_err(write_error)?;
        self.inner.notifier.forget(&account.id);
        if let Some((mail, _, _)) = confirmation {
            self.send_confirmation(mail);
        }
        self.notice_settings(account).await
    }

    /// Refuses a webhook address that is not `https://` or `http://`, too long, or not public.
    async fn check_webhook(&self, url: &str) -> Result<(), ApiError> {
        if url.len() > 2000 {
            return Err(bad("a webhook address is at most 2000 characters"));
        }
        let parsed = match Url::parse(url) {
            Ok(parsed) if matches!(parsed.scheme(), "https" | "http") => parsed,
            _ => return Err(bad("a webhook is an https:// (or http://) address")),
        };
        if !self.inner.notifier.webhook_allowed(&parsed).await {
            return Err(bad(NOT_PUBLIC));
        }
        Ok(())
    }

    /// A confirmation mail for `address` and its token's hash and expiry, if the allowances
    /// of the account and of the address permit one more (they are then counted).
    fn confirmation(
        &self,
        account: &Account,
        address: &str,
    ) -> Result<(Confirmation, String, i64), ApiError> {
        let now = self.now();
        let quotas = &self.inner.notice_quotas;
        let address_key = address.to_lowercase();
        let wait = quotas
            .confirmations
            .wait(&account.id, now)
            .max(quotas.addresses.wait(&address_key, now));
        if wait > 0 {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many confirmation mails were asked for lately; try again in {}",
                    minutes(wait)
                ),
            ));
        }
        quotas.confirmations.take(&account.id, now);
        quotas.addresses.take(&address_key, now);
        let token = new_token();
        let link = format!(
            "{}/api/notices/confirm?token={token}",
            self.inner.config.link_base()
        );
        let mail = Confirmation {
            account: account.id.clone(),
            name: account.name.clone(),
            to: address.to_string(),
            link,
            hours: CONFIRMATION_HOURS,
        };
        Ok((mail, hash_token(&token), now + CONFIRMATION_HOURS * 3600))
    }

    fn send_confirmation(&self, mail: Confirmation) {
        self.inner.notifier.send_confirmation(mail);
    }

    /// Mails a fresh confirmation link for the caller's unconfirmed address (the old link
    /// stops working).
    pub async fn resend_confirmation(&self, account: &Account) -> Result<NoticeSettings, ApiError> {
        let current = self
            .inner
            .store
            .notice_settings(&account.id)
            .await
            .map_err(store_error)?;
        let Some(email) = current.email else {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "you have no e-mail address to confirm",
            ));
        };
        if current.email_confirmed {
            return Err(ApiError::new(
                ErrorCode::Conflict,
                "your e-mail address is confirmed already",
            ));
        }
        let (mail, token_hash, expires_at) = self.confirmation(account, &email)?;
        let write = NoticeWrite::EmailToken {
            account: account.id.clone(),
            email,
            token_hash,
            expires_at,
        };
        self.inner
            .store
            .write(write.into())
            .await
            .map_err(write_error)?;
        self.send_confirmation(mail);
        self.notice_settings(account).await
    }

    /// Whether a confirmation link's token still confirms an address; the account it is for.
    async fn token_state(&self, token: &str) -> Result<(TokenState, String), ApiError> {
        let found = self
            .inner
            .store
            .email_token(&hash_token(token))
            .await
            .map_err(store_error)?;
        Ok(match found {
            None => (TokenState::Unknown, String::new()),
            Some((account, expires_at)) if expires_at <= self.now() => {
                (TokenState::Expired, account)
            }
            Some((account, _)) => (TokenState::Valid, account),
        })
    }

    /// Whether a confirmation link's token still confirms an address (nothing changes).
    pub async fn email_token_state(&self, token: &str) -> Result<TokenState, ApiError> {
        Ok(self.token_state(token).await?.0)
    }

    /// Confirms the address a confirmation link's token was mailed to (once: the token is
    /// then forgotten).
    pub async fn confirm_email(&self, token: &str) -> Result<TokenState, ApiError> {
        let (state, account) = self.token_state(token).await?;
        if state != TokenState::Valid {
            return Ok(state);
        }
        let hash = hash_token(token);
        let now = self.now();
        let write = NoticeWrite::ConfirmEmail {
            token_hash: hash,
            now,
        };
        match self.inner.store.write(write.into()).await {
            Ok(()) => {
                self.inner.notifier.forget(&account);
                Ok(TokenState::Confirmed)
            }
            Err(crate::store::WriteError::Conflict(_)) => Ok(TokenState::Unknown),
            Err(e) => Err(write_error(e)),
        }
    }

    /// Stops mail to the confirmed address whose one-click unsubscribe link carries `token`
    /// (RFC 8058): the address is removed from its account's settings. `false`: no address
    /// has that token (used already, or the address changed).
    pub async fn unsubscribe_email(&self, token: &str) -> Result<bool, ApiError> {
        let write = NoticeWrite::Unsubscribe {
            token: token.to_string(),
        };
        match self.inner.store.write(write.into()).await {
            Ok(()) => {
                self.inner.notifier.forget_all();
                Ok(true)
            }
            Err(crate::store::WriteError::Conflict(_)) => Ok(false),
            Err(e) => Err(write_error(e)),
        }
    }

    /// Sends the caller a test notice on every channel it has (a few per hour).
    pub async fn test_notice(&self, account: &Account) -> Result<NoticeSettings, ApiError> {
        let now = self.now();
        let quota = &self.inner.notice_quotas.tests;
        let wait = quota.wait(&account.id, now);
        if wait > 0 {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "you may ask for {} test notices an hour; try again in {}",
                    self.inner.config.test_notices_per_hour,
                    minutes(wait)
                ),
            ));
        }
        quota.take(&account.id, now);
        self.inner.notifier.send(Intent {
            kind: NoticeKind::Test,
            game: GameBrief::default(),
            recipients: vec![Recipient {
                account: account.id.clone(),
                seat: None,
            }],
            subject: None,
            until: None,
            games: Vec::new(),
            words: None,
        });
        self.notice_settings(account).await
    }

    /// The caller's latest notices (50), newest first.
    pub async fn notices(&self, account: &Account) -> Result<NoticeList, ApiError> {
        let rows = self
            .inner
            .store
            .notices_of(&account.id, 50)
            .await
            .map_err(store_error)?;
        let notices = rows
            .into_iter()
            .filter_map(|row| {
                let text = serde_json::from_str::<adjutant_protocol::Notice>(&row.body)
                    .map(|n| n.text)
                    .unwrap_or_default();
                let last_error = match row.channel.as_str() {
                    "email" => row.last_error,
                    _ => row.last_error.map(|_| WEBHOOK_FAILED.to_string()),
                };
                Some(NoticeEntry {
                    id: row.id,
                    channel: row.channel,
                    kind: NoticeKind::parse(&row.kind)?,
                    game_id: row.game_id,
                    text,
                    created_at: row.created_at,
                    attempts: row.attempts,
                    sent_at: row.sent_at,
                    next_at: row.next_at,
                    failed: row.failed,
                    last_error,
                    dropped: row.dropped,
                })
            })
            .collect();
        Ok(NoticeList { notices })
    }
}

/// A webhook signing secret: `whsec_` and 64 hex digits (256 random bits).
fn new_webhook_secret() -> String {
    let token = crate::auth::new_token();
    format!("whsec_{}", token.trim_start_matches("adj_"))
}
