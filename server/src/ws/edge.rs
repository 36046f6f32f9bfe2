//! The WebSocket's edge: the largest message read, the close frame for a failed read, the
//! service's plain frames made into axum messages, and the id of a message that did not parse.

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, close_code};
use serde_json::Value;
use tokio_tungstenite::tungstenite;

use crate::frame::Outgoing;

/// The largest message read at all: up to four times `--max-frame-bytes` a message is read and
/// refused with `too_large`; beyond that the connection is closed (1009) without reading it.
pub fn hard_cap(max_frame_bytes: usize) -> usize {
    max_frame_bytes.saturating_mul(4).max(1024)
}

/// The close frame for a read that failed: a message over the hard cap is "message too big"
/// (1009); other failures (a vanished peer, a broken frame) close as before.
pub(super) fn close_for(error: axum::Error, max_frame_bytes: usize) -> Option<Outgoing> {
    let too_big = matches!(
        error.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    );
    too_big.then(|| Outgoing::Close {
        code: close_code::SIZE,
        reason: format!(
            "message too big: this server reads at most {} bytes",
            hard_cap(max_frame_bytes)
        ),
    })
}

/// The WebSocket message of what the service sends: the edge between plain frames and axum.
///
/// # Why: axum has no unchecked way from bytes to its text type, so the frame's bytes are
/// checked as UTF-8 here (no copy: the text stays shared); that runs on each connection's own
/// writer task, off the game actor.
pub(super) fn message(outgoing: Outgoing) -> Message {
    match outgoing {
        Outgoing::Frame(frame) => Message::Text(
            Utf8Bytes::try_from(frame.bytes().clone()).expect("a frame is built from a string"),
        ),
        Outgoing::Close { code, reason } => Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        })),
    }
}

/// The `id` of a message that did not parse as a request, if it has one, so that the error
/// can still be matched to it.
pub(super) fn request_id(text: &str) -> Option<String> {
    let value: Value = serde_json::from_str(text).ok()?;
    match value.get("id")? {
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}
