//! `Rematch`: offer a rematch of this finished game with sides swapped.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::GameCreated;
use serde_json::Value;

/// Offer a rematch.
pub struct Rematch {
    pub account: Account,
    pub secret_choices: Value,
    pub reply: Reply<GameCreated>,
}

impl Rematch {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        let result = actor.rematch(&self.account, &self.secret_choices).await;
        self.reply.done(result);
    }
}

impl Request for Rematch {
    type Output = GameCreated;
    fn into_reply(self) -> Reply<GameCreated> {
        self.reply
    }
}
