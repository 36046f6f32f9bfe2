//! What the engine enforces of an order (S10.0, S10.1a, S10.1g-h, S10.2g, S10.3, S10.4; BRS
//! 3.1c(2); reference 2.3.2 "What the engine enforces", 2.3.6). Crate-internal answers for the
//! movement and close-combat rules: who may attack, whether a corps HQ may move, who must
//! withdraw after a failed attack stoppage, who must end nearer a Loose Cannon's objective.
//!
//! The order a unit follows: its own goal; else its division's goal (none while the division
//! is stopped); else its corps' order in force, if the unit is in command radius and the corps
//! has not stopped. That the movement follows the order's words is the players' obligation.

use adjutant_engine::Side;

use crate::data::order::OrderType;
use crate::data::{FormationId, HexId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::{Order, Receiver};
use crate::model::unit::{UnitKey, UnitKind};

impl BloodyRoadsSouth {
    /// The order a unit follows now (see the module's words), if any.
    pub fn order_followed(&self, k: UnitKey) -> Option<&Order> {
        let u = self.unit(k);
        let side = u.side;
        let parent = self.unit(u.part_of.unwrap_or(k));
        let current = |r: &Receiver| self.command(side, r).and_then(|c| c.current);
        if let Some(no) = current(&Receiver::Unit(parent.id.clone())) {
            return self.order(side, no);
        }
        if let Some(d) = self.division_of(k) {
            let rd = Receiver::Division(d);
            if self.command(side, &rd).is_some_and(|c| c.stopped) {
                return None;
            }
            if let Some(no) = current(&rd) {
                return self.order(side, no);
            }
        }
        let c = self.corps_of(k)?;
        let rc = Receiver::Corps(c);
        let command = self.command(side, &rc)?;
        if command.stopped || !self.in_radius(k) {
            return None;
        }
        self.order(side, command.current?)
    }

    /// The unit may start a close combat as far as orders go (S10.1a; reference 2.3.2): it
    /// follows a complex order in force (a Loose Cannon's complex one-turn order included).
    /// The close-combat rules call this with the other conditions of S23 (formation, morale,
    /// radius, wreck); a force without orders has [`Self::may_counterattack`].
    pub fn may_attack(&self, k: UnitKey) -> bool {
        self.order_followed(k)
            .is_some_and(|o| o.order_type == OrderType::Complex)
    }

    /// A limited counterattack (S10.1g; reference 2.3.6): a unit following no order may attack
    /// the enemy units in `target` only if one of them moved adjacent to it since the unit's
    /// side last moved (the enemy's `moved` mark of its last Movement Phase).
    pub fn may_counterattack(&self, k: UnitKey, target: HexId) -> bool {
        let side = self.unit(k).side;
        self.order_followed(k).is_none()
            && self.at(target).into_iter().any(|e| {
                let u = self.unit(e);
                u.side != side && u.kind.is_combat() && u.marks.moved
            })
    }

    /// A corps HQ may move (S10.0 "bolted down"; S10.3, S10.4): under an order in force, on
    /// the turn its attack stopped (one free turn to the rear), in an emergency retreat, or
    /// under a Loose Cannon's order.
    pub fn hq_may_move(&self, side: Side, corps: &FormationId) -> bool {
        let Some(c) = self.command(side, &Receiver::Corps(corps.clone())) else {
            return false;
        };
        (c.current.is_some() && !c.stopped)
            || c.stopped_on == Some(self.turn)
            || c.retreat_on == Some(self.turn)
    }

    /// The phasing side's units whose attack stopped this turn (S10.3; rule 3.1c(2)): by the
    /// end of this Movement Phase each must be beyond 2 hexes of every enemy unit, or the enemy
    /// player retreats it.
    pub fn stopped_units(&self, side: Side) -> Vec<UnitKey> {
        let mut out = Vec::new();
        for c in self.commands.iter().filter(|c| c.side == side) {
            if c.command.stopped_on != Some(self.turn) {
                continue;
            }
            for k in self.force_of(side, &c.receiver) {
                if !out.contains(&k) {
                    out.push(k);
                }
            }
        }
        out.sort();
        out
    }

    /// The unit must withdraw beyond small-arms range this turn (S10.3).
    pub fn must_withdraw(&self, k: UnitKey) -> bool {
        self.stopped_units(self.unit(k).side).contains(&k)
    }

    /// A unit may move adjacent to enemy units (rule 3.1c(2): not the brigades of a stopped
    /// Union division, which may only stay where the enemy comes adjacent).
    pub fn may_move_adjacent_to_enemy(&self, k: UnitKey) -> bool {
        let side = self.unit(k).side;
        if side != Side::Union || self.unit(k).kind != UnitKind::Brigade {
            return true;
        }
        !self.division_of(k).is_some_and(|d| {
            self.command(side, &Receiver::Division(d))
                .is_some_and(|c| c.stopped)
        })
    }

    /// The unit waits for its order's printed start time (rule 6.0b; "Do not move before 1:30pm
    /// 5 May", the 3/6 goal of Scenarios 2 and 4): a combat unit following an order whose
    /// `not_before` turn has not come may not move (nor therefore attack) this turn. Decision:
    /// the engine enforces a printed start time, since it is a typed field of the order and not
    /// free text; leaders move as S10.1h lets them.
    pub fn waits_for_start_time(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        // Only a printed order has a start time: most turns no order of the side waits, and
        // the order a unit follows is not looked up (that may trace its command radius).
        let any_waiting = || {
            self.orders(u.side)
                .iter()
                .any(|o| o.not_before.is_some_and(|t| self.turn < t))
        };
        u.kind.is_combat()
            && any_waiting()
            && self
                .order_followed(k)
                .and_then(|o| o.not_before)
                .is_some_and(|t| self.turn < t)
    }

    /// The objective of the Loose Cannon order the unit follows this turn (S10.2g): the unit
    /// must end its movement nearer to it, in movement points, than it started, if it can.
    pub fn must_end_nearer(&self, k: UnitKey) -> Option<HexId> {
        self.order_followed(k)
            .filter(|o| o.until == Some(self.turn))
            .and_then(|o| o.objective)
    }
}
