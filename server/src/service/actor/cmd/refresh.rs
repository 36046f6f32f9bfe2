//! `Refresh`: another server moved the game on, or its subscribers changed (PostgreSQL told
//! this one); the actor reads what was committed and tells its subscribers. Nobody waits for
//! an answer.

use super::super::Actor;
use adjutant_engine::Side;
use serde_json::Value;

/// An action another server committed, as its notification told it (`store::told`).
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    pub side: Side,
    /// The fingerprint of the events the holder stored (`cmd::events_fingerprint`).
    pub events: u64,
    pub action: Value,
}

impl Told {
    /// Reads `"<side> <fingerprint, 16 hex digits> <action JSON>"`; `None` if it is not that.
    pub fn parse(text: &str) -> Option<Told> {
        let mut parts = text.splitn(3, ' ');
        let side = Side::parse(parts.next()?)?;
        let events = u64::from_str_radix(parts.next()?, 16).ok()?;
        let action = serde_json::from_str(parts.next()?).ok()?;
        Some(Told {
            side,
            events,
            action,
        })
    }
}

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
    /// The action that moved it there, as told (`None`: not told, read it).
    pub told: Option<Told>,
}

impl Refresh {
    /// Who is connected elsewhere changed.
    pub fn presence() -> Refresh {
        Refresh {
            chat: None,
            presence: true,
            holder: None,
            moved_to: None,
            told: None,
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
            None => match self.moved_to {
                Some(seq) => actor.follow_action(seq, self.told.as_ref()).await,
                None => actor.follow(false).await,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_told_action_reads_back_as_it_was_told() {
        let action = serde_json::json!({"type": "order", "text": "hold the ford at dawn"});
        let text = crate::store::told("confederate", 0xfeed, &action.to_string());
        assert_eq!(
            Told::parse(text.trim_start()),
            Some(Told {
                side: Side::Confederate,
                events: 0xfeed,
                action
            })
        );
        for bad in [
            "",
            "union",
            "union zz {}",
            "union 00ff",
            "union 00ff {not json",
            "north 1 {}",
        ] {
            assert_eq!(Told::parse(bad), None, "{bad:?}");
        }
        let long = "x".repeat(crate::store::TOLD_MAX + 1);
        assert_eq!(
            crate::store::told("union", 1, &long),
            "",
            "too long to tell"
        );
    }
}
