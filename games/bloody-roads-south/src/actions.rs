//! Which actions each player has now, and where an action is applied: one place that reads
//! the step and the questions waiting, and hands over to the rule module concerned.

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{MovementSegment, Step};

impl BloodyRoadsSouth {
    /// The complete list of legal actions of `side` now.
    pub fn actions_for(&self, side: Side) -> Vec<Action> {
        let _reading = self.read_whole();
        if let Some(d) = self.decisions.first() {
            return if d.side == side {
                self.decision_actions(d)
            } else {
                Vec::new()
            };
        }
        match self.step {
            Step::SetUp => self.setup_actions(side),
            Step::Command { side: s, segment } if s == side => self.command_actions(side, segment),
            Step::Movement { side: s, segment } if s == side => {
                self.movement_actions(side, segment)
            }
            Step::Fire { firer, .. } if firer == side => self.fire_actions(side),
            _ => Vec::new(),
        }
    }

    /// Whether `side` has any legal action now: exactly whether [`Self::actions_for`] is
    /// not empty, told without listing them all in the movement segment (where the sequence
    /// of play asks after every step of a moving group) and the firer's Fire Combat Phase.
    pub fn has_action(&self, side: Side) -> bool {
        match self.step {
            _ if self.moves_now(side) => {
                let _reading = self.read_whole();
                self.has_movement_action(side)
            }
            // The firer may always finish firing, or give up the target chosen (`fire`).
            Step::Fire { firer, .. } if firer == side && self.decisions.is_empty() => true,
            _ => !self.actions_for(side).is_empty(),
        }
    }

    /// The offered action `posted` fits (`Rules::offered_fit`), where it is one of the
    /// movement segment's frequent actions (`movement::offered`), or finishing fire or giving
    /// up a target, and offered; `None` otherwise (the engine then lists
    /// [`Self::actions_for`] and scans it).
    pub fn offered_fit(&self, side: Side, posted: &Action) -> Option<Action> {
        match self.step {
            _ if self.moves_now(side) => {
                let _reading = self.read_whole();
                self.movement_fit(side, posted)
            }
            Step::Fire { firer, .. } if firer == side && self.decisions.is_empty() => {
                match (posted, &self.fire) {
                    (Action::FinishFire, None) | (Action::CancelFire, Some(_)) => {
                        Some(posted.clone())
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether `side` is in its movement segment with no question pending: where
    /// [`Self::has_action`] and [`Self::offered_fit`] answer without listing.
    fn moves_now(&self, side: Side) -> bool {
        matches!(
            self.step,
            Step::Movement { side: s, segment: MovementSegment::Move } if s == side
        ) && self.decisions.is_empty()
    }

    /// Applies an offered action (the engine has checked that it is offered).
    pub(crate) fn perform(&mut self, side: Side, action: Action, fx: &mut Fx) {
        if !self.decisions.is_empty() {
            self.apply_decision(action, fx);
            return;
        }
        match self.step {
            Step::SetUp => self.apply_setup(side, action, fx),
            // The Command Phase's actions are batches, played whole by `apply_batch`.
            Step::Command { .. } => {}
            Step::Movement { .. } => self.apply_movement(side, action, fx),
            Step::Fire { .. } => self.apply_fire(side, action, fx),
            Step::Rally { .. } | Step::Over => {}
        }
    }
}
