//! Orders in force when play begins (series 10.1i; rules 6.0b-d): the scenario's printed
//! orders, accepted and implemented at the start unless a delay is printed (6.0b; a printed
//! delay is rolled for from the first Delay Reduction); the orders a side with its own orders
//! at the start writes at set-up (6.0c); the printed orders of reinforcements (6.0d).

use adjutant_engine::Side;

use crate::data::charts::command::OrderMethod;
use crate::data::order::{OrderKind, OrderStatus as PrintedStatus, OrderType, PresetOrder};
use crate::data::{FormationId, UnitId};
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::draft::OrderDraft;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};

impl BloodyRoadsSouth {
    /// The receiver a printed order names.
    pub fn preset_receiver(side: Side, order: &PresetOrder) -> Receiver {
        let oob = crate::data::order_of_battle().side(side);
        match order.kind {
            OrderKind::Corps => Receiver::Corps(FormationId::new(&order.receiver)),
            OrderKind::DivisionalGoal => {
                if oob.division(&FormationId::new(&order.receiver)).is_some() {
                    Receiver::Division(FormationId::new(&order.receiver))
                } else {
                    Receiver::Unit(UnitId::new(&order.receiver))
                }
            }
        }
    }

    /// Enters the scenario's printed orders in each side's log (6.0b): accepted ones are in
    /// force from the start, delayed ones wait for Delay Reduction.
    pub(crate) fn install_preset_orders(&mut self) {
        let turn = self.turn;
        for side in Side::BOTH {
            let variants = self.variants.clone();
            let printed_orders = self.scenario().side(side).orders.iter();
            for printed in
                printed_orders.filter(|o| o.unless_variant.is_none_or(|v| !variants.contains(&v)))
            {
                let receiver = Self::preset_receiver(side, printed);
                let not_before = printed
                    .not_before
                    .and_then(|t| crate::data::turn_record().index_of(t))
                    .map(|i| i as u16);
                let status = match printed.status {
                    PrintedStatus::Accepted => OrderStatus::Implemented,
                    PrintedStatus::D1 => OrderStatus::D1,
                    PrintedStatus::D2 => OrderStatus::D2,
                };
                let mut order = Order::new(
                    Origin::Preset,
                    receiver.clone(),
                    OrderMethod::AideWritten,
                    printed.order_type,
                    turn,
                );
                order.text = printed.text.clone();
                order.status = status;
                order.not_before = not_before;
                order.exit_by = printed.exit_by;
                if status == OrderStatus::Implemented {
                    order.accepted_on = Some(turn);
                }
                let no = self.log_order(side, order);
                let command = self.command_mut(side, &receiver);
                match status {
                    OrderStatus::Implemented => command.current = Some(no),
                    _ => command.delayed = Some(no),
                }
            }
        }
    }

    /// Adds an order to a side's log, numbering it.
    pub(crate) fn log_order(&mut self, side: Side, mut order: Order) -> OrderNo {
        let log = self.orders.get_mut(side);
        let no = OrderNo(log.len() as u16 + 1);
        order.no = no;
        log.push(order);
        no
    }

    /// One order of a side's log.
    pub fn order(&self, side: Side, no: OrderNo) -> Option<&Order> {
        self.orders(side).iter().find(|o| o.no == no)
    }

    /// The pre-set orders a side may write at set-up (S10.1i; 6.0c): for a side whose
    /// scenario gives it its own orders at the start, a written, free draft of each type to
    /// each of its corps, divisions and units on the map that may receive one.
    pub(crate) fn preset_menu(&self, side: Side) -> Vec<OrderDraft> {
        if !self.scenario().side(side).own_orders_at_start {
            return Vec::new();
        }
        let oob = crate::data::order_of_battle().side(side);
        let mut formations: Vec<FormationId> = oob.corps().iter().map(|c| c.id.clone()).collect();
        formations.extend(oob.armies().iter().map(|a| a.id.clone()));
        let mut out = Vec::new();
        let mut receivers = self.receivers_in(side, &formations);
        receivers.extend(self.group_order_receivers(side, true));
        for receiver in receivers {
            for order_type in [OrderType::Complex, OrderType::Simple] {
                out.push(OrderDraft {
                    receiver: receiver.clone(),
                    method: OrderMethod::AideWritten,
                    order_type,
                    relay: None,
                    objective: None,
                    text: String::new(),
                    reserve: Vec::new(),
                });
            }
        }
        out
    }

    /// The set-up's `IssueOrders` (S10.1i; 6.0c; section 5): for a side whose scenario gives
    /// it its own orders at the start, one batch of pre-set orders, to be posted (empty if
    /// the player writes none) before the set-up may finish, so that whether pre-set orders
    /// exist never shows in the number of actions.
    pub(crate) fn preset_order_actions(&self, side: Side) -> Vec<Action> {
        if !self.scenario().side(side).own_orders_at_start
            || self.command_state.preset_posted.contains(&side)
        {
            return Vec::new();
        }
        vec![Action::IssueOrders {
            orders: Vec::new(),
            drop_goals: Vec::new(),
            retreats: Vec::new(),
            returns: Vec::new(),
            entry_choices: Vec::new(),
        }]
    }

    /// Writes the set-up's batch of pre-set orders (S10.1i; 6.0c), each draft checked against
    /// [`Self::preset_menu`]; any failure refuses the whole batch.
    pub(crate) fn apply_preset_batch(
        &mut self,
        side: Side,
        orders: Vec<OrderDraft>,
        fx: &mut Fx,
    ) -> Result<(), String> {
        let menu = self.preset_menu(side);
        for (i, d) in orders.into_iter().enumerate() {
            let offered = menu.iter().any(|m| {
                m.receiver == d.receiver
                    && m.order_type == d.order_type
                    && m.method == d.method
                    && d.relay.is_none()
                    && d.reserve.is_empty()
            });
            if !offered {
                return Err(format!(
                    "Order {} of the batch ({} to {}) is not a pre-set order you may write: \
                     pre-set orders are written (by aide), to your own corps, divisions and \
                     units on the map (6.0c).",
                    i + 1,
                    super::issue::type_word(d.order_type),
                    self.receiver_name(&d.receiver)
                ));
            }
            self.apply_preset_order(side, d, fx);
        }
        self.command_state.preset_posted.push(side);
        Ok(())
    }

    /// Applies a pre-set order written at set-up (S10.1i; 6.0c): free, secret, accepted and
    /// implemented at the start (a later one to the same receiver replaces it).
    fn apply_preset_order(&mut self, side: Side, draft: OrderDraft, fx: &mut Fx) {
        let OrderDraft {
            receiver,
            order_type,
            objective,
            text,
            ..
        } = draft;
        let mut order = Order::new(
            Origin::Preset,
            receiver,
            OrderMethod::AideWritten,
            order_type,
            self.turn,
        );
        order.objective = objective.and_then(|h| self.canonical(h));
        order.text = text;
        order.status = OrderStatus::Accepted;
        order.accepted_on = Some(self.turn);
        let no = self.log_order(side, order);
        let group = self.mark_group_order(side, no);
        fx.private(
            EventKind::SetUp,
            side,
            format!(
                "Pre-set order {} written: {}; in force from the start (6.0c){}.",
                no.0,
                self.order_summary(side, no),
                if group {
                    ", in place of the group's printed orders when it enters (4.3a)"
                } else {
                    ""
                }
            ),
        );
        self.implement(side, no, fx);
    }

    /// Rule 6.0d: a reinforcement group's printed orders, in force for it from its turn of
    /// entry (logged at its side's Command Phase that turn). The receiver: the corps if the
    /// group brings its HQ; otherwise each division whose leader comes with it (a goal), and
    /// each other brigade or artillery unit (a goal). Always simple.
    pub(crate) fn install_reinforcement_orders(&mut self, side: Side, fx: &mut Fx) {
        let oob = crate::data::order_of_battle().side(side);
        let turn = self.turn;
        let groups = &self.scenario().side(side).reinforcements;
        for (i, r) in groups.iter().enumerate() {
            let i = i as u16;
            let due = crate::data::turn_record()
                .index_of(r.turn)
                .is_some_and(|t| t as u16 <= turn);
            if !due
                || !r.in_play(&self.variants)
                || self.command_state.reinforcement_orders.contains(&(side, i))
            {
                continue;
            }
            self.command_state.reinforcement_orders.push((side, i));
            let mut receivers = Vec::new();
            if let Some(c) = oob.corps().iter().find(|c| r.units.contains(&c.hq)) {
                receivers.push(Receiver::Corps(c.id.clone()));
            } else {
                let led: Vec<FormationId> = oob
                    .divisions()
                    .iter()
                    .filter(|d| r.units.contains(&d.leader))
                    .map(|d| d.id.clone())
                    .collect();
                for d in &led {
                    receivers.push(Receiver::Division(d.clone()));
                }
                for id in &r.units {
                    let in_led = oob.division_of(id).is_some_and(|d| led.contains(&d.id));
                    let goal = matches!(
                        oob.unit(id),
                        Some(
                            crate::data::unit::Unit::Brigade(_)
                                | crate::data::unit::Unit::Battery(_)
                        )
                    );
                    if goal && !in_led {
                        receivers.push(Receiver::Unit(id.clone()));
                    }
                }
            }
            for receiver in receivers {
                if self.group_order_in_force(side, &receiver) {
                    // Rule 4.3a: the player's order replaced the printed one before entry.
                    continue;
                }
                let mut order = Order::new(
                    Origin::Reinforcement,
                    receiver,
                    OrderMethod::AideWritten,
                    OrderType::Simple,
                    turn,
                );
                order.text = r.orders.clone();
                order.status = OrderStatus::Accepted;
                order.accepted_on = Some(turn);
                let no = self.log_order(side, order);
                self.implement(side, no, fx);
            }
        }
    }
}
