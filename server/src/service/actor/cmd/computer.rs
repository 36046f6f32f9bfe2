//! `ComputerMove`: the computer's choice for its seat, made off the actor from the position
//! at `seq`, posted back to be played through the same checks as a client's action.

use adjutant_engine::Side;
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::super::Actor;

/// The computer's action for the position at `seq`. Nobody waits for an answer: a stale
/// choice (the game moved on, the decision was cancelled) is dropped.
pub struct ComputerMove {
    pub seq: u64,
    pub side: Side,
    /// `None`: the computer chose nothing, or failed (its seat then waits; the actor only
    /// stops counting the decision as in flight).
    pub action: Option<Value>,
    /// Whether it plays a timed-out player's seat for the server's bot (its actions are
    /// then flagged as the bot's).
    pub by_bot: bool,
    /// Set once the decision it answers was cancelled (see `actor/computer.rs`).
    pub cancelled: Arc<AtomicBool>,
}

impl ComputerMove {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.computer_move(self).await;
    }
}
