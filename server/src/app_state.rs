//! What every HTTP handler reaches (the service, the request budget, the WebSocket places)
//! and how a failure becomes a response in the contract's error shape.

use adjutant_protocol::{ApiError, ErrorBody, ErrorCode};
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

use crate::ratelimit::Limiter;
use crate::service::Service;
use crate::slots::Slots;

/// Whom a request's budget is charged to: never the text of a header, which a client can vary
/// at will.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClientKey {
    /// A request whose token authenticated: its account id.
    Account(String),
    /// Any other request: its client's address (an IPv6 client by its /64).
    Address(IpAddr),
}

/// What every handler reaches.
#[derive(Clone)]
pub struct AppState {
    pub service: Service,
    /// HTTP request budget per client.
    pub limiter: Arc<Limiter<ClientKey>>,
    /// WebSocket connections open per account id.
    pub websockets: Slots<String>,
}

impl AppState {
    /// Charges a costly request (a replay step, a turn index, an import) the rest of its
    /// price: one request token more per `--replay-actions-per-token` actions it replays or
    /// checks, beyond the one the middleware took. `false`: the client cannot afford it.
    pub(crate) fn charge(&self, key: &ClientKey, actions: u64) -> bool {
        let per_token = self.service.config().replay_actions_per_token.max(1);
        let tokens = actions / per_token;
        tokens == 0
            || self
                .limiter
                .take_n(key.clone(), self.service.now_ms(), tokens as f64)
    }
}

/// An [`ApiError`] as an HTTP response.
pub struct HttpError(pub ApiError);

impl From<ApiError> for HttpError {
    fn from(e: ApiError) -> Self {
        HttpError(e)
    }
}

impl IntoResponse for HttpError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.0.code.http_status())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(ErrorBody { error: self.0 })).into_response()
    }
}

pub(crate) fn error(code: ErrorCode, message: impl Into<String>) -> HttpError {
    HttpError(ApiError::new(code, message))
}
