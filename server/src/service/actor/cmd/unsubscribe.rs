//! `Unsubscribe`: stop sending a connection this game's frames (nobody waits for an answer).

use super::super::Actor;

/// Stop sending a connection updates.
pub struct Unsubscribe {
    /// The connection's id.
    pub conn: u64,
}

impl Unsubscribe {
    pub(in super::super) fn apply(self, actor: &mut Actor) {
        let before = actor.subs.len();
        actor.subs.retain(|s| s.sink.conn != self.conn);
        if actor.subs.len() != before {
            actor.send_presence();
        }
    }
}
