//! The end of a phase with movement (series 12.0, 17.0, 24.4; reference 2.4): parts of
//! extended lines away from their parents, the over-stacking penalty, and the split it
//! orders.
//!
//! - "Stacking is enforced at the end of any phase with movement." **Decision**: every phase
//!   may move units — the Movement Phase by movement, close combat and the retreats they cause,
//!   the Fire Combat Phase (each side's fire a phase of its own here) by its retreats and
//!   displacements, the Rally Phase by its routs — so the check is made at the end of each,
//!   for both sides ([`BloodyRoadsSouth::stacking_at_phase_end`]). Over-stacking can arise
//!   only where no choice avoided it: a group stopped by what its owner could not see (a
//!   hidden zone of control), a retreat that stands fast with nowhere to step aside, an
//!   extended line collapsing or dragged into one hex (S17.2a-b), a part rejoining its parent.
//! - A part of an extended line that is not next to its parent rejoins it (S17.0: each part
//!   must end every phase adjacent to it; decision: kept, never broken).
//! - An over-stacked stack (more than 3 A fire levels or 10 gun points; at the end of its own
//!   Movement Phase also two road-moved columns or limbered units, our decision: the series
//!   prints no sanction for that) becomes DG, or Routed if already DG (S12.0 and the additive
//!   effects of S24.4), and is marked `must_split`. It is penalised once when found over the
//!   limits, and again at the end of each of its own Movement Phases it is still over them.
//! - It must split in its next Movement Phase: `FinishMovement` is not offered while a
//!   brigade or battery of a stack that must split may still be picked, and a group picked
//!   out of it may not be put down in that hex while it has a step to take
//!   ([`BloodyRoadsSouth::split_blocks_stop`]). Each unit is picked once a phase, so the
//!   phase always ends; a stack that still could not split takes the penalty again.
//! - **Decision** (secrecy): the penalty sentence is the owner's alone. The stack's being
//!   over the limits tells its fire levels and the DG its morale state, both secret (section
//!   5); the opponent learns nothing he does not see on the map. The split is ordinary
//!   movement, which the owner might have made anyway.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{UnitKey, UnitKind};
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// The stack in `hex` is within 3 A fire levels and 10 gun points (S12.0).
    pub(crate) fn within_limits(&self, hex: HexId) -> bool {
        self.stack_within_limits(&self.at(hex))
    }

    /// [`Self::within_limits`] for the counters `stack` of a hex.
    fn stack_within_limits(&self, stack: &[UnitKey]) -> bool {
        let (c, g) = self.load_of(stack.iter().copied());
        c <= STACK_C_UNITS && g <= STACK_GUN_POINTS
    }

    /// The stack in `hex` must split (module docs): over the limits, and penalised for it.
    pub fn must_split_here(&self, hex: HexId) -> bool {
        let combat: Vec<_> = self
            .at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).kind.is_combat())
            .collect();
        !self.within_limits(hex)
            && !combat.is_empty()
            && combat.iter().all(|&k| self.unit(k).marks.must_split)
    }

    /// A brigade or battery of `side` that must split may still be picked up (module docs).
    pub(crate) fn split_due(&self, side: Side) -> bool {
        self.keys().any(|k| {
            let u = self.unit(k);
            matches!(u.kind, UnitKind::Brigade | UnitKind::Battery)
                && self.may_pick(side, k)
                && u.hex().is_some_and(|h| self.must_split_here(h))
        })
    }

    /// A group picked out of a stack that must split may not be put down there while it has
    /// a step to take (module docs): it has not left the hex, which is still over the limits,
    /// and it holds a brigade or battery.
    pub(crate) fn split_blocks_stop(&self, g: &MovingGroup, has_step: impl Fn() -> bool) -> bool {
        g.path.is_empty()
            && self.must_split_here(g.from)
            && g.units
                .iter()
                .any(|&k| matches!(self.unit(k).kind, UnitKind::Brigade | UnitKind::Battery))
            && has_step()
    }

    /// The end of a phase (module docs): extended parts away from their parents rejoin them,
    /// and over-stacked stacks of both sides take the penalty. `moved`: the side whose own
    /// Movement Phase this is, if it is one.
    ///
    /// The penalty may rout a stack holding part of an extended line, whose brigade then
    /// collapses into its parent's hex (S17.2a), which may put that hex over the limits in
    /// turn: the collapse is made here and the stacks looked at again, until no line is left
    /// to collapse (each pass takes parts off the map, so it ends), so that no stack is left
    /// over the limits unpenalised when the phase is over.
    pub(crate) fn stacking_at_phase_end(&mut self, moved: Option<Side>, fx: &mut Fx) {
        let mut again = false;
        loop {
            self.stacking_pass(moved, again, fx);
            if !self.any_routed_line() {
                return;
            }
            self.collapse_routed_lines(fx);
            again = true;
        }
    }

    /// One pass of [`Self::stacking_at_phase_end`]: parts rejoin, over-stacked stacks are
    /// penalised (a stack penalised already in a pass of this phase is not penalised again).
    /// `again`: a later pass, which penalises only stacks not yet marked.
    fn stacking_pass(&mut self, moved: Option<Side>, again: bool, fx: &mut Fx) {
        for side in Side::BOTH {
            // The side's parts on the map, in key order (a part withdrawn makes no other
            // counter a part), each looked at as its turn comes.
            let mut parts: Vec<UnitKey> = self
                .part_keys()
                .iter()
                .map(|&(_, part)| part)
                .filter(|&k| self.unit(k).side == side)
                .collect();
            parts.sort_unstable();
            for k in parts {
                let u = self.unit(k);
                if !u.on_map() {
                    continue;
                }
                if let Some(parent) = u.part_of
                    && !self.extended_adjacent(&[k], None)
                {
                    self.withdraw_part(
                        parent,
                        k,
                        "it is not next to its brigade at the end of the phase and rejoins it \
                         (17.0)",
                        fx,
                    );
                }
            }
            let own = moved == Some(side);
            // Every stack of the side judged first, from the stacks kept for this version of
            // the counters (`read_whole`: in hex order, each read once where it lies, not
            // looked up hex by hex): a penalty changes only the morale and marks of the stack
            // it falls on, which no other stack's verdict reads.
            let reading = self.read_whole();
            let verdicts: Vec<(HexId, bool, Vec<UnitKey>)> = self
                .stacks_now()
                .iter()
                .filter_map(|(hex, stack)| {
                    let is_mine = |k: &UnitKey| self.unit(*k).side == side;
                    if !stack.iter().any(is_mine) {
                        return None;
                    }
                    let over = self.over_limits(stack, own);
                    // Within the limits and none marked, the penalty changes nothing: its
                    // counters are not listed (no list made for most stacks).
                    let marked = stack
                        .iter()
                        .any(|k| is_mine(k) && self.unit(*k).marks.must_split);
                    let mine: Vec<UnitKey> = match over || marked {
                        true => stack.iter().copied().filter(is_mine).collect(),
                        false => Vec::new(),
                    };
                    Some((hex, over, mine))
                })
                .collect();
            debug_assert!(
                verdicts.iter().map(|v| v.0).eq(self.hexes_of(side)),
                "the kept stacks hold the hexes of the side's counters"
            );
            drop(reading);
            for (hex, over, stack) in verdicts {
                self.penalise_if_over(hex, side, over, &stack, again || !own, fx);
            }
        }
    }

    /// The counters `stack` of a hex are over the limits at the end of a phase: the moving
    /// side's own stacks are held to the Movement Phase's limits, the other side's to the
    /// printed ones.
    fn over_limits(&self, stack: &[UnitKey], own_movement: bool) -> bool {
        if own_movement {
            !self.stack_is_legal(stack)
        } else {
            !self.stack_within_limits(stack)
        }
    }

    /// The penalty of S12.0 on `stack`, `side`'s counters in `hex`, if it is `over` the limits
    /// (module docs); `once`: a stack marked already is not penalised again (a later look of
    /// the phase, or the side did not move).
    fn penalise_if_over(
        &mut self,
        hex: HexId,
        side: Side,
        over: bool,
        stack: &[UnitKey],
        once: bool,
        fx: &mut Fx,
    ) {
        let marked = stack
            .iter()
            .filter(|&&k| self.unit(k).kind.is_combat())
            .all(|&k| self.unit(k).marks.must_split);
        // Only where the mark changes: a counter lent out to be changed takes the counters a
        // new version, and what was found from the last one is found again (`read_whole`).
        for &k in stack {
            if self.unit(k).marks.must_split != over {
                self.unit_mut(k).marks.must_split = over;
            }
        }
        if !over || (marked && once) {
            return;
        }
        let mut worst = MoraleState::Normal;
        for &k in stack {
            if self.unit(k).kind.is_combat() {
                self.add_morale(k, MoraleState::Disorganized);
                worst = worst.max(self.unit(k).morale);
            }
        }
        fx.private(
            EventKind::Move,
            side,
            format!(
                "The stack in {hex} is over the stacking limits at the end of the phase and \
                 becomes {} (12.0); it must split in its next Movement Phase.",
                worst.abbreviation()
            ),
        );
    }
}
