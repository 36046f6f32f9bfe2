//! The Movement and Close Combat Phase (series 11-18, 23; reference 2.4, 2.5).

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::MovementSegment;
use crate::model::unit::Marks;

impl BloodyRoadsSouth {
    /// The phasing player's actions in a segment of the Movement Phase.
    pub(crate) fn movement_actions(&self, _side: Side, segment: MovementSegment) -> Vec<Action> {
        match segment {
            MovementSegment::Move => vec![Action::FinishMovement],
            _ => Vec::new(),
        }
    }

    /// Applies a Movement Phase action.
    pub(crate) fn apply_movement(&mut self, _side: Side, action: Action, fx: &mut Fx) {
        if action == Action::FinishMovement {
            self.finish_step(fx);
        }
    }

    /// What happens on entering a segment of the Movement Phase.
    pub(crate) fn enter_movement(&mut self, side: Side, segment: MovementSegment, _fx: &mut Fx) {
        if segment == MovementSegment::Move {
            for u in self.units.iter_mut().filter(|u| u.side == side) {
                let keep = Marks {
                    fired_on_by_infantry: u.marks.fired_on_by_infantry,
                    recovering: u.marks.recovering,
                    ..Marks::default()
                };
                u.marks = keep;
            }
        }
    }

    /// What happens when the phasing player finishes moving.
    pub(crate) fn leave_movement(&mut self, _side: Side, _fx: &mut Fx) {
        self.moving = None;
    }
}
