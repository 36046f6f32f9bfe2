//! Several servers: a player's action for a game whose lease another server holds is handed
//! to that server (`service/forwards.rs`); this actor then follows the commit and tells its
//! subscribers, the acting player among them, as for any other server's action.

use super::*;
use crate::service::metrics::Counters;

impl Actor {
    /// Hands `account`'s action to the game's lease holder, if another server holds it and
    /// answers: its result, once this actor has caught up with the commit. `None`: this
    /// actor plays it itself (it holds the lease, the holder is unknown or silent, the game is
    /// against the computer, whose moves follow its player's server).
    pub(super) async fn forward(
        &mut self,
        account: &Account,
        seq: u64,
        action: &Value,
        reply_view: bool,
    ) -> Option<Result<ActionAccepted, ApiError>> {
        if self.lease.is_some() || !self.inner.store.shared() || self.meta.computer.is_some() {
            return None;
        }
        let holder = self.holder.clone()?;
        let forwards = &self.inner.forwards;
        if holder == self.inner.node || !forwards.may_ask(&holder) {
            return None;
        }
        let side = match self.acting_seat(account) {
            Ok(side) => side,
            Err(e) => return Some(Err(e)),
        };
        let outcome = forwards
            .ask(&self.inner, &holder, &self.meta.id, account, seq, action)
            .await;
        match outcome? {
            Outcome::NotHere => {
                self.holder = None;
                None
            }
            Outcome::Refused(e) => Some(Err(e)),
            Outcome::Played(seq) => {
                Counters::add(&self.inner.counters.forwarded, 1);
                // Committed there (before it answered): read here, and told to this server's
                // subscribers before the player's `acted`.
                self.follow(false).await;
                let view = match reply_view && self.meta.seq == seq {
                    true => self.view(Viewer::Seat(side)),
                    false => Value::Null,
                };
                Some(Ok(ActionAccepted { seq, view }))
            }
        }
    }
}
