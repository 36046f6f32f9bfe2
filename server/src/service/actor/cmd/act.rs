//! `Act`: play an action chosen from the view at `seq`; the server's bot then plays any seat
//! it holds.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::ActionAccepted;
use serde_json::Value;

/// Play an action.
pub struct Act {
    pub account: Account,
    pub seq: u64,
    pub action: Value,
    /// Whether the caller wants the seat's new view back (HTTP does; a WebSocket's `acted`
    /// carries none, and its subscription brings the update).
    pub reply_view: bool,
    pub reply: Reply<ActionAccepted>,
}

impl Act {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.saw(Some(&self.account));
        let result = actor
            .act(&self.account, self.seq, &self.action, self.reply_view)
            .await;
        self.reply.done(result);
        actor.run_bots().await;
    }
}

impl Request for Act {
    type Output = ActionAccepted;
    fn into_reply(self) -> Reply<ActionAccepted> {
        self.reply
    }
}
