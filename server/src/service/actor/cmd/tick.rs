//! `Tick`: look at the clock (end a pause, time a side out, warn a side).

use super::super::Actor;
use super::{Reply, Request};

/// Look at the clock.
pub struct Tick {
    pub reply: Reply<()>,
}

impl Tick {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.tick().await;
        self.reply.done(Ok(()));
    }
}

impl Request for Tick {
    type Output = ();
    fn into_reply(self) -> Reply<()> {
        self.reply
    }
}
