//! The Movement and Close Combat Phase's movement (series 11-18, 23 entry; BRS 1.2a-1.2h,
//! 1.3, 4.4b; reference 2.4, 2.5, 2.9): the segments of the phase, and the actions of its
//! movement segment, one small choice at a time.
//!
//! Outside a move the phasing player may `Pick` a unit with the stack-mates going with it
//! (one action, reference 5.2), `Enter` a reinforcement, or `FinishMovement`. A moving
//! group may `Step`, `Attack`, `Turn`, `ChangeFormation`, `ForceMarch`, `Extend`/`Contract`
//! and `EndMove`. Each concept is its own file:
//! - `group`: picking a group, turning, putting down (S12.0, S13.0, S16.0);
//! - `allowance`: movement points (S16.0, S16.1b, S18.0, S24.1);
//! - `steps`: the hexes a group may enter and what entering does (S14.0, S16.0, S16.2);
//! - `zoc`: zones of control, real and as seen (S14.0, 4.4b);
//! - `stacking`: stacking at stops (S12.0, S17.0); `overstacking`: the end of a phase, the
//!   over-stacking penalty and the split it orders (S12.0, S17.0);
//! - `formation`: formation changes and the fire they draw (S11.0, S15.0, S26.1);
//! - `forced_march` (S18.0), `extended` (S17.0), `reinforcements` (S16.3, 6.0d),
//!   `radius` (S10.5a, 6.0a) with `closing_searches`, `attack` (S23 entry), `wilderness`
//!   (1.2a, 1.2c, 1.2h),
//!   `overrun` (S10.0, S28.0), `railroad` (1.3b-d), `ninth_corps` (3.3a), `cavalry` (4.4a-b,
//!   4.4d), `cavalry_retreat` (4.4c), `leave` (leaving the map under orders, Scenario 3),
//!   `variable_entry` (4.3, 4.5a-b: the entries chosen at set-up);
//! - `words`: labels, prompt and the moving group in its owner's view.
//!
//! Movement asks the command rules (`command`) whether HQs may move, whether units may
//! attack, who is in command radius and who was out of it when the phase began, and has corps
//! leaders touch base as they pass their HQ; it asks `stragglers` for forced-march checks.
//!
//! The phase ends (`FinishMovement`) only with no group moving, no reinforcement able to
//! enter (S16.3) and no unit of a stack that must split still to pick (S12.0).

pub mod allowance;
pub mod attack;
pub mod cavalry;
pub mod cavalry_retreat;
mod closing_searches;
pub mod extended;
pub mod forced_march;
pub mod formation;
pub mod group;
pub mod leave;
pub mod ninth_corps;
pub mod off_map_link;
pub mod offered;
pub mod overrun;
pub mod overstacking;
mod part_keys;
pub mod radius;
pub mod railroad;
pub mod reinforcements;
pub mod stacking;
pub mod steps;
pub mod variable_entry;
pub mod wilderness;
pub mod words;
pub mod zoc;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::{MovementPhase, MovingGroup};
use crate::model::step::MovementSegment;
use crate::model::unit::{Formation, Marks, UnitKind};

use allowance::UnitStep;
use steps::GroupFacts;

impl BloodyRoadsSouth {
    /// The phasing player's actions in a segment of the Movement Phase.
    pub(crate) fn movement_actions(&self, side: Side, segment: MovementSegment) -> Vec<Action> {
        if segment != MovementSegment::Move {
            return Vec::new();
        }
        match &self.moving {
            Some(g) => self.group_actions(side, g),
            None => {
                let mut out = self.pick_actions(side);
                let entering = self.enter_actions(side);
                // A group its owner may bring on at any later turn (3.8a) never holds the
                // phase open (S16.3 obliges only the others).
                // Reference 3A.7: nor while a withdrawing unit has still to spend its movement.
                let may_finish = entering.iter().all(|a| self.entry_optional(side, a))
                    && !self.split_due(side)
                    && !self.withdrawal_due(side);
                out.extend(entering);
                if may_finish {
                    out.push(Action::FinishMovement);
                }
                out
            }
        }
    }

    /// The actions of a moving group.
    fn group_actions(&self, side: Side, g: &MovingGroup) -> Vec<Action> {
        if !self.group_intact(g) {
            // Fire drawn or a close combat moved or routed some of it: it stops (S24.1b).
            return vec![Action::EndMove];
        }
        let mut out = Vec::new();
        let facts = self.group_facts(g);
        let steps = self.group_steps(side, g, &facts, |_| true, usize::MAX);
        // Reference 3A.7: a withdrawing army starts no new close combat.
        let attacks = if self.withdrawing(side) {
            Vec::new()
        } else {
            self.attack_options(side, g, &facts)
        };
        let may_stop = self.may_stop(side, g, || !steps.is_empty(), || !attacks.is_empty());
        out.extend(steps.into_iter().map(|(to, _)| Action::Step { to }));
        out.extend(attacks.into_iter().map(|hex| Action::Attack { hex }));
        out.extend(self.turn_actions(g));
        out.extend(self.formation_actions(side, g));
        if !g.must_attack && !self.force_marchers(g).is_empty() {
            out.push(Action::ForceMarch);
        }
        out.extend(self.extended_actions(side, g));
        if self.leave_option(side, g).is_some() {
            out.push(Action::LeaveMap);
        }
        if self.link_option(side, g).is_some() {
            out.push(Action::UseLink);
        }
        if may_stop {
            out.push(Action::EndMove);
        }
        out
    }

    /// Whether an intact group may end its move now (`EndMove`), given whether it has a step
    /// ([`Self::group_steps`]) and an attack: not while committed to an attack (S14.0), while
    /// it must close on its leader (S10.5a) or must split away (S12.0), nor while it
    /// withdraws and may still step toward its army's edges or leave the map (3A.7: it must
    /// spend its movement); and only where it may stop, or where it can do nothing else.
    /// Whether it has a step or an attack is asked only where the answer depends on it (each
    /// may be asked more than once: the caller finds it once).
    pub(crate) fn may_stop(
        &self,
        side: Side,
        g: &MovingGroup,
        has_step: impl Fn() -> bool,
        has_attack: impl Fn() -> bool,
    ) -> bool {
        let committed = g.must_attack && has_attack();
        let must_close = g.closing.is_some() && has_step();
        let must_withdraw =
            self.group_withdrawing(g) && (has_step() || self.leave_option(side, g).is_some());
        !committed
            && !must_close
            && !must_withdraw
            && !self.split_blocks_stop(g, &has_step)
            && (self.stop_is_legal(g) || (!has_step() && !has_attack()))
    }

    /// The group holds a unit under withdrawal (reference 3A.7).
    pub(crate) fn group_withdrawing(&self, g: &MovingGroup) -> bool {
        g.units.iter().any(|&k| self.under_withdrawal(k))
    }

    /// The first `enough` steps the group may take now among those `wanted` keeps: every
    /// step ([`Self::steps_among`]), or for a group holding a unit under withdrawal only
    /// those toward its army's edges (reference 3A.7, `army_status::withdrawal_route`): along
    /// a trail, road or pike where it has such a step, otherwise across country.
    pub(crate) fn group_steps(
        &self,
        side: Side,
        g: &MovingGroup,
        facts: &GroupFacts,
        wanted: impl Fn(HexId) -> bool,
        enough: usize,
    ) -> Vec<(HexId, Vec<UnitStep>)> {
        if !self.group_withdrawing(g) {
            return self.steps_among(side, g, facts, wanted, enough);
        }
        let Some(here) = self.moving_hex(g) else {
            return Vec::new();
        };
        let by_road = |to| self.withdrawal_road_step(side, here, to, Some(g));
        let roads = self.steps_among(side, g, facts, |to| wanted(to) && by_road(to), enough);
        if !roads.is_empty() || !self.steps_among(side, g, facts, by_road, 1).is_empty() {
            return roads;
        }
        let across = |to| wanted(to) && self.withdrawal_step(side, here, to);
        self.steps_among(side, g, facts, across, enough)
    }

    /// Reference 3A.7: the phasing player may not finish movement while a unit under
    /// withdrawal that may move has not moved this phase (it must spend its movement).
    pub(crate) fn withdrawal_due(&self, side: Side) -> bool {
        self.withdrawing(side)
            && self
                .keys()
                .any(|k| self.under_withdrawal(k) && self.may_pick(side, k))
    }

    /// Applies a Movement Phase action.
    pub(crate) fn apply_movement(&mut self, side: Side, action: Action, fx: &mut Fx) {
        match action {
            Action::Pick { unit, part, with } => {
                // Checked on arrival (`check_lists`): a refused list never gets here.
                if let Ok(group) = self.pick_group(side, &unit, part, &with) {
                    self.pick(side, group, fx);
                }
            }
            Action::Step { to } => self.step_to(side, to, fx),
            Action::Turn { facing } => self.turn_group(side, facing, fx),
            Action::ChangeFormation { formation } => self.change_formation(side, formation, fx),
            Action::ForceMarch => self.force_march(side, fx),
            Action::Extend { hex } => self.extend(side, hex, fx),
            Action::Contract => self.contract(side, fx),
            Action::Attack { hex } => self.attack(side, hex, fx),
            Action::EndMove => self.end_move(side, fx),
            Action::LeaveMap => self.leave_map(side, fx),
            Action::UseLink => self.use_link(side, fx),
            Action::Enter { unit, hex } => self.enter(side, &unit, hex, fx),
            Action::FinishMovement => self.finish_step(fx),
            _ => {}
        }
    }

    /// What happens on entering a segment of the Movement Phase: the railroad discovery roll
    /// (rule 1.3c); at the start of movement, the marks of the phase are cleared and who is
    /// in column and who is out of command radius is recorded (S18.0, S10.5a).
    pub(crate) fn enter_movement(&mut self, side: Side, segment: MovementSegment, fx: &mut Fx) {
        match segment {
            MovementSegment::Railroad => self.railroad_discovery(side, fx),
            MovementSegment::Move => {
                for u in self.units_mut().iter_mut().filter(|u| u.side == side) {
                    u.marks = Marks {
                        fired_on_by_infantry: u.marks.fired_on_by_infantry,
                        recovering: u.marks.recovering,
                        must_split: u.marks.must_split,
                        ..Marks::default()
                    };
                }
                let column = self
                    .keys()
                    .filter(|&k| {
                        let u = self.unit(k);
                        u.side == side
                            && u.on_map()
                            && u.kind == UnitKind::Brigade
                            && u.formation == Formation::Column
                    })
                    .collect();
                self.movement = MovementPhase {
                    column_at_start: column,
                    ..MovementPhase::default()
                };
            }
            _ => {}
        }
    }

    /// What happens when the phasing player finishes moving: stacking at the end of the
    /// phase (S12.0, S17.0).
    pub(crate) fn leave_movement(&mut self, side: Side, fx: &mut Fx) {
        if self.moving.is_some() {
            self.end_move(side, fx);
        }
        self.stacking_at_phase_end(Some(side), fx);
        self.movement = MovementPhase::default();
    }
}
