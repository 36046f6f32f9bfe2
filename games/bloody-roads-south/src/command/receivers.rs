//! Who may receive an order, where he is, and who accepts it (S10.0, S10.1a-e, S10.5b, S10.6;
//! BRS 2.3, 3.1a-b, 3.1c(1), 3.3a; reference 2.3.2, 2.3.3, 2.3.12).
//!
//! Decisions: Grant may give divisional and brigade goals to formations he may order directly
//! (9 Corps once released; the Army of the Potomac's corps while Meade commands it, with the
//! 3.1b shift); Meade relays to the Army of the Potomac's corps, divisions and units; a goal
//! goes to a division that has a counter on the map, or to an artillery unit or a brigade of
//! morale B or better that is not routed (rule 2.3).

use adjutant_engine::Side;

use crate::data::morale::{MoraleRating, MoraleState};
use crate::data::{FormationId, HexId, UnitId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::unit::{UnitKey, UnitKind};

use super::roles::{AOP, AUS, NINTH};

impl BloodyRoadsSouth {
    /// The corps (and `A Pot` for the army's own troops) the chief may order directly (rules
    /// 3.1a-b, 3.1c(1), 3.3a).
    pub(crate) fn directly_ordered(&self, side: Side) -> Vec<FormationId> {
        let Some((_, army)) = self.chief(side) else {
            return Vec::new();
        };
        let oob = crate::data::order_of_battle().side(side);
        let relay = self.relay_commander(side);
        let meade_relays = relay.is_some_and(|k| self.unit(k).id.as_str() == "Meade");
        let mut out = Vec::new();
        for c in oob.corps() {
            let aop = c.army.as_str() == AOP;
            let allowed = if c.id.as_str() == NINTH {
                self.ninth_corps_released()
            } else if aop && army.as_str() == AUS {
                relay.is_none() || meade_relays
            } else {
                true
            };
            if allowed {
                out.push(c.id.clone());
            }
        }
        if side == Side::Union && (army.as_str() == AOP || relay.is_none() || meade_relays) {
            out.push(FormationId(AOP.into()));
        }
        out
    }

    /// The Army of the Potomac's corps, and `A Pot` for its own troops (rule 3.0 "Terms").
    pub(crate) fn aop_formations(&self) -> Vec<FormationId> {
        let oob = crate::data::order_of_battle().side(Side::Union);
        let mut v: Vec<FormationId> = oob
            .corps()
            .iter()
            .filter(|c| c.army.as_str() == AOP)
            .map(|c| c.id.clone())
            .collect();
        v.push(FormationId(AOP.into()));
        v
    }

    /// A unit that may receive a goal: an artillery unit, or a brigade of morale B or better
    /// that is not routed (S10.5b; rule 2.3), on the map.
    pub(crate) fn may_take_goal(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        if !u.on_map() || u.part_of.is_some() {
            return false;
        }
        match u.kind {
            UnitKind::Battery => true,
            UnitKind::Brigade => {
                u.morale != MoraleState::Routed
                    && self
                        .brigade_data(k)
                        .is_some_and(|b| matches!(b.morale, MoraleRating::A | MoraleRating::B))
            }
            _ => false,
        }
    }

    /// Every receiver of `side` serving one of `formations`, in a stable order: corps with
    /// their HQ on the map, divisions with a counter on it, units that may take a goal.
    pub(crate) fn receivers_in(&self, side: Side, formations: &[FormationId]) -> Vec<Receiver> {
        let mut out = Vec::new();
        for c in self.corps_on_map(side) {
            if formations.contains(&c) {
                out.push(Receiver::Corps(c));
            }
        }
        for (d, c) in self.divisions_on_map(side) {
            if formations.contains(&c) {
                out.push(Receiver::Division(d));
            }
        }
        for k in self.keys() {
            let u = self.unit(k);
            if u.side == side
                && self.may_take_goal(k)
                && self.corps_of(k).is_some_and(|c| formations.contains(&c))
            {
                out.push(Receiver::Unit(u.id.clone()));
            }
        }
        out
    }

    /// The commander who accepts an order to `receiver` (S10.1f): the corps commander, the
    /// division leader, the Army of the Potomac's commander for a relay; none for a unit's goal
    /// or an army HQ's move (they count as rated 2).
    pub(crate) fn accepting_commander(&self, side: Side, receiver: &Receiver) -> Option<UnitKey> {
        match receiver {
            Receiver::Corps(c) => self.corps_commander(side, c),
            Receiver::Division(d) => self.division_leader(side, d),
            Receiver::Relay => self.relay_commander(side),
            Receiver::Unit(_) | Receiver::ArmyHq(_) | Receiver::Conference(_) => None,
        }
    }

    /// The receiver's rating for the acceptance value (S10.1f; reference 2.3.4). Decision: a
    /// corps or division whose commander is not on the map counts as led by a replacement
    /// (rating 1), but for a group of 6 May whose orders are written before it enters: its own
    /// commander's (rule 4.3a).
    pub(crate) fn receiver_rating(&self, side: Side, receiver: &Receiver) -> u8 {
        match receiver {
            Receiver::Unit(_) | Receiver::ArmyHq(_) => {
                crate::data::charts()
                    .command
                    .acceptance
                    .army_hq_receiver_rating
            }
            _ => self
                .accepting_commander(side, receiver)
                .map(|k| self.rating_of(k))
                .or_else(|| self.waiting_commander_rating(side, receiver))
                .unwrap_or(1),
        }
    }

    /// The counter of a unit receiver.
    pub(crate) fn receiver_unit(&self, side: Side, id: &UnitId) -> Option<UnitKey> {
        self.key(side, id)
    }

    /// The hexes where a writer may hand `receiver` an in-person order (S10.1a: sender and
    /// receiver in the same hex): a corps' HQ or commander, a division's leader, a unit, the
    /// relaying commander.
    pub(crate) fn receiver_hexes(&self, side: Side, receiver: &Receiver) -> Vec<HexId> {
        let hex = |k: Option<UnitKey>| k.and_then(|k| self.unit(k).hex());
        match receiver {
            Receiver::Corps(c) => {
                let mut v: Vec<HexId> = self.corps_hq_hex(side, c).into_iter().collect();
                v.extend(hex(self.corps_commander(side, c)));
                v
            }
            Receiver::Division(_) | Receiver::Relay => {
                hex(self.accepting_commander(side, receiver))
                    .into_iter()
                    .collect()
            }
            Receiver::Unit(id) => hex(self.receiver_unit(side, id)).into_iter().collect(),
            Receiver::ArmyHq(_) | Receiver::Conference(_) => Vec::new(),
        }
    }

    /// Where an aide takes an order (S10.1e; reference 2.3.3): a corps HQ; a division's leader
    /// (or, without one, one of its brigades); a unit; the relaying commander; an army HQ.
    pub(crate) fn delivery_hex(&self, side: Side, receiver: &Receiver) -> Option<HexId> {
        match receiver {
            Receiver::Corps(c) => self.corps_hq_hex(side, c),
            Receiver::Division(d) => self
                .division_leader(side, d)
                .and_then(|k| self.unit(k).hex())
                .or_else(|| {
                    self.keys().find_map(|k| {
                        let u = self.unit(k);
                        (u.side == side && self.division_of(k).as_ref() == Some(d))
                            .then(|| u.hex())
                            .flatten()
                    })
                }),
            Receiver::Unit(id) => self
                .receiver_unit(side, id)
                .and_then(|k| self.unit(k).hex()),
            Receiver::Relay => self.relay_commander(side).and_then(|k| self.unit(k).hex()),
            Receiver::ArmyHq(a) | Receiver::Conference(a) => {
                self.army_hq(side, a).and_then(|k| self.unit(k).hex())
            }
        }
    }

    /// The counters a receiver's orders govern (its "force"): a corps' units on the map
    /// (those on goals of their own included), a division's brigades and leader, one unit.
    pub fn force_of(&self, side: Side, receiver: &Receiver) -> Vec<UnitKey> {
        self.keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side
                    && u.on_map()
                    && match receiver {
                        Receiver::Corps(c) => self.corps_of(k).as_ref() == Some(c),
                        Receiver::Division(d) => self.division_of(k).as_ref() == Some(d),
                        Receiver::Unit(id) => {
                            let p = u.part_of.map(|p| self.unit(p)).unwrap_or(u);
                            &p.id == id
                        }
                        Receiver::Relay | Receiver::ArmyHq(_) | Receiver::Conference(_) => false,
                    }
            })
            .collect()
    }
}
