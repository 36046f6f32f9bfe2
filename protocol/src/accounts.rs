//! The bodies of passwords, sign-in and tokens: signing in on another device with a
//! password or a link mailed to a confirmed address, listing an account's tokens (never the
//! tokens themselves) and revoking them. `docs/protocol.md` ("Accounts and sign-in") documents
//! them.

use serde::{Deserialize, Serialize};

/// `POST /api/accounts/sign-in`: a new token for this device, for a name and its password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignIn {
    pub name: String,
    pub password: String,
    /// What the new token is for ("Firefox on my laptop"), as the token list shows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Reply to a sign-in (by password or by a mailed link): a new bearer token, shown once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedIn {
    pub account_id: String,
    pub name: String,
    pub token: String,
    /// The new token's public id, as the token list names it.
    pub token_id: String,
}

/// `POST /api/accounts/sign-in/email`: mails a sign-in link to the account's confirmed
/// address, if it has one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailSignIn {
    pub name: String,
}

/// Reply to `POST /api/accounts/sign-in/email`: the same whether or not the account exists
/// or has a confirmed address, so that it tells nobody which names exist.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailSignInSent {
    /// A sentence for the person who asked.
    pub message: String,
    /// Minutes a mailed link works.
    pub minutes: i64,
}

/// `POST /api/accounts/sign-in/link`: redeems a mailed sign-in link (once) for a new token,
/// and may set a new password at the same time (recovery).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkSignIn {
    /// The token of the link (`adj_` and 64 hex digits).
    pub token: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// A new password for the account (replaces the old one, which need not be known).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_password: Option<String>,
    /// Revokes every other token of the account.
    #[serde(default)]
    pub sign_out_others: bool,
}

/// `PUT /api/accounts/me/password`: sets or changes the caller's password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangePassword {
    /// Required when the account has a password already.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_password: Option<String>,
    pub new_password: String,
    /// Revokes every token of the account but the caller's.
    #[serde(default)]
    pub sign_out_others: bool,
}

/// How a token came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TokenOrigin {
    /// Given with the account when it was created.
    Created,
    /// A sign-in with the password.
    Password,
    /// A sign-in by a link mailed to the account's confirmed address.
    Link,
}

impl TokenOrigin {
    /// The wire and store name.
    pub fn as_str(self) -> &'static str {
        match self {
            TokenOrigin::Created => "created",
            TokenOrigin::Password => "password",
            TokenOrigin::Link => "link",
        }
    }

    /// The origin of a stored name.
    pub fn parse(text: &str) -> Option<TokenOrigin> {
        [
            TokenOrigin::Created,
            TokenOrigin::Password,
            TokenOrigin::Link,
        ]
        .into_iter()
        .find(|o| o.as_str() == text)
    }
}

/// One token of an account (never the token itself, nor its hash).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenInfo {
    /// Its public id: what `DELETE /api/accounts/me/tokens/{id}` takes.
    pub id: String,
    pub origin: TokenOrigin,
    /// What it is for, as given at sign-in (or a default naming the origin).
    pub label: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of its last use, to within a few minutes (null: never used since it was
    /// handed out).
    #[serde(default)]
    pub last_used_at: Option<i64>,
    /// The token of this request.
    #[serde(default)]
    pub current: bool,
}

/// `GET /api/accounts/me/tokens`, and the reply to every change of tokens or password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountSecurity {
    /// Newest first.
    pub tokens: Vec<TokenInfo>,
    /// The account has a password (it can sign in with its name).
    pub has_password: bool,
    /// Unix seconds of the last password change (null: never set).
    #[serde(default)]
    pub password_changed_at: Option<i64>,
    /// A sign-in link can be mailed to the account (the server sends e-mail and the account
    /// has a confirmed address).
    #[serde(default)]
    pub email_sign_in: bool,
}
