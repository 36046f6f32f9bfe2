//! Zones of control (series 14.0; BRS 4.4b; reference 2.4) as movement meets them, and how
//! the moving player learns of those the enemy's top counters do not show.
//!
//! - Infantry in line and unlimbered artillery exert a zone of control into their two frontal
//!   hexes; routed units none; the 1st NC Cav into all six adjacent hexes (rule 4.4b).
//! - Entering an enemy zone of control ends movement unless the group goes on into a close
//!   combat; one such hex may be crossed on the way into a close combat (see `steps`).
//! - Leaving one is free when the first hex entered is a close combat or holds none.
//!
//! **Decision (secrecy, reference 2.4 and 5).** Morale states are secret, and so are the
//! counters beneath the top of an enemy stack, yet both decide a zone of control. The moves
//! offered are therefore computed from what the mover sees: a visible enemy stack whose top
//! counter is in line or unlimbered (or the 1st NC Cav) is taken to exert its zone of control
//! ("apparent" zones). When the group enters a hex whose real zone of control differs, the
//! mover learns it then, in a private event, and the action is a reveal: if the apparent zone
//! is absent (the enemy is routed) the group goes on, and the enemy hexes concerned count as
//! exerting none for the rest of its move; if a hidden one is present (a unit in line beneath
//! a column on top) the group stops. The hex a group starts in is judged as seen.

use crate::data::FastSet;
use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::geometry::facing::frontal_hexes;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, UnitKey, UnitKind};

impl BloodyRoadsSouth {
    /// The six neighbours in play of a hex, by their canonical ids.
    pub(crate) fn neighbour_hexes(&self, hex: HexId) -> Vec<HexId> {
        let map = crate::data::map();
        map.neighbours(hex, self.maps())
            .into_iter()
            .filter_map(|(_, n)| self.canonical(n))
            .collect()
    }

    /// The hexes a counter of this kind, formation and morale in `hex` projects a zone of
    /// control into (series 14.0; rule 4.4b).
    fn projection(&self, k: UnitKey, hex: HexId, facing_of: UnitKey) -> Vec<HexId> {
        let u = self.unit(k);
        let map = crate::data::map();
        match (u.kind, u.formation) {
            (UnitKind::Cavalry, _) => self.neighbour_hexes(hex),
            (UnitKind::Brigade, Formation::Line) | (UnitKind::Battery, Formation::Unlimbered) => {
                let Some(cell) = map.cell(hex) else {
                    return Vec::new();
                };
                frontal_hexes(cell, self.unit(facing_of).facing)
                    .into_iter()
                    .filter_map(|c| map.id_near(c, hex.sheet(), self.maps()))
                    .filter_map(|h| self.canonical(h))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The hexes the enemy stack in `hex` shows a zone of control into: those of its visible
    /// top counter (reference 5: the top counter's type and formation and the stack's facing
    /// are public), whatever its hidden morale.
    pub(crate) fn apparent_projection(&self, hex: HexId) -> Vec<HexId> {
        let (Some(top), Some(&first)) = (self.top(hex), self.at(hex).first()) else {
            return Vec::new();
        };
        self.projection(top, hex, first)
    }

    /// The hexes the stack in `hex` really projects a zone of control into: every unit of
    /// it not routed (series 14.0).
    pub(crate) fn real_projection(&self, hex: HexId) -> Vec<HexId> {
        let mut out: Vec<HexId> = Vec::new();
        for k in self.at(hex) {
            if self.unit(k).morale == MoraleState::Routed {
                continue;
            }
            for h in self.projection(k, hex, k) {
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
        out
    }

    /// The enemy hexes next to `hex` (from `side`'s point of view).
    fn enemy_neighbours(&self, side: Side, hex: HexId) -> Vec<HexId> {
        self.neighbour_hexes(hex)
            .into_iter()
            .filter(|&n| self.occupant(n).is_some_and(|s| s != side))
            .collect()
    }

    /// Every hex the enemy's top counters show a zone of control into, as `side` sees them.
    /// The enemy's stacks are gathered in one pass over the counters (or kept while the game
    /// is read whole), not looked up hex by hex.
    pub(crate) fn apparent_zoc_hexes(&self, side: Side) -> FastSet<HexId> {
        self.apparent_zoc_shown(side)
            .into_iter()
            .map(|(into, _)| into)
            .collect()
    }

    /// [`Self::apparent_zoc_hexes`], each with the hex of the stack that shows it: (into,
    /// from), in no particular order.
    pub(crate) fn apparent_zoc_shown(&self, side: Side) -> Vec<(HexId, HexId)> {
        let stacks = self.stacks_now();
        let mut out = Vec::new();
        for (hex, stack) in stacks.iter() {
            if !stack.iter().any(|&k| self.unit(k).side != side) {
                continue;
            }
            let top = stack
                .iter()
                .copied()
                .find(|&k| self.unit(k).kind.is_combat())
                .unwrap_or(stack[0]);
            out.extend(
                self.projection(top, hex, stack[0])
                    .into_iter()
                    .map(|into| (into, hex)),
            );
        }
        out
    }

    /// True when `hex` is really in a zone of control of `side`'s enemy.
    pub(crate) fn real_zoc(&self, side: Side, hex: HexId) -> bool {
        self.enemy_neighbours(side, hex)
            .into_iter()
            .any(|x| self.real_projection(x).contains(&hex))
    }

    /// True when `hex` is in an enemy zone of control as the moving player knows it: the
    /// apparent zones of the enemy's top counters, less those found absent, plus those found
    /// present, during the group's move (module docs).
    /// The enemy's zones of control are read from the enemy as the side sees it
    /// (`command::enemy_blocking`: kept across actions) unless a hex holds both sides.
    pub(crate) fn known_zoc(&self, side: Side, hex: HexId, group: Option<&MovingGroup>) -> bool {
        if group.is_some_and(|g| g.known_zoc.contains(&hex)) {
            return true;
        }
        let enemy = self.enemy_now(side);
        let Some(enemy) = enemy.as_ref() else {
            return self.known_zoc_afresh(side, hex, group);
        };
        let mut next_to: Option<Vec<HexId>> = None;
        let known = enemy.shown_into(hex).any(|x| {
            !group.is_some_and(|g| g.no_zoc_from.contains(&x))
                && next_to
                    .get_or_insert_with(|| self.neighbour_hexes(hex))
                    .contains(&x)
        });
        debug_assert_eq!(known, self.known_zoc_afresh(side, hex, group), "{hex}");
        known
    }

    /// [`Self::known_zoc`], found from the enemy's stacks next to `hex`.
    pub(crate) fn known_zoc_afresh(
        &self,
        side: Side,
        hex: HexId,
        group: Option<&MovingGroup>,
    ) -> bool {
        if group.is_some_and(|g| g.known_zoc.contains(&hex)) {
            return true;
        }
        self.enemy_neighbours(side, hex).into_iter().any(|x| {
            !group.is_some_and(|g| g.no_zoc_from.contains(&x))
                && self.apparent_projection(x).contains(&hex)
        })
    }

    /// The group has entered `hex`: reads its real zone of control, tells the mover where it
    /// differs from what he saw (a reveal), and returns whether the group must stop.
    pub(crate) fn meet_zoc(&mut self, side: Side, hex: HexId, fx: &mut Fx) -> bool {
        let Some(group) = self.moving.clone() else {
            return false;
        };
        // Only read until the group or the events change below (`read_whole`).
        let reading = self.read_whole();
        let known = self.known_zoc(side, hex, Some(&group));
        let real = self.real_zoc(side, hex);
        let absent: FastSet<HexId> = if known && !real {
            self.enemy_neighbours(side, hex)
                .into_iter()
                .filter(|&x| self.apparent_projection(x).contains(&hex))
                .collect()
        } else {
            FastSet::default()
        };
        drop(reading);
        if known && !real {
            let mut absent: Vec<HexId> = absent.into_iter().collect();
            absent.sort();
            let names: Vec<String> = absent.iter().map(|h| h.to_string()).collect();
            fx.reveal();
            fx.private(
                EventKind::Move,
                side,
                format!(
                    "The enemy in {} exerts no zone of control into {hex}: the move goes on (14.0).",
                    names.join(" and ")
                ),
            );
            if let Some(g) = self.moving.as_mut() {
                for x in absent {
                    if !g.no_zoc_from.contains(&x) {
                        g.no_zoc_from.push(x);
                    }
                }
            }
            false
        } else if real && !known {
            fx.reveal();
            fx.private(
                EventKind::Move,
                side,
                format!(
                    "{hex} is in the zone of control of enemy units beneath the top of their stack: the move ends there (14.0)."
                ),
            );
            if let Some(g) = self.moving.as_mut() {
                g.known_zoc.push(hex);
            }
            true
        } else {
            real
        }
    }
}
