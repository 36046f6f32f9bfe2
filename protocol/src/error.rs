//! Error codes and the error body every failed request and every refused frame carries.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The error codes of the wire contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// No token, or a token the server does not know (HTTP 401).
    Unauthorized,
    /// Authenticated, but not allowed: not your seat, not your game (HTTP 403).
    Forbidden,
    /// No such game, account, scenario or route (HTTP 404).
    NotFound,
    /// The request does not parse or a field is invalid (HTTP 400).
    BadRequest,
    /// The action is not one of those offered to you, or the rules refused it (HTTP 422).
    IllegalAction,
    /// You have nothing to do in this game at the moment (HTTP 409).
    NotYourTurn,
    /// The game moved on since the sequence number you sent (HTTP 409).
    StaleSeq,
    /// The body, frame or a text field is over its limit (HTTP 413).
    TooLarge,
    /// Too many requests or messages; slow down (HTTP 429).
    RateLimited,
    /// The request conflicts with the game's state: seat taken, game over, limit reached (HTTP 409).
    Conflict,
    /// The server failed (its store, for instance); nothing was changed (HTTP 500).
    Internal,
}

impl ErrorCode {
    /// The HTTP status that goes with this code.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::Unauthorized => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::BadRequest => 400,
            ErrorCode::IllegalAction => 422,
            ErrorCode::NotYourTurn | ErrorCode::StaleSeq | ErrorCode::Conflict => 409,
            ErrorCode::TooLarge => 413,
            ErrorCode::RateLimited => 429,
            ErrorCode::Internal => 500,
        }
    }

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::NotFound => "not_found",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StaleSeq => "stale_seq",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Conflict => "conflict",
            ErrorCode::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A typed error with its human sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// Machine-readable code.
    pub code: ErrorCode,
    /// One sentence for a person.
    pub message: String,
}

impl ApiError {
    /// An error with a code and a sentence.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError {
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for ApiError {}

/// The JSON body of every HTTP error: `{"error": {"code": "...", "message": "..."}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ApiError,
}
