//! `Join`: take the open seat (the game then starts).

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::{JoinGame, Joined};

/// Take the open seat.
pub struct Join {
    pub account: Account,
    pub join: JoinGame,
    pub reply: Reply<Joined>,
}

impl Join {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        let result = actor.join(&self.account, self.join).await;
        self.reply.done(result);
    }
}

impl Request for Join {
    type Output = Joined;
    fn into_reply(self) -> Reply<Joined> {
        self.reply
    }
}
