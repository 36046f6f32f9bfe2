//! Stacking at the end of movement (series 12.0, 17.0; reference 2.4, 2.5).
//!
//! - At most 3 A fire levels (12 C units: A = 4, B = 2, C = 1) and 10 gun points in a hex;
//!   leaders, HQs and wagons do not count.
//! - Column or limbered units that moved along a road this phase may not end stacked with
//!   another such unit.
//! - Each part of an extended line ends every phase adjacent to its parent.
//!
//! **Decision**: a group may not stop where it would break one of these (`EndMove` is not
//! offered there) unless it cannot move on at all (no step and no attack left: a hidden
//! zone of control, its last MP). What is still over the limits at the end of a phase takes
//! the penalty of S12.0 and must split in its next Movement Phase (`overstacking`).

use crate::data::HexId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{UnitKey, UnitKind};

use super::allowance::UnitStep;
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// The counters `stack` of a hex keep the limits of S12.0: fire levels, gun points, road
    /// columns.
    pub(crate) fn stack_is_legal(&self, stack: &[UnitKey]) -> bool {
        let (c, g) = self.load_of(stack.iter().copied());
        let road = stack
            .iter()
            .filter(|&&k| self.unit(k).marks.road_moved && self.is_road_formation(k))
            .count();
        c <= STACK_C_UNITS && g <= STACK_GUN_POINTS && road <= 1
    }

    /// Every extended part among `units` stands next to its parent, and every parent among
    /// them next to each of its parts (S17.0), `units` standing in `at` (their own hexes
    /// when `None`).
    pub(crate) fn extended_adjacent(&self, units: &[UnitKey], at: Option<HexId>) -> bool {
        let map = crate::data::map();
        let hex_of = |k: UnitKey| match at {
            Some(h) if units.contains(&k) => Some(h),
            _ => self.unit(k).hex(),
        };
        let next_to = |a: UnitKey, b: UnitKey| match (hex_of(a), hex_of(b)) {
            (Some(x), Some(y)) => map.distance(x, y) == Some(1),
            _ => true,
        };
        units.iter().all(|&k| match self.unit(k).part_of {
            Some(parent) => next_to(k, parent),
            None => self.parts_of(k).into_iter().all(|p| next_to(k, p)),
        })
    }

    /// The group could stop in `at` (module docs), `road` of its units counting as moved by
    /// road in column or limbered.
    pub(crate) fn stop_legal_at(&self, g: &MovingGroup, at: HexId, road: usize) -> bool {
        let others: Vec<UnitKey> = self
            .at(at)
            .into_iter()
            .filter(|k| !g.units.contains(k))
            .collect();
        let (mut c, mut guns) = (0u16, 0u16);
        for &k in others.iter().chain(&g.units) {
            match self.unit(k).kind {
                UnitKind::Brigade => c += u16::from(self.c_units(k)),
                UnitKind::Battery => guns += u16::from(self.unit(k).gun_points),
                _ => {}
            }
        }
        let road = road
            + others
                .iter()
                .filter(|&&k| self.unit(k).marks.road_moved && self.is_road_formation(k))
                .count();
        c <= STACK_C_UNITS
            && guns <= STACK_GUN_POINTS
            && road <= 1
            && self.extended_adjacent(&g.units, Some(at))
    }

    /// The units of a group that count as road-moved in column or limbered, after a step
    /// whose costs are `costs` (none: where it stands).
    pub(crate) fn road_units(&self, g: &MovingGroup, costs: Option<&[UnitStep]>) -> usize {
        g.units
            .iter()
            .filter(|&&k| {
                self.is_road_formation(k)
                    && (self.unit(k).marks.road_moved
                        || costs
                            .is_some_and(|c| c.iter().any(|s| s.unit == k && s.along.is_some())))
            })
            .count()
    }

    /// The group may stop where it stands (module docs); a group that has not left its hex
    /// always may.
    pub(crate) fn stop_is_legal(&self, g: &MovingGroup) -> bool {
        let Some(hex) = self.moving_hex(g) else {
            return true;
        };
        g.path.is_empty() || self.stop_legal_at(g, hex, self.road_units(g, None))
    }
}
