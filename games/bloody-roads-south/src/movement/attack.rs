//! Starting a close combat during movement (series 23.0, 23.1; BRS 4.4b; reference 2.9).
//!
//! `Attack` is offered against an adjacent hex holding enemy combat units (the public
//! "troops", "artillery" or "both" of a stack, reference 2.2; not the 1st NC Cav, 4.4b)
//! beyond one of the group's two frontal hexsides, when:
//! - every combat unit of the group is infantry in line, in BL or Normal morale, not a
//!   wrecked brigade, in command radius, and has orders that allow the attack (a complex
//!   order, or a counterattack on enemy units that moved this turn; reference 2.3.6). The
//!   group holds no artillery; leaders may go with it (S23: "leaders may join from
//!   anywhere" — in this program they join by moving with the group);
//! - every unit can pay the hex's cost +1 MP (the one-hex right of S16.0 does not cover a
//!   close combat).
//!
//! The MP are charged, then the close combat is resolved (`close_combat`, series 23 steps
//! B–F). Nobody advances (reference 2.9, the close-combat rules' decision): afterwards a group
//! still whole where it attacked from keeps its remaining MP and may attack again (S23.1), or
//! move on if no enemy zone of control (as shown) holds it there any longer; a group some of
//! whose units retreated, routed or were eliminated can only be put down.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::geometry::facing::frontal_hexes;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;

use super::steps::GroupFacts;
use crate::model::unit::{Formation, UnitKind};
use crate::victory::wrecks::WreckCount;

impl BloodyRoadsSouth {
    /// The close-combat surcharge (+1 MP, S23), in halves.
    pub(crate) fn attack_extra(&self) -> Halves {
        Halves(2 * u16::from(crate::data::charts().movement.other.enter_close_combat))
    }

    /// `hex` holds enemy combat units that may be attacked, as `side` sees it: a stack with
    /// troops or artillery (public, reference 2.2), not the 1st NC Cav (rule 4.4b).
    pub(crate) fn attackable(&self, side: Side, hex: HexId) -> bool {
        if self.occupant(hex).is_none_or(|s| s == side) {
            return false;
        }
        let stack = self.at(hex);
        self.contents(&stack) != "neither"
            && !stack
                .iter()
                .any(|&k| self.unit(k).kind == UnitKind::Cavalry)
    }

    /// Every combat unit of the group may start a close combat as far as its own state goes
    /// (module docs: formation, morale, wreck, radius as found where it stands), orders
    /// aside. Needs at least one
    /// combat unit.
    pub(crate) fn attack_ready(&self, g: &MovingGroup) -> bool {
        let combat: Vec<_> = g
            .units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).kind.is_combat())
            .collect();
        !combat.is_empty()
            && g.in_radius
            && combat.iter().all(|&k| {
                let u = self.unit(k);
                u.kind == UnitKind::Brigade
                    && u.formation == Formation::Line
                    && matches!(u.morale, MoraleState::BloodLust | MoraleState::Normal)
                    && !self.brigade_wrecked(u.part_of.unwrap_or(k), WreckCount::InPlay)
            })
    }

    /// A group [`Self::attack_ready`] (`ready`) may attack `target` as far as orders go.
    pub(crate) fn orders_let_attack(&self, g: &MovingGroup, ready: bool, target: HexId) -> bool {
        ready
            && g.units
                .iter()
                .filter(|&&k| self.unit(k).kind.is_combat())
                .all(|&k| self.may_attack(k) || self.may_counterattack(k, target))
    }

    /// The hexes the group may attack now.
    pub(crate) fn attack_options(
        &self,
        side: Side,
        g: &MovingGroup,
        facts: &GroupFacts,
    ) -> Vec<HexId> {
        let Some(here) = self.moving_hex(g) else {
            return Vec::new();
        };
        let map = crate::data::map();
        let (Some(cell), Some(&first)) = (map.cell(here), g.units.first()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for c in frontal_hexes(cell, self.unit(first).facing) {
            let Some(e) = map.id_near(c, here.sheet(), self.maps()) else {
                continue;
            };
            let Some(e) = self.canonical(e) else {
                continue;
            };
            if self.attackable(side, e)
                && self.orders_let_attack(g, facts.ready, e)
                && self
                    .group_step(&g.units, here, e, self.attack_extra())
                    .is_some()
            {
                out.push(e);
            }
        }
        out
    }

    /// Makes the attack: charges the MP, resolves the close combat, and sorts out the group
    /// afterwards (module docs).
    pub(crate) fn attack(&mut self, side: Side, target: HexId, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(here) = self.moving_hex(&g) else {
            return;
        };
        let Some(costs) = self.group_step(&g.units, here, target, self.attack_extra()) else {
            return;
        };
        for s in &costs {
            self.spend(s.unit, s.cost);
        }
        if let Some(m) = self.moving.as_mut() {
            m.attacked = true;
            m.must_attack = false;
            m.turned_here = false;
        }
        fx.public(
            EventKind::CloseCombat,
            format!("The {side} stack in {here} attacks {target} in close combat (23)."),
        );
        self.close_combat(&g.units, target, fx);
        self.after_close_combat(side, here);
    }

    /// The group after a close combat (nobody advances, reference 2.9): still whole where it
    /// attacked from, it keeps its MP and is held there only by a zone of control still shown
    /// (it may attack again, S23.1); broken up, it can only be put down (`group_intact`).
    fn after_close_combat(&mut self, side: Side, here: HexId) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        if self.group_intact(&g) {
            let held = self.known_zoc(side, here, Some(&g));
            if let Some(m) = self.moving.as_mut() {
                m.in_enemy_zoc = held;
            }
        }
    }
}
