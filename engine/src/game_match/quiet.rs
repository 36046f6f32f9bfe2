//! Replaying a stored game where nothing of each action is wanted but the state it leaves:
//! a server loading a game, a record checked, a replay timed. The action and its events are
//! not written as JSON (a tenth of a long Bloody Roads South replay); the match is left
//! exactly as [`Match::replay`] leaves it, the last action's typed events included.

use serde_json::Value;

use super::Match;
use crate::error::PlayError;
use crate::meta::MetaAction;
use crate::rules::Rules;
use crate::side::Side;

impl<G: Rules> Match<G> {
    /// [`Match::replay`] without the [`super::Played`] record: its sequence number only.
    pub fn replay_quiet(&mut self, side: Side, action: &Value) -> Result<u64, PlayError> {
        match MetaAction::parse(action) {
            None if self.outcome().is_none() => self
                .play_rules_action(side, action, false, true)
                .map(|played| played.seq),
            _ => self.replay(side, action).map(|played| played.seq),
        }
    }
}
