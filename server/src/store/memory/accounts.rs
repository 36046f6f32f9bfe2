//! Passwords, tokens and sign-in links in the in-memory tables, as `account_writes` and
//! `account_reads` keep them in SQLite.

use super::super::account_writes::{AccountWrite, NewToken, conflict_sentence};
use super::super::rows::{Credentials, TokenOwner, TokenRow};
use super::super::write_error::WriteError;
use super::Tables;

/// A token as kept.
pub(super) struct KeptToken {
    pub(super) account: String,
    /// SHA-256 of the token, hex (unique).
    pub(super) hash: String,
    pub(super) row: TokenRow,
}

/// Whether a token with this id or hash exists (the columns SQLite keeps unique).
pub(super) fn token_taken(t: &Tables, token: &NewToken) -> bool {
    t.tokens.contains_key(&token.id) || t.tokens.values().any(|k| k.hash == token.token_hash)
}

/// Adds a token (checked by the caller).
pub(super) fn insert_token(t: &mut Tables, token: &NewToken) {
    let row = TokenRow {
        id: token.id.clone(),
        origin: token.origin.to_string(),
        label: token.label.clone(),
        created_at: token.now,
        last_used_at: None,
    };
    let kept = KeptToken {
        account: token.account.clone(),
        hash: token.token_hash.clone(),
        row,
    };
    t.tokens.insert(token.id.clone(), kept);
}

fn revoke_others(t: &mut Tables, account: &str, keep: &str) {
    t.tokens
        .retain(|id, k| k.account != account || id.as_str() == keep);
}

/// Applies an account write, or refuses it as the SQLite store would.
pub(super) fn apply(t: &mut Tables, write: &AccountWrite) -> Result<(), WriteError> {
    let refused = || Err(WriteError::Conflict(conflict_sentence(write)));
    match write {
        AccountWrite::NewToken(token) => {
            if !t.accounts.contains_key(&token.account) || token_taken(t, token) {
                return refused();
            }
            insert_token(t, token);
        }
        AccountWrite::Touch { token_hash, now } => {
            let kept = t.tokens.values_mut().find(|k| &k.hash == token_hash);
            if let Some(k) = kept.filter(|k| k.row.last_used_at.is_none_or(|at| at < *now)) {
                k.row.last_used_at = Some(*now);
            }
        }
        AccountWrite::Revoke { account, token_id } => {
            let mine = t
                .tokens
                .get(token_id)
                .is_some_and(|k| &k.account == account);
            if !mine {
                return refused();
            }
            t.tokens.remove(token_id);
        }
        AccountWrite::RevokeOthers { account, keep } => revoke_others(t, account, keep),
        AccountWrite::SetPassword {
            account,
            old_hash,
            new_hash,
            keep,
            now,
        } => {
            let Some(kept) = t.accounts.get_mut(account) else {
                return refused();
            };
            if &kept.password_hash != old_hash {
                return refused();
            }
            kept.password_hash = Some(new_hash.clone());
            kept.password_changed_at = Some(*now);
            if let Some(keep) = keep {
                revoke_others(t, account, keep);
            }
        }
        AccountWrite::NewLink {
            account,
            token_hash,
            expires_at,
        } => {
            let taken = t
                .links
                .iter()
                .any(|(other, (hash, _))| other != account && hash == token_hash);
            if !t.accounts.contains_key(account) || taken {
                return refused();
            }
            t.links
                .insert(account.clone(), (token_hash.clone(), *expires_at));
        }
        AccountWrite::RedeemLink {
            token_hash,
            session,
            password_hash,
            sign_out_others,
        } => {
            let valid = t
                .links
                .get(&session.account)
                .is_some_and(|(hash, expires)| hash == token_hash && *expires > session.now);
            if !valid || token_taken(t, session) {
                return refused();
            }
            t.links.remove(&session.account);
            insert_token(t, session);
            if let (Some(hash), Some(kept)) = (password_hash, t.accounts.get_mut(&session.account))
            {
                kept.password_hash = Some(hash.clone());
                kept.password_changed_at = Some(session.now);
            }
            if *sign_out_others {
                revoke_others(t, &session.account, &session.id);
            }
        }
    }
    Ok(())
}

/// The owner of a token's hash.
pub(super) fn token_owner(t: &Tables, token_hash: &str) -> Option<TokenOwner> {
    let kept = t.tokens.values().find(|k| k.hash == token_hash)?;
    let account = t.accounts.get(&kept.account)?;
    Some(TokenOwner {
        account_id: account.row.id.clone(),
        name: account.row.name.clone(),
        token_id: kept.row.id.clone(),
        last_used_at: kept.row.last_used_at,
    })
}

/// The credentials of the account `pick` finds.
pub(super) fn credentials(
    t: &Tables,
    pick: impl Fn(&super::Account) -> bool,
) -> Option<Credentials> {
    t.accounts.values().find(|a| pick(a)).map(|a| Credentials {
        id: a.row.id.clone(),
        name: a.row.name.clone(),
        password_hash: a.password_hash.clone(),
        password_changed_at: a.password_changed_at,
    })
}

/// An account's tokens, newest first.
pub(super) fn tokens_of(t: &Tables, account: &str) -> Vec<TokenRow> {
    let mut rows: Vec<TokenRow> = t
        .tokens
        .values()
        .filter(|k| k.account == account)
        .map(|k| k.row.clone())
        .collect();
    rows.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.id.cmp(&b.id)));
    rows
}

/// The account and expiry of a sign-in link's hash.
pub(super) fn sign_in_link(t: &Tables, token_hash: &str) -> Option<(String, i64)> {
    t.links
        .iter()
        .find(|(_, (hash, _))| hash == token_hash)
        .map(|(account, (_, expires))| (account.clone(), *expires))
}
