//! Losses and Leaders (S9.6): each Line Position's loss for the round (public) is divided by
//! its owner among its units one SP at a time, in private (S9.61); losses are casualties and
//! a unit at 0 is eliminated, its name announced (S9.62). For every Line Position that lost SP
//! each Leader in it rolls: a 6 (5 or 6 if the Line Position lost all its units) calls for a
//! second roll, 4-6 making him a casualty (S9.63; Bowen's inherent Officer never falls, 4.31d).
//! Surviving Leaders of a wiped-out Line Position move to the Reserve.

use adjutant_engine::Side;

use crate::data::Constants;
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Position};
use crate::model::counter::Key;
use crate::model::decision::Decision;
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S9.61-S9.63: `side`'s Line Positions take the round's fire.
    pub(crate) fn take_fire(&mut self, side: Side, fire: [u8; 3], fx: &mut Fx) {
        for (line, &hits) in fire.iter().enumerate() {
            if hits == 0 {
                continue;
            }
            let units = self.line_units(side, line);
            let total: u32 = units
                .iter()
                .map(|&k| u32::from(self.counters[k].present()))
                .sum();
            let loss = u8::try_from(u32::from(hits).min(total)).unwrap_or(hits);
            let wiped = u32::from(loss) >= total;
            if let Some(b) = self.battle.as_mut() {
                b.losses.get_mut(side)[line] = loss;
            }
            fx.public(
                EventKind::Battle,
                format!(
                    "{side} LP{} loses {loss} SP{}.",
                    line + 1,
                    if wiped {
                        ": every unit there is lost"
                    } else {
                        ""
                    }
                ),
            );
            if loss > 0 {
                self.leader_casualty_rolls(side, line, wiped, fx);
            }
            if wiped {
                for k in units {
                    self.add_casualties(k, self.counters[k].present());
                    self.eliminate(k, "destroyed in battle", fx);
                }
                // Surviving Leaders of a wiped-out Line Position move to the Reserve.
                let leaders = self.line_leaders(side, line);
                if let Some(b) = self.battle.as_mut() {
                    for (k, p) in b.slots.iter_mut() {
                        if leaders.contains(k) {
                            *p = Position::Reserve;
                        }
                    }
                }
            } else if loss > 0 {
                if let Some(b) = self.battle.as_mut() {
                    b.owed.get_mut(side)[line] = loss;
                }
                self.decisions.push(Decision::Allocate {
                    side,
                    line: u8::try_from(line).unwrap_or(0),
                });
            }
        }
    }

    /// S9.63: the Leaders of a Line Position that lost SP roll for casualties.
    fn leader_casualty_rolls(&mut self, side: Side, line: usize, wiped: bool, fx: &mut Fx) {
        let l = &Constants::get().leaders;
        let first_needed = if wiped {
            l.first_roll_line_wiped_out
        } else {
            l.first_roll
        };
        for k in self.line_leaders(side, line) {
            let name = self.counters[k].name();
            let first = fx.d6();
            if first < first_needed {
                fx.public(
                    EventKind::Leader,
                    format!("{name} ({side}, LP{}) rolls {first}: unharmed.", line + 1),
                );
                continue;
            }
            let second = fx.d6();
            if second >= l.second_roll {
                fx.public(
                    EventKind::Leader,
                    format!(
                        "{name} ({side}, LP{}) rolls {first} then {second}: a casualty.",
                        line + 1
                    ),
                );
                self.leader_falls(k, "a battle casualty", fx);
            } else {
                fx.public(
                    EventKind::Leader,
                    format!(
                        "{name} ({side}, LP{}) rolls {first} then {second}: unharmed.",
                        line + 1
                    ),
                );
            }
        }
    }

    /// S9.61: the units of a Line Position that can still lose an SP.
    pub(crate) fn allocation_options(&self, side: Side, line: u8) -> Vec<Action> {
        let owed = self
            .battle
            .as_ref()
            .map_or(0, |b| b.to_allocate(side, usize::from(line)));
        if owed == 0 {
            return Vec::new();
        }
        self.line_units(side, usize::from(line))
            .into_iter()
            .filter(|&k| self.counters[k].present() > 0)
            .map(|k| Action::TakeLoss {
                counter: self.counters[k].id.to_string(),
            })
            .collect()
    }

    /// One SP of a Line Position's loss falls on a unit.
    pub(crate) fn take_loss(&mut self, side: Side, line: u8, id: &str, fx: &mut Fx) {
        let Some(k) = self.key(id) else { return };
        let was = self.ineffective_on_map(k);
        self.add_casualties(k, 1);
        let left = match self.battle.as_mut() {
            Some(b) => {
                let owed = &mut b.owed.get_mut(side)[usize::from(line).min(2)];
                *owed = owed.saturating_sub(1);
                *owed
            }
            None => 0,
        };
        fx.private(
            EventKind::Battle,
            side,
            format!("{} loses 1 SP (casualty).", self.counters[k].name()),
        );
        if self.counters[k].present() == 0 {
            self.eliminate(k, "destroyed in battle", fx);
        }
        self.note_effectiveness(k, was, fx);
        if left > 0 {
            self.decisions.insert(0, Decision::Allocate { side, line });
        }
    }

    /// No unit left to take the rest of a loss: it is ignored (S9.61).
    pub(crate) fn allocation_done(&mut self, side: Side, line: u8) {
        if let Some(b) = self.battle.as_mut() {
            b.owed.get_mut(side)[usize::from(line).min(2)] = 0;
        }
    }

    /// Keys helper for tests and views: every unit of a side that took part in this battle.
    pub fn battle_roster(&self, side: Side) -> Vec<Key> {
        self.battle
            .as_ref()
            .map(|b| {
                b.roster
                    .iter()
                    .copied()
                    .filter(|&k| self.counters[k].side == side)
                    .collect()
            })
            .unwrap_or_default()
    }
}
