//! Answers to the questions of `model::decision` (retreats, rout-through, leaders, orders).

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The actions that answer a question.
    pub(crate) fn decision_actions(&self, decision: &Decision) -> Vec<Action> {
        match decision.question() {
            Question::InitiativeOrder { leader, .. } => self.give_order_actions(*leader),
            Question::LooseCannon { .. } => self.loose_cannon_actions(),
            _ => Vec::new(),
        }
    }

    /// Applies the answer to the first question.
    pub(crate) fn apply_decision(&mut self, action: Action, fx: &mut Fx) {
        let Some(first) = self.decisions.first().cloned() else {
            return;
        };
        match first.question {
            Question::InitiativeOrder { leader, receiver } => {
                self.decisions.remove(0);
                self.apply_give_order(leader, receiver, action, fx);
            }
            Question::LooseCannon { leader, receiver } => {
                self.decisions.remove(0);
                self.apply_loose_cannon_order(leader, receiver, action, fx);
            }
            _ => {}
        }
    }
}
