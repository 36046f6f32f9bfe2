//! Which tokens a revocation took, as the cache of tokens and every open WebSocket hear of
//! it.

use super::Account;

/// Tokens revoked, as every open WebSocket hears of them (it closes if it was opened with
/// one of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revoked {
    pub account: String,
    pub tokens: RevokedTokens,
}

/// Which of an account's tokens were revoked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevokedTokens {
    /// This one.
    One(String),
    /// Every one but this.
    AllBut(String),
    /// Unknown: revocations may have been missed (several servers: the notifications from
    /// the others were not heard for a while); every connection asks the store.
    Unknown,
}

impl Revoked {
    /// Whether `account`'s token is among these.
    pub fn covers(&self, account: &Account) -> bool {
        account.id == self.account
            && match &self.tokens {
                RevokedTokens::One(id) => &account.token_id == id,
                RevokedTokens::AllBut(id) => &account.token_id != id,
                RevokedTokens::Unknown => false,
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_revocation_covers_its_tokens_of_its_account_only() {
        let account = |id: &str, token: &str| Account {
            id: id.into(),
            name: id.into(),
            token_id: token.into(),
        };
        let one = Revoked {
            account: "a".into(),
            tokens: RevokedTokens::One("t1".into()),
        };
        assert!(one.covers(&account("a", "t1")));
        assert!(!one.covers(&account("a", "t2")));
        assert!(!one.covers(&account("b", "t1")));
        let all_but = Revoked {
            account: "a".into(),
            tokens: RevokedTokens::AllBut("t1".into()),
        };
        assert!(!all_but.covers(&account("a", "t1")));
        assert!(all_but.covers(&account("a", "t2")));
        assert!(!all_but.covers(&account("b", "t2")));
    }
}
