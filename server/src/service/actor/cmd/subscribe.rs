//! `Subscribe`: start sending a connection this game's frames.

use super::super::Actor;
use super::super::sink::Sink;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::UpdateMode;

/// Who subscribes, and from where it resumes.
pub struct NewSubscriber {
    pub sink: Sink,
    pub account: Option<Account>,
    pub spectate_code: Option<String>,
    pub after_seq: Option<u64>,
    pub mode: UpdateMode,
    pub request_id: Option<String>,
}

/// Start sending a connection updates.
pub struct Subscribe {
    pub sub: NewSubscriber,
    pub reply: Reply<()>,
}

impl Subscribe {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        let result = actor.subscribe(self.sub).await;
        self.reply.done(result);
    }
}

impl Request for Subscribe {
    type Output = ();
    fn into_reply(self) -> Reply<()> {
        self.reply
    }
}
