//! Order Issue (S10.1a-e, S10.6; BRS 3.1a-c, 3.3a; reference 2.3.2, 2.3.3): who writes,
//! to whom, by what method and type, at what cost, and when the order arrives.
//!
//! The chief writes with his command points (S10.1b); the Army of the Potomac's commander
//! relays the chief's order he has accepted, with his own points, from the Order Issue after
//! he accepted it (rule 3.1a), each relay a separate order with its own delivery and
//! acceptance; he also orders his own HQ's moves (S10.6). Aide orders need the writer stacked
//! with his non-moving army HQ; an in-person order needs the receiver in the writer's hex, and
//! away from his HQ the writer has one, then recharges (S10.6). The menu (`order_menu`) lists
//! each allowed receiver, method and type; the side writes its orders as one `IssueOrders`
//! batch of drafts from it (`batch`).

use adjutant_engine::Side;

use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::data::{FormationId, HexId, UnitId};
use crate::events::{EventKind, Fx};
use crate::model::draft::OrderDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};
use crate::model::unit::UnitKey;

use super::roles::AOP;

/// The methods, in the order they are offered.
const METHODS: [OrderMethod; 3] = [
    OrderMethod::AideOral,
    OrderMethod::AideWritten,
    OrderMethod::InPerson,
];
/// The types, in the order they are offered.
const TYPES: [OrderType; 2] = [OrderType::Complex, OrderType::Simple];

/// One entry of the Order Issue menu: an order that may be written now, as a draft without
/// objective or words, with its writer and cost.
#[derive(Debug, Clone)]
pub(crate) struct MenuEntry {
    /// The draft (the player fills `objective` and `text`).
    pub(crate) draft: OrderDraft,
    /// Who writes it.
    pub(crate) writer: UnitKey,
    /// Its cost in the writer's command points (S10.1b).
    pub(crate) cost: u8,
    /// The writer has the points left.
    pub(crate) affordable: bool,
}

/// One army commander who writes this Command Phase.
#[derive(Debug, Clone)]
pub(crate) struct Writer {
    /// His counter.
    pub(crate) key: UnitKey,
    /// His id.
    pub(crate) id: UnitId,
    /// His army.
    pub(crate) army: FormationId,
    /// True for the commander who relays the chief's orders (rule 3.1a).
    pub(crate) relays: bool,
}

impl BloodyRoadsSouth {
    /// The army commanders of `side` who write orders this Command Phase (S10.1; rule 3.1a):
    /// the chief, then the relaying Army of the Potomac commander.
    pub(crate) fn writers(&self, side: Side) -> Vec<Writer> {
        let mut v = Vec::new();
        if let Some((k, army)) = self.chief(side) {
            v.push(Writer {
                key: k,
                id: self.unit(k).id.clone(),
                army,
                relays: false,
            });
        }
        if let Some(k) = self.relay_commander(side) {
            v.push(Writer {
                key: k,
                id: self.unit(k).id.clone(),
                army: FormationId(AOP.into()),
                relays: true,
            });
        }
        v
    }

    /// Command points a writer has left this Command Phase (S10.1b).
    pub fn points_left(&self, id: &UnitId) -> u8 {
        self.command_points
            .iter()
            .find(|(w, _)| w == id)
            .map(|(_, p)| *p)
            .unwrap_or(0)
    }

    /// Gives a side's writers their command points for this phase (S10.1b by rating:
    /// Grant, Meade and Lee 16, a successor by his own rating); unspent points are lost.
    pub(crate) fn refill_command_points(&mut self, side: Side) {
        let chart = &crate::data::charts().command.command_points;
        for w in self.writers(side) {
            let points = chart.for_rating(self.rating_of(w.key)).unwrap_or(0);
            self.command_points.retain(|(id, _)| id != &w.id);
            self.command_points.push((w.id, points));
        }
    }

    /// The chief's order that the relaying commander may copy now (rule 3.1a): his order in
    /// force, accepted before this turn.
    pub(crate) fn relayable(&self, side: Side) -> Option<&Order> {
        let no = self.command(side, &Receiver::Relay)?.current?;
        self.order(side, no)
            .filter(|o| o.accepted_on.is_some_and(|t| t < self.turn))
    }

    /// True when the relaying commander has already copied order `of` to `receiver`.
    pub(crate) fn relayed_to(&self, side: Side, of: OrderNo, receiver: &Receiver) -> bool {
        self.orders(side)
            .iter()
            .any(|o| o.relay_of == Some(of) && &o.receiver == receiver)
    }

    /// The methods writer `w` may use toward `receiver` now (S10.1a, S10.6; rule 3.3a:
    /// Grant never orders Burnside in person).
    fn methods_for(&self, side: Side, w: &Writer, receiver: &Receiver) -> Vec<OrderMethod> {
        let at_hq = self.at_own_hq(w.key, &w.army);
        if let Receiver::ArmyHq(_) = receiver {
            return if at_hq {
                vec![OrderMethod::AideOral]
            } else {
                Vec::new()
            };
        }
        let accepting = self.accepting_commander(side, receiver);
        let mut v = Vec::new();
        if at_hq {
            v.extend([OrderMethod::AideOral, OrderMethod::AideWritten]);
        }
        let here = self.unit(w.key).hex();
        let burnside =
            accepting.is_some_and(|k| self.unit(k).id.as_str() == "Burnside" && k != w.key);
        let to_himself = accepting == Some(w.key);
        let spent = self.army_state(side, &w.army).is_some_and(|a| a.ipv_spent);
        let in_hex = here.is_some_and(|h| self.receiver_hexes(side, receiver).contains(&h));
        if in_hex && !burnside && (at_hq || to_himself || !spent) {
            v.push(OrderMethod::InPerson);
        }
        v.sort_by_key(|m| METHODS.iter().position(|x| x == m));
        v
    }

    /// The turn an order of writer `w` to `receiver` by `method` arrives (S10.1e): this turn in
    /// person or to his own HQ; by aide, after the leader MP of the cheapest path ÷ 10, rounded
    /// up (or by the off-map link, 4.2c); to a group still off the map, the turn before it
    /// enters (4.3a).
    pub(crate) fn arrival(
        &self,
        side: Side,
        w: UnitKey,
        receiver: &Receiver,
        method: OrderMethod,
    ) -> u16 {
        if let Some(turn) = self.group_order_arrival(side, receiver) {
            return turn;
        }
        if method == OrderMethod::InPerson || matches!(receiver, Receiver::ArmyHq(_)) {
            return self.turn;
        }
        match (self.unit(w).hex(), self.delivery_hex(side, receiver)) {
            (Some(from), Some(to)) => self.turn + self.aide_turns(side, from, to),
            _ => self.turn,
        }
    }

    /// What `side`'s writers may write now (S10.1a-b; rules 3.1a, 10.6): one entry per
    /// allowed receiver, method and type, each with its writer and cost, affordable or not
    /// (`MenuEntry::affordable`). The seat's own view lists the affordable ones; an
    /// `IssueOrders` draft is checked against this list as it stands when its turn comes.
    pub(crate) fn order_menu(&self, side: Side) -> Vec<MenuEntry> {
        let cost = &crate::data::charts().command.order_cost;
        let mut out = Vec::new();
        for w in self.writers(side) {
            let points = self.points_left(&w.id);
            let mut offers: Vec<(Receiver, Vec<OrderType>, Option<OrderNo>)> = Vec::new();
            if w.relays {
                if let Some(g) = self.relayable(side) {
                    let (no, t) = (g.no, g.order_type);
                    for r in self.receivers_in(side, &self.aop_formations()) {
                        if !self.relayed_to(side, no, &r) {
                            offers.push((r, vec![t], Some(no)));
                        }
                    }
                }
            } else {
                if self.relay_commander(side).is_some() {
                    offers.push((Receiver::Relay, TYPES.to_vec(), None));
                }
                for r in self.receivers_in(side, &self.directly_ordered(side)) {
                    offers.push((r, TYPES.to_vec(), None));
                }
                for r in self.group_order_receivers(side, false) {
                    offers.push((r, TYPES.to_vec(), None));
                }
            }
            if self.army_hq(side, &w.army).is_some() {
                offers.push((
                    Receiver::ArmyHq(w.army.clone()),
                    vec![OrderType::Simple],
                    None,
                ));
            }
            if !self.conference_corps(side, &w).is_empty() {
                let (types, relay) = match (w.relays, self.relayable(side)) {
                    (true, Some(g)) => (vec![g.order_type], Some(g.no)),
                    _ => (TYPES.to_vec(), None),
                };
                for order_type in types {
                    let c = cost.cost(OrderMethod::InPerson, order_type);
                    out.push(MenuEntry {
                        draft: OrderDraft {
                            receiver: Receiver::Conference(w.army.clone()),
                            method: OrderMethod::InPerson,
                            order_type,
                            relay,
                            objective: None,
                            text: String::new(),
                            reserve: Vec::new(),
                        },
                        writer: w.key,
                        cost: c,
                        affordable: c <= points,
                    });
                }
            }
            for (receiver, types, relay) in offers {
                for method in self.methods_for(side, &w, &receiver) {
                    for &order_type in &types {
                        if self.panic_forbids(side, &receiver, order_type) {
                            continue;
                        }
                        let c = cost.cost(method, order_type);
                        out.push(MenuEntry {
                            draft: OrderDraft {
                                receiver: receiver.clone(),
                                method,
                                order_type,
                                relay,
                                objective: None,
                                text: String::new(),
                                reserve: Vec::new(),
                            },
                            writer: w.key,
                            cost: c,
                            affordable: c <= points,
                        });
                    }
                }
            }
        }
        out
    }

    /// The writer of an order draft: the relaying commander for a relay, an army's commander
    /// for its HQ's move or its conference, otherwise the chief.
    pub(crate) fn writer_of(&self, side: Side, receiver: &Receiver, relay: bool) -> Option<Writer> {
        let writers = self.writers(side);
        if relay {
            return writers.into_iter().find(|w| w.relays);
        }
        if let Receiver::ArmyHq(a) | Receiver::Conference(a) = receiver {
            return writers.into_iter().find(|w| &w.army == a);
        }
        writers.into_iter().find(|w| !w.relays)
    }

    /// Writes an order of the menu (S10.1a-e): logs it with its arrival turn, pays its cost;
    /// Grant's order to Meade while stacked with him is accepted at once (rule 3.1a). A
    /// conference's draft gives each corps present its copy (S10.6, `conference`).
    pub(crate) fn apply_write_order(&mut self, side: Side, draft: OrderDraft, fx: &mut Fx) {
        let Some(w) = self.writer_of(side, &draft.receiver, draft.relay.is_some()) else {
            return;
        };
        if let Receiver::Conference(_) = draft.receiver {
            self.apply_conference(side, &w, draft, fx);
            return;
        }
        let cost = self.pay_for(&w, draft.method, draft.order_type);
        if draft.method == OrderMethod::InPerson && !self.at_own_hq(w.key, &w.army) {
            let himself = self.accepting_commander(side, &draft.receiver) == Some(w.key);
            if !himself {
                self.army_state_mut(side, &w.army).ipv_spent = true;
            }
        }
        self.log_written(side, &w, draft, cost, fx);
    }

    /// Takes an order's cost from the writer's command points (S10.1b); returns the cost.
    pub(crate) fn pay_for(&mut self, w: &Writer, method: OrderMethod, order_type: OrderType) -> u8 {
        let cost = crate::data::charts()
            .command
            .order_cost
            .cost(method, order_type);
        let left = self.points_left(&w.id).saturating_sub(cost);
        self.command_points.retain(|(id, _)| id != &w.id);
        self.command_points.push((w.id.clone(), left));
        cost
    }

    /// Logs an order writer `w` has paid `cost` for (S10.1c-e): a relay takes the chief's
    /// words and objective when it has none and puts his order in force; the writer's private
    /// log says what was written and when it arrives.
    pub(crate) fn log_written(
        &mut self,
        side: Side,
        w: &Writer,
        draft: OrderDraft,
        cost: u8,
        fx: &mut Fx,
    ) -> OrderNo {
        let OrderDraft {
            receiver,
            method,
            order_type,
            relay,
            objective,
            mut text,
            reserve,
        } = draft;
        let mut objective: Option<HexId> = objective.and_then(|h| self.canonical(h));
        if let Some(g) = relay.and_then(|no| self.order(side, no)).cloned() {
            if text.trim().is_empty() {
                text = g.text.clone();
            }
            objective = objective.or(g.objective);
            if g.status == OrderStatus::Accepted
                && let Some(o) = self.orders.get_mut(side).iter_mut().find(|o| o.no == g.no)
            {
                o.status = OrderStatus::Implemented;
            }
        }
        let arrives = self.arrival(side, w.key, &receiver, method);
        let route = match self.group_order_words(side, &receiver) {
            "" => self.route_words(side, w.key, &receiver, method),
            words => words,
        };
        let mut order = Order::new(
            Origin::Written(w.id.clone()),
            receiver.clone(),
            method,
            order_type,
            self.turn,
        );
        order.objective = objective;
        order.text = text;
        order.arrives = arrives;
        order.cost = cost;
        order.relay_of = relay;
        order.reserve = reserve;
        let no = self.log_order(side, order);
        self.mark_group_order(side, no);
        let who = self.leader_name(w.key);
        let what = self.order_summary(side, no);
        let left = self.points_left(&w.id);
        let stacked = receiver == Receiver::Relay
            && self
                .relay_commander(side)
                .is_some_and(|m| self.unit(m).hex() == self.unit(w.key).hex());
        if stacked && self.meade_must_roll(side) {
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "{who} writes order {}: {what} ({cost} command points). Stacked with him, \
                     but in a panic, Meade must roll for it this turn (3A.7).",
                    no.0
                ),
            );
        } else if stacked {
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "{who} writes order {}: {what} ({cost} command points). Stacked with him, \
                     Meade accepts it at once and may relay it from the next Order Issue (3.1a).",
                    no.0
                ),
            );
            self.accept(side, no, fx);
        } else {
            fx.private(
                EventKind::Order,
                side,
                format!(
                    "{who} writes order {}: {what} ({cost} command points, {left} left); it \
                     arrives {}{route}.",
                    no.0,
                    self.arrival_words(arrives)
                ),
            );
        }
        no
    }

    /// "at once" or "at 2:00pm".
    pub(crate) fn arrival_words(&self, arrives: u16) -> String {
        if arrives <= self.turn {
            "this turn".into()
        } else {
            format!("at {}", self.time_of(arrives))
        }
    }

    /// An order in a few words: "a complex order to 5 Corps, by aide (written)".
    pub(crate) fn order_summary(&self, side: Side, no: OrderNo) -> String {
        let Some(o) = self.order(side, no) else {
            return String::new();
        };
        format!(
            "a {} order to {}, {}",
            type_word(o.order_type),
            self.receiver_name(&o.receiver),
            method_words(o.method)
        )
    }
}

/// "complex" or "simple".
pub(crate) fn type_word(t: OrderType) -> &'static str {
    match t {
        OrderType::Complex => "complex",
        OrderType::Simple => "simple",
    }
}

/// "by aide, oral", "by aide, written", "in person".
pub(crate) fn method_words(m: OrderMethod) -> &'static str {
    match m {
        OrderMethod::AideOral => "by aide, oral",
        OrderMethod::AideWritten => "by aide, written",
        OrderMethod::InPerson => "in person",
    }
}
