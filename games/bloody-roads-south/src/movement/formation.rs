//! Formation changes during movement (series 11.0, 15.0, 16.1b, 17.0, 18.0, 26.0; reference
//! 2.4, 2.5, 2.12).
//!
//! - Infantry changes line ↔ column for 1 MP; artillery limbers or unlimbers for 3 MP
//!   (Movement Chart). Unlimbered artillery spends its MP only to limber. What is left is
//!   prorated to the new formation's allowance (S16.1b).
//! - `ChangeFormation` changes every unit of the group the new formation applies to
//!   (brigades for line and column, artillery for limbered and unlimbered); each must be able
//!   to pay.
//! - A brigade with extended parts contracts before any formation change, and a part cannot
//!   change (S17.0). A brigade that force marched may not form line this phase (S18.0).
//! - Artillery may never unlimber in an enemy zone of control (S15.0); unlimbering within 2
//!   hexes of enemy units draws fire from them (the battery counting as limbered). A
//!   voluntary change in an enemy zone of control draws fire from the units exerting it (the
//!   target counting as in the worse formation). Limbering in an enemy zone of control rolls
//!   on the Gun Loss Table for each battery (S26.1). The fire itself is the fire rules'
//!   (`drawn_fire`). Columns turning to line free when fired on are the fire rules' too.

use adjutant_engine::Side;

use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::drawn::Drawn;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, UnitKey, UnitKind};

/// The formations a group may be offered, in the order offered.
const FORMATIONS: [Formation; 4] = [
    Formation::Line,
    Formation::Column,
    Formation::Unlimbered,
    Formation::Limbered,
];

impl BloodyRoadsSouth {
    /// The units of a group that a change to `formation` applies to.
    fn changing(&self, g: &MovingGroup, formation: Formation) -> Vec<UnitKey> {
        g.units
            .iter()
            .copied()
            .filter(|&k| {
                let u = self.unit(k);
                let fits = match u.kind {
                    UnitKind::Brigade => {
                        matches!(formation, Formation::Line | Formation::Column)
                    }
                    UnitKind::Battery => {
                        matches!(formation, Formation::Limbered | Formation::Unlimbered)
                    }
                    _ => false,
                };
                fits && u.formation != formation
            })
            .collect()
    }

    /// The `ChangeFormation` actions of a group (module docs).
    pub(crate) fn formation_actions(&self, side: Side, g: &MovingGroup) -> Vec<Action> {
        let Some(here) = self.moving_hex(g) else {
            return Vec::new();
        };
        if g.must_attack
            || g.units
                .iter()
                .any(|&k| self.unit(k).morale == MoraleState::Routed)
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for formation in FORMATIONS {
            let units = self.changing(g, formation);
            if units.is_empty() {
                continue;
            }
            if formation == Formation::Unlimbered && self.known_zoc(side, here, Some(g)) {
                continue;
            }
            let ok = units.iter().all(|&k| {
                let u = self.unit(k);
                u.part_of.is_none()
                    && self.parts_of(k).is_empty()
                    && !(formation == Formation::Line && u.marks.mp_bonus > 0)
                    && i32::from(self.formation_change_cost(k).0) <= self.mp_left(k)
            });
            if ok {
                out.push(Action::ChangeFormation { formation });
            }
        }
        out
    }

    /// Changes the group's formation (module docs).
    pub(crate) fn change_formation(&mut self, side: Side, formation: Formation, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(here) = self.moving_hex(&g) else {
            return;
        };
        let in_zoc = self.real_zoc(side, here);
        if formation == Formation::Unlimbered && in_zoc {
            // A zone of control the enemy's top counters did not show, in the hex the group
            // started from (module `zoc`): the battery may not unlimber here.
            fx.reveal();
            fx.private(
                EventKind::Move,
                side,
                format!("{here} is in an enemy zone of control: artillery may not unlimber there (15.0)."),
            );
            if let Some(m) = self.moving.as_mut() {
                m.known_zoc.push(here);
            }
            return;
        }
        let units = self.changing(&g, formation);
        let top = self.top(here);
        for &k in &units {
            let cost = self.formation_change_cost(k);
            self.set_formation(k, formation);
            self.spend(k, cost);
        }
        let names: Vec<String> = units.iter().map(|&k| self.group_member_name(k)).collect();
        let own = format!(
            "{} change{} to {} in {here}.",
            names.join(", "),
            if units.len() == 1 { "s" } else { "" },
            formation.word()
        );
        match top {
            Some(t) if units.contains(&t) => fx.both(
                EventKind::Move,
                format!(
                    "{} in {here} changes to {} (11.0).",
                    self.unit(t).id,
                    formation.word()
                ),
                side,
                own,
            ),
            _ => fx.private(EventKind::Move, side, own),
        }
        if formation == Formation::Limbered && in_zoc {
            for &k in &units {
                self.gun_loss(k, fx);
            }
        }
        if in_zoc {
            self.drawn_fire(here, Drawn::FormationChange, fx);
        }
        if formation == Formation::Unlimbered && self.enemy_within(side, here, 2) {
            self.drawn_fire(here, Drawn::Unlimbering, fx);
        }
    }

    /// Enemy units stand within `n` hexes of `hex` (public: enemy stacks are visible).
    pub(crate) fn enemy_within(&self, side: Side, hex: crate::data::HexId, n: u32) -> bool {
        let map = crate::data::map();
        self.units().iter().any(|u| {
            u.side != side
                && u.kind.is_combat()
                && u.hex()
                    .and_then(|h| map.distance(h, hex))
                    .is_some_and(|d| d <= n)
        })
    }
}
