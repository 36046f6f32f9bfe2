//! Replaying a stored game where nothing of each action is wanted but the state it leaves:
//! a server loading a game, a record checked, a replay timed. The action and its events are
//! not written as JSON (a tenth of a long Bloody Roads South replay); the match is left
//! exactly as [`Match::replay`] leaves it, the last action's typed events included.
//!
//! A stretch of the record replayed at once ([`Match::replay_quiet_all`]) also keeps no
//! copy of the state for an action that no undo can reach: one the other side's next rules
//! action, later in the stretch and with no `undo` before it, takes out of the undo history
//! anyway. (Copying Scenario 5's state for the first action of each seat's run, and dropping
//! the copies, was a twentieth of its replay.)

use serde_json::Value;

use super::{Copies, Match};
use crate::error::PlayError;
use crate::meta::MetaAction;
use crate::rules::Rules;
use crate::side::{PerSide, Side};

impl<G: Rules> Match<G> {
    /// [`Match::replay`] without the [`super::Played`] record: its sequence number only.
    pub fn replay_quiet(&mut self, side: Side, action: &Value) -> Result<u64, PlayError> {
        self.replay_quiet_keeping(side, action, Copies::Needed)
    }

    /// [`Match::replay_quiet`] of each of `actions` in turn, in the state each leaves: the
    /// sequence number of the last. The match is then exactly as replaying them one by one
    /// leaves it, its undo history included. `Err((i, why))`: `actions[i]` does not replay;
    /// the match is then as far as it got and may not be whole (drop it).
    pub fn replay_quiet_all(
        &mut self,
        actions: &[(Side, Value)],
    ) -> Result<u64, (usize, PlayError)> {
        let unreachable = unreachable_by_undo(actions);
        for (i, ((side, action), unreachable)) in actions.iter().zip(unreachable).enumerate() {
            let copies = match unreachable {
                true => Copies::None,
                false => Copies::Needed,
            };
            self.replay_quiet_keeping(*side, action, copies)
                .map_err(|why| (i, why))?;
        }
        Ok(self.seq())
    }

    fn replay_quiet_keeping(
        &mut self,
        side: Side,
        action: &Value,
        copies: Copies,
    ) -> Result<u64, PlayError> {
        match MetaAction::parse(action) {
            None if self.outcome().is_none() => self
                .play_rules_action(side, action, copies, true)
                .map(|played| played.seq),
            _ => self.replay(side, action).map(|played| played.seq),
        }
    }
}

/// For each of `actions`, whether no undo can reach it: it is a rules action, and a rules
/// action of the other side comes later in `actions` with no `undo` (of either side)
/// before it. That action empties the undo history (it is the other side's, or it rolls or
/// reveals), so nothing kept for this one would ever be read. An action of the last seat's
/// run, or followed by an `undo`, is reachable: the history is kept for it as in play.
pub(crate) fn unreachable_by_undo(actions: &[(Side, Value)]) -> Vec<bool> {
    let mut unreachable = vec![false; actions.len()];
    // From here on, whether the other side's rules action comes before any undo, per side.
    let mut emptied = PerSide::<bool>::default();
    for (i, (side, action)) in actions.iter().enumerate().rev() {
        match MetaAction::parse(action) {
            None => {
                unreachable[i] = *emptied.get(*side);
                *emptied.get_mut(side.opponent()) = true;
            }
            Some(MetaAction::Undo) => emptied = PerSide::default(),
            // Draw actions leave the history alone; a concession ends the game.
            Some(_) => {}
        }
    }
    unreachable
}
