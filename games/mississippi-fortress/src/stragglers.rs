//! Stragglers (S7, Straggler Loss Chart): a combat unit checks when it force marches, retreats
//! before combat, withdraws, is driven off or repulsed, is overrun, or is evacuated by sea;
//! the result turns present SP into stragglers (casualties for an evacuation, 4.13a). At 0 a
//! unit is eliminated and its stragglers become casualties (S1.7c). Stragglers are recovered
//! in the owner's Communications Phase (S7.5); those left at the end cost VPs (S7.6).
//!
//! Checks and recoveries are private to the owner (S4.5).

use adjutant_engine::Side;

use crate::data::charts::StragglerColumn;
use crate::data::{Charts, Constants};
use crate::events::{EventKind, Fx};
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

/// The printed Straggler Loss Chart modifiers that apply to one check, summed (cumulative).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StragglerCheck {
    /// The weather modifier (3.2b-c): +1 Heat or Rain, +2 continuing Rain.
    pub weather: i32,
    /// The unit's second or later consecutive turn of force marching.
    pub repeated_force_march: bool,
    /// It lost stragglers in the previous Game Turn.
    pub stragglers_previous_turn: bool,
    /// Cavalry or artillery.
    pub cavalry_or_artillery: bool,
    /// Present strength 1.
    pub strength_one: bool,
}

impl StragglerCheck {
    /// The total die modifier (Straggler Loss Chart note: a one-point artillery unit checks
    /// at -2).
    pub fn modifier(&self) -> i32 {
        let m = &Charts::get().straggler_loss.modifiers;
        let mut total = self.weather;
        if self.repeated_force_march {
            total += i32::from(m.repeated_force_march);
        }
        if self.stragglers_previous_turn {
            total += i32::from(m.stragglers_previous_turn);
        }
        if self.cavalry_or_artillery {
            total += i32::from(m.cavalry_or_artillery);
        }
        if self.strength_one {
            total += i32::from(m.strength_one);
        }
        total
    }

    /// SP lost for a die roll by a unit of `present` SP (column chosen before the loss).
    pub fn loss(&self, roll: u8, present: u8) -> u8 {
        let column = StragglerColumn::from_present_strength(present);
        Charts::get()
            .straggler_loss(column, i32::from(roll) + self.modifier())
            .loss
            .min(present)
    }
}

impl MississippiFortress {
    /// The modifiers of a check by counter `k` now.
    pub fn straggler_check_for(&self, k: Key) -> StragglerCheck {
        let c = &self.counters[k];
        StragglerCheck {
            weather: self.weather_straggler_modifier(),
            repeated_force_march: c.rec.force_marched && c.rec.march_streak >= 2,
            stragglers_previous_turn: c.rec.straggled_before,
            cavalry_or_artillery: matches!(c.kind, Kind::Cavalry | Kind::Artillery),
            strength_one: c.present() == 1,
        }
    }

    /// S7.2: one straggler check; `prisoners` for a 4.13a evacuation (losses are casualties).
    pub(crate) fn straggler_check(&mut self, k: Key, prisoners: bool, why: &str, fx: &mut Fx) {
        let c = &self.counters[k];
        if !c.is_combat() || c.present() == 0 || !c.on_map() {
            return;
        }
        let check = self.straggler_check_for(k);
        let roll = fx.d6();
        let present = c.present();
        let loss = check.loss(roll, present);
        let name = c.name();
        let side = c.side;
        let what = if prisoners {
            "casualties (prisoners)"
        } else {
            "stragglers"
        };
        fx.private(
            EventKind::Straggler,
            side,
            format!(
                "Straggler check for {name} ({why}): roll {roll} {:+} = {}: {loss} SP {what}.",
                check.modifier(),
                i32::from(roll) + check.modifier()
            ),
        );
        if loss == 0 {
            return;
        }
        let was = self.ineffective_on_map(k);
        if prisoners {
            self.add_casualties(k, loss);
        } else {
            let c = &mut self.counters[k];
            c.stragglers += loss;
            c.rec.straggled = true;
            c.rec.straggled_since = true;
        }
        if self.counters[k].present() == 0 {
            self.eliminate(k, "lost to straggling", fx);
        }
        self.note_effectiveness(k, was, fx);
    }

    /// Casualties that count as SP lost for the enemy's VPs (S10.3).
    pub(crate) fn add_casualties(&mut self, k: Key, n: u8) {
        let c = &mut self.counters[k];
        let n = n.min(c.present());
        c.casualties += n;
        *self.lost.get_mut(c.side) += u32::from(n);
    }

    /// S1.7c: a unit is eliminated: its present SP and remaining stragglers become casualties
    /// (SP lost, S10.3); it is removed and its name announced (S4.4c).
    pub(crate) fn eliminate(&mut self, k: Key, how: &str, fx: &mut Fx) {
        let c = &mut self.counters[k];
        let n = c.present() + c.stragglers;
        c.casualties += n;
        c.stragglers = 0;
        c.place = Place::Gone;
        c.face_up = true;
        *self.lost.get_mut(c.side) += u32::from(n);
        let (name, side) = (c.name(), c.side);
        fx.public(
            EventKind::Elimination,
            format!("{name} ({side}) is eliminated: {how}."),
        );
        fx.reveal();
    }

    /// 1f: every combat unit of `side` that force marched this phase checks once (S7.1).
    pub(crate) fn force_march_checks(&mut self, side: Side, fx: &mut Fx) {
        let keys: Vec<Key> = (0..self.counters.len())
            .filter(|&k| {
                let c = &self.counters[k];
                c.side == side && c.is_combat() && c.on_map() && c.rec.force_marched
            })
            .collect();
        for k in keys {
            self.straggler_check(k, false, "force march", fx);
        }
    }

    /// S7.5: straggler recovery in `side`'s Communications Phase, after the LOC status.
    pub(crate) fn recover_stragglers(&mut self, side: Side, fx: &mut Fx) {
        let census = self.census();
        let after_move = Constants::get().recovery.after_normal_move;
        let mut notes = Vec::new();
        let mut recovered = Vec::new();
        for k in 0..self.counters.len() {
            let was = self.ineffective_on_map(k);
            let c = &mut self.counters[k];
            if c.side != side || !c.is_combat() || !c.on_map() || c.stragglers == 0 {
                continue;
            }
            let in_contact = c
                .area()
                .is_some_and(|a| census.occupies(side.opponent(), a));
            if !c.rec.in_comms || in_contact || c.rec.straggled_since {
                continue;
            }
            let back = if c.rec.hurried_since {
                0
            } else if c.rec.moved_since {
                after_move.min(c.stragglers)
            } else {
                c.stragglers
            };
            if back > 0 {
                c.stragglers -= back;
                notes.push(format!("{} recovers {back} SP", c.name()));
                recovered.push((k, was));
            }
        }
        for c in &mut self.counters {
            if c.side == side {
                c.rec.moved_since = false;
                c.rec.hurried_since = false;
                c.rec.straggled_since = false;
            }
        }
        if !notes.is_empty() {
            fx.private(
                EventKind::Communications,
                side,
                format!("Straggler recovery: {}.", notes.join("; ")),
            );
        }
        for (k, was) in recovered {
            self.note_effectiveness(k, was, fx);
        }
    }
}
