//! The account routes of the HTTP door beyond creating one: creating with a password,
//! signing in (password, mailed link), the account's tokens, revoking them, changing the
//! password.

use adjutant_protocol::{
    AccountCreated, AccountSecurity, ChangePassword, CreateAccount, EmailSignIn, EmailSignInSent,
    LinkSignIn, SignIn, SignedIn,
};

use crate::client::{Client, ClientError};

impl Client {
    /// `POST /api/accounts` with every field (a password, the first token's label).
    pub async fn create_account_with(
        &self,
        request: &CreateAccount,
    ) -> Result<AccountCreated, ClientError> {
        self.post("/api/accounts", request).await
    }

    /// `POST /api/accounts/sign-in`: a new token for a name and its password.
    pub async fn sign_in(&self, request: &SignIn) -> Result<SignedIn, ClientError> {
        self.post("/api/accounts/sign-in", request).await
    }

    /// `POST /api/accounts/sign-in/email`: mails a sign-in link to the account's confirmed
    /// address, if it has one.
    pub async fn email_sign_in(&self, name: &str) -> Result<EmailSignInSent, ClientError> {
        let request = EmailSignIn {
            name: name.to_string(),
        };
        self.post("/api/accounts/sign-in/email", &request).await
    }

    /// `POST /api/accounts/sign-in/link`: uses a mailed sign-in link.
    pub async fn link_sign_in(&self, request: &LinkSignIn) -> Result<SignedIn, ClientError> {
        self.post("/api/accounts/sign-in/link", request).await
    }

    /// `GET /api/accounts/me/tokens`.
    pub async fn tokens(&self) -> Result<AccountSecurity, ClientError> {
        self.get("/api/accounts/me/tokens").await
    }

    /// `DELETE /api/accounts/me/tokens/{id}` (`current`: this client's own token).
    pub async fn revoke(&self, token_id: &str) -> Result<AccountSecurity, ClientError> {
        let path = format!("/api/accounts/me/tokens/{token_id}");
        self.send(self.http().delete(format!("{}{path}", self.base())))
            .await
    }

    /// `POST /api/accounts/me/tokens/revoke-others`.
    pub async fn revoke_others(&self) -> Result<AccountSecurity, ClientError> {
        self.post(
            "/api/accounts/me/tokens/revoke-others",
            &serde_json::json!({}),
        )
        .await
    }

    /// `PUT /api/accounts/me/password`.
    pub async fn change_password(
        &self,
        request: &ChangePassword,
    ) -> Result<AccountSecurity, ClientError> {
        self.put("/api/accounts/me/password", request).await
    }
}

/// The token of a sign-in link, given whole (`http://…/#/sign-in/link/adj_…`) or alone.
pub fn link_token(link: &str) -> &str {
    let link = link.trim();
    link.rsplit('/').next().unwrap_or(link)
}
