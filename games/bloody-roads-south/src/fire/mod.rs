//! The Fire Combat Phase (series 19-20; reference 2.6, 2.7): defensive fire, then offensive.
//! The firing player chooses a target hex (`Target`, or `TargetArtillery` to aim his artillery
//! at artillery beneath the top unit), then resolves the fire with the units he chooses
//! (`Fire { firers }`, one action however many fire, reference 5.2; offered with every eligible
//! firer, his view listing each with its fire points) or gives it up (`CancelFire`);
//! `FinishFire` ends his fire.
//!
//! Modules: `targets` (who may fire at what), `firers` (the list of a fire, checked whole),
//! `points` (fire points), `resolve` (one fire, steps 3-11), `losses` (casualties and
//! elimination), `split` (an extended line's fire level after losses), `reaction` (fire drawn
//! outside the phase).

pub mod firers;
pub mod losses;
pub mod points;
pub mod reaction;
pub mod resolve;
pub mod split;
pub mod targets;

use adjutant_engine::Side;

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::FireInProgress;
use crate::model::unit::UnitKind;

use resolve::VolleyKind;

impl BloodyRoadsSouth {
    /// The firing player's actions (series 20.3).
    pub(crate) fn fire_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.fire {
            Some(f) => {
                if !f.at_artillery
                    && self.artillery_beneath(f.target).is_some()
                    && !self.already_targeted(f.target, true)
                    && self.has_eligible_firer(side, f.target, true)
                {
                    out.push(Action::TargetArtillery);
                }
                let all = self.all_firers(side, f.target, f.at_artillery);
                if !all.is_empty() {
                    out.push(Action::Fire {
                        firers: all.iter().map(|&k| self.unit(k).id.clone()).collect(),
                    });
                }
                out.push(Action::CancelFire);
            }
            None => {
                for hex in self.fire_targets(side) {
                    out.push(Action::Target { hex });
                }
                out.push(Action::FinishFire);
            }
        }
        out
    }

    /// Applies a Fire Combat Phase action.
    pub(crate) fn apply_fire(&mut self, side: Side, action: Action, fx: &mut Fx) {
        match action {
            Action::Target { hex } => {
                self.fire = Some(FireInProgress {
                    target: hex,
                    at_artillery: false,
                });
            }
            Action::TargetArtillery => {
                if let Some(f) = &mut self.fire {
                    f.at_artillery = true;
                }
            }
            Action::Fire { firers } => {
                // Checked on arrival (`check_lists`): a refused list never gets here.
                let Ok(firers) = self.chosen_firers(side, &firers) else {
                    return;
                };
                let Some(f) = self.fire.take() else {
                    return;
                };
                let hits_guns = f.at_artillery
                    || self
                        .fire_target_unit(f.target)
                        .is_some_and(|k| self.unit(k).kind == UnitKind::Battery);
                self.targeted.push((f.target, hits_guns));
                for &k in &firers {
                    self.unit_mut(k).marks.fired = true;
                }
                self.resolve_volley(&firers, f.target, f.at_artillery, VolleyKind::Phase, fx);
            }
            Action::CancelFire => self.fire = None,
            Action::FinishFire => {
                self.fire = None;
                self.finish_step(fx);
            }
            _ => {}
        }
    }

    /// What happens on entering a player's fire (series 20.3: each unit fires once, each hex
    /// is a target at most twice a phase).
    pub(crate) fn enter_fire(&mut self, _side: Side, firer: Side, _fx: &mut Fx) {
        self.fire = None;
        self.targeted.clear();
        for u in self.units_mut().iter_mut().filter(|u| u.side == firer) {
            u.marks.fired = false;
        }
    }
}
