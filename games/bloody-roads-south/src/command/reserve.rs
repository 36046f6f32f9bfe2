//! Optional rule 3.6, the Army of the Potomac "Reserve" (reference 3.6): "By order from Grant
//! to Meade, the Union player may release up to three divisions from the Army of the Potomac
//! to form an 'Army of the Potomac Reserve.' These divisions then use the A Pot HQ as their
//! corps HQ (command radius and all) until the Union player decides he wants to use them. At
//! that time, by an order from Grant, or Meade, they are given divisional goals to fulfill. If
//! the A Pot HQ has divisions assigned to it, it cannot move without orders (just like a normal
//! corps HQ), except that it may not be given complex orders."
//!
//! **Decisions** (reference 3.6):
//! - A public game option (`aop-reserve`, off by default), offered where Grant writes and Meade
//!   relays (the scenario's `aop_reserve = true`: Scenarios 1, 2 and 4-7).
//! - The Reserve is formed by Grant's order to Meade (the chief's order to the Army of the
//!   Potomac's commander, `Receiver::Relay`, not a relay of his): its draft may name, in
//!   `reserve`, Army of the Potomac divisions (of 2, 5 or 6 Corps as organised, wherever they
//!   serve) with a counter on the map and not in the Reserve already, so many that at most
//!   three are in it at once. The order costs what any order does, is delivered and rolled for
//!   as any order to Meade (accepted at once when Grant is stacked with him, 3.1a), and the
//!   divisions join when it comes into force; one that no longer qualifies then (gone from the
//!   map, or a fourth) does not join, and the Union is told. Being an order to Meade, it
//!   replaces the order of Grant's he holds to relay (S10.1f: a newer accepted order replaces
//!   the older); its words may be relayed like any.
//! - In the Reserve a division serves the A Pot HQ as its corps: its leader traces command
//!   radius to the A Pot HQ (8 leader MP), its corps' orders no longer govern it, and, having
//!   no orders of its own, it may move only within that radius and defends (S10.1h). A goal
//!   it had is ended on joining (it is stored). Organisation does not change: it counts with
//!   its own corps for wrecks, attack stoppage penalties and victory.
//! - It leaves the Reserve when a divisional goal comes into force for it: by Grant's order
//!   (3.1b's shift applies, the division being of the Army of the Potomac) or Meade's relay, or
//!   by its own leader's successful initiative (3.1g: a general taking his division into the
//!   fight); its corps commander can no longer try initiative for it (it is not his while in
//!   the Reserve). Once its goal is dropped it serves its own corps again.
//! - "It cannot move without orders … except that it may not be given complex orders": an army
//!   HQ already moves only under an aide-oral, simple order naming its destination (S10.6;
//!   reference 2.3.8), so nothing more is enforced; no order to the Reserve as a corps exists
//!   ("it cannot start using the Reserve as a corps").
//! - All of it is the Union's secret, as every order is (section 5).

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::data::variant::OptionId;
use crate::events::{EventKind, Fx};
use crate::model::draft::OrderDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderStatus, Receiver};

use super::roles::AOP;

/// The most divisions in the Reserve at once (rule 3.6).
const MOST: usize = 3;

impl BloodyRoadsSouth {
    /// The divisions in the Army of the Potomac Reserve now (optional rule 3.6).
    pub fn aop_reserve(&self) -> &[FormationId] {
        &self.command_state.reserve
    }

    /// True when `division` of `side` is in the Reserve (it then serves the A Pot HQ).
    pub(crate) fn in_reserve(&self, side: Side, division: &FormationId) -> bool {
        side == Side::Union && self.command_state.reserve.contains(division)
    }

    /// The Army of the Potomac divisions `side` may name for the Reserve now: none unless the
    /// option is in play; else each AoP division with a counter on the map, not in it yet.
    pub(crate) fn reserve_candidates(&self, side: Side) -> Vec<FormationId> {
        if side != Side::Union || !self.option(OptionId::ArmyOfThePotomacReserve) {
            return Vec::new();
        }
        let oob = crate::data::order_of_battle().side(side);
        self.divisions_on_map(side)
            .into_iter()
            .map(|(d, _)| d)
            .filter(|d| !self.in_reserve(side, d))
            .filter(|d| {
                oob.division(d)
                    .and_then(|x| oob.corps_of(&x.corps))
                    .is_some_and(|c| c.army.as_str() == AOP)
            })
            .collect()
    }

    /// Checks a draft's `reserve` list (rule 3.6; module docs): empty, or named on the chief's
    /// own order to the Army of the Potomac's commander, each a candidate, none twice, and no
    /// more than three in the Reserve with them. The error reads on from "Order 2 of 3 (…)".
    pub(crate) fn check_reserve(&self, side: Side, d: &OrderDraft) -> Result<(), String> {
        if d.reserve.is_empty() {
            return Ok(());
        }
        if !self.option(OptionId::ArmyOfThePotomacReserve) {
            return Err(
                "names divisions for the Army of the Potomac Reserve, but optional \
                        rule 3.6 is not in play."
                    .into(),
            );
        }
        if d.receiver != Receiver::Relay || d.relay.is_some() {
            return Err(
                "names divisions for the Reserve: only Grant's own order to Meade forms \
                        it (3.6)."
                    .into(),
            );
        }
        let candidates = self.reserve_candidates(side);
        for (i, div) in d.reserve.iter().enumerate() {
            if d.reserve[..i].contains(div) {
                return Err(format!("names {div} twice for the Reserve (3.6)."));
            }
            if !candidates.contains(div) {
                return Err(format!(
                    "names {div} for the Reserve: only Army of the Potomac divisions on the \
                     map and not in it already may join (3.6)."
                ));
            }
        }
        let total = self.command_state.reserve.len() + d.reserve.len();
        if total > MOST {
            return Err(format!(
                "would put {total} divisions in the Reserve: at most {MOST} at once (3.6)."
            ));
        }
        Ok(())
    }

    /// Grant's order to Meade naming divisions for the Reserve has come into force (rule
    /// 3.6): each that still qualifies joins, its goal ended; the Union is told.
    pub(crate) fn join_reserve(&mut self, side: Side, order: &Order, fx: &mut Fx) {
        let mut joined = Vec::new();
        let mut refused = Vec::new();
        for d in &order.reserve {
            if self.command_state.reserve.len() < MOST && self.reserve_candidates(side).contains(d)
            {
                self.command_state.reserve.push(d.clone());
                self.end_goal(side, d);
                joined.push(d.to_string());
            } else {
                refused.push(d.to_string());
            }
        }
        let mut words = if joined.is_empty() {
            "Rule 3.6: no division joins the Army of the Potomac Reserve.".to_string()
        } else {
            format!(
                "Rule 3.6: {} join{} the Army of the Potomac Reserve: the A Pot HQ is their \
                 corps HQ (command radius and all) until Grant or Meade gives them divisional \
                 goals.",
                joined.join(", "),
                if joined.len() == 1 { "s" } else { "" }
            )
        };
        if !refused.is_empty() {
            words.push_str(&format!(
                " Not joining ({}): no longer on the map, already in it, or a fourth.",
                refused.join(", ")
            ));
        }
        fx.private(EventKind::Order, side, words);
    }

    /// A Reserve division whose divisional goal has come into force leaves the Reserve (rule
    /// 3.6); it serves its own corps again once the goal is dropped.
    pub(crate) fn leave_reserve(&mut self, side: Side, division: &FormationId, fx: &mut Fx) {
        if !self.in_reserve(side, division) {
            return;
        }
        self.command_state.reserve.retain(|d| d != division);
        let corps = crate::data::order_of_battle()
            .side(side)
            .division(division)
            .map(|d| d.corps.to_string())
            .unwrap_or_default();
        fx.private(
            EventKind::Order,
            side,
            format!(
                "Rule 3.6: {division} leaves the Army of the Potomac Reserve with its divisional \
                 goal; it serves {corps} Corps again once the goal is dropped."
            ),
        );
    }

    /// Ends a division's goal in force and any in delay (it joins the Reserve).
    fn end_goal(&mut self, side: Side, division: &FormationId) {
        let receiver = Receiver::Division(division.clone());
        let command = self.command_mut(side, &receiver);
        let current = command.current.take();
        let delayed = command.delayed.take();
        command.stopped = false;
        command.stopped_on = None;
        if let Some(no) = current {
            self.set_status(side, no, OrderStatus::Ended);
        }
        if let Some(no) = delayed {
            self.set_status(side, no, OrderStatus::Cancelled);
        }
    }
}
