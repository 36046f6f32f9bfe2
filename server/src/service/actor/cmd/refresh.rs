//! `Refresh`: another server moved the game on (PostgreSQL told this one); the actor reads
//! what was committed and tells its subscribers. Nobody waits for an answer.

use super::super::Actor;

/// Catch up with the store.
pub struct Refresh {
    /// A chat message posted (its stored channel and number) rather than the game moved on.
    pub chat: Option<(String, i64)>,
}

impl Refresh {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        match self.chat {
            Some((channel, seq)) => actor.follow_chat(&channel, seq).await,
            None => actor.follow(false).await,
        }
    }
}
