//! `Forwarded`: a player's action another server handed to this one as the game's lease
//! holder (`service/forwards.rs`). Played as the player's own, if this actor still holds the
//! lease; otherwise the asking server writes it itself.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Play a forwarded action.
pub struct ForwardedAct {
    /// The player, as the asking server checked their token.
    pub account: Account,
    pub seq: u64,
    pub action: Value,
    /// The sequence number it was committed at; `None`: this actor does not hold the lease.
    pub reply: Reply<Option<u64>>,
}

impl ForwardedAct {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        if actor.lease.is_none() {
            self.reply.done(Ok(None));
            return;
        }
        let result = actor
            .act(&self.account, self.seq, &self.action, false)
            .await;
        self.reply.done(result.map(|accepted| Some(accepted.seq)));
        actor.run_bots().await;
    }
}

impl Request for ForwardedAct {
    type Output = Option<u64>;
    fn into_reply(self) -> Reply<Option<u64>> {
        self.reply
    }
}

/// What the holder did with a forwarded action.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Played and committed at this sequence number.
    Played(u64),
    /// Refused, with the error its player gets.
    Refused(ApiError),
    /// The holder does not hold the game's lease (or has not the game in memory): the asker
    /// writes it itself.
    NotHere,
}
