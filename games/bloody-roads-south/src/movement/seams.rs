//! What movement asks of the command rules (series 10; reference 2.3) and of the straggler
//! rules (series 21.1), answered here in their simplest form until the command engineer's
//! `command` module and `stragglers.rs` reach main. Each method names the method of theirs
//! it stands for ("uses … when merged"); nothing else in `movement` reads orders or radius.
//!
//! - Who may move: corps HQs only under an order in force (S10.0 "bolted down"; the army HQs
//!   under their own order, S10.6): [`BloodyRoadsSouth::hq_may_move`] when merged.
//! - Who may attack: a unit following a complex order (S10.1a), or one making a limited
//!   counterattack against enemy units that moved this turn (S10.1g; reference 2.3.6):
//!   `may_attack` / `may_counterattack` when merged.
//! - Command radius (S10.5a; BRS 6.0a): the trace from the leader or HQ in leader MP over hexes
//!   free of enemy units and (unless friendly-occupied) of enemy zones of control; a goal in
//!   force releases the unit (S10.5b): `in_radius` / `out_of_radius` when merged.
//! - The straggler check of a forced march (S18, S21.1): `straggler_check` when merged.

use std::collections::HashMap;

use adjutant_engine::Side;

use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::morale::MoraleState;
use crate::data::order::OrderType;
use crate::data::unit::Unit as OobUnit;
use crate::data::{FormationId, HexId};
use crate::events::{EventKind, Fx};
use crate::geometry::paths::cost_within;
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::Receiver;
use crate::model::unit::{UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// The two straggler loss tables (series 21.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StragglerTable {
    /// For a fire result of ½ or 1, the first forced-march step.
    HalfToOne,
    /// For a fire result of 1½ or more, the second forced-march step.
    OneAndHalfOrMore,
}

impl BloodyRoadsSouth {
    /// The corps a counter serves (its division's corps for brigades and division leaders).
    pub(crate) fn corps_of_unit(&self, k: UnitKey) -> Option<FormationId> {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().side(u.side);
        let k = u.part_of.unwrap_or(k);
        let u = self.unit(k);
        let of_division = |d: &FormationId| oob.division(d).map(|d| d.corps.clone());
        match oob.unit(&u.id)? {
            OobUnit::Brigade(b) => u
                .division
                .as_ref()
                .and_then(of_division)
                .or_else(|| Some(b.corps.clone())),
            OobUnit::Battery(b) => Some(b.corps.clone()),
            OobUnit::Leader(l) => {
                let c = l.command.as_ref()?;
                of_division(c).or_else(|| Some(c.clone()))
            }
            OobUnit::Hq(h) => oob
                .corps()
                .iter()
                .find(|c| c.hq == h.id)
                .map(|c| c.id.clone()),
            OobUnit::Wagon(w) => w.corps.clone(),
            OobUnit::Special(_) => None,
        }
    }

    /// A corps or army HQ may move (S10.0, S10.6). Uses `hq_may_move` when merged.
    pub(crate) fn hq_movable(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        let oob = crate::data::order_of_battle().side(u.side);
        let in_force = |r: Receiver| {
            self.command(u.side, &r)
                .is_some_and(|c| c.current.is_some())
        };
        if let Some(c) = oob.corps().iter().find(|c| c.hq == u.id) {
            return in_force(Receiver::Corps(c.id.clone()));
        }
        oob.armies()
            .iter()
            .find(|a| a.hq == u.id)
            .is_some_and(|a| in_force(Receiver::ArmyHq(a.id.clone())))
    }

    /// The type of the order a unit follows: its own goal, its division's goal, or its
    /// corps' order in force (S10.1g). Uses `order_followed` when merged.
    fn followed_order_type(&self, k: UnitKey) -> Option<OrderType> {
        let u = self.unit(k);
        let side = u.side;
        let parent = self.unit(u.part_of.unwrap_or(k));
        let typed = |r: Receiver| {
            let no = self.command(side, &r)?.current?;
            self.orders(side)
                .iter()
                .find(|o| o.no == no)
                .map(|o| o.order_type)
        };
        typed(Receiver::Unit(parent.id.clone()))
            .or_else(|| {
                parent
                    .division
                    .clone()
                    .and_then(|d| typed(Receiver::Division(d)))
            })
            .or_else(|| {
                self.corps_of_unit(k)
                    .and_then(|c| typed(Receiver::Corps(c)))
            })
    }

    /// The unit's orders let it start a close combat against `target` (S10.1a: a complex
    /// order; S10.1g: without orders, a counterattack on enemy units that moved this turn).
    /// Uses `may_attack` and `may_counterattack` when merged.
    pub(crate) fn orders_allow_attack(&self, k: UnitKey, target: HexId) -> bool {
        let side = self.unit(k).side;
        match self.followed_order_type(k) {
            Some(t) => t == OrderType::Complex,
            None => self.at(target).into_iter().any(|e| {
                let u = self.unit(e);
                u.side != side && u.kind.is_combat() && u.marks.moved
            }),
        }
    }

    /// The hex a unit traces command radius to and the radius in halves of a leader MP
    /// (S10.5a: a brigade to its division leader, 4; a division leader or corps artillery to
    /// the corps HQ, 8). `None` when the unit needs no radius or its leader or HQ is not on
    /// the map.
    pub(crate) fn radius_source(&self, k: UnitKey) -> Option<(HexId, u16)> {
        let u = self.unit(k);
        let side = u.side;
        let parent = self.unit(u.part_of.unwrap_or(k));
        let radius = &crate::data::charts().command.command_radius;
        let oob = crate::data::order_of_battle().side(side);
        let leader_hex = |command: &FormationId| {
            self.keys()
                .filter(|&l| self.unit(l).side == side && self.unit(l).kind == UnitKind::Leader)
                .filter(|&l| self.leader_data(l).and_then(|d| d.command.as_ref()) == Some(command))
                .find_map(|l| self.unit(l).hex())
        };
        let hq_hex = |corps: &FormationId| {
            let hq = &oob.corps_of(corps)?.hq;
            self.key(side, hq).and_then(|h| self.unit(h).hex())
        };
        match parent.kind {
            UnitKind::Brigade => {
                let d = parent.division.as_ref()?;
                Some((
                    leader_hex(d)?,
                    2 * u16::from(radius.brigade_to_division_leader),
                ))
            }
            UnitKind::Leader => {
                let d = self.leader_data(u.part_of.unwrap_or(k))?.command.as_ref()?;
                let corps = oob.division(d)?.corps.clone();
                Some((
                    hq_hex(&corps)?,
                    2 * u16::from(radius.division_leader_to_corps_hq),
                ))
            }
            UnitKind::Battery => {
                let corps = self.corps_of_unit(k)?;
                Some((
                    hq_hex(&corps)?,
                    2 * u16::from(radius.corps_artillery_to_corps_hq),
                ))
            }
            _ => None,
        }
    }

    /// Which hexes a radius trace of `side` may enter (S10.5a): not enemy-occupied ones, nor
    /// enemy zones of control unless friendly units stand there. **Decision**: the zones of
    /// control are those the enemy's top counters show (`zoc`), so that what the owner may do
    /// never depends on the enemy's secret morale (reference 5).
    fn radius_passable(&self, side: Side) -> impl Fn(HexId) -> bool + use<> {
        let occupants: HashMap<HexId, Side> = self
            .units
            .iter()
            .filter_map(|u| u.hex().map(|h| (h, u.side)))
            .collect();
        let zoc = self.apparent_zoc_hexes(side);
        move |h: HexId| match occupants.get(&h) {
            Some(&s) if s != side => false,
            Some(_) => true,
            None => !zoc.contains(&h),
        }
    }

    /// The leader-MP cost of a radius trace (S10.5a) from `from` to `to`, if at most `max`.
    pub(crate) fn leader_cost_to(
        &self,
        side: Side,
        from: HexId,
        to: HexId,
        max: Halves,
    ) -> Option<Halves> {
        let mover = self.mover(side, MoveClass::Leader);
        cost_within(&mover, from, to, max, self.radius_passable(side))
    }

    /// The unit is within command radius now (S10.5a; a goal in force releases it, S10.5b).
    /// Uses `in_radius` when merged.
    pub(crate) fn radius_ok(&self, k: UnitKey) -> bool {
        if self.released_by_goal(k) {
            return true;
        }
        let Some((from, max)) = self.radius_source(k) else {
            return true;
        };
        let Some(hex) = self.unit(k).hex() else {
            return true;
        };
        self.leader_cost_to(self.unit(k).side, from, hex, Halves(max))
            .is_some()
    }

    /// A goal in force releases the unit from radius (S10.5b; rule 2.3).
    fn released_by_goal(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        let parent = self.unit(u.part_of.unwrap_or(k));
        let in_force = |r: Receiver| {
            self.command(u.side, &r)
                .is_some_and(|c| c.current.is_some())
        };
        in_force(Receiver::Unit(parent.id.clone()))
            || parent
                .division
                .clone()
                .is_some_and(|d| in_force(Receiver::Division(d)))
    }

    /// The units out of command radius at the start of the Movement Phase (S10.5a; BRS 6.0a:
    /// OCR units count as out of radius until back in it). Uses the command module's radius
    /// check at the start of the phase (`out_of_radius`) when merged.
    pub(crate) fn record_out_of_radius(&mut self, side: Side) {
        let back: Vec<UnitKey> = self
            .keys()
            .filter(|&k| self.unit(k).side == side && self.unit(k).ocr && self.radius_ok(k))
            .collect();
        for k in back {
            self.unit_mut(k).ocr = false;
        }
        let out: Vec<UnitKey> = self
            .keys()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side && u.on_map() && u.part_of.is_none()
            })
            .filter(|&k| self.unit(k).ocr || !self.radius_ok(k))
            .collect();
        self.movement.out_of_radius = out;
    }

    /// A straggler check of a brigade (S21.1): a die, +1 if DG, +2 if Routed, wrecked or at
    /// night, limited to 1-8, on its straggler rating's column; the steps are added to its
    /// stragglers and returned, told only to its owner. Uses `straggler_check` (and the
    /// owner's secret dice) when merged.
    pub(crate) fn movement_straggler_check(
        &mut self,
        k: UnitKey,
        table: StragglerTable,
        fx: &mut Fx,
    ) -> u8 {
        let k = self.unit(k).part_of.unwrap_or(k);
        let Some(b) = self.brigade_data(k) else {
            return 0;
        };
        let charts = &crate::data::charts().straggler;
        let drm = |key: &str| {
            charts
                .drm
                .iter()
                .find(|d| d.key == key)
                .map_or(0, |d| i32::from(d.value))
        };
        let u = self.unit(k);
        let mut modifier = 0;
        if u.morale == MoraleState::Disorganized {
            modifier += drm("disorganized-mounted-or-flank");
        }
        if u.morale == MoraleState::Routed
            || self.brigade_wrecked(k, WreckCount::InPlay)
            || self.is_night()
        {
            modifier += drm("routed-wrecked-or-night");
        }
        let chart = match table {
            StragglerTable::HalfToOne => &charts.loss_half_to_one,
            StragglerTable::OneAndHalfOrMore => &charts.loss_one_and_half_or_more,
        };
        let die = fx.d6();
        let steps = chart.steps(b.straggler_morale(), i32::from(die) + modifier);
        let room = b.steps.saturating_sub(u.casualties + u.stragglers);
        let steps = steps.min(room);
        self.unit_mut(k).stragglers += steps;
        let (side, id) = (self.unit(k).side, self.unit(k).id.clone());
        fx.private(
            EventKind::Straggler,
            side,
            format!(
                "Straggler check of {}: roll {die}{}, {steps} step{} of stragglers (21.1).",
                self.unit_name(side, &id),
                if modifier == 0 {
                    String::new()
                } else {
                    format!(" {modifier:+}")
                },
                if steps == 1 { "" } else { "s" },
            ),
        );
        steps
    }

    /// One die of a secret procedure of the mover (the gun loss of limbering in an enemy
    /// zone of control, S26.1). Uses the owner's secret dice (`secret_d6`) when merged.
    pub(crate) fn movement_secret_d6(&mut self, _side: Side, fx: &mut Fx) -> u8 {
        fx.d6()
    }
}
