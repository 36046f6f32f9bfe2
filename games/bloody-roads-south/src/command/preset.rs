//! Orders in force when play begins (series 10.1i; rules 6.0b-d): the scenario's printed
//! orders, accepted and implemented at the start unless a delay is printed.

use adjutant_engine::Side;

use crate::data::charts::command::OrderMethod;
use crate::data::order::{OrderKind, OrderStatus as PrintedStatus, PresetOrder};
use crate::data::{FormationId, UnitId};
use crate::events::Fx;
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, OrderNo, OrderStatus, Origin, Receiver};

impl BloodyRoadsSouth {
    /// The receiver a printed order names.
    pub fn preset_receiver(side: Side, order: &PresetOrder) -> Receiver {
        let oob = crate::data::order_of_battle().side(side);
        match order.kind {
            OrderKind::Corps => Receiver::Corps(FormationId(order.receiver.clone())),
            OrderKind::DivisionalGoal => {
                if oob.division(&FormationId(order.receiver.clone())).is_some() {
                    Receiver::Division(FormationId(order.receiver.clone()))
                } else {
                    Receiver::Unit(UnitId(order.receiver.clone()))
                }
            }
        }
    }

    /// Enters the scenario's printed orders in each side's log (6.0b): accepted ones are in
    /// force from the start, delayed ones wait for Delay Reduction.
    pub(crate) fn install_preset_orders(&mut self) {
        let turn = self.turn;
        for side in Side::BOTH {
            for printed in &self.scenario().side(side).orders {
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
                let no = self.log_order(
                    side,
                    Order {
                        no: OrderNo(0),
                        origin: Origin::Preset,
                        receiver: receiver.clone(),
                        method: OrderMethod::AideWritten,
                        order_type: printed.order_type,
                        objective: None,
                        text: printed.text.clone(),
                        written: turn,
                        arrives: turn,
                        cost: 0,
                        status,
                        not_before,
                    },
                );
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

    /// The pre-set orders a side may still write at set-up (6.0c).
    pub(crate) fn preset_order_actions(&self, _side: Side) -> Vec<Action> {
        Vec::new()
    }

    /// Applies a pre-set order written at set-up (6.0c).
    pub(crate) fn apply_preset_order(&mut self, _side: Side, _action: Action, _fx: &mut Fx) {}
}
