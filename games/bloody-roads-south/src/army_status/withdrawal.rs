//! An army's withdrawal after its commander's panic (reference 3A.7: Grant's, Lee's; for
//! good).
//!
//! - *Orders.* At the panic, a withdrawal order goes to every corps of the army on the map:
//!   free, carried by aide from the army commander as usual (arriving when an aide from his
//!   hex would), and accepted on arrival without a roll (`command::acceptance`). The army's
//!   own troops (no corps: the army HQ's reserve, Kitching, the Engineers) withdraw at once.
//! - *Close combat.* From the panic on, no unit of the army may start a close combat (the
//!   legal actions offer no `Attack`); it may still fire and defend.
//! - *Movement.* A moving group holding a unit under withdrawal (its corps' withdrawal order in
//!   force, or an army unit) is offered only steps toward its army's edge along trails, roads
//!   or pikes, or across country where it has no such step; it must spend its movement so
//!   (`withdrawal_route`).
//! - *Leaving.* A group of units under withdrawal standing on a hex of its army's edges (or
//!   at F by the Brock Road) may leave the map (`movement::leave`): out of play, not
//!   eliminated (`Location::Exited`).
//! - *Brock Road points* (5.3): the withdrawing side scores 1 strategic VP for each unwrecked
//!   division whose every surviving brigade left the map at F (`victory::standard`).

use adjutant_engine::Side;

use crate::data::charts::army_status::PanicEffect;
use crate::data::charts::command::OrderMethod;
use crate::data::order::OrderType;
use crate::data::place::EntryCode;
use crate::data::{FormationId, HexId};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, Origin, Receiver};
use crate::model::unit::{Location, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

use super::withdrawal_route::on_army_edge;

impl BloodyRoadsSouth {
    /// An army commander's panic starts his army's withdrawal (3A.7): its orders written.
    pub(crate) fn begin_withdrawal(&mut self, side: Side, effect: PanicEffect, fx: &mut Fx) {
        if !matches!(
            effect,
            PanicEffect::WithdrawEast | PanicEffect::WithdrawWestOrSouth
        ) {
            return;
        }
        let from = self.chief(side).and_then(|(k, _)| self.unit(k).hex());
        let text = match effect {
            PanicEffect::WithdrawEast => {
                "Withdraw: march off the east edge of the maps, or south by the Brock Road to \
                 Entry F while it is open (3A.7)."
            }
            _ => "Withdraw: march off the west or south edges of the maps (3A.7).",
        };
        let mut lines = Vec::new();
        for corps in self.corps_on_map(side) {
            let receiver = Receiver::Corps(corps.clone());
            let mut order = Order::new(
                Origin::Withdrawal,
                receiver.clone(),
                OrderMethod::AideWritten,
                OrderType::Simple,
                self.turn,
            );
            order.text = text.into();
            order.arrives = match (from, self.delivery_hex(side, &receiver)) {
                (Some(a), Some(b)) => self.turn + self.aide_turns(side, a, b),
                _ => self.turn,
            };
            let arrives = self.arrival_words(order.arrives);
            let no = self.log_order(side, order);
            lines.push(format!("order {} to {corps} Corps arrives {arrives}", no.0));
        }
        fx.private(
            EventKind::ArmyStatus,
            side,
            format!(
                "Withdrawal (3A.7): free orders by aide, each accepted when it arrives ({}). \
                 Your units may start no close combat from now on.",
                if lines.is_empty() {
                    "no corps on the map".to_string()
                } else {
                    lines.join("; ")
                }
            ),
        );
    }

    /// A unit is under withdrawal: its army withdraws and its corps' withdrawal order is in
    /// force, or it has no corps (army troops withdraw at once).
    pub fn under_withdrawal(&self, k: UnitKey) -> bool {
        let side = self.unit(k).side;
        if !self.withdrawing(side) {
            return false;
        }
        let oob = crate::data::order_of_battle().side(side);
        match self.corps_of(k) {
            Some(c) if oob.corps_of(&c).is_some() => self
                .command(side, &Receiver::Corps(c))
                .and_then(|c| c.current)
                .and_then(|no| self.order(side, no))
                .is_some_and(|o| o.origin == Origin::Withdrawal),
            _ => true,
        }
    }

    /// Entry F, where the Brock Road leaves the maps.
    pub(crate) fn entry_f(&self) -> Option<HexId> {
        crate::data::map()
            .entry(EntryCode::F)
            .hexes
            .first()
            .and_then(|&h| self.canonical(h))
    }

    /// `hex` lies on the edge a withdrawing army of `side` leaves by (or is F, for the
    /// Union by the Brock Road).
    pub fn withdrawal_exit(&self, side: Side, hex: HexId) -> bool {
        on_army_edge(crate::data::map(), self.maps(), side, hex)
            || (side == Side::Union && self.entry_f() == Some(hex))
    }

    /// Rule 5.3 with 3A.7: the unwrecked divisions of `side` whose every surviving brigade
    /// left the map at F (the Brock Road).
    pub fn brock_road_divisions(&self, side: Side) -> Vec<FormationId> {
        if !self.withdrawing(side) {
            return Vec::new();
        }
        let Some(f) = self.entry_f() else {
            return Vec::new();
        };
        let oob = crate::data::order_of_battle().side(side);
        self.divisions_in_play(side)
            .into_iter()
            .filter(|d| !self.division_wrecked(side, d, WreckCount::Victory))
            .filter(|d| {
                let brigades: Vec<UnitKey> = oob
                    .division(d)
                    .map(|x| x.brigades.clone())
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|b| self.key(side, b))
                    .filter(|&k| self.unit(k).kind == UnitKind::Brigade)
                    .filter(|&k| self.unit(k).location != Location::Gone)
                    .collect();
                !brigades.is_empty()
                    && brigades
                        .iter()
                        .all(|&k| self.unit(k).location == Location::Exited { hex: f })
            })
            .collect()
    }
}
