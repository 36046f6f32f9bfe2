//! Request ids: every HTTP request (a WebSocket's upgrade included) runs inside a `request`
//! span carrying its id, its method and its route, so every log line written while serving it
//! — and for a WebSocket, for the connection's whole life — names the request. The id is the
//! client's `x-request-id` when it is a plain token (a proxy's id follows the request through),
//! else a fresh random one; the response carries it back in `x-request-id`.
//!
//! The route is the pattern it matched (`/api/games/{id}`), never the path itself: paths and
//! query strings may hold codes and tokens (`/api/notices/unsubscribe?token=…`), which the log
//! must never see.

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

/// The header that carries a request's id, in and out.
pub const HEADER: &str = "x-request-id";

/// The longest id taken from a client.
const MAX_LEN: usize = 64;

/// A request's id, as the client sent it or fresh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The client's id when it is 1–64 letters, digits, `-`, `_`, `.` or `:`.
    pub fn parse(text: &str) -> Option<RequestId> {
        let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
        (!text.is_empty() && text.len() <= MAX_LEN && text.chars().all(plain))
            .then(|| RequestId(text.to_string()))
    }

    /// A fresh random id (16 hex digits).
    pub fn fresh() -> RequestId {
        RequestId(format!("{:016x}", rand::random::<u64>()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The middleware: serves the request inside its span and answers with its id.
pub async fn traced(request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(RequestId::parse)
        .unwrap_or_else(RequestId::fresh);
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("(none)", |m| m.as_str())
        .to_string();
    let span = tracing::info_span!(
        "request",
        id = id.as_str(),
        method = %request.method(),
        route = %route
    );
    let mut response = next.run(request).instrument(span).await;
    if let Ok(value) = HeaderValue::from_str(id.as_str()) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_client_id_is_kept_and_anything_else_replaced() {
        assert_eq!(
            RequestId::parse("proxy-1234:abc.def_9").map(|r| r.0),
            Some("proxy-1234:abc.def_9".to_string())
        );
        for bad in ["", "a b", "x\ny", "é", &"a".repeat(65), "a=b", "{}"] {
            assert_eq!(RequestId::parse(bad), None, "{bad:?}");
        }
        let fresh = RequestId::fresh();
        assert_eq!(fresh.as_str().len(), 16);
        assert!(RequestId::parse(fresh.as_str()).is_some());
    }
}
