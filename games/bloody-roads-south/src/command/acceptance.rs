//! Delivery, acceptance, delay and touching base (S10.0, S10.1e-f; BRS 3.1a-b, 3.3a;
//! reference 2.3.1, 2.3.4, 2.3.5).
//!
//! In New Order Acceptance each order arriving this turn is rolled for on the Acceptance
//! Table: A accepted, D1/D2 delayed, Dt thrown away. A newly received order (accepted or
//! delayed) cancels the receiver's order in delay. An accepted corps order waits until the
//! corps leader touches base (is in his HQ's hex in his own Movement Phase); a goal, a relay
//! and an army HQ's move are implemented on acceptance. Delay Reduction rolls a die for each
//! order in delay from the turn after its result.

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::data::charts::command::{AcceptanceResult, OrderMethod};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};
use crate::model::step::Step;

impl BloodyRoadsSouth {
    /// One order of a side's log, to change it.
    pub(crate) fn order_mut(&mut self, side: Side, no: OrderNo) -> Option<&mut Order> {
        self.orders.get_mut(side).iter_mut().find(|o| o.no == no)
    }

    /// Sets an order's status.
    pub(crate) fn set_status(&mut self, side: Side, no: OrderNo, status: OrderStatus) {
        if let Some(o) = self.order_mut(side, no) {
            o.status = status;
        }
    }

    /// The acceptance value of an order (S10.1f; reference 2.3.4) and its words.
    pub(crate) fn acceptance_value(&self, side: Side, o: &Order) -> (i8, String) {
        let chart = &crate::data::charts().command.acceptance;
        let sender = match &o.origin {
            Origin::Written(id) => self.key(side, id).map(|k| self.rating_of(k)).unwrap_or(2),
            _ => 2,
        };
        let receiver = self.receiver_rating(side, &o.receiver);
        let value = chart.value(sender, receiver, o.method, o.order_type);
        let method = match o.method {
            OrderMethod::AideOral => chart.aide_oral,
            OrderMethod::AideWritten => chart.aide_written,
            OrderMethod::InPerson => chart.in_person,
        };
        let kind = match o.order_type {
            crate::data::order::OrderType::Complex => chart.complex,
            crate::data::order::OrderType::Simple => chart.simple,
        };
        let words = format!(
            "sender {sender} + receiver {receiver} + method {method:+} + type {kind:+} = {value}"
        );
        (value, words)
    }

    /// The column shifts left of an order (S10.1f; rules 3.1b, 3.3a): an order already
    /// accepted or in delay; Grant directly to a formation of the Army of the Potomac while
    /// Meade commands it; any order Burnside is accepting.
    pub fn acceptance_shifts(&self, side: Side, o: &Order) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self
            .command(side, &o.receiver)
            .is_some_and(|c| c.has_accepted_or_delayed())
        {
            v.push("the receiver already has an accepted order or one in delay (10.1f)");
        }
        let from_chief = matches!(&o.origin, Origin::Written(id)
            if self.chief(side).is_some_and(|(k, a)| &self.unit(k).id == id && a.as_str() == super::roles::AUS));
        let meade = self
            .relay_commander(side)
            .is_some_and(|k| self.unit(k).id.as_str() == "Meade");
        let into_aop = match &o.receiver {
            Receiver::Corps(c) => self.aop_formations().contains(c),
            Receiver::Division(d) => self
                .corps_of_division(side, d)
                .is_some_and(|c| self.aop_formations().contains(&c)),
            Receiver::Unit(id) => self
                .key(side, id)
                .and_then(|k| self.corps_of(k))
                .is_some_and(|c| self.aop_formations().contains(&c)),
            Receiver::Relay | Receiver::ArmyHq(_) | Receiver::Conference(_) => false,
        };
        if side == Side::Union && from_chief && meade && into_aop && o.relay_of.is_none() {
            v.push("Grant directly to the Army of the Potomac (3.1b)");
        }
        if self
            .accepting_commander(side, &o.receiver)
            .is_some_and(|k| self.unit(k).id.as_str() == "Burnside")
        {
            v.push("Burnside is accepting it (3.3a)");
        }
        if self.burnside_shaken(side) && self.receiver_in_ninth(side, &o.receiver) {
            v.push("Burnside's panic (3A.7)");
        }
        v
    }

    /// New Order Acceptance (S10.1f): every order of `side` arriving by this turn is rolled for.
    pub(crate) fn acceptance_segment(&mut self, side: Side, fx: &mut Fx) {
        let due: Vec<OrderNo> = self
            .orders(side)
            .iter()
            .filter(|o| o.status == OrderStatus::InTransit && o.arrives <= self.turn)
            .map(|o| o.no)
            .collect();
        for no in due {
            if self.order(side, no).map(|o| &o.origin) == Some(&Origin::Withdrawal) {
                // Reference 3A.7: a withdrawal order is accepted on arrival, without a roll.
                fx.private(
                    EventKind::Order,
                    side,
                    format!(
                        "Order {} ({}), the withdrawal, arrives and is accepted (3A.7).",
                        no.0,
                        self.order_summary(side, no)
                    ),
                );
                self.accept(side, no, fx);
                continue;
            }
            self.roll_acceptance(side, no, fx);
        }
    }

    /// One acceptance roll (S10.1f; reference 2.3.4).
    fn roll_acceptance(&mut self, side: Side, no: OrderNo, fx: &mut Fx) {
        let Some(o) = self.order(side, no).cloned() else {
            return;
        };
        let chart = &crate::data::charts().command.acceptance;
        let (value, words) = self.acceptance_value(side, &o);
        let shifts = self.acceptance_shifts(side, &o);
        let column = chart.column(value, shifts.len() as u8);
        let (a, b) = self.secret_2d6(side, fx);
        let result = chart.result(column, a + b).unwrap_or(AcceptanceResult::Dt);
        let shifted = if shifts.is_empty() {
            String::new()
        } else {
            format!(
                ", {} column{} left ({})",
                shifts.len(),
                if shifts.len() == 1 { "" } else { "s" },
                shifts.join("; ")
            )
        };
        let outcome = match result {
            AcceptanceResult::A => "A: accepted",
            AcceptanceResult::D1 => "D1: delayed (accepted later on a 1-2)",
            AcceptanceResult::D2 => "D2: delayed (accepted later on a 1)",
            AcceptanceResult::Dt => "Dt: distorted, thrown away",
        };
        fx.private(
            EventKind::Order,
            side,
            format!(
                "Order {} ({}) arrives: acceptance value {words}{shifted}, column {}; roll {} \
                 ({a}+{b}): {outcome} (10.1f).",
                no.0,
                self.order_summary(side, no),
                chart.columns.get(column).map(String::as_str).unwrap_or("?"),
                a + b,
            ),
        );
        match result {
            AcceptanceResult::A => self.accept(side, no, fx),
            AcceptanceResult::D1 => self.delay(side, no, OrderStatus::D1),
            AcceptanceResult::D2 => self.delay(side, no, OrderStatus::D2),
            AcceptanceResult::Dt => self.set_status(side, no, OrderStatus::Distorted),
        }
    }

    /// An order is accepted (S10.1f): the receiver's order in delay is cancelled; a corps
    /// order waits for its leader to touch base (S10.0), anything else is implemented now.
    pub(crate) fn accept(&mut self, side: Side, no: OrderNo, fx: &mut Fx) {
        let Some(receiver) = self.order(side, no).map(|o| o.receiver.clone()) else {
            return;
        };
        let turn = self.turn;
        if let Some(o) = self.order_mut(side, no) {
            o.status = OrderStatus::Accepted;
            o.accepted_on = Some(turn);
        }
        self.cancel_delayed(side, &receiver, Some(no));
        if let Receiver::Corps(_) = receiver {
            let command = self.command_mut(side, &receiver);
            let old = command.accepted.replace(no).filter(|&a| a != no);
            if let Some(old) = old {
                self.set_status(side, old, OrderStatus::Cancelled);
            }
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "Order {} is accepted; it is implemented when the corps leader touches \
                     base at his HQ (10.0).",
                    no.0
                ),
            );
        } else {
            self.implement(side, no, fx);
        }
    }

    /// Cancels the order of `receiver` still in delay, unless it is `keep` (S10.1f).
    pub(crate) fn cancel_delayed(
        &mut self,
        side: Side,
        receiver: &Receiver,
        keep: Option<OrderNo>,
    ) {
        let command = self.command_mut(side, receiver);
        if let Some(d) = command.delayed.take()
            && Some(d) != keep
        {
            self.set_status(side, d, OrderStatus::Cancelled);
        }
    }

    /// An order comes into force (S10.0, S10.1f): the receiver's previous order ends; a
    /// stopped command restarts (decision: a new order in force for a corps restarts its
    /// stopped divisions, rule 3.1c(2)); an army HQ's order sets it "moving" (S10.6); Grant's
    /// order to Meade forming the Reserve, and a Reserve division's goal, change the Reserve
    /// (optional rule 3.6).
    pub(crate) fn implement(&mut self, side: Side, no: OrderNo, fx: &mut Fx) {
        let Some(o) = self.order(side, no).cloned() else {
            return;
        };
        let command = self.command_mut(side, &o.receiver);
        if command.accepted == Some(no) {
            command.accepted = None;
        }
        let old = command.current.replace(no).filter(|&c| c != no);
        command.stopped = false;
        command.stopped_on = None;
        if let Some(old) = old {
            self.set_status(side, old, OrderStatus::Ended);
        }
        self.set_status(side, no, OrderStatus::Implemented);
        match &o.receiver {
            Receiver::Corps(c) => {
                for (d, corps) in self.divisions_on_map(side) {
                    if &corps == c {
                        let dc = self.command_mut(side, &Receiver::Division(d));
                        dc.stopped = false;
                        dc.stopped_on = None;
                    }
                }
            }
            Receiver::ArmyHq(a) => {
                if let Some(dest) = o.objective {
                    let state = self.army_state_mut(side, a);
                    state.moving_to = Some(dest);
                    state.arrived_on = None;
                }
            }
            Receiver::Relay if !o.reserve.is_empty() => self.join_reserve(side, &o, fx),
            Receiver::Division(d) => self.leave_reserve(side, d, fx),
            _ => {}
        }
        if !matches!(o.origin, Origin::Preset) {
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "Order {} is in force for {}.",
                    no.0,
                    self.receiver_name(&o.receiver)
                ),
            );
        }
    }

    /// An order is delayed (S10.1f): it replaces the receiver's order in delay.
    fn delay(&mut self, side: Side, no: OrderNo, status: OrderStatus) {
        let Some(receiver) = self.order(side, no).map(|o| o.receiver.clone()) else {
            return;
        };
        self.cancel_delayed(side, &receiver, Some(no));
        self.command_mut(side, &receiver).delayed = Some(no);
        let from = self.turn + 1;
        if let Some(o) = self.order_mut(side, no) {
            o.status = status;
            o.delay_from = Some(from);
        }
    }

    /// Delay Reduction (S10.1f; reference 2.3.5): a die for each order in delay from the turn
    /// after its result; D1 is accepted on 1-2, D2 on 1.
    pub(crate) fn delay_reduction_segment(&mut self, side: Side, fx: &mut Fx) {
        let chart = &crate::data::charts().command.delay_reduction;
        let delayed: Vec<OrderNo> = self
            .commands
            .iter()
            .filter(|c| c.side == side)
            .filter_map(|c| c.command.delayed)
            .collect();
        for no in delayed {
            let Some(o) = self.order(side, no) else {
                continue;
            };
            if o.delay_from.is_some_and(|t| t > self.turn) {
                continue;
            }
            let status = o.status;
            let roll = self.secret_d6(side, fx);
            let accepts = match status {
                OrderStatus::D1 => chart.d1_accepts_on.contains(&roll),
                OrderStatus::D2 => chart.d2_accepts_on.contains(&roll),
                _ => false,
            };
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "Delay Reduction for order {} ({}): roll {roll}, {} (10.1f).",
                    no.0,
                    status.log_mark(),
                    if accepts { "accepted" } else { "still delayed" }
                ),
            );
            if accepts {
                self.accept(side, no, fx);
            }
        }
    }

    /// Touching base (S10.0; reference 2.3.1): an accepted corps order is implemented when the
    /// corps leader is in his HQ's hex during his own side's Movement Phase. The movement rules
    /// call this whenever a corps leader enters or stands in his HQ's hex (or the HQ enters his);
    /// it is also checked for every corps at the start of the Movement Phase. True when an order
    /// was implemented.
    pub(crate) fn touch_base(&mut self, side: Side, corps: &FormationId, fx: &mut Fx) -> bool {
        if !matches!(self.step, Step::Movement { side: s, .. } if s == side) {
            return false;
        }
        let receiver = Receiver::Corps(corps.clone());
        let Some(no) = self.command(side, &receiver).and_then(|c| c.accepted) else {
            return false;
        };
        let leader = self
            .corps_commander(side, corps)
            .and_then(|k| self.unit(k).hex());
        if leader.is_none() || leader != self.corps_hq_hex(side, corps) {
            return false;
        }
        fx.private(
            EventKind::Order,
            side,
            format!("The {corps} Corps leader touches base at his HQ (10.0)."),
        );
        self.implement(side, no, fx);
        true
    }
}
