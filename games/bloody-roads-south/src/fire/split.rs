//! The fire level of a brigade with an extended line (series 17.0, 6.5b; reference 2.5).
//!
//! The brigade has one loss chart (its parent's); its fire level, in C units (A = 4, B = 2,
//! C = 1), is shared between the parent and its parts, each holding its `share`, together
//! exactly the loss chart's fire level.
//!
//! - **Extending** splits it evenly (S17.0): each part the same whole number of C units, the
//!   remainder with the parent ([`BloodyRoadsSouth::split_evenly`]).
//! - **After a change** of casualties or stragglers ([`BloodyRoadsSouth::resplit`], called
//!   by `settle_losses` after every fire, close combat, morale result, straggler check and
//!   straggler recovery): the extended parts first lose fire (reference 2.5), one C unit at a
//!   time from the part holding the most (ties: the part extended first); a part at C that
//!   would fall below it rejoins the parent, that C being the one lost; only a brigade whose
//!   parts have all rejoined loses fire in its parent. **Decision**: fire regained (stragglers
//!   recovered, S21.2) goes to the parent — the men come back to the colours, and the parts
//!   keep what they hold. **Decision**: the fire levels of S17.0 (B for one part, AA for two)
//!   are needed to extend, not to stay extended: after losses only "every part at least C"
//!   holds a part in place.
//! - **Rejoining** ([`BloodyRoadsSouth::rejoin`]): the part's counter leaves the map, its share
//!   goes back to the parent, and the parent takes the worse morale state of the two (one
//!   stack, one state) and Low Ammo if the part had it (decision: the men who ran short of
//!   ammunition do not refill by rejoining; each part goes Low Ammo separately, S17.0).
//!   [`BloodyRoadsSouth::withdraw_part`] announces it, and the parent's stack then shares the
//!   worst state (S24.3): the owner reads why, the opponent only that the counter in that hex
//!   rejoined its brigade, in one kind of event whatever the reason (its disappearance is on
//!   the map; the reason would tell a fire level or a morale state, section 5).

use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Location, UnitKey};

impl BloodyRoadsSouth {
    /// A brigade's whole fire level in C units, from its loss chart (series 6.5b).
    pub(crate) fn brigade_c_units(&self, parent: UnitKey) -> u8 {
        let u = self.unit(parent);
        self.brigade_data(parent)
            .and_then(|b| b.fire_level(u.casualties + u.stragglers))
            .map_or(0, |l| l.c_units())
    }

    /// Splits a brigade's fire level evenly between it and its parts (S17.0): each part the
    /// same whole number of C units, the remainder with the parent. With no parts the parent's
    /// `share` is 0 (its fire level is read from its loss chart).
    pub(crate) fn split_evenly(&mut self, parent: UnitKey) {
        let total = self.brigade_c_units(parent);
        let parts = self.parts_of(parent);
        if parts.is_empty() {
            self.unit_mut(parent).share = 0;
            return;
        }
        let each = total / (parts.len() as u8 + 1);
        for &p in &parts {
            self.unit_mut(p).share = each;
        }
        self.unit_mut(parent).share = total - each * parts.len() as u8;
    }

    /// Brings the shares of a brigade's parent and parts back to its loss chart's fire level
    /// after a change (module docs): a loss falls on the parts first, and a part that would
    /// fall below C rejoins the parent ([`Self::withdraw_part`]); a gain goes to the parent.
    pub(crate) fn resplit(&mut self, parent: UnitKey, fx: &mut Fx) {
        let parent = self.unit(parent).part_of.unwrap_or(parent);
        let parts = self.parts_of(parent);
        if parts.is_empty() {
            self.unit_mut(parent).share = 0;
            return;
        }
        let total = self.brigade_c_units(parent);
        let held: u8 =
            self.unit(parent).share + parts.iter().map(|&p| self.unit(p).share).sum::<u8>();
        if total >= held {
            self.unit_mut(parent).share += total - held;
            return;
        }
        let mut loss = held - total;
        while loss > 0 {
            let parts = self.parts_of(parent);
            let Some(&p) = parts
                .iter()
                .max_by_key(|&&p| (self.unit(p).share, std::cmp::Reverse(p)))
            else {
                break;
            };
            loss -= 1;
            if self.unit(p).share > 1 {
                self.unit_mut(p).share -= 1;
            } else {
                self.unit_mut(p).share = 0;
                self.withdraw_part(
                    parent,
                    p,
                    "its fire level would fall below C, and it rejoins the brigade (17.0)",
                    fx,
                );
            }
        }
        let u = self.unit_mut(parent);
        u.share = u.share.saturating_sub(loss);
        if self.parts_of(parent).is_empty() {
            self.unit_mut(parent).share = 0;
        }
    }

    /// A part rejoins its parent (module docs), without a word.
    pub(crate) fn rejoin(&mut self, parent: UnitKey, part: UnitKey) {
        let (morale, low_ammo, share) = {
            let p = self.unit(part);
            (p.morale, p.low_ammo, p.share)
        };
        {
            let p = self.unit_mut(part);
            p.location = Location::Gone;
            p.share = 0;
            p.marks = Default::default();
        }
        let u = self.unit_mut(parent);
        u.morale = u.morale.max(morale);
        u.low_ammo |= low_ammo;
        u.share += share;
        if self.parts_of(parent).is_empty() {
            self.unit_mut(parent).share = 0;
        }
    }

    /// A part rejoins its parent (module docs), announced: the owner reads `why`, the opponent
    /// that the counter in its hex rejoined the brigade.
    pub(crate) fn withdraw_part(&mut self, parent: UnitKey, part: UnitKey, why: &str, fx: &mut Fx) {
        let Some(hex) = self.unit(part).hex() else {
            return;
        };
        let (side, id) = (self.unit(parent).side, self.unit(parent).id.clone());
        let to = self
            .unit(parent)
            .hex()
            .map(|h| format!(" in {h}"))
            .unwrap_or_default();
        self.rejoin(parent, part);
        if let Some(here) = self.unit(parent).hex() {
            let stack = self.stack_of(here, side);
            self.share_worst_state(&stack);
        }
        fx.reveal();
        // One kind for every withdrawal: the kind is public, and the reason is not.
        fx.both(
            EventKind::Move,
            format!("The extended line of {id} in {hex} rejoins its brigade{to} (17.0)."),
            side,
            format!(
                "The extended line of {} in {hex}: {why}.",
                self.unit_name(side, &id)
            ),
        );
    }
}
