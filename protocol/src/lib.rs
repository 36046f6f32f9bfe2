//! Every message on Adjutant's wire, as typed serde values: the HTTP bodies of the wire
//! contract ([`http`]), the WebSocket frames ([`ws`]), the error codes ([`error`]) and the
//! JSON Patch used by patch-mode subscriptions ([`patch`]). `docs/protocol.md` documents them.

pub mod accounts;
mod array_ends;
mod client_read;
pub mod clock;
pub mod corr;
pub mod error;
pub mod fuzzing;
pub mod http;
pub mod json_index;
#[cfg(test)]
mod json_values;
pub mod parts_patch;
pub mod patch;
mod patch_writer;
pub mod text_patch;
pub mod utc;
pub mod ws;

pub use accounts::*;
pub use adjutant_engine::{Outcome, PerSide, Record, Side};
pub use clock::*;
pub use corr::*;
pub use error::{ApiError, ErrorBody, ErrorCode};
pub use http::*;
pub use patch::PatchOp;
pub use ws::{ClientMessage, Presence, ServerMessage, UpdateHead, UpdateMode};

/// The protocol version. It changes only when a message changes incompatibly.
pub const PROTOCOL_VERSION: u32 = 1;
