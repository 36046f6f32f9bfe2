//! `Post`: a chat message or note, numbered and stored by the game's actor.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::{ChatChannel, ChatMessage};

/// Post a chat message or note.
pub struct Post {
    pub account: Account,
    pub spectate_code: Option<String>,
    pub channel: ChatChannel,
    pub text: String,
    pub reply: Reply<ChatMessage>,
}

impl Post {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.saw(Some(&self.account));
        let result = actor
            .chat(
                &self.account,
                self.spectate_code.as_deref(),
                self.channel,
                &self.text,
            )
            .await;
        self.reply.done(result);
    }
}

impl Request for Post {
    type Output = ChatMessage;
    fn into_reply(self) -> Reply<ChatMessage> {
        self.reply
    }
}
