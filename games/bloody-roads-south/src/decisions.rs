//! Answers to the questions of `model::decision` (retreats, rout-through, leaders, orders,
//! facing, Lee taking a corps, the division that stays with 2 Corps when Hancock falls).

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::decision::{Decision, Question};
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The actions that answer a question.
    pub(crate) fn decision_actions(&self, decision: &Decision) -> Vec<Action> {
        match decision.question() {
            q @ (Question::Retreat { .. } | Question::RoutThrough { .. }) => {
                self.retreat_actions(q)
            }
            Question::PlaceLeader { leader, command } => {
                self.place_leader_actions(*leader, command.as_ref())
            }
            Question::LooseCannon { .. } => self.loose_cannon_actions(),
            Question::Face { hex, .. } => self.face_actions(decision.side(), *hex),
            Question::LeeTakesCorps { .. } => self.lee_corps_actions(),
            Question::HancockAttached { divisions } => self.hancock_attached_actions(divisions),
            Question::PanicDemand { targets } => self.demand_actions(targets),
        }
    }

    /// Applies the answer to the first question.
    pub(crate) fn apply_decision(&mut self, action: Action, fx: &mut Fx) {
        let Some(first) = self.decisions.first().cloned() else {
            return;
        };
        match first.question {
            q @ (Question::Retreat { .. } | Question::RoutThrough { .. }) => {
                self.decisions.remove(0);
                self.apply_retreat_answer(q, action, fx);
            }
            Question::PlaceLeader { leader, .. } => {
                if let Action::PlaceLeader { hex, .. } = action {
                    self.decisions.remove(0);
                    self.apply_place_leader(leader, hex, fx);
                }
            }
            Question::LooseCannon { leader, receiver } => {
                self.decisions.remove(0);
                self.apply_loose_cannon_order(leader, receiver, action, fx);
            }
            Question::Face { hex, .. } => {
                self.decisions.remove(0);
                self.apply_face(first.side, hex, action, fx);
            }
            Question::LeeTakesCorps { leader, corps } => {
                self.decisions.remove(0);
                self.apply_lee_corps(first.side, leader, corps, action, fx);
            }
            Question::HancockAttached { divisions } => {
                self.decisions.remove(0);
                self.apply_hancock_attached(first.side, divisions, action, fx);
            }
            Question::PanicDemand { .. } => {
                self.decisions.remove(0);
                self.apply_demand(first.side, action, fx);
            }
        }
    }
}
