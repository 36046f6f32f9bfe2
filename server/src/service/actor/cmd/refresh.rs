//! `Refresh`: another server moved the game on (PostgreSQL told this one); the actor reads
//! what was committed and tells its subscribers. Nobody waits for an answer.

use super::super::Actor;

/// Catch up with the store.
pub struct Refresh;

impl Refresh {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.follow(false).await;
    }
}
