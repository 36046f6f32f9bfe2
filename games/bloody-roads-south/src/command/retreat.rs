//! Emergency retreat (S10.4; reference 2.3.1, 2.3.10) and dropping a goal (S10.5b).
//!
//! Any corps may make an emergency retreat: its owner declares it in his Order Issue batch
//! (`IssueOrders::retreats`) and it is made in the Movement Phase that follows; a corps whose HQ
//! was overrun must, at the start of its next Command Phase. All its orders are cancelled (decision: its
//! divisions' and units' goals too: "the corps then has none"), and every brigade of it on the
//! map makes a straggler check on the ½–1 table. The movement itself (the HQ 6 to 13 leader MP
//! and at least 6 hexes to the rear, the rest only to stay in radius) is the movement rules':
//! they ask [`BloodyRoadsSouth::emergency_retreat_this_turn`].
//!
//! Decisions: the retreat is private to its owner (section 5 shows the opponent only the
//! movement it causes, as for attack stoppage), so it is declared inside the Order Issue batch
//! (the same moment as a forced one) rather than as a Movement Phase action of its own, whose
//! very count would tell it; likewise a goal is dropped in the Order Issue batch, since whether
//! a force has a goal to drop is secret (section 5, consequence 4).

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{OrderStatus, Receiver};
use crate::model::unit::UnitKind;
use crate::stragglers::StragglerTable;

impl BloodyRoadsSouth {
    /// The corps that may declare an emergency retreat in the side's Order Issue batch
    /// (S10.4): every corps with its HQ on the map that does not already retreat this turn.
    pub(crate) fn retreat_menu(&self, side: Side) -> Vec<FormationId> {
        self.corps_on_map(side)
            .into_iter()
            .filter(|c| !self.emergency_retreat_this_turn(side, c))
            .collect()
    }

    /// The corps makes (or made) an emergency retreat this turn (S10.4): its HQ must move 6 to
    /// 13 leader MP (at least 6 hexes) to the rear; its other units move only as needed to
    /// stay in command radius. For the movement rules.
    pub fn emergency_retreat_this_turn(&self, side: Side, corps: &FormationId) -> bool {
        self.command(side, &Receiver::Corps(corps.clone()))
            .is_some_and(|c| c.retreat_on == Some(self.turn))
    }

    /// A corps HQ alone in a hex was overrun (S10.0; reference 2.3.1): the rules that displace
    /// it call this, and the corps makes its emergency retreat in its next Command Phase.
    pub(crate) fn mark_hq_overrun(&mut self, side: Side, corps: &FormationId) {
        self.command_mut(side, &Receiver::Corps(corps.clone()))
            .overrun = true;
    }

    /// Start of a Command Phase: the emergency retreats forced by overrun HQs (S10.0).
    pub(crate) fn forced_retreats(&mut self, side: Side, fx: &mut Fx) {
        let due: Vec<FormationId> = self
            .commands
            .iter()
            .filter(|c| c.side == side && c.command.overrun)
            .filter_map(|c| match &c.receiver {
                Receiver::Corps(x) => Some(x.clone()),
                _ => None,
            })
            .collect();
        for corps in due {
            self.command_mut(side, &Receiver::Corps(corps.clone()))
                .overrun = false;
            self.emergency_retreat(side, &corps, true, fx);
        }
    }

    /// An emergency retreat (S10.4): orders cancelled, straggler checks.
    pub(crate) fn emergency_retreat(
        &mut self,
        side: Side,
        corps: &FormationId,
        forced: bool,
        fx: &mut Fx,
    ) {
        let rc = Receiver::Corps(corps.clone());
        let mut receivers = vec![rc.clone()];
        for c in &self.commands {
            if c.side != side {
                continue;
            }
            let belongs = match &c.receiver {
                Receiver::Division(d) => self.corps_of_division(side, d).as_ref() == Some(corps),
                Receiver::Unit(id) => {
                    self.key(side, id).and_then(|k| self.corps_of(k)).as_ref() == Some(corps)
                }
                _ => false,
            };
            if belongs {
                receivers.push(c.receiver.clone());
            }
        }
        for r in &receivers {
            self.cancel_all(side, r);
            let c = self.command_mut(side, r);
            c.stopped = false;
            c.stopped_on = None;
        }
        let turn = self.turn;
        self.command_mut(side, &rc).retreat_on = Some(turn);
        // Reference 3A.3: a setback for the Army Status score (an overrun HQ counts once,
        // with the emergency retreat it forces).
        self.army_status.setbacks.push((side, corps.clone()));
        fx.private(
            EventKind::Stoppage,
            side,
            format!(
                "{corps} Corps makes an emergency retreat{} (10.4): all its orders are cancelled; \
                 its HQ must move 6 to 13 leader MP to the rear this turn, its other units only \
                 to stay in command radius; every brigade checks for stragglers.",
                if forced {
                    ", its HQ having been overrun"
                } else {
                    ""
                }
            ),
        );
        let brigades: Vec<_> = self
            .force_of(side, &rc)
            .into_iter()
            .filter(|&k| self.unit(k).kind == UnitKind::Brigade && self.unit(k).part_of.is_none())
            .collect();
        for k in brigades {
            self.straggler_check(k, StragglerTable::HalfToOne, false, fx);
        }
    }

    /// The goals the side may drop in its Order Issue batch (S10.5b): a divisional or brigade
    /// goal in force whose force is back in command radius.
    pub(crate) fn droppable_goals(&self, side: Side) -> Vec<Receiver> {
        self.commands
            .iter()
            .filter(|c| c.side == side && c.command.current.is_some())
            .filter(|c| matches!(c.receiver, Receiver::Division(_) | Receiver::Unit(_)))
            .filter(|c| {
                c.command
                    .current
                    .and_then(|no| self.order(side, no))
                    .is_some_and(|o| o.until.is_none())
            })
            .filter(|c| self.goal_force_in_radius(side, &c.receiver))
            .map(|c| c.receiver.clone())
            .collect()
    }

    /// Drops a goal (S10.5b): the force follows its corps' orders again.
    pub(crate) fn apply_drop_goal(&mut self, side: Side, receiver: Receiver, fx: &mut Fx) {
        let command = self.command_mut(side, &receiver);
        if let Some(no) = command.current.take() {
            self.set_status(side, no, OrderStatus::Ended);
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "{} drops its goal (order {}) and follows its corps again (10.5b).",
                    self.receiver_name(&receiver),
                    no.0
                ),
            );
        }
    }
}
