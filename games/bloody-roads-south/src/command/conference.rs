//! The army conference (S10.6; reference 2.3.8): once per historical day, an army commander
//! stacked with his own non-moving army HQ gives every corps commander standing in that hex
//! one in-person order, for the cost of one order.
//!
//! - **Decision**: the conference is an entry of the Order Issue menu (receiver
//!   `Conference(army)`, method in person) offered only when at least two corps commanders the
//!   writer may order stand in his HQ hex: with one, it is an ordinary in-person order, which
//!   the menu already offers, and spending the day's conference on it would gain nothing.
//! - Each corps present gets its own copy of the order (same type, objective and words), in
//!   person, arriving this turn, each rolled for acceptance on its own (S10.1f). Meade's
//!   conference relays Grant's order (rule 3.1a) to the Army of the Potomac corps present that
//!   have not had it yet. Burnside is never ordered in person (rule 3.3a).
//! - "Historical day" is the calendar date of the turn (5 May, 6 May, ...); the date of the
//!   last conference is kept with the army HQ's state.

use adjutant_engine::Side;

use crate::data::FormationId;
use crate::events::{EventKind, Fx};
use crate::model::draft::OrderDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{OrderNo, Receiver};

use super::issue::Writer;

impl BloodyRoadsSouth {
    /// The calendar day of the current turn (5 for 5 May).
    pub(crate) fn today(&self) -> u8 {
        crate::data::turn_record()
            .turns()
            .get(usize::from(self.turn))
            .map(|t| t.time.day())
            .unwrap_or(0)
    }

    /// True when `army`'s commander has held his conference today (S10.6).
    fn conference_held_today(&self, side: Side, army: &FormationId) -> bool {
        self.army_state(side, army)
            .is_some_and(|a| a.conference_day == Some(self.today()))
    }

    /// The corps whose commanders would sit in writer `w`'s conference now (S10.6): empty
    /// unless he is with his non-moving HQ, has not held one today, and at least two corps
    /// commanders he may order in person stand in that hex (module docs).
    pub(crate) fn conference_corps(&self, side: Side, w: &Writer) -> Vec<FormationId> {
        if !self.at_own_hq(w.key, &w.army) || self.conference_held_today(side, &w.army) {
            return Vec::new();
        }
        let Some(here) = self.unit(w.key).hex() else {
            return Vec::new();
        };
        let (formations, relay) = if w.relays {
            match self.relayable(side) {
                Some(o) => (self.aop_formations(), Some(o.no)),
                None => return Vec::new(),
            }
        } else {
            (self.directly_ordered(side), None)
        };
        let corps: Vec<FormationId> = self
            .receivers_in(side, &formations)
            .into_iter()
            .filter_map(|r| match r {
                Receiver::Corps(c) => Some(c),
                _ => None,
            })
            .filter(|c| {
                self.corps_commander(side, c).is_some_and(|k| {
                    k != w.key
                        && self.unit(k).hex() == Some(here)
                        && self.unit(k).id.as_str() != "Burnside"
                })
            })
            .filter(|c| {
                relay.is_none_or(|no| !self.relayed_to(side, no, &Receiver::Corps(c.clone())))
            })
            .collect();
        if corps.len() >= 2 { corps } else { Vec::new() }
    }

    /// Holds writer `w`'s conference (S10.6): one cost paid, the day's conference used, one
    /// in-person order logged for each corps present.
    pub(crate) fn apply_conference(
        &mut self,
        side: Side,
        w: &Writer,
        draft: OrderDraft,
        fx: &mut Fx,
    ) {
        let corps = self.conference_corps(side, w);
        if corps.is_empty() {
            return;
        }
        let cost = self.pay_for(w, draft.method, draft.order_type);
        let today = self.today();
        self.army_state_mut(side, &w.army).conference_day = Some(today);
        let mut numbers: Vec<OrderNo> = Vec::new();
        for c in &corps {
            let mut d = draft.clone();
            d.receiver = Receiver::Corps(c.clone());
            numbers.push(self.log_written(side, w, d, cost, fx));
        }
        let names: Vec<String> = corps
            .iter()
            .filter_map(|c| self.corps_commander(side, c))
            .map(|k| self.leader_name(k))
            .collect();
        let nos: Vec<String> = numbers.iter().map(|n| n.0.to_string()).collect();
        fx.private(
            EventKind::Order,
            side,
            format!(
                "{} holds his conference of the day at the {} HQ (10.6): {} each receive the \
                 order in person (orders {}), for {cost} command points in all.",
                self.leader_name(w.key),
                w.army,
                names.join(" and "),
                nos.join(", ")
            ),
        );
    }
}
