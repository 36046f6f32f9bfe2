//! Several servers: a player's action for a game whose lease another server holds is handed
//! to that server (`service/forwards.rs`); this actor then follows the commit and tells its
//! subscribers, the acting player among them, as for any other server's action.

use super::cmd::{Told, events_fingerprint};
use super::*;
use crate::service::metrics::Counters;

/// How playing a forwarded action here, as its holder played it, went.
enum AsTold {
    /// Played, its events the holder's, and told to this server's subscribers.
    Told,
    /// Not tried (the match is not at the action before, or the game has a clock, whose
    /// charges only the holder knows) or refused here: the match is unchanged.
    NotTried,
    /// Played with other events than the holder stored: the match cannot be trusted.
    Astray,
}

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
            Outcome::Played { seq, events } => {
                Counters::add(&self.inner.counters.forwarded, 1);
                // Committed there (before it answered): played here as the holder played it,
                // or else read here, and told to this server's subscribers before the
                // player's `acted`.
                match self.play_as_told(side, action, seq, events) {
                    AsTold::Told => {}
                    AsTold::NotTried => self.follow(false).await,
                    AsTold::Astray => self.follow(true).await,
                }
                let view = match reply_view && self.meta.seq == seq {
                    true => self.view(Viewer::Seat(side)),
                    false => Value::Null,
                };
                Some(Ok(ActionAccepted { seq, view }))
            }
        }
    }

    /// Plays a forwarded action the holder committed at `seq` on this server's match, as the
    /// holder did (the rules are deterministic: the same state and action give the same
    /// events), and tells the subscribers; `events`: the fingerprint of the events the holder
    /// stored. Saves reading back the game's row and the action. The holder alone stores,
    /// snapshots and sends notices.
    fn play_as_told(&mut self, side: Side, action: &Value, seq: u64, events: u64) -> AsTold {
        if self.meta.clock.is_some() || self.meta.seq + 1 != seq || self.poisoned {
            return AsTold::NotTried;
        }
        let Some(game) = self.game.as_mut() else {
            return AsTold::NotTried;
        };
        let played = match catch_unwind(AssertUnwindSafe(|| game.play(side, action))) {
            Ok(Ok(played)) => played,
            Ok(Err(_)) => return AsTold::NotTried,
            Err(_) => return AsTold::Astray,
        };
        if played.seq != seq || events_fingerprint(&played.events_json) != events {
            warn!(game = %self.meta.id, seq, "a forwarded action played here gave other events than its holder's: reloading");
            return AsTold::Astray;
        }
        let outcome = game.outcome();
        let to_act = game.to_act();
        let status = if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        // As after any other server's action: it holds the lease and serves the player.
        self.lease = None;
        self.player_here = false;
        let prepared = self.prepare(&played, None, status);
        self.meta.seq = seq;
        self.meta.status = status;
        self.meta.outcome = outcome;
        self.meta.to_act = to_act;
        self.meta.updated_at = self.now();
        self.release(prepared);
        Counters::add(&self.inner.counters.followed, 1);
        Counters::add(&self.inner.counters.played_as_told, 1);
        AsTold::Told
    }

    /// Another server committed actions up to `seq`, the last told as `told`: played here as
    /// told when this actor is at the action before, read when it is further behind or the
    /// telling does not fit, nothing when it is there already (it played the action as its
    /// holder told it, or read it).
    pub(super) async fn follow_action(&mut self, seq: u64, told: Option<&Told>) {
        if seq <= self.meta.seq {
            return;
        }
        let outcome = match told {
            Some(told) if seq == self.meta.seq + 1 => {
                self.play_as_told(told.side, &told.action, seq, told.events)
            }
            _ => AsTold::NotTried,
        };
        match outcome {
            AsTold::Told => {}
            AsTold::NotTried => self.follow(false).await,
            AsTold::Astray => self.follow(true).await,
        }
    }
}
