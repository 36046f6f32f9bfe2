//! The way from a game's actor to one connection: plain frames, no transport types.

use std::sync::Arc;
use tokio::sync::{Notify, mpsc};

use crate::frame::Outgoing;

/// The way to a connection: its frames channel and the bell that tells it it fell behind.
#[derive(Clone)]
pub struct Sink {
    /// The connection's id, unique for the life of the process.
    pub conn: u64,
    /// Frames to send, in order.
    pub tx: mpsc::Sender<Outgoing>,
    /// Rung when the connection could not keep up; it then closes and the client resumes.
    pub kick: Arc<Notify>,
}
