//! Answers to the questions of `model::decision` (retreats, rout-through, leaders, orders).

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::decision::Decision;
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The actions that answer a question.
    pub(crate) fn decision_actions(&self, _decision: &Decision) -> Vec<Action> {
        Vec::new()
    }

    /// Applies the answer to the first question.
    pub(crate) fn apply_decision(&mut self, _action: Action, _fx: &mut Fx) {}
}
