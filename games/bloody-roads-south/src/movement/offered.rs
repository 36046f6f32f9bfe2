//! The movement segment's frequent actions told without listing them all (reference 2.4,
//! 2.5): whether the phasing player has any action, and whether a posted `Pick`, `Step`,
//! `Turn`, `ChangeFormation`, `ForceMarch`, `Extend`, `Contract` or `EndMove` is offered. A
//! replay checks every recorded action and, after each, whether a side acts; listing every
//! legal move for that was most of its time.
//!
//! Each answer is the list's ([`BloodyRoadsSouth::movement_actions`]), found from the same
//! functions: a group's first step ([`BloodyRoadsSouth::group_steps`], with the withdrawal's
//! route), its stop ([`BloodyRoadsSouth::may_stop`]). For a group that has turned here, whether it
//! acts is asked of its stop first, which needs its first step only where the stop depends on
//! it, then of the other parts of its list one by one until one offers something (checked
//! against the list in debug builds). Where a posted action's answer is not cheap (another
//! kind) it is `None`, and the list decides.

use std::cell::OnceCell;

use adjutant_engine::Side;

use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::step::MovementSegment;

impl BloodyRoadsSouth {
    /// Whether the phasing player has any action in the movement segment: exactly whether
    /// [`Self::movement_actions`] is not empty, found from a moving group's turn, stop or
    /// first step. With no group moving there is always one (reference 2.4, S16.3): a unit to
    /// pick; or, when none may be picked, no stack must split either ([`Self::split_due`] asks
    /// for one that may be picked), so each reinforcement due is offered or `FinishMovement`
    /// is. In debug builds that is checked against the units and the list.
    pub(crate) fn has_movement_action(&self, side: Side) -> bool {
        match &self.moving {
            None => {
                debug_assert!(
                    self.keys().any(|k| self.may_pick(side, k))
                        || !self
                            .movement_actions(side, MovementSegment::Move)
                            .is_empty(),
                    "the movement segment offers nothing with no group moving"
                );
                true
            }
            Some(g) => !self.group_intact(g) || may_turn(g) || self.group_acts(side, g),
        }
    }

    /// Whether an intact group that may not turn here has any action (`group_actions`' parts,
    /// in the order of what they cost to find): its stop, asking for its first step only where
    /// the stop depends on it (S10.5a, S12.0: nearly always it may stop where it stands, after
    /// a turn, S13.0, or a formation change, and its steps are not looked for at all); a step
    /// (toward its army's edges when it is withdrawing, 3A.7); an attack, a formation change,
    /// a forced march, an extension or contraction, leaving the map or the off-map link. In
    /// debug builds an answer found without the stop is checked against the list.
    fn group_acts(&self, side: Side, g: &MovingGroup) -> bool {
        let facts = self.group_facts(g);
        let step = OnceCell::new();
        let has_step =
            || *step.get_or_init(|| !self.group_steps(side, g, &facts, |_| true, 1).is_empty());
        let attack = OnceCell::new();
        let has_attack = || {
            *attack.get_or_init(|| {
                !self.withdrawing(side) && !self.attack_options(side, g, &facts).is_empty()
            })
        };
        if self.may_stop(side, g, has_step, has_attack) {
            return true;
        }
        let acts = has_step()
            || has_attack()
            || !self.formation_actions(side, g).is_empty()
            || (!g.must_attack && !self.force_marchers(g).is_empty())
            || !self.extended_actions(side, g).is_empty()
            || self.leave_option(side, g).is_some()
            || self.link_option(side, g).is_some();
        debug_assert_eq!(
            acts,
            !self
                .movement_actions(side, MovementSegment::Move)
                .is_empty(),
            "a group that may not stop"
        );
        acts
    }

    /// The offered action `posted` fits in the movement segment, where it is one of the kinds
    /// of the module's doc and offered; `None` otherwise (the list decides). A moving group's
    /// list is its steps, attacks, turns, formation changes, forced march, extensions, exits
    /// and stop in turn (`group_actions`), so each kind is offered when its own part has it.
    pub(crate) fn movement_fit(&self, side: Side, posted: &Action) -> Option<Action> {
        match (&self.moving, posted) {
            (None, Action::Pick { unit, part, .. }) => {
                let offered = self.keys().any(|k| {
                    let u = self.unit(k);
                    &u.id == unit && u.part_of.and(u.hex()) == *part && self.may_pick(side, k)
                });
                offered.then(|| Action::Pick {
                    unit: unit.clone(),
                    part: *part,
                    with: Vec::new(),
                })
            }
            (Some(g), Action::EndMove) if !self.group_intact(g) => Some(Action::EndMove),
            (Some(g), _) if !self.group_intact(g) => None,
            (Some(g), Action::Turn { facing }) => {
                let now = g.units.first().map(|&k| self.unit(k).facing);
                (may_turn(g) && now != Some(*facing)).then(|| posted.clone())
            }
            (Some(g), Action::Step { to }) => {
                let facts = self.group_facts(g);
                let steps = self.group_steps(side, g, &facts, |h| h == *to, 1);
                (!steps.is_empty()).then(|| posted.clone())
            }
            (Some(g), Action::ForceMarch) => {
                (!g.must_attack && !self.force_marchers(g).is_empty()).then_some(Action::ForceMarch)
            }
            (Some(g), Action::ChangeFormation { .. }) => self
                .formation_actions(side, g)
                .into_iter()
                .find(|a| a == posted),
            (Some(g), Action::Extend { .. } | Action::Contract) => self
                .extended_actions(side, g)
                .into_iter()
                .find(|a| a == posted),
            (Some(g), Action::EndMove) => {
                let facts = self.group_facts(g);
                let step = OnceCell::new();
                let has_step = || {
                    *step.get_or_init(|| !self.group_steps(side, g, &facts, |_| true, 1).is_empty())
                };
                let has_attack =
                    || !self.withdrawing(side) && !self.attack_options(side, g, &facts).is_empty();
                self.may_stop(side, g, has_step, has_attack)
                    .then_some(Action::EndMove)
            }
            _ => None,
        }
    }
}

/// The group may turn here: five `Turn`s are offered (S13.0: once in each hex).
fn may_turn(g: &MovingGroup) -> bool {
    !g.turned_here && !g.units.is_empty()
}
