//! Extended lines under morale results (series 17.2a, 17.2b; reference 2.5, 2.10).
//!
//! - **S17.2a, collapse**: if any part of a brigade routs (a Routed result, DG + DG, a retreat
//!   it cannot complete, a routed unit stacking with it), the whole brigade collapses into the
//!   parent's hex, routed. **Decisions**: every part's counter leaves the map and the parent
//!   becomes Routed in its own hex, its stack-mates with it (S24.3: any unit that even
//!   momentarily stacks with a routed unit is routed). When it is the parent that routs with a
//!   retreat, the parts collapse first and the brigade makes the retreat as one stack from the
//!   parent's hex. When an extended part routs, the collapse is its retreat: the part's counter
//!   goes back into the parent's hex and the parent does not retreat (the series sends the
//!   routed brigade *into the parent hex*, not beyond it; a routed parent within 6 hexes of
//!   the enemy retreats in its Rally Phase, S24.1b); the rest of the part's stack makes the
//!   retreat the result ordered. The collapse is applied as soon as a morale result is (before
//!   its retreat and stragglers) and, as a safety net, after every action (`advance`).
//! - **S17.2b, drag**: a retreat of 2 hexes (or more) of one part drags the rest of the
//!   brigade, which worsens one morale level. **Decisions**: the retreat pulls the whole line
//!   back: at its start the other counters of the brigade (parent or parts) rejoin the
//!   retreating one in its hex, each dragged one a level worse first (S24.3's one level:
//!   Normal and BL to Shaken, Shaken to DG, DG to Routed); the brigade is then one counter (the
//!   parent, taking the retreating part's place in its stack) with the worst state of its
//!   counters, its stack shares that state (one stack, one state), and the stack makes the
//!   2-hex retreat. Reason: the retreat question carries the hexes still to go, not the length
//!   ordered, so the start is where the 2 hexes are known; and the brigade then ends the
//!   retreat as one stack in its final hex, having met what the retreat meets (rout-through,
//!   fire drawn) as one. A dragged counter made Routed routs the whole brigade (S17.2a),
//!   which is one stack in the retreating hex by then, and the stack makes the retreat routed.
//!
//! The owner reads what happened and why; the opponent reads the counters that left or moved
//! (the reason would tell a morale state, section 5).

use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Location, UnitKey, UnitKind};
use crate::morale::state::one_worse;

impl BloodyRoadsSouth {
    /// The parents of brigades with an extended line on the map.
    fn extended_parents(&self) -> Vec<UnitKey> {
        let mut v: Vec<UnitKey> = self
            .keys()
            .filter_map(|k| self.unit(k).part_of)
            .filter(|&p| self.unit(p).on_map())
            .collect();
        v.sort();
        v.dedup();
        v.retain(|&p| !self.parts_of(p).is_empty());
        v
    }

    /// S17.2a: every brigade with a routed counter collapses into its parent's hex, routed
    /// (module docs). A collapse routs the stack it falls into (one morale state a stack, S12.0), which may
    /// rout a part of another brigade's line standing there: that line collapses in turn, so
    /// the brigades are looked at again until none is left with a routed counter.
    pub(crate) fn collapse_routed_lines(&mut self, fx: &mut Fx) {
        while self.any_routed_line() {
            let Some(parent) = self.extended_parents().into_iter().find(|&p| {
                std::iter::once(p)
                    .chain(self.parts_of(p))
                    .any(|k| self.unit(k).morale == MoraleState::Routed)
            }) else {
                break;
            };
            let parts = self.parts_of(parent);
            let Some(here) = self.unit(parent).hex() else {
                break; // a parent of `extended_parents` is on the map
            };
            let side = self.unit(parent).side;
            for p in parts {
                self.withdraw_part(
                    parent,
                    p,
                    &format!(
                        "the brigade routs and its whole line collapses into {here}, routed (17.2a)"
                    ),
                    fx,
                );
            }
            self.unit_mut(parent).morale = MoraleState::Routed;
            let stack = self.stack_of(here, side);
            self.share_worst_state(&stack);
        }
    }

    /// S17.2b: at the start of a retreat of `hexes`, the brigades of `units` with an extended
    /// line are pulled back into the retreating counter's hex when the retreat is 2 hexes or
    /// more (module docs). Returns the units that retreat.
    pub(crate) fn drag_extended_lines(
        &mut self,
        units: &[UnitKey],
        hexes: u8,
        fx: &mut Fx,
    ) -> Vec<UnitKey> {
        let mut units: Vec<UnitKey> = units.to_vec();
        if hexes < 2 {
            return units;
        }
        let mut parents: Vec<UnitKey> = units
            .iter()
            .filter(|&&k| self.unit(k).kind == UnitKind::Brigade && self.unit(k).on_map())
            .map(|&k| self.unit(k).part_of.unwrap_or(k))
            .filter(|&p| !self.parts_of(p).is_empty())
            .collect();
        parents.dedup();
        for parent in parents {
            units = self.drag_brigade(parent, units, fx);
        }
        units.retain(|&k| self.unit(k).on_map());
        units
    }

    /// Pulls one brigade back into its retreating counter's hex (S17.2b).
    fn drag_brigade(
        &mut self,
        parent: UnitKey,
        mut units: Vec<UnitKey>,
        fx: &mut Fx,
    ) -> Vec<UnitKey> {
        let members: Vec<UnitKey> = std::iter::once(parent)
            .chain(self.parts_of(parent))
            .collect();
        let Some(&mover) = members
            .iter()
            .find(|&&k| k == parent && units.contains(&k))
            .or_else(|| members.iter().find(|&&k| units.contains(&k)))
        else {
            return units;
        };
        let Some(hex) = self.unit(mover).hex() else {
            return units;
        };
        let dragged: Vec<UnitKey> = members
            .iter()
            .copied()
            .filter(|k| !units.contains(k))
            .collect();
        if dragged.is_empty() {
            return units;
        }
        let side = self.unit(parent).side;
        let id = self.unit(parent).id.clone();
        let from: Vec<String> = dragged
            .iter()
            .filter_map(|&k| self.unit(k).hex())
            .map(|h| h.to_string())
            .collect();
        for &k in &dragged {
            let worse = one_worse(self.unit(k).morale);
            self.unit_mut(k).morale = worse;
        }
        if mover != parent {
            // The parent takes the retreating part's place: its hex, its facing, its place in
            // the stack; the part rejoins it there.
            let (facing, z) = (self.unit(mover).facing, self.unit(mover).z);
            let p = self.unit_mut(parent);
            p.location = Location::Map { hex };
            p.facing = facing;
            p.z = z;
            p.marks.recovering = false;
            for k in units.iter_mut() {
                if *k == mover {
                    *k = parent;
                }
            }
        }
        for p in self.parts_of(parent) {
            self.rejoin(parent, p);
        }
        let stack = self.stack_of(hex, side);
        self.share_worst_state(&stack);
        fx.reveal();
        fx.both(
            EventKind::Retreat,
            format!(
                "{id} is dragged back with its retreating line: the counter{} in {} join{} it in {hex} (17.2b).",
                if from.len() == 1 { "" } else { "s" },
                from.join(" and "),
                if from.len() == 1 { "s" } else { "" },
            ),
            side,
            format!(
                "The 2-hex retreat of {} drags the rest of the brigade ({}) into {hex}, one morale level worse; the brigade is {} (17.2b).",
                self.unit_name(side, &id),
                from.join(" and "),
                self.unit(parent).morale.abbreviation()
            ),
        );
        units
    }
}
