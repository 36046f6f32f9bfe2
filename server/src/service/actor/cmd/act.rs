//! `Act`: play an action chosen from the view at `seq`; the server's bot then plays any seat
//! it holds.

use super::super::{Actor, Sink};
use super::{Reply, Request};
use crate::frame::{Frame, Outgoing};
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
    /// A WebSocket's: where its `acted` goes, queued by the actor right behind the acting
    /// seat's own `update`, so that both leave in one write.
    pub acted_to: Option<ActedTo>,
    pub reply: Reply<ActionAccepted>,
}

/// The connection that asked, and the ids its `acted` names.
#[derive(Clone)]
pub struct ActedTo {
    pub sink: Sink,
    pub game_id: String,
    /// The request's id, echoed.
    pub id: Option<String>,
}

impl ActedTo {
    /// Queues `acted`; a connection too far behind to take it is told to reconnect and
    /// resume (as with an update it could not take).
    fn tell(self, seq: u64) {
        let acted = Frame::acted(&self.game_id, seq, self.id.as_deref());
        if self.sink.tx.try_send(Outgoing::Frame(acted)).is_err() {
            self.sink.kick.notify_one();
        }
    }
}

impl Act {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.saw(Some(&self.account));
        let forwarded = actor
            .forward(&self.account, self.seq, &self.action, self.reply_view)
            .await;
        let result = match forwarded {
            Some(result) => result,
            None => {
                actor
                    .act(&self.account, self.seq, &self.action, self.reply_view)
                    .await
            }
        };
        if let (Ok(accepted), Some(to)) = (&result, self.acted_to) {
            to.tell(accepted.seq);
        }
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
