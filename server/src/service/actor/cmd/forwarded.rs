//! `Forwarded`: a player's action another server handed to this one as the game's lease
//! holder (`service/forwards.rs`). Played as the player's own, if this actor still holds the
//! lease; otherwise the asking server writes it itself.

use super::super::Actor;
use super::{Reply, Request};
use crate::service::Account;
use adjutant_protocol::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Play a forwarded action.
pub struct ForwardedAct {
    /// The player, as the asking server checked their token.
    pub account: Account,
    pub seq: u64,
    pub action: Value,
    /// The sequence number it was committed at and its events' fingerprint
    /// ([`events_fingerprint`]); `None`: this actor does not hold the lease.
    pub reply: Reply<Option<(u64, u64)>>,
}

impl ForwardedAct {
    pub(in super::super) async fn apply(self, actor: &mut Actor) {
        if actor.lease.is_none() {
            self.reply.done(Ok(None));
            return;
        }
        let result = actor
            .act(&self.account, self.seq, &self.action, false)
            .await;
        let fingerprint = actor.committed_events;
        self.reply
            .done(result.map(|accepted| Some((accepted.seq, fingerprint))));
        actor.run_bots().await;
    }
}

impl Request for ForwardedAct {
    type Output = Option<(u64, u64)>;
    fn into_reply(self) -> Reply<Option<(u64, u64)>> {
        self.reply
    }
}

/// What the holder did with a forwarded action.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Played and committed at sequence number `seq`; `events`: the fingerprint of the
    /// events it stored, by which the asker checks its own playing of the action.
    Played { seq: u64, events: u64 },
    /// Refused, with the error its player gets.
    Refused(ApiError),
    /// The holder does not hold the game's lease (or has not the game in memory): the asker
    /// writes it itself.
    NotHere,
}

/// A fingerprint of an action's stored events (FNV-1a, 64 bits: the same on every server, unlike
/// the standard library's seeded hasher). The asker of a forwarded action plays it on its own
/// match and compares: a match that went astray is reloaded, never trusted.
pub fn events_fingerprint(events: &str) -> u64 {
    events.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_events_fingerprint_is_fnv_1a_and_tells_texts_apart() {
        // FNV-1a's published test vectors.
        assert_eq!(events_fingerprint(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(events_fingerprint("a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(
            events_fingerprint(r#"[{"roll":5}]"#),
            events_fingerprint(r#"[{"roll":6}]"#)
        );
    }
}
