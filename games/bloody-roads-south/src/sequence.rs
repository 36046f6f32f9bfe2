//! The sequence of play (series 8.1; reference 2.1): which step follows which, what happens
//! on entering each, and the Game Turn End.

use adjutant_engine::Side;

use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::step::{CommandSegment, MovementSegment, Step};

/// The player whose turn comes first in every game turn (series 8.1: the Confederate).
pub const FIRST_PLAYER: Side = Side::Confederate;

impl BloodyRoadsSouth {
    /// Runs the steps nobody acts in, until a player must act or the game is over.
    pub(crate) fn advance(&mut self, fx: &mut Fx) {
        // Every step either offers an action or is left here; the bound is a guard against
        // a rules bug looping forever (a whole game turn has fewer than 40 steps).
        for _ in 0..200 {
            // S17.2a after whatever routed a part (a routed arrival stood fast with it, a
            // displacement, the over-stacking penalty); morale checks collapse at once.
            self.collapse_routed_lines(fx);
            self.settle_decisions(fx);
            if self.step == Step::Over || !self.decisions.is_empty() {
                return;
            }
            // Whether a side acts, told without listing its actions where that is cheap (the
            // engine lists them only when a view or a refused action asks).
            if Side::BOTH.into_iter().any(|s| self.has_action(s)) {
                return;
            }
            self.finish_step(fx);
        }
    }

    /// Leaves the current step for the next one and runs what happens on entering it.
    pub(crate) fn finish_step(&mut self, fx: &mut Fx) {
        self.leave_step(fx);
        match self.next_step() {
            Some(step) => {
                self.step = step;
                self.enter_step(fx);
            }
            None => self.end_turn(fx),
        }
    }

    /// The step after the current one within the game turn; `None` at the Game Turn End.
    fn next_step(&self) -> Option<Step> {
        use CommandSegment as C;
        use MovementSegment as M;
        Some(match self.step {
            Step::SetUp | Step::Over => return None,
            Step::Command { side, segment } => match segment {
                C::OrderIssue => Step::Command {
                    side,
                    segment: C::AttackStoppage,
                },
                C::AttackStoppage => Step::Command {
                    side,
                    segment: C::Initiative,
                },
                C::Initiative => Step::Command {
                    side,
                    segment: C::DelayReduction,
                },
                C::DelayReduction => Step::Command {
                    side,
                    segment: C::Acceptance,
                },
                C::Acceptance => Step::Movement {
                    side,
                    segment: M::Railroad,
                },
            },
            Step::Movement { side, segment } => match segment {
                M::Railroad => Step::Movement {
                    side,
                    segment: M::Recovery,
                },
                M::Recovery => Step::Movement {
                    side,
                    segment: M::Move,
                },
                M::Move => Step::Movement {
                    side,
                    segment: M::Resupply,
                },
                M::Resupply => Step::Fire {
                    side,
                    firer: side.opponent(),
                },
            },
            Step::Fire { side, firer } if firer != side => Step::Fire { side, firer: side },
            Step::Fire { side, .. } => Step::Rally { side },
            Step::Rally { side } if side == FIRST_PLAYER => Step::Command {
                side: side.opponent(),
                segment: C::OrderIssue,
            },
            Step::Rally { .. } => return None,
        })
    }

    /// What happens on entering the current step.
    pub(crate) fn enter_step(&mut self, fx: &mut Fx) {
        match self.step {
            Step::Command { side, segment } => {
                if segment == CommandSegment::OrderIssue {
                    fx.public(
                        EventKind::Phase,
                        format!("{}, {side} player turn.", self.turn_words()),
                    );
                    self.clear_blows();
                    if side == Side::Confederate {
                        self.cavalry_falls_back(fx);
                        self.park_union_wagons();
                    }
                    self.replacements_appear(side, fx);
                }
                self.enter_command(side, segment, fx);
            }
            Step::Movement { side, segment } => {
                if segment == MovementSegment::Move {
                    self.command_at_movement_start(side, fx);
                }
                self.enter_movement(side, segment, fx);
                match segment {
                    MovementSegment::Recovery => self.place_recovery_markers(side, fx),
                    MovementSegment::Resupply => self.ammo_resupply(side, fx),
                    _ => {}
                }
            }
            Step::Fire { side, firer } => self.enter_fire(side, firer, fx),
            Step::Rally { side } => {
                self.rally(side, fx);
                // Reference 3A.6: a panic demand at the end of his own Rally Phase.
                self.offer_demand(side);
            }
            Step::SetUp | Step::Over => {}
        }
    }

    /// What happens on leaving the current step (possession is recorded at the end of every
    /// phase, rule 5.1d; stacking is enforced at the end of every phase with movement, S12.0).
    fn leave_step(&mut self, fx: &mut Fx) {
        match self.step {
            Step::Movement {
                side,
                segment: MovementSegment::Move,
            } => {
                self.leave_movement(side, fx);
                self.record_holdings();
            }
            Step::Fire { .. } | Step::Rally { .. } => {
                // Retreats, displacements and routs move units (S12.0: stacking is enforced
                // at the end of any phase with movement).
                self.stacking_at_phase_end(None, fx);
                self.record_holdings();
            }
            _ => {}
        }
    }

    /// The turn's time as events name it, with "night" on a night turn (series 29.0, rule
    /// 1.2h; reference 1.4): "5 May 9:00pm, night".
    pub fn turn_words(&self) -> String {
        if self.is_night() {
            format!("{}, night", self.turn().time)
        } else {
            self.turn().time.to_string()
        }
    }

    /// The Game Turn End: the Status Checks on check times (3A.2), then the turn marker
    /// advances, or the game ends after its last turn.
    /// (The `fired_on_by_infantry` marks are cleared by each side's own Attack Stoppage
    /// segment after it has read them, series 10.3, so fire in either player turn counts.)
    fn end_turn(&mut self, fx: &mut Fx) {
        self.reload_union_wagons(fx);
        // Reference 3A.2: the Status Checks of the 3:00/6:00/9:00/12:00 turns.
        self.status_checks(fx);
        if self.turn >= self.last_turn_index() {
            self.end_game(fx);
            return;
        }
        self.turn += 1;
        fx.public(
            EventKind::Turn,
            format!(
                "Turn {} of {}: {}.",
                self.turn_number(),
                self.length(),
                self.turn_words()
            ),
        );
        self.step = Step::Command {
            side: FIRST_PLAYER,
            segment: CommandSegment::OrderIssue,
        };
        self.enter_step(fx);
    }
}
