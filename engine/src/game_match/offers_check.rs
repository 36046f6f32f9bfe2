//! A check for the tests of games that hand the engine the legal actions they listed
//! ([`Rules::take_legal_actions`]): the offers the match holds are the rules' lists now.

use super::Match;
use crate::rules::Rules;
use crate::side::Side;

impl<G: Rules> Match<G> {
    /// `Err` naming the side and the first difference when what the match offers a side is
    /// not what [`Rules::legal_actions`] lists for the state now (tests: after every action of
    /// a game that keeps its lists).
    pub fn check_offers(&self) -> Result<(), String> {
        for side in Side::BOTH {
            let offered = &self.offer(side).actions;
            let listed = if self.outcome().is_some() {
                Vec::new()
            } else {
                self.state.legal_actions(side)
            };
            if *offered != listed {
                let at = offered
                    .iter()
                    .zip(&listed)
                    .position(|(a, b)| a != b)
                    .unwrap_or(offered.len().min(listed.len()));
                return Err(format!(
                    "the {side} player is offered {} actions, the rules list {}; they differ \
                     at {at}: {:?} against {:?}",
                    offered.len(),
                    listed.len(),
                    offered.get(at),
                    listed.get(at)
                ));
            }
        }
        Ok(())
    }
}
