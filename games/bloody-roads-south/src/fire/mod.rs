//! The Fire Combat Phase (series 19-20; reference 2.6, 2.7): defensive fire, then offensive.

pub mod reaction;

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// The firing player's actions.
    pub(crate) fn fire_actions(&self, _side: Side) -> Vec<Action> {
        vec![Action::FinishFire]
    }

    /// Applies a Fire Combat Phase action.
    pub(crate) fn apply_fire(&mut self, _side: Side, action: Action, fx: &mut Fx) {
        if action == Action::FinishFire {
            self.finish_step(fx);
        }
    }

    /// What happens on entering a player's fire (series 20.3: each unit fires once, each hex
    /// is a target at most twice a phase).
    pub(crate) fn enter_fire(&mut self, _side: Side, firer: Side, _fx: &mut Fx) {
        self.fire = None;
        self.targeted.clear();
        for u in self.units.iter_mut().filter(|u| u.side == firer) {
            u.marks.fired = false;
        }
    }
}
