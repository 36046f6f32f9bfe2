//! `State`: the caller's view of the game (`GET /api/games/{id}`).

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::GameState;

/// The caller's view of the game.
pub struct State {
    pub account: Option<Account>,
    pub spectate_code: Option<String>,
    pub reply: Reply<GameState>,
}

impl State {
    pub(in super::super) fn apply(self, actor: &mut Actor) {
        actor.saw(self.account.as_ref());
        let result = actor.state(self.account.as_ref(), self.spectate_code.as_deref());
        self.reply.done(result);
    }
}

impl Request for State {
    type Output = GameState;
    fn into_reply(self) -> Reply<GameState> {
        self.reply
    }
}
