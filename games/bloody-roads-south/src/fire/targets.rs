//! Who may fire at what (S19, S20.3; reference 2.6, 2.7): a unit in line or unlimbered, not
//! Routed, that has not fired this phase, in range (small arms 2, or 1 when Low Ammo; artillery
//! 10), with the target in its frontal arc and in line of sight at the turn's visibility, not
//! firing over friendly units adjacent to the target; only artillery may aim at artillery
//! beneath a stack's top unit; a hex is a target at most once for each kind per phase.
//!
//! Everything here reads only the firing side's own counters and what the map shows of the
//! enemy (hexes, top counters, whether a stack holds artillery): the list of fire actions
//! never depends on the enemy's secrets (section 5).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::geometry::{Passed, in_frontal_arc, line, line_of_sight};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};

use super::points::{HEX_FIRE_C_UNITS, HEX_FIRE_GUN_POINTS};

impl BloodyRoadsSouth {
    /// The unit an ordinary fire at `hex` hits: its top combat unit, or a wagon standing alone
    /// (S12.0; wagons have one step against fire, S28). Leaders and HQs are never targets.
    pub fn fire_target_unit(&self, hex: HexId) -> Option<UnitKey> {
        let stack = self.at(hex);
        stack
            .iter()
            .copied()
            .find(|&k| self.unit(k).kind.is_combat())
            .or_else(|| {
                stack
                    .iter()
                    .copied()
                    .find(|&k| self.unit(k).kind == UnitKind::Wagon)
            })
    }

    /// The artillery beneath a stack's top unit, which artillery may aim at (S12.0).
    pub fn artillery_beneath(&self, hex: HexId) -> Option<UnitKey> {
        let top = self.fire_target_unit(hex)?;
        if self.unit(top).kind == UnitKind::Battery {
            return None;
        }
        self.at(hex)
            .into_iter()
            .find(|&k| self.unit(k).kind == UnitKind::Battery)
    }

    /// True when `k` is able to fire at all now: a brigade in line or unlimbered artillery,
    /// on the map, not Routed (S11, S24.1).
    pub fn can_fire(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        u.on_map()
            && u.morale != MoraleState::Routed
            && match u.kind {
                UnitKind::Brigade => u.formation == Formation::Line && self.c_units(k) > 0,
                UnitKind::Battery => u.formation == Formation::Unlimbered && u.gun_points > 0,
                _ => false,
            }
    }

    /// The hexes holding units, for the line of sight (S19.0: +1 level for fire through them).
    pub(crate) fn occupied_cells(&self) -> std::collections::HashSet<crate::data::hex::Cell> {
        let map = crate::data::map();
        self.units()
            .iter()
            .filter_map(|u| u.hex())
            .filter_map(|h| map.cell(h))
            .collect()
    }

    /// True when `k` may fire at `target` at range, arc and sight (S19, S20.3; reference 2.6),
    /// ignoring whether it has fired already.
    pub fn may_fire_at(&self, k: UnitKey, target: HexId) -> bool {
        if !self.can_fire(k) {
            return false;
        }
        let u = self.unit(k);
        let Some(from) = u.hex() else {
            return false;
        };
        let map = crate::data::map();
        let limits = &crate::data::charts().limits.range;
        let Some(d) = map.distance(from, target) else {
            return false;
        };
        let max = match u.kind {
            UnitKind::Brigade if u.low_ammo => 1,
            UnitKind::Brigade => u32::from(limits.small_arms),
            _ => u32::from(limits.artillery),
        };
        if d == 0 || d > max {
            return false;
        }
        let (Some(a), Some(b)) = (map.cell(from), map.cell(target)) else {
            return false;
        };
        if !in_frontal_arc(u.facing, a, b) {
            return false;
        }
        let occupied = self.occupied_cells();
        let sight = line_of_sight(
            map,
            self.maps(),
            from,
            target,
            self.turn().visibility,
            |c| occupied.contains(&c),
        );
        if !sight.is_some_and(|s| s.is_clear()) {
            return false;
        }
        // Friendly units may not fire over friendly units adjacent to the target (S19.0).
        let friendly_next_to_target = |c: crate::data::hex::Cell| {
            c.distance(b) == 1
                && crate::geometry::canonical(map, self.maps(), c)
                    .is_some_and(|h| self.occupant(h) == Some(u.side))
        };
        !line(a, b).into_iter().any(|p| match p {
            Passed::Hex(c) => friendly_next_to_target(c),
            Passed::Hexside(c, e) => friendly_next_to_target(c) && friendly_next_to_target(e),
        })
    }

    /// True when `k` may join the fire being assembled (or a new one) at `target`: it may fire
    /// there, has not fired this phase, aims at the right kind (only artillery at artillery),
    /// and its hex still has fire to give beside the firers already chosen (1 A + 5 GP, S12.0).
    pub(crate) fn may_add_firer(
        &self,
        k: UnitKey,
        target: HexId,
        at_artillery: bool,
        chosen: &[UnitKey],
    ) -> bool {
        let u = self.unit(k);
        if u.marks.fired || chosen.contains(&k) || !self.may_fire_at(k, target) {
            return false;
        }
        if at_artillery && u.kind != UnitKind::Battery {
            return false;
        }
        self.hex_has_fire_left(k, chosen)
    }

    /// True when `k`'s hex still has fire to give beside the firers already chosen (1 A and
    /// 5 gun points out of one hex, S12.0).
    pub(crate) fn hex_has_fire_left(&self, k: UnitKey, chosen: &[UnitKey]) -> bool {
        let u = self.unit(k);
        let hex = u.hex();
        let (mut c, mut gp) = (0u8, 0u8);
        for &o in chosen {
            if self.unit(o).hex() == hex {
                c = c.saturating_add(self.c_units(o));
                gp = gp.saturating_add(self.unit(o).gun_points);
            }
        }
        match u.kind {
            UnitKind::Brigade => c < HEX_FIRE_C_UNITS,
            UnitKind::Battery => gp < HEX_FIRE_GUN_POINTS,
            _ => false,
        }
    }

    /// The units of `side` that could start or join a fire at `target` now.
    pub(crate) fn eligible_firers(
        &self,
        side: Side,
        target: HexId,
        at_artillery: bool,
        chosen: &[UnitKey],
    ) -> Vec<UnitKey> {
        self.keys()
            .filter(|&k| self.unit(k).side == side)
            .filter(|&k| self.may_add_firer(k, target, at_artillery, chosen))
            .collect()
    }

    /// Whether any unit of `side` could start a fire at `target` now: exactly whether
    /// [`Self::eligible_firers`] (with none chosen) is not empty, stopping at the first.
    pub(crate) fn has_eligible_firer(&self, side: Side, target: HexId, at_artillery: bool) -> bool {
        self.keys()
            .filter(|&k| self.unit(k).side == side)
            .any(|k| self.may_add_firer(k, target, at_artillery, &[]))
    }

    /// True when a hex was already fired at this phase for that kind of target (S20.3: once at
    /// its artillery, once at its top other unit; a stack with artillery on top only once).
    pub(crate) fn already_targeted(&self, hex: HexId, at_artillery: bool) -> bool {
        let hits_guns = at_artillery
            || self
                .fire_target_unit(hex)
                .is_some_and(|k| self.unit(k).kind == UnitKind::Battery);
        self.targeted.contains(&(hex, hits_guns))
    }

    /// The enemy hexes `side` may fire at now (each with at least one eligible firer).
    pub(crate) fn fire_targets(&self, side: Side) -> Vec<HexId> {
        let mut hexes = self.hexes_of(side.opponent());
        hexes.retain(|&h| {
            self.fire_target_unit(h).is_some()
                && !self.already_targeted(h, false)
                && self.has_eligible_firer(side, h, false)
        });
        hexes
    }
}
