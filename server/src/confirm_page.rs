//! The routes of e-mail confirmation: the page a confirmation link opens (`GET`: a button,
//! so that a mail scanner opening links confirms nothing), the button that confirms it
//! (`POST`), and asking for another link; the one-click unsubscribe link of every notice mail
//! (RFC 8058: its `POST` unsubscribes, its `GET` shows the button). The pages are short HTML for a person.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::app_state::{AppState, HttpError};
use crate::caller::{Caller, needs_account};
use crate::service::TokenState;

/// The routes, under the API's rate limit.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/notices/confirm", get(confirm_page).post(confirm))
        .route("/api/notices/confirm/resend", post(resend))
        .route(
            "/api/notices/unsubscribe",
            get(unsubscribe_page).post(unsubscribe),
        )
}

#[derive(Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// The token of the query, if it has the form of one (`adj_` and 64 hex digits); nothing
/// else is ever put into a page.
fn token(query: Result<Query<TokenQuery>, QueryRejection>) -> Option<String> {
    let token = query.ok()?.0.token;
    let hex = token.strip_prefix("adj_")?;
    (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then_some(token)
}

fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Adjutant: {title}</title></head>\n<body><h1>{title}</h1>\n{body}\n</body></html>\n"
    );
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; form-action 'self'; frame-ancestors 'none'",
            ),
            (header::REFERRER_POLICY, "no-referrer"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        html,
    )
        .into_response()
}

fn not_valid() -> Response {
    page(
        StatusCode::NOT_FOUND,
        "This link is not valid",
        "<p>It was used already, or a newer link replaced it. Your settings page shows whether \
         your address is confirmed, and can mail you a new link.</p>",
    )
}

fn expired() -> Response {
    page(
        StatusCode::GONE,
        "This link has expired",
        "<p>Ask for a new one on your settings page.</p>",
    )
}

async fn confirm_page(
    State(state): State<AppState>,
    query: Result<Query<TokenQuery>, QueryRejection>,
) -> Response {
    let Some(token) = token(query) else {
        return not_valid();
    };
    match state.service.email_token_state(&token).await {
        Ok(TokenState::Unknown | TokenState::Confirmed) => not_valid(),
        Ok(TokenState::Expired) => expired(),
        Ok(TokenState::Valid) => page(
            StatusCode::OK,
            "Confirm your e-mail address",
            &format!(
                "<p>Press the button to have Adjutant's notices about your games mailed to this \
                 address.</p>\n<form method=\"post\" action=\"confirm?token={token}\">\
                 <button type=\"submit\" id=\"confirm\">Confirm this address</button></form>"
            ),
        ),
        Err(e) => HttpError(e).into_response(),
    }
}

async fn confirm(
    State(state): State<AppState>,
    query: Result<Query<TokenQuery>, QueryRejection>,
) -> Response {
    let Some(token) = token(query) else {
        return not_valid();
    };
    match state.service.confirm_email(&token).await {
        Ok(TokenState::Confirmed) => page(
            StatusCode::OK,
            "Your e-mail address is confirmed",
            "<p>Notices about your games will be mailed to it.</p>",
        ),
        Ok(TokenState::Unknown | TokenState::Valid) => not_valid(),
        Ok(TokenState::Expired) => expired(),
        Err(e) => HttpError(e).into_response(),
    }
}

async fn resend(
    State(state): State<AppState>,
    Caller(account): Caller,
) -> Result<Json<adjutant_protocol::NoticeSettings>, HttpError> {
    let account = needs_account(account)?;
    Ok(Json(state.service.resend_confirmation(&account).await?))
}

async fn unsubscribe_page(query: Result<Query<TokenQuery>, QueryRejection>) -> Response {
    let Some(token) = token(query) else {
        return not_valid();
    };
    page(
        StatusCode::OK,
        "Stop notices by e-mail",
        &format!(
            "<p>Press the button and Adjutant mails no more notices to this address (your \
             settings page can set it again).</p>\n<form method=\"post\" \
             action=\"unsubscribe?token={token}\"><button type=\"submit\" \
             id=\"unsubscribe\">Stop mailing me</button></form>"
        ),
    )
}

async fn unsubscribe(
    State(state): State<AppState>,
    query: Result<Query<TokenQuery>, QueryRejection>,
) -> Response {
    let Some(token) = token(query) else {
        return not_valid();
    };
    match state.service.unsubscribe_email(&token).await {
        Ok(true) => page(
            StatusCode::OK,
            "No more notices by e-mail",
            "<p>The address is removed from your Adjutant settings.</p>",
        ),
        Ok(false) => not_valid(),
        Err(e) => HttpError(e).into_response(),
    }
}
