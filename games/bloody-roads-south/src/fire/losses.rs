//! Losses from fire (S20.0 steps 5 and 10, S20.7, S26.2, S28; reference 2.7 steps 6 and 11):
//! casualty steps fall on the unit hit and overflow down the stack; artillery loses gun
//! points; a wagon has one step; a brigade whose every loss-chart box is filled, or artillery
//! with no gun points, is eliminated. Fire levels follow the loss chart by themselves
//! (`LossChart::fire_level` of casualties plus stragglers); an extended line's shares are
//! re-split after every change (`settle_losses`, `fire::split`).

use crate::data::HexId;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{LeaderFate, Location, UnitKey, UnitKind};

impl BloodyRoadsSouth {
    /// Puts `steps` casualty steps on `first` and, when it has no more to lose, on the next
    /// units of its side down the stack in `hex` (S20.0; artillery loses gun points, S26.2;
    /// a wagon is destroyed by one step, S28). Returns the steps taken; a private sentence
    /// tells the owner who lost what.
    pub(crate) fn take_casualties(
        &mut self,
        hex: HexId,
        first: UnitKey,
        steps: u8,
        fx: &mut Fx,
    ) -> u8 {
        let side = self.unit(first).side;
        let mut order = vec![first];
        order.extend(self.at(hex).into_iter().filter(|&k| {
            k != first
                && self.unit(k).side == side
                && (self.unit(k).kind.is_combat() || self.unit(k).kind == UnitKind::Wagon)
        }));
        let mut left = steps;
        let mut taken = 0;
        let mut words = Vec::new();
        for k in order {
            if left == 0 {
                break;
            }
            let n = self.absorb(k, left);
            if n == 0 {
                continue;
            }
            left -= n;
            taken += n;
            let u = self.unit(k);
            let name = self.unit_name(side, &u.id);
            words.push(match u.kind {
                UnitKind::Battery => format!("{name} loses {n} gun point{}", plural(n)),
                UnitKind::Wagon => format!("{name} is destroyed"),
                _ => format!("{name} takes {n} casualty step{}", plural(n)),
            });
        }
        if !words.is_empty() {
            fx.private(
                EventKind::Fire,
                side,
                format!("Losses in {hex}: {}.", words.join("; ")),
            );
        }
        for k in self.at(hex) {
            self.settle_losses(k, fx);
        }
        taken
    }

    /// Takes up to `steps` losses on one counter; returns how many it took.
    fn absorb(&mut self, k: UnitKey, steps: u8) -> u8 {
        match self.unit(k).kind {
            UnitKind::Brigade => {
                let parent = self.unit(k).part_of.unwrap_or(k);
                let Some(b) = self.brigade_data(parent) else {
                    return 0;
                };
                let u = self.unit(parent);
                let n = steps.min(b.steps.saturating_sub(u.casualties + u.stragglers));
                self.unit_mut(parent).casualties += n;
                n
            }
            UnitKind::Battery => {
                let n = steps.min(self.unit(k).gun_points);
                self.unit_mut(k).gun_points -= n;
                n
            }
            UnitKind::Wagon if self.unit(k).on_map() => {
                self.unit_mut(k).supply = 0;
                self.unit_mut(k).location = Location::Gone;
                1
            }
            _ => 0,
        }
    }

    /// After a unit's casualties, stragglers or gun points changed: a brigade whose every
    /// loss-chart box is filled (with its extended parts) or artillery with no gun points left
    /// is eliminated, the counter leaving the map, which both players see; a brigade with an
    /// extended line has its fire level re-split (S17.0, `fire::split`).
    pub(crate) fn settle_losses(&mut self, k: UnitKey, fx: &mut Fx) {
        let u = self.unit(k);
        if !u.on_map() {
            return;
        }
        let spent = match u.kind {
            UnitKind::Brigade => {
                let parent = u.part_of.unwrap_or(k);
                let p = self.unit(parent);
                self.brigade_data(parent)
                    .is_some_and(|b| b.fire_level(p.casualties + p.stragglers).is_none())
            }
            UnitKind::Battery => u.gun_points == 0,
            _ => false,
        };
        if !spent {
            if u.kind == UnitKind::Brigade {
                self.resplit(k, fx);
            }
            return;
        }
        let parent = u.part_of.unwrap_or(k);
        let side = u.side;
        let hex = u.hex();
        let gone: Vec<UnitKey> = self
            .keys()
            .filter(|&o| o == k || o == parent || self.unit(o).part_of == Some(parent))
            .filter(|&o| self.unit(o).on_map())
            .collect();
        for o in gone {
            self.unit_mut(o).location = Location::Gone;
            self.unit_mut(o).marks.recovering = false;
        }
        let name = self.unit_name(side, &self.unit(k).id.clone());
        fx.reveal();
        fx.public(
            EventKind::Fire,
            format!(
                "{name} is eliminated{}.",
                hex.map(|h| format!(" in {h}")).unwrap_or_default()
            ),
        );
    }

    /// Eliminates a unit outright (forced off the map, or a rout it cannot make, S24.1b,
    /// S24.3): a brigade's remaining strength becomes casualties when `as_casualties`. A
    /// brigade's parent goes with its extended parts (decision: the parts are its line, and
    /// cannot stand without it); an extended part alone takes its share of the fire level
    /// with it (decision: casualties are marked on the brigade's chart until its fire level
    /// is no more than what the parent and its other parts hold, then re-split).
    pub(crate) fn eliminate(&mut self, k: UnitKey, as_casualties: bool, why: &str, fx: &mut Fx) {
        let u = self.unit(k).clone();
        if !u.on_map() {
            return;
        }
        let side = u.side;
        let hex = u.hex();
        // Reference 3A.6: an eliminated unit is a public blow against its command.
        self.record_blow(u.part_of.unwrap_or(k));
        if let (UnitKind::Brigade, Some(parent)) = (u.kind, u.part_of) {
            self.eliminate_part(parent, k);
        } else if u.kind == UnitKind::Brigade {
            if as_casualties && let Some(b) = self.brigade_data(k) {
                let p = self.unit_mut(k);
                p.casualties = b.steps.saturating_sub(p.stragglers);
            }
            for p in self.parts_of(k) {
                self.unit_mut(p).location = Location::Gone;
                self.unit_mut(p).share = 0;
            }
            self.unit_mut(k).share = 0;
        }
        if u.kind == UnitKind::Leader {
            self.unit_mut(k).fate = LeaderFate::Removed;
        }
        self.unit_mut(k).location = Location::Gone;
        self.unit_mut(k).marks.recovering = false;
        let name = self.unit_name(side, &self.unit(k).id.clone());
        fx.reveal();
        fx.public(
            EventKind::Retreat,
            format!(
                "{name} is eliminated{} ({why}).",
                hex.map(|h| format!(" in {h}")).unwrap_or_default()
            ),
        );
        if let Some(parent) = u.part_of {
            self.settle_losses(parent, fx);
        }
    }

    /// An extended part is eliminated: its share of the fire level is lost from the brigade's
    /// loss chart (see [`Self::eliminate`]); the caller re-splits.
    fn eliminate_part(&mut self, parent: UnitKey, part: UnitKey) {
        let keep = self
            .brigade_c_units(parent)
            .saturating_sub(self.unit(part).share);
        let steps = self.brigade_data(parent).map_or(0, |b| b.steps);
        while self.brigade_c_units(parent) > keep {
            let p = self.unit(parent);
            if p.casualties + p.stragglers >= steps {
                break;
            }
            self.unit_mut(parent).casualties += 1;
        }
        let others: u8 = self
            .parts_of(parent)
            .into_iter()
            .filter(|&p| p != part)
            .map(|p| self.unit(p).share)
            .sum();
        self.unit_mut(parent).share = keep.saturating_sub(others);
        self.unit_mut(part).share = 0;
        self.unit_mut(part).location = Location::Gone;
    }

    /// Series 10.3 and 21.2: the stack fired on is marked (fired on by infantry when any
    /// small-arms fire hit it) and loses its straggler recovery markers.
    pub(crate) fn mark_fired_on(&mut self, hex: HexId, by_infantry: bool) {
        let side = self.occupant(hex);
        for k in self.at(hex) {
            if Some(self.unit(k).side) != side {
                continue;
            }
            let u = self.unit_mut(k);
            u.marks.recovering = false;
            if by_infantry {
                u.marks.fired_on_by_infantry = true;
            }
        }
    }
}

/// "s" for a plural.
pub(crate) fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}
