//! Command and control (series 10; reference 2.3): orders, their delivery and acceptance,
//! initiative, attack stoppage, emergency retreat and command radius.

pub mod preset;

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::CommandSegment;

impl BloodyRoadsSouth {
    /// The phasing player's actions in a segment of the Command Phase.
    pub(crate) fn command_actions(&self, _side: Side, segment: CommandSegment) -> Vec<Action> {
        match segment {
            CommandSegment::OrderIssue => vec![Action::FinishOrders],
            _ => Vec::new(),
        }
    }

    /// Applies a Command Phase action.
    pub(crate) fn apply_command(&mut self, _side: Side, action: Action, fx: &mut Fx) {
        if action == Action::FinishOrders {
            self.finish_step(fx);
        }
    }

    /// What happens on entering a segment of the Command Phase.
    pub(crate) fn enter_command(&mut self, _side: Side, _segment: CommandSegment, _fx: &mut Fx) {}
}
