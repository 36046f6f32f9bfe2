//! Signing in by a link mailed to the account's confirmed notice address: for a new device
//! without the password, or to recover an account whose password is forgotten (the link may
//! set a new one). A link works once, for `--sign-in-link-minutes`; only its hash is kept,
//! and a newer link replaces it. Whether a link was mailed is never said: the answer is the
//! same for every name.

use adjutant_protocol::{
    ApiError, EmailSignIn, EmailSignInSent, ErrorCode, LinkSignIn, SignedIn, TokenOrigin,
};
use tracing::{info, warn};

use super::revoked::{Revoked, RevokedTokens};
use super::sign_in::check_label;
use super::{Service, store_error, write_error};
use crate::auth::{hash_token, new_token, new_token_id};
use crate::mail::{Mailer, SignInLink};
use crate::names::{check_name, name_key};
use crate::password;
use crate::quota::minutes;
use crate::store::{AccountWrite, NewToken, WriteError};

fn link_not_valid() -> ApiError {
    ApiError::new(
        ErrorCode::Unauthorized,
        "that sign-in link is not valid: it was used already, a newer link replaced it, or it \
         has expired; ask for a new one",
    )
}

/// Whether `token` has the form of a link's token (`adj_` and 64 hex digits).
fn well_formed(token: &str) -> bool {
    token
        .strip_prefix("adj_")
        .is_some_and(|hex| hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

impl Service {
    /// Mails a sign-in link to the account's confirmed address, if it has one; the answer
    /// is the same either way.
    pub async fn request_sign_in_link(
        &self,
        request: EmailSignIn,
        client: &str,
    ) -> Result<EmailSignInSent, ApiError> {
        let sign_ins = &self.inner.sign_ins;
        let Some(mailer) = sign_ins.mailer.clone() else {
            return Err(ApiError::new(
                ErrorCode::BadRequest,
                "this server sends no e-mail (it has no SMTP server set up), so it cannot mail \
                 sign-in links",
            ));
        };
        let minutes_valid = self.inner.config.sign_in_link_minutes.max(1);
        let sent = EmailSignInSent {
            message: format!(
                "If that account has a confirmed e-mail address, a sign-in link is on its way \
                 there. It works once, within {minutes_valid} minutes."
            ),
            minutes: minutes_valid,
        };
        let Ok(name) = check_name(&request.name) else {
            return Ok(sent);
        };
        let key = name_key(&name);
        let now = self.now();
        let wait = sign_ins.links.wait(&key, now);
        if wait > 0 {
            return Err(ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "sign-in links for that name were asked for several times lately; try again \
                     in {}",
                    minutes(wait)
                ),
            ));
        }
        self.throttle(None, client)?;
        sign_ins.links.take(&key, now);
        // The rest runs after the answer, so that its time does not tell whether the name
        // exists or has an address.
        let mails = sign_ins.mails.clone();
        mails.send_modify(|n| *n += 1);
        let service = self.clone();
        tokio::spawn(async move {
            if let Err(e) = service.mail_sign_in_link(&mailer, &key, now).await {
                warn!(error = %e, "sign-in link not mailed");
            }
            mails.send_modify(|n| *n -= 1);
        });
        Ok(sent)
    }

    /// Mails a sign-in link to the confirmed address of the account whose name has the key
    /// `key`, if there is one.
    async fn mail_sign_in_link(
        &self,
        mailer: &Mailer,
        key: &str,
        now: i64,
    ) -> Result<(), ApiError> {
        let store = &self.inner.store;
        let Some(account) = store.credentials_by_name(key).await.map_err(store_error)? else {
            return Ok(());
        };
        let settings = store
            .notice_settings(&account.id)
            .await
            .map_err(store_error)?;
        let Some(to) = settings.email.filter(|_| settings.email_confirmed) else {
            return Ok(());
        };
        let minutes_valid = self.inner.config.sign_in_link_minutes.max(1);
        let token = new_token();
        let write = AccountWrite::NewLink {
            account: account.id.clone(),
            token_hash: hash_token(&token),
            expires_at: now + minutes_valid * 60,
        };
        store.write(write.into()).await.map_err(write_error)?;
        let mail = SignInLink {
            name: account.name,
            to,
            link: format!("{}/#/sign-in/link/{token}", self.inner.config.link_base()),
            minutes: minutes_valid,
        };
        match mailer.send_sign_in_link(&mail).await {
            Ok(()) => info!(account = %account.id, "sign-in link mailed"),
            Err(detail) => warn!(account = %account.id, %detail, "sign-in link not mailed"),
        }
        Ok(())
    }

    /// Uses a mailed sign-in link (once): a new token for this device, and the new password
    /// if one is given.
    pub async fn sign_in_by_link(
        &self,
        request: LinkSignIn,
        client: &str,
    ) -> Result<SignedIn, ApiError> {
        let label = check_label(request.label, TokenOrigin::Link)?;
        let token = request.token.trim();
        if !well_formed(token) {
            return Err(link_not_valid());
        }
        let link_hash = hash_token(token);
        let store = &self.inner.store;
        let Some((account_id, expires_at)) =
            store.sign_in_link(&link_hash).await.map_err(store_error)?
        else {
            return Err(link_not_valid());
        };
        let now = self.now();
        if expires_at <= now {
            return Err(link_not_valid());
        }
        let account = store
            .credentials_of(&account_id)
            .await
            .map_err(store_error)?
            .ok_or_else(link_not_valid)?;
        let password_hash = match request.new_password {
            Some(new) => {
                password::check(&new, &account.name)
                    .map_err(|why| ApiError::new(ErrorCode::BadRequest, why))?;
                Some(self.hash_password(new, client).await?)
            }
            None => None,
        };
        let session = new_token();
        let session_id = new_token_id();
        let write = AccountWrite::RedeemLink {
            token_hash: link_hash,
            session: NewToken {
                id: session_id.clone(),
                account: account.id.clone(),
                token_hash: hash_token(&session),
                origin: TokenOrigin::Link.as_str(),
                label,
                now: self.now(),
            },
            password_hash: password_hash.clone(),
            sign_out_others: request.sign_out_others,
        };
        match store.write(write.into()).await {
            Ok(()) => {}
            Err(WriteError::Conflict(_)) => return Err(link_not_valid()),
            Err(e) => return Err(write_error(e)),
        }
        if request.sign_out_others {
            self.forget_tokens(Revoked {
                account: account.id.clone(),
                tokens: RevokedTokens::AllBut(session_id.clone()),
            });
        }
        info!(
            account = %account.id,
            new_password = password_hash.is_some(),
            "signed in by a mailed link"
        );
        Ok(SignedIn {
            account_id: account.id,
            name: account.name,
            token: session,
            token_id: session_id,
        })
    }

    /// Returns once every sign-in link asked for so far has been handed to the SMTP server
    /// (or failed).
    pub async fn flush_sign_in_mail(&self) {
        let mut mails = self.inner.sign_ins.mails.subscribe();
        let _ = mails.wait_for(|n| *n == 0).await;
    }
}
