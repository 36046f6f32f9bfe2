//! Who sends a request and who pays for it: the bearer token read once, the account it
//! authenticates, and the HTTP rate limit charged to that account or to the client address.

use adjutant_protocol::{ApiError, ErrorCode};
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::header;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use crate::app_state::{AppState, ClientKey, HttpError, error};
use crate::service::Account;
use crate::slots::client_net;

/// The caller's account, from `Authorization: Bearer <token>`; `None` without the header.
/// A header with an unknown token is refused rather than treated as a spectator.
pub struct Caller(pub Option<Account>);

/// Who the rate limiter found the caller to be, kept so that the header is read only once.
#[derive(Clone)]
struct Identified(Result<Option<Account>, ApiError>);

impl FromRequestParts<AppState> for Caller {
    type Rejection = HttpError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let account = match parts.extensions.get::<Identified>() {
            Some(Identified(found)) => found.clone()?,
            // A route outside the rate limiter reads the header itself.
            None => identify(parts, state).await?,
        };
        Ok(Caller(account))
    }
}

/// The account of a request's bearer token; `None` without an `Authorization` header.
async fn identify(parts: &Parts, state: &AppState) -> Result<Option<Account>, ApiError> {
    match bearer(parts).map_err(|e| e.0)? {
        None => Ok(None),
        Some(token) => Ok(Some(state.service.authenticate(&token).await?)),
    }
}

/// The bearer token of a request, if it has an `Authorization` header.
pub fn bearer(parts: &Parts) -> Result<Option<String>, HttpError> {
    let Some(value) = parts.headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().unwrap_or_default();
    match text
        .strip_prefix("Bearer ")
        .or_else(|| text.strip_prefix("bearer "))
    {
        Some(token) if !token.trim().is_empty() => Ok(Some(token.trim().to_string())),
        _ => Err(error(
            ErrorCode::Unauthorized,
            "the Authorization header must be 'Bearer <token>'",
        )),
    }
}

/// Charges every API request to its client's budget: the account once its token
/// authenticates, the client's address without a token or with one that does not (so that
/// neither a garbage token nor a respelt header buys a budget of its own).
pub(crate) async fn rate_limit(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let (mut parts, body) = request.into_parts();
    let found = identify(&parts, &state).await;
    let key = match &found {
        Ok(Some(account)) => ClientKey::Account(account.id.clone()),
        _ => {
            let ip = parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(addr)| {
                    addr.ip()
                });
            ClientKey::Address(client_net(ip))
        }
    };
    if !state.limiter.take(key.clone(), state.service.now_ms()) {
        return error(
            ErrorCode::RateLimited,
            "too many requests; slow down and try again in a moment",
        )
        .into_response();
    }
    parts.extensions.insert(Identified(found));
    // Costly handlers charge the rest of their price to the same key (AppState::charge).
    parts.extensions.insert(key);
    next.run(Request::from_parts(parts, body)).await
}

/// The account of a request that needs one, or `unauthorized`.
pub fn needs_account(account: Option<Account>) -> Result<Account, HttpError> {
    account.ok_or_else(|| {
        error(
            ErrorCode::Unauthorized,
            "this needs your token (Authorization: Bearer <token>)",
        )
    })
}
