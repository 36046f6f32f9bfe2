//! `Stop`: the server is stopping; the actor leaves and says so.

use tokio::sync::oneshot;

/// Every command queued before this one has been answered; leave, answering later ones
/// "ask again", then say so.
pub struct Stop {
    pub done: oneshot::Sender<()>,
}

impl Stop {
    /// Says the actor has left (the one answer a stop gets).
    pub fn left(self) {
        let _ = self.done.send(());
    }
}
