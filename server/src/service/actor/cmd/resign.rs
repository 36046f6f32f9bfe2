//! `Resign`: the caller's seat concedes the game.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::ActionAccepted;

/// Resign.
pub struct Resign {
    pub account: Account,
    pub reply: Reply<ActionAccepted>,
}

impl Resign {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        let result = actor.resign(&self.account).await;
        self.reply.done(result);
    }
}

impl Request for Resign {
    type Output = ActionAccepted;
    fn into_reply(self) -> Reply<ActionAccepted> {
        self.reply
    }
}
