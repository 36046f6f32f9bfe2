//! A moving group's steps (series 14.0, 16.0, 16.2, 12.0; rules 1.2a, 1.3b; reference 2.4,
//! 2.5): which adjacent hexes it may enter now, and what entering one does.
//!
//! A step is offered into an adjacent hex in play when:
//! - every unit of the group can pay its own cost (or moves one hex on its whole allowance,
//!   S16.0); the group holds no unlimbered artillery (S26.0) and no routed unit (S24.1);
//! - the hex holds no enemy unit, except a stack of only enemy leaders, HQs and wagons, which
//!   a group with a combat unit may overrun (series 10.0, 28.0; see `overrun`);
//! - zones of control allow it (S14.0): a group that entered an enemy zone of control, or
//!   that would go from one into another, may make that step only as the one zone of
//!   control crossed on the way into a close combat: there must be an enemy stack it could
//!   attack from the hex entered, and it must then attack (`must_attack`);
//! - a unit out of command radius must move closer to its leader or HQ (S10.5a; `radius`).
//!
//! Entering a hex: each unit pays its cost (a column or limbered unit on a road rate is
//! marked as road-moved, S12.0), the group goes on top of any friendly stack there, the
//! Wilderness rules 1.2c/1.2h apply, the railroad conditions of rule 1.3b are checked, enemy
//! leaders, HQs and wagons are overrun, and the hex's zone of control is met.

use adjutant_engine::Side;

use crate::data::charts::cell::Halves;
use crate::data::{FormationId, HexId};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::text::words;

use super::allowance::UnitStep;
use crate::data::morale::MoraleState;

/// What a group's offers depend on, found once per list of offers: whether it may attack
/// as far as its own state goes.
#[derive(Debug)]
pub(crate) struct GroupFacts {
    /// [`BloodyRoadsSouth::attack_ready`].
    pub(crate) ready: bool,
}

impl BloodyRoadsSouth {
    /// The facts of a group (see [`GroupFacts`]).
    pub(crate) fn group_facts(&self, g: &MovingGroup) -> GroupFacts {
        GroupFacts {
            ready: self.attack_ready(g),
        }
    }

    /// The hex the moving group stands in: where it started, or the last hex it entered.
    pub(crate) fn moving_hex(&self, g: &MovingGroup) -> Option<HexId> {
        Some(g.path.last().copied().unwrap_or(g.from))
    }

    /// Every unit of the group still stands in its hex and none is routed: fire drawn or a
    /// close combat has not broken it up (S24.1b: routed units move only to retreat).
    pub(crate) fn group_intact(&self, g: &MovingGroup) -> bool {
        let here = self.moving_hex(g);
        g.units.iter().all(|&k| {
            let u = self.unit(k);
            u.hex() == here && u.morale != MoraleState::Routed
        })
    }

    /// The group cannot step at all: it holds unlimbered artillery (which spends MP only to
    /// limber, S26.0) or a routed unit (which moves only to retreat, S24.1).
    fn group_held(&self, g: &MovingGroup) -> bool {
        g.units.iter().any(|&k| {
            let u = self.unit(k);
            u.formation == Formation::Unlimbered || u.morale == MoraleState::Routed
        })
    }

    /// The first `enough` steps the group may make now into hexes that `wanted` keeps, each
    /// with what it costs every unit, in the order of the neighbours (to tell one step, or
    /// whether there is any, without finding them all). A withdrawing group's are
    /// [`Self::group_steps`].
    pub(crate) fn steps_among(
        &self,
        side: Side,
        g: &MovingGroup,
        facts: &GroupFacts,
        wanted: impl Fn(HexId) -> bool,
        enough: usize,
    ) -> Vec<(HexId, Vec<UnitStep>)> {
        let Some(here) = self.moving_hex(g) else {
            return Vec::new();
        };
        if g.must_attack || self.group_held(g) {
            return Vec::new();
        }
        // A closing group's hexes first (S10.5a): a plain look-up that rules out most of its
        // neighbours before their costs and stacking look-ahead are found.
        let neighbours: Vec<HexId> = self
            .neighbour_hexes(here)
            .into_iter()
            .filter(|&to| wanted(to) && g.closing.as_ref().is_none_or(|c| c.contains(&to)))
            .collect();
        if neighbours.is_empty() {
            return Vec::new();
        }
        // Asked only of a step into a zone of control (the one crossing allowed, S14.0).
        let here_zoc = std::cell::OnceCell::new();
        let mut out = Vec::new();
        for to in neighbours {
            if out.len() >= enough {
                break;
            }
            if self.occupant(to).is_some_and(|s| s != side) && !self.may_overrun(side, g, to) {
                continue;
            }
            let Some(costs) = self.group_step(&g.units, here, to, Halves(0)) else {
                continue;
            };
            let to_zoc = self.known_zoc(side, to, Some(g));
            let crossing = g.in_enemy_zoc
                || (to_zoc && *here_zoc.get_or_init(|| self.known_zoc(side, here, Some(g))));
            if crossing && !self.may_attack_after(side, g, facts.ready, to, &costs) {
                continue;
            }
            if !self.may_settle_after(side, g, to, &costs, crossing || to_zoc) {
                continue;
            }
            if !self.orders_allow_step(side, g, here, to) {
                continue;
            }
            out.push((to, costs));
        }
        out
    }

    /// True when, after stepping into `to` at `costs`, the group could attack an enemy
    /// stack adjacent to `to` (turning to face it is free): the one enemy zone of control it
    /// may cross on the way into a close combat (S14.0).
    fn may_attack_after(
        &self,
        side: Side,
        g: &MovingGroup,
        ready: bool,
        to: HexId,
        costs: &[UnitStep],
    ) -> bool {
        ready
            && self.ready_after_entering(side, g, to)
            && self.neighbour_hexes(to).into_iter().any(|e| {
                self.attackable(side, e)
                    && self.orders_let_attack(g, ready, e)
                    && g.units.iter().zip(costs).all(|(&k, s)| {
                        self.unit_step(k, to, e, self.group_may_use_roads(&g.units))
                            .is_ok_and(|a| {
                                i32::from(s.cost.0 + a.cost.0 + self.attack_extra().0)
                                    <= self.mp_left(k)
                            })
                    })
            })
    }

    /// The group could end its move after stepping into `to` at `costs` without breaking the
    /// stacking rules (S12.0, S17.0): it may stop there, or — unless a zone of control holds it
    /// there (`held`) — step on into an adjacent hex where it may stop. One hex of look-ahead:
    /// a breach is refused wherever the mover can see it coming (module `stacking`).
    fn may_settle_after(
        &self,
        side: Side,
        g: &MovingGroup,
        to: HexId,
        costs: &[UnitStep],
        held: bool,
    ) -> bool {
        if self.stop_legal_at(g, to, self.road_units(g, Some(costs))) {
            return true;
        }
        if held {
            return false;
        }
        let roads = self.group_may_use_roads(&g.units);
        self.neighbour_hexes(to).into_iter().any(|n| {
            if self.occupant(n).is_some_and(|s| s != side) && !self.may_overrun(side, g, n) {
                return false;
            }
            let mut both: Vec<UnitStep> = costs.to_vec();
            for s in costs {
                let left = self.mp_left(s.unit) - i32::from(s.cost.0);
                match self.unit_step(s.unit, to, n, roads) {
                    Ok(next) if i32::from(next.cost.0) <= left => both.push(next),
                    _ => return false,
                }
            }
            self.stop_legal_at(g, n, self.road_units(g, Some(&both)))
        })
    }

    /// The group would still be fit to attack after entering `to`: rules 1.2c and 1.2h would
    /// leave its combat units Shaken or worse (a Union unit in Blood Lust stays so by day).
    fn ready_after_entering(&self, side: Side, g: &MovingGroup, to: HexId) -> bool {
        if !self.wilderness_rules_apply(side, to) {
            return true;
        }
        if self.is_night() {
            return false;
        }
        side != Side::Union
            || g.units.iter().all(|&k| {
                !self.unit(k).kind.is_combat() || self.unit(k).morale == MoraleState::BloodLust
            })
    }

    /// Moves the group one hex (see the module's words).
    pub(crate) fn step_to(&mut self, side: Side, to: HexId, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(from) = self.moving_hex(&g) else {
            return;
        };
        // Only read until the units spend below: each hex's stack found once (`read_whole`).
        let reading = self.read_whole();
        let Some(costs) = self.group_step(&g.units, from, to, Halves(0)) else {
            return;
        };
        let crossing = g.in_enemy_zoc
            || (self.known_zoc(side, from, Some(&g)) && self.known_zoc(side, to, Some(&g)));
        drop(reading);
        for s in &costs {
            self.spend(s.unit, s.cost);
            if s.along.is_some() && self.is_road_formation(s.unit) {
                self.unit_mut(s.unit).marks.road_moved = true;
            }
        }
        self.move_units(&g.units, to);
        if let Some(m) = self.moving.as_mut() {
            m.path.push(to);
            m.turned_here = false;
            m.must_attack = crossing;
        }
        self.step_event(side, &g, from, to, &costs, fx);
        self.entered(side, &g.units, Some(from), to, fx);
    }

    /// Puts units in a hex, on top of any stack there, the first of them on top (S12.0).
    pub(crate) fn move_units(&mut self, units: &[UnitKey], to: HexId) {
        for &k in units.iter().rev() {
            self.unit_mut(k).location = crate::model::unit::Location::Map { hex: to };
            self.put_on_top(k);
        }
    }

    /// What entering a hex (from `from`, or from off the map) does to the units that enter
    /// it: overrun (S10.0, S28.0), touching base (S10.0), the Wilderness rules (1.2c, 1.2h),
    /// the railroad conditions (1.3b), the 9th Corps' release and limits (3.3a) and the zone
    /// of control met (S14.0).
    pub(crate) fn entered(
        &mut self,
        side: Side,
        units: &[UnitKey],
        from: Option<HexId>,
        to: HexId,
        fx: &mut Fx,
    ) {
        self.overrun(side, to, fx);
        self.ninth_corps_on_entry(side, units, from, to, fx);
        self.cavalry_on_entry(side, to, fx);
        self.touch_base_on_entry(side, units, fx);
        self.wilderness_entry(side, units, to, fx);
        self.railroad_condition_on_entry(side, units, to);
        if self.meet_zoc(side, to, fx)
            && let Some(m) = self.moving.as_mut()
        {
            m.in_enemy_zoc = true;
        }
        self.refresh_radius(side);
    }

    /// A corps leader entering his HQ's hex, or an HQ its leader's, touches base (S10.0:
    /// passing through is enough); whether an accepted order is then implemented is the
    /// command rules' (`touch_base`).
    fn touch_base_on_entry(&mut self, side: Side, units: &[UnitKey], fx: &mut Fx) {
        let mut corps: Vec<FormationId> = units
            .iter()
            .filter(|&&k| matches!(self.unit(k).kind, UnitKind::Leader | UnitKind::Hq))
            .filter_map(|&k| self.corps_of(k))
            .collect();
        corps.sort();
        corps.dedup();
        for c in corps {
            self.touch_base(side, &c, fx);
        }
    }

    /// The step into `to` is allowed by the orders of the group's units: brigades of a Union
    /// division stopped by attack stoppage may not move next to enemy units (rule 3.1c(2)); an
    /// army HQ "moving" to the destination of its order goes toward it (S10.6); the 9th Corps
    /// keeps its limits until released (rule 3.3a).
    fn orders_allow_step(&self, side: Side, g: &MovingGroup, here: HexId, to: HexId) -> bool {
        if self.breaks_ninth_limits(&g.units, to) {
            return false;
        }
        let map = crate::data::map();
        let oob = crate::data::order_of_battle().side(side);
        g.units.iter().all(|&k| {
            let u = self.unit(k);
            let adjacent_ok = self.may_move_adjacent_to_enemy(k)
                || !self
                    .neighbour_hexes(to)
                    .into_iter()
                    .any(|n| self.occupant(n).is_some_and(|s| s != side));
            let toward = oob
                .armies()
                .iter()
                .find(|a| a.hq == u.id)
                .and_then(|a| self.army_hq_destination(side, &a.id))
                .is_none_or(|dest| map.distance(to, dest) < map.distance(here, dest));
            adjacent_ok && toward
        })
    }

    /// Events of a step: in public, the stack moving as the opponent sees it (its top
    /// counter, reference 5); for the mover, the costs. Written piece by piece (`text`).
    fn step_event(
        &self,
        side: Side,
        g: &MovingGroup,
        from: HexId,
        to: HexId,
        costs: &[UnitStep],
        fx: &mut Fx,
    ) {
        let shown = g
            .units
            .iter()
            .copied()
            .find(|&k| self.unit(k).kind.is_combat())
            .or_else(|| {
                let stack = self.at(to);
                let top = self.top(to)?;
                (!self.unit(top).kind.is_combat() || stack.iter().all(|k| g.units.contains(k)))
                    .then_some(top)
            });
        let public = match shown {
            Some(k) => words!(
                "A ",
                side,
                " stack (",
                self.unit(k).id,
                ") moves from ",
                from,
                " to ",
                to,
                "."
            ),
            None => words!(
                "A ",
                side,
                " counter moves from the stack in ",
                from,
                " to ",
                to,
                "."
            ),
        };
        let mut own = String::with_capacity(128);
        self.push_member_names(&g.units, &mut own);
        words!(&mut own => " moves from ", from, " to ", to, " (");
        if let Some(s) = costs.iter().min_by_key(|s| self.mp_left(s.unit)) {
            let left = Halves(u16::try_from(self.mp_left(s.unit).max(0)).unwrap_or(0));
            words!(&mut own => s.cost, " MP; ", left, " left");
        }
        own.push_str(").");
        fx.both(EventKind::Move, public, side, own);
    }

    /// A member of one's own moving group in words (an extended part says so).
    pub(crate) fn group_member_name(&self, k: UnitKey) -> String {
        let mut name = String::new();
        self.push_member_name(k, &mut name);
        name
    }

    /// The members of one's own moving group, "A, B, C", appended to `out`.
    pub(super) fn push_member_names(&self, units: &[UnitKey], out: &mut String) {
        for (i, &k) in units.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.push_member_name(k, out);
        }
    }

    /// [`Self::group_member_name`], appended to `out`.
    fn push_member_name(&self, k: UnitKey, out: &mut String) {
        let u = self.unit(k);
        if u.part_of.is_some() {
            out.push_str("the extended part of ");
        }
        self.push_unit_name(u.side, &u.id, out);
    }
}
