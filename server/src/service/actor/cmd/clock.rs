//! `Clock`: a player's change to the game's clock (pause, answer, end a pause, reclaim).

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::ClockReply;

/// A change to a game's clock asked for by a player.
#[derive(Clone, Copy, Debug)]
pub enum ClockOp {
    /// Ask the opponent to pause both clocks for this many days.
    RequestPause(u32),
    /// Agree to (or refuse) the opponent's request.
    AnswerPause(bool),
    /// End the running pause early.
    EndPause,
    /// Take one's seat back from the bot.
    Reclaim,
}

/// Pause, answer, end a pause, reclaim a seat.
pub struct Clock {
    pub account: Account,
    pub op: ClockOp,
    pub reply: Reply<ClockReply>,
}

impl Clock {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        actor.saw(Some(&self.account));
        let result = actor.clock_op(&self.account, self.op).await;
        self.reply.done(result);
    }
}

impl Request for Clock {
    type Output = ClockReply;
    fn into_reply(self) -> Reply<ClockReply> {
        self.reply
    }
}
