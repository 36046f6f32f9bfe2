//! The HTTP handlers of accounts beyond creating one: signing in (with a password, or by a
//! link mailed to a confirmed address), the caller's tokens and revoking them, and changing
//! the password. Password checks are charged to the client's address (or account).

use super::*;
use adjutant_protocol::{ChangePassword, EmailSignIn, LinkSignIn, SignIn};

/// The key a client's password checks are counted under.
fn client(key: &ClientKey) -> String {
    match key {
        ClientKey::Account(id) => format!("account:{id}"),
        ClientKey::Address(ip) => format!("address:{ip}"),
    }
}

pub(super) async fn create_account(
    State(state): State<AppState>,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<CreateAccount>,
) -> Reply<adjutant_protocol::AccountCreated> {
    Ok(Json(
        state
            .service
            .create_account_with(req, &client(&key))
            .await?,
    ))
}

pub(super) async fn sign_in(
    State(state): State<AppState>,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<SignIn>,
) -> Reply<adjutant_protocol::SignedIn> {
    Ok(Json(state.service.sign_in(req, &client(&key)).await?))
}

pub(super) async fn email_sign_in(
    State(state): State<AppState>,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<EmailSignIn>,
) -> Reply<adjutant_protocol::EmailSignInSent> {
    Ok(Json(
        state
            .service
            .request_sign_in_link(req, &client(&key))
            .await?,
    ))
}

pub(super) async fn link_sign_in(
    State(state): State<AppState>,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<LinkSignIn>,
) -> Reply<adjutant_protocol::SignedIn> {
    Ok(Json(
        state.service.sign_in_by_link(req, &client(&key)).await?,
    ))
}

pub(super) async fn tokens(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::AccountSecurity> {
    let account = needs_account(account)?;
    Ok(Json(state.service.account_security(&account).await?))
}

pub(super) async fn revoke(
    State(state): State<AppState>,
    Caller(account): Caller,
    Path(id): Path<String>,
) -> Reply<adjutant_protocol::AccountSecurity> {
    let account = needs_account(account)?;
    Ok(Json(state.service.revoke_token(&account, &id).await?))
}

pub(super) async fn revoke_others(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Reply<adjutant_protocol::AccountSecurity> {
    let account = needs_account(account)?;
    Ok(Json(state.service.revoke_other_tokens(&account).await?))
}

pub(super) async fn change_password(
    State(state): State<AppState>,
    Caller(account): Caller,
    Extension(key): Extension<ClientKey>,
    Body(req): Body<ChangePassword>,
) -> Reply<adjutant_protocol::AccountSecurity> {
    let account = needs_account(account)?;
    Ok(Json(
        state
            .service
            .change_password(&account, req, &client(&key))
            .await?,
    ))
}
