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
//! zone of control, its last MP). What is still over-stacked, or road-stacked, at the end of
//! the Movement Phase becomes DG (R if already DG, S12.0 and 24.4) and must split in its next
//! Movement Phase — enforced by the same penalty falling again at the end of each phase it
//! stays so (decision: the penalty is the series' sanction; treating a road-stacking breach
//! like over-stacking is ours). A part of an extended line not adjacent to its parent at the
//! end of the phase rejoins it (decision: the invariant of S17 is kept, never broken). A stack
//! a retreat leaves over the limits takes the same penalty when the retreat is over (`penalise_retreat_overstacking`).

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::step::{MovementSegment, Step};
use crate::model::unit::{UnitKey, UnitKind};

use super::allowance::UnitStep;
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// The stack in `hex` keeps the limits of S12.0: fire levels, gun points, road columns.
    pub(crate) fn stack_is_legal(&self, hex: HexId) -> bool {
        let (c, g) = self.stack_load(hex, None);
        let road = self
            .at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).marks.road_moved && self.is_road_formation(k))
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

    /// The end of the Movement Phase (S12.0, S17.0): the penalty of stacks still over the
    /// limits, and parts of extended lines left away from their parents.
    pub(crate) fn stacking_at_phase_end(&mut self, side: Side, fx: &mut Fx) {
        for k in self.keys().collect::<Vec<_>>() {
            let u = self.unit(k);
            if u.side != side || !u.on_map() {
                continue;
            }
            if let Some(parent) = u.part_of
                && !self.extended_adjacent(&[k], None)
            {
                self.rejoin(parent, k);
                let name = self.unit_name(side, &self.unit(parent).id);
                fx.private(
                    EventKind::Move,
                    side,
                    format!("The extended part of {name} is not next to it and rejoins it (17.0)."),
                );
            }
        }
        for hex in self.hexes_of(side) {
            let legal = self.stack_is_legal(hex);
            for k in self.at(hex) {
                self.unit_mut(k).marks.must_split = !legal;
            }
            if !legal {
                self.overstacking_penalty(side, hex, "at the end of movement", fx);
            }
        }
    }

    /// The over-stacking penalty of a stack (S12.0): its combat units become DG (R if already
    /// DG) and must split.
    fn overstacking_penalty(&mut self, side: Side, hex: HexId, when: &str, fx: &mut Fx) {
        let mut worst = MoraleState::Normal;
        for k in self.at(hex) {
            self.unit_mut(k).marks.must_split = true;
            if self.unit(k).kind.is_combat() {
                self.add_morale(k, MoraleState::Disorganized);
                worst = worst.max(self.unit(k).morale);
            }
        }
        fx.private(
            EventKind::Move,
            side,
            format!(
                "The stack in {hex} breaks the stacking limits {when} and becomes {} (12.0); it must split.",
                worst.abbreviation()
            ),
        );
    }

    /// S12.0 at the end of a retreat: a stack a retreat left over the limits (it stood fast
    /// with nowhere to step aside, or could not go on, reference 2.10) takes the penalty at
    /// once, as it would at the end of a Movement Phase (decision: the map never rests
    /// over-stacked unpenalised; the owner's next Movement Phase may be a whole enemy player
    /// turn away). The phasing player's stacks in his own Movement Phase's moves wait for its
    /// end, where the penalty falls once (`stacking_at_phase_end`).
    pub(crate) fn penalise_retreat_overstacking(&mut self, side: Side, hex: HexId, fx: &mut Fx) {
        if self.step
            == (Step::Movement {
                side,
                segment: MovementSegment::Move,
            })
        {
            return;
        }
        let (c, g) = self.stack_load(hex, None);
        if c > STACK_C_UNITS || g > STACK_GUN_POINTS {
            self.overstacking_penalty(side, hex, "at the end of a retreat", fx);
        }
    }
}
