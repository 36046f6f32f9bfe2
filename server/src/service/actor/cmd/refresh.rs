//! `Refresh`: another server moved the game on, or its subscribers changed (PostgreSQL told
//! this one); the actor reads what was committed and tells its subscribers. Nobody waits for
//! an answer.

use super::super::Actor;

/// Catch up with the store.
#[derive(Clone)]
pub struct Refresh {
    /// A chat message posted (its stored channel and number) rather than the game moved on.
    pub chat: Option<(String, i64)>,
    /// Who is connected on another server changed (nothing to read).
    pub presence: bool,
    /// The server that wrote, as its notification names it (the game's lease holder now).
    pub holder: Option<String>,
    /// The sequence number actions moved the game on to (`None`: another change, a seat
    /// taken or a clock, which may leave it as it was).
    pub moved_to: Option<u64>,
}

impl Refresh {
    /// Who is connected elsewhere changed.
    pub fn presence() -> Refresh {
        Refresh {
            chat: None,
            presence: true,
            holder: None,
            moved_to: None,
        }
    }

    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        if self.presence {
            actor.presence_due = true;
            // The computer's seat may be this server's to play now (`computer.rs`).
            actor.think();
            return;
        }
        if let Some(holder) = self.holder {
            actor.holder = (!holder.is_empty()).then_some(holder);
        }
        match self.chat {
            Some((channel, seq)) => actor.follow_chat(&channel, seq).await,
            // Already there: played here as the holder told it (`forward.rs`), or read.
            None if self.moved_to.is_some_and(|seq| seq <= actor.meta.seq) => {}
            None => actor.follow(false).await,
        }
    }
}
