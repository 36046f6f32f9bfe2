//! The notice writes applied to the in-memory tables, as `notice_writes` does in SQLite.

use super::super::notice_writes::{NoticeResult, NoticeWrite, conflict_sentence};
use super::super::rows::NoticeRow;
use super::super::write_error::WriteError;
use super::{Settings, Tables};

/// Applies a notice write, or refuses it as the SQLite store would.
pub(super) fn apply(t: &mut Tables, write: &NoticeWrite) -> Result<(), WriteError> {
    let refused = || Err(WriteError::Conflict(conflict_sentence(write)));
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
            let token_taken = email_token.as_ref().is_some_and(|(hash, _)| {
                t.settings.iter().any(|(other, s)| {
                    other != account && s.email_token.as_ref().is_some_and(|(h, _)| h == hash)
                })
            });
            if !t.accounts.contains_key(account) || token_taken {
                return refused();
            }
            let kept = t
                .settings
                .entry(account.clone())
                .or_insert_with(|| Settings {
                    email_token: email_token.clone(),
                    ..Settings::default()
                });
            let row = &mut kept.row;
            if row.webhook_url != *webhook_url {
                row.webhook_error = None;
                row.webhook_error_at = None;
            }
            if row.email != *email {
                row.email_error = None;
                row.email_error_at = None;
                row.email_confirmed = false;
                row.unsubscribe_token = None;
                kept.email_token = email_token.clone();
            }
            row.webhook_url = webhook_url.clone();
            row.email = email.clone();
            row.always = *always;
            row.digest = *digest;
            row.webhook_secret = webhook_secret.clone();
            row.webhook_format = webhook_format.to_string();
            row.digest_hour = digest_hour.map(i64::from);
        }
        NoticeWrite::EmailToken {
            account,
            email,
            token_hash,
            expires_at,
        } => {
            let Some(kept) = t.settings.get_mut(account) else {
                return refused();
            };
            if kept.row.email.as_ref() != Some(email) || kept.row.email_confirmed {
                return refused();
            }
            kept.email_token = Some((token_hash.clone(), *expires_at));
        }
        NoticeWrite::ConfirmEmail { token_hash, now } => {
            let kept = t.settings.values_mut().find(|s| {
                s.row.email.is_some()
                    && s.email_token
                        .as_ref()
                        .is_some_and(|(h, at)| h == token_hash && at > now)
            });
            let Some(kept) = kept else {
                return refused();
            };
            kept.row.email_confirmed = true;
            kept.row.unsubscribe_token = Some(crate::auth::new_token());
            kept.email_token = None;
            kept.row.email_error = None;
            kept.row.email_error_at = None;
        }
        NoticeWrite::EmailError {
            account,
            error,
            now,
        } => {
            if let Some(kept) = t.settings.get_mut(account) {
                kept.row.email_error = Some(error.clone());
                kept.row.email_error_at = Some(*now);
            }
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
            if !t.accounts.contains_key(account) || t.notices.contains_key(id) {
                return refused();
            }
            for older in t.notices.values_mut() {
                let queue = older.account_id == *account && older.channel == *channel;
                if queue && older.attempts > 0 && older.next_at.is_some_and(|at| at > *now) {
                    older.next_at = Some(*now);
                }
            }
            let notice = NoticeRow {
                id: *id,
                account_id: account.clone(),
                channel: channel.to_string(),
                kind: kind.to_string(),
                game_id: game_id.clone(),
                body: body.clone(),
                created_at: *now,
                attempts: 0,
                next_at: Some(*due),
                sent_at: None,
                failed: false,
                last_error: None,
                seq: *seq,
                dropped: None,
            };
            t.notices.insert(*id, notice);
        }
        NoticeWrite::Defer { id, until } => {
            if let Some(notice) = t.notices.get_mut(id).filter(|n| n.attempts == 0) {
                notice.next_at = Some(*until);
            }
        }
        NoticeWrite::Dropped { id, why } => {
            if let Some(notice) = t.notices.get_mut(id) {
                notice.next_at = None;
                notice.dropped = Some(why.clone());
            }
        }
        NoticeWrite::Unsubscribe { token } => {
            let kept = t
                .settings
                .values_mut()
                .find(|s| s.row.unsubscribe_token.as_deref() == Some(token.as_str()));
            let Some(kept) = kept else {
                return refused();
            };
            kept.row.email = None;
            kept.row.email_confirmed = false;
            kept.row.unsubscribe_token = None;
            kept.row.email_error = None;
            kept.row.email_error_at = None;
        }
        NoticeWrite::Result(r) => result(t, r),
        NoticeWrite::DigestSent { account, now } => {
            if let Some(kept) = t.settings.get_mut(account) {
                kept.last_digest_at = Some(*now);
            }
        }
    }
    Ok(())
}

/// A delivery attempt's result, on the notice and on the account's settings.
fn result(t: &mut Tables, r: &NoticeResult) {
    if let Some(notice) = t.notices.get_mut(&r.id) {
        notice.attempts += 1;
        match &r.error {
            None => {
                notice.sent_at = Some(r.now);
                notice.next_at = None;
                notice.last_error = None;
            }
            Some((error, next_at)) => {
                notice.next_at = *next_at;
                notice.last_error = Some(error.clone());
                notice.failed = next_at.is_none();
            }
        }
    }
    let Some(kept) = t.settings.get_mut(&r.account) else {
        return;
    };
    let error = r.error.as_ref().map(|(error, _)| error.clone());
    let at = error.is_some().then_some(r.now);
    if r.channel == "email" {
        kept.row.email_error = error;
        kept.row.email_error_at = at;
    } else {
        kept.row.webhook_error = error;
        kept.row.webhook_error_at = at;
    }
}
