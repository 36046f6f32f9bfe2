//! Extended lines in movement (series 17.0; BRS 6.0h; reference 2.5).
//!
//! - A brigade in line with a fire level of at least B may extend one part into an adjacent
//!   hex; with at least AA, two (at most two, `limits.toml`). An extended part may not itself
//!   extend. `Extend` is offered when the moving group is the brigade alone; the part enters
//!   the hex as a unit in line would, and the brigade pays that hex's cost (the one-hex right
//!   of S16.0 covers a brigade with its whole allowance). The part has moved this phase.
//! - Its current fire level is split evenly in C units (A = 4, B = 2, C = 1), the remainder
//!   with the parent; every part needs at least C (`fire::split`, which also re-splits it
//!   after every loss: the parts lose first, and a part that would fall below C rejoins the
//!   parent).
//! - Each part is a counter of its own: same id as its brigade, `part_of` its parent, its
//!   share in `share`. It moves (`Pick` names it by its hex), fires and checks morale as a
//!   separate unit; losses go on the brigade's one loss chart (the parent's).
//! - Each part must end every phase adjacent to the parent (`stacking`).
//! - `Contract` brings every part back into the parent's hex (free; decision: the series
//!   prints no cost) when the group is the parent alone, its parts stand next to it and the
//!   whole brigade fits in the parent's hex (decision: a contraction may not over-stack, as
//!   no voluntary move may); it must come before any formation change. The stack takes the
//!   worst morale state.
//! - The collapse of a routed brigade (S17.2a) and the drag of a 2-hex retreat (S17.2b) are
//!   the morale rules' (`morale::extended`); the set-up extension of 6.0h is the set-up's
//!   (`setup::extensions`), which makes its parts with [`BloodyRoadsSouth::make_part`].

use adjutant_engine::Side;

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, Location, Unit, UnitKey, UnitKind};
use crate::setup::placement::STACK_C_UNITS;

impl BloodyRoadsSouth {
    /// The parts of a brigade's extended line on the map.
    pub fn parts_of(&self, parent: UnitKey) -> Vec<UnitKey> {
        let parts = self.part_keys();
        let start = parts.partition_point(|&(p, _)| p < parent);
        parts[start..]
            .iter()
            .take_while(|&&(p, _)| p == parent)
            .map(|&(_, k)| k)
            .collect()
    }

    /// How many parts a brigade may have now (S17.0: one from B, two from AA).
    pub(crate) fn parts_allowed(&self, parent: UnitKey) -> usize {
        let limits = &crate::data::charts().limits.extended_line;
        let c = self.brigade_c_units(parent);
        if c >= limits.two_lines_min_fire_level.c_units() {
            usize::from(limits.max_per_brigade)
        } else if c >= limits.min_fire_level.c_units() {
            1
        } else {
            0
        }
    }

    /// The brigade the group is, alone, if it is a parent (not a part) in line.
    fn lone_parent(&self, g: &MovingGroup) -> Option<UnitKey> {
        let [k] = g.units[..] else {
            return None;
        };
        let u = self.unit(k);
        (u.kind == UnitKind::Brigade && u.part_of.is_none() && u.formation == Formation::Line)
            .then_some(k)
    }

    /// The `Extend` and `Contract` actions of a group.
    pub(crate) fn extended_actions(&self, side: Side, g: &MovingGroup) -> Vec<Action> {
        let Some(k) = self.lone_parent(g) else {
            return Vec::new();
        };
        let Some(here) = self.unit(k).hex() else {
            return Vec::new();
        };
        let parts = self.parts_of(k);
        let mut out = Vec::new();
        if parts.len() < self.parts_allowed(k) && !g.must_attack {
            let share = self.brigade_c_units(k) / (parts.len() as u8 + 2);
            let taken: Vec<HexId> = parts.iter().filter_map(|&p| self.unit(p).hex()).collect();
            for hex in self.neighbour_hexes(here) {
                if taken.contains(&hex)
                    || self.occupant(hex).is_some_and(|s| s != side)
                    || self.breaks_ninth_limits(&[k], hex)
                {
                    continue;
                }
                if self.stack_load(hex, None).0 + u16::from(share) > STACK_C_UNITS {
                    continue;
                }
                if self.extension_cost(k, here, hex).is_some() {
                    out.push(Action::Extend { hex });
                }
            }
        }
        if !parts.is_empty() && self.extended_adjacent(&[k], None) {
            let whole = self.brigade_c_units(k);
            let load = self.stack_load(here, None).0 - u16::from(self.c_units(k));
            if load + u16::from(whole) <= STACK_C_UNITS {
                out.push(Action::Contract);
            }
        }
        out
    }

    /// What extending into `hex` costs the brigade, if it can.
    fn extension_cost(
        &self,
        k: UnitKey,
        here: HexId,
        hex: HexId,
    ) -> Option<crate::data::charts::cell::Halves> {
        let s = self.unit_step(k, here, hex, false).ok()?;
        (i32::from(s.cost.0) <= self.mp_left(k) || self.has_whole_allowance(k)).then_some(s.cost)
    }

    /// Extends a part of the group's brigade into `hex` (module docs).
    pub(crate) fn extend(&mut self, side: Side, hex: HexId, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(k) = self.lone_parent(&g) else {
            return;
        };
        let Some(here) = self.unit(k).hex() else {
            return;
        };
        let Some(cost) = self.extension_cost(k, here, hex) else {
            return;
        };
        self.spend(k, cost);
        let parent = self.unit(k).clone();
        let part = self.make_part(k, hex);
        self.unit_mut(part).marks.moved = true;
        if let Some(m) = self.moving.as_mut() {
            m.turned_here = false;
        }
        fx.both(
            EventKind::Move,
            format!(
                "{} in {here} extends its line into {hex} (17.0).",
                parent.id
            ),
            side,
            format!(
                "{} extends its line into {hex} ({} MP; the part has {} C of fire).",
                self.unit_name(side, &parent.id),
                cost,
                self.unit(part).share
            ),
        );
        self.wilderness_entry(side, &[part], hex, fx);
        self.railroad_condition_on_entry(side, &[part], hex);
        self.ninth_corps_on_entry(side, &[part], Some(here), hex, fx);
        self.cavalry_on_entry(side, hex, fx);
    }

    /// A new part of brigade `k` standing in `hex` (S17.0): a counter with the brigade's id,
    /// in line, with the parent's morale and Low Ammo, on top of the stack there and facing
    /// as it faces (one facing a hex, S13.0; the parent's in an empty hex); the fire level
    /// split evenly again.
    pub(crate) fn make_part(&mut self, k: UnitKey, hex: HexId) -> UnitKey {
        let parent = self.unit(k).clone();
        let facing = self
            .at(hex)
            .into_iter()
            .find(|&o| self.unit(o).side == parent.side)
            .map_or(parent.facing, |o| self.unit(o).facing);
        let reuse = self
            .keys()
            .find(|&p| self.unit(p).part_of == Some(k) && !self.unit(p).on_map());
        let part = match reuse {
            Some(p) => p,
            None => {
                self.units_mut().push(Unit::new(
                    parent.id.clone(),
                    parent.side,
                    UnitKind::Brigade,
                    Formation::Line,
                ));
                UnitKey((self.units().len() - 1) as u16)
            }
        };
        {
            let u = self.unit_mut(part);
            u.location = Location::Map { hex };
            u.formation = Formation::Line;
            u.facing = facing;
            u.morale = parent.morale;
            u.low_ammo = parent.low_ammo;
            u.division = parent.division.clone();
            u.part_of = Some(k);
            u.casualties = 0;
            u.stragglers = 0;
            u.share = 0;
            u.marks = Default::default();
        }
        self.put_on_top(part);
        self.split_evenly(k);
        part
    }

    /// Contracts every part of the group's brigade into its hex.
    pub(crate) fn contract(&mut self, side: Side, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(k) = self.lone_parent(&g) else {
            return;
        };
        let Some(here) = self.unit(k).hex() else {
            return;
        };
        for p in self.parts_of(k) {
            self.rejoin(k, p);
        }
        let stack = self.stack_of(here, side);
        self.share_worst_state(&stack);
        let id = self.unit(k).id.clone();
        fx.public(
            EventKind::Move,
            format!("{id} contracts its extended line into {here} (17.0)."),
        );
    }
}
