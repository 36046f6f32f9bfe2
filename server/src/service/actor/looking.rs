//! Who of the seated players looks at this game now, for the notifier: a player with a live
//! connection to the game who did something in it within [`LOOKING_SECS`]. A forgotten tab
//! or a `watch` left running stops counting once that time has passed without activity.

use super::*;
use crate::notify::LOOKING_SECS;
use crate::service::node_presence::Said;

impl Actor {
    /// The caller `account` did something in this game just now (acted, subscribed, asked
    /// for the view, chatted, asked for a pause).
    pub(super) fn saw(&mut self, account: Option<&Account>) {
        let Some(side) = account.and_then(|a| self.meta.seat_of(&a.id)) else {
            return;
        };
        *self.seen.get_mut(side) = self.now();
        self.player_here = true;
        self.publish_looking();
        if self.inner.store.shared() {
            // The player is here: the computer's move may be this server's to think.
            self.think();
        }
    }

    /// Tells the notifier until when each seated player looks at the game (none for a
    /// player without a connection to it), and, several servers sharing the store, the other
    /// servers who is connected here (`service/node_presence.rs`).
    pub(super) fn publish_looking(&mut self) {
        let presence = self.inner.notifier.presence();
        let shared = self.inner.store.shared();
        let seats = Side::BOTH.map(|side| {
            self.meta.account_in(side).map(|account| {
                let until = self
                    .connected(side)
                    .then(|| self.seen.get(side) + LOOKING_SECS);
                (account, until)
            })
        });
        let told = seats.map(|seat| seat.map(|(_, until)| until));
        // Only this actor sets what this server says of its game's players.
        if !shared && self.looking_told == Some(told) {
            return;
        }
        let mut looking = Vec::new();
        for (account, until) in seats.into_iter().flatten() {
            presence.set(&self.meta.id, account, until);
            if let Some(until) = until {
                looking.push((account.to_string(), until));
            }
        }
        self.looking_told = Some(told);
        if !shared {
            return;
        }
        let said = Said {
            presence: self.presence_here(),
            looking,
        };
        let payload = said.payload(&self.meta.id, &self.inner.node, self.now());
        if self.inner.node_presence.say(&self.meta.id, said) {
            self.inner.node_presence.tell(payload);
        }
    }
}
