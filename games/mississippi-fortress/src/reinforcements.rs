//! The arrival segment (1a, S3.7, S4.6b): voluntary dummy removal first, then reinforcements
//! and dummy placement. A land reinforcement group called for on turn T is placed on T, T+1 or
//! T+2 at its owner's choice (4.15a, S3.7c), arrives face down, may move that phase, and counts
//! as entering its Area (S3.53); where the enemy has full Control it may be placed but may not
//! move that phase (S3.7d). The enemy sees counters appear, not which group or whether one was
//! withheld (S3.7e).

use adjutant_engine::Side;

use crate::data::{Constants, Options};
use crate::events::{EventKind, Fx, counters};
use crate::model::action::Action;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// Reinforcement groups of `side` that must be placed or withheld now.
    pub fn due_groups(&self, side: Side) -> Vec<usize> {
        let window = Constants::get().reinforcements.land_window_turns;
        self.reinforcements
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                g.side == side
                    && !g.placed
                    && !g.cancelled
                    && g.turn <= self.turn
                    && self.turn <= g.turn.saturating_add(window)
                    && g.withheld != Some(self.turn)
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// The options of 1a.
    pub(crate) fn arrival_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        if !self.dummies_placed {
            let mut areas: Vec<_> = self
                .counters
                .iter()
                .filter(|c| c.side == side && c.kind == Kind::Dummy)
                .filter_map(|c| c.area())
                .collect();
            areas.sort();
            areas.dedup();
            out.extend(areas.into_iter().map(|area| Action::RemoveDummy { area }));
        }
        let window = Constants::get().reinforcements.land_window_turns;
        let due = self.due_groups(side);
        for &group in &due {
            out.push(Action::PlaceReinforcements { group });
            if self.turn < self.reinforcements[group].turn.saturating_add(window) {
                out.push(Action::WithholdReinforcements { group });
            }
        }
        if self.dummy_pool(side) > 0 {
            out.extend(
                self.dummy_areas(side)
                    .into_iter()
                    .map(|area| Action::PlaceDummy { area }),
            );
        }
        // 7.21d: damaged Confederate ships whose time has come may return.
        out.extend(self.return_actions(side));
        if due.is_empty() {
            out.push(Action::FinishArrival);
        }
        out
    }

    /// S3.7a: a group is placed in its Area.
    pub(crate) fn place_reinforcements(&mut self, group: usize, fx: &mut Fx) {
        let (side, area, units) = {
            let g = &self.reinforcements[group];
            (g.side, g.area, g.units.clone())
        };
        let census = self.census();
        let contact = census.occupies(side.opponent(), area);
        let pinned = census.full(side.opponent(), area);
        for &k in &units {
            let c = &mut self.counters[k];
            c.place = Place::Area(area);
            c.face_up = false;
            c.rec.began_in_contact = contact;
            c.rec.pinned = pinned;
        }
        self.reinforcements[group].placed = true;
        fx.both(
            EventKind::Reinforcement,
            format!(
                "The {side} player places {} in {}.",
                counters(units.len()),
                Self::area_name(area)
            ),
            side,
            format!(
                "Reinforcements arrive in {}: {}{}.",
                Self::area_name(area),
                self.names(&units),
                if pinned {
                    " (the enemy Controls the Area: they may not move this phase, S3.7d)"
                } else {
                    ""
                }
            ),
        );
        self.entered(side, area, None, &units, fx);
        self.settle(fx);
    }

    /// 7.11 (R16): at the start of his Movement Phase on the roll's turn, the player of an
    /// optional rule with an entry roll rolls one die; unless it is one of the entering
    /// results, that rule's reinforcements never come. The roll and its result are seen only by
    /// the roller (published with everything else at the end of the game).
    pub(crate) fn entry_rolls(&mut self, side: Side, fx: &mut Fx) {
        if self.entry_roll.is_some() {
            return;
        }
        let options = Options::get();
        for &id in &self.options.clone() {
            let Some(roll) = &options.option(id).entry_roll else {
                continue;
            };
            if roll.side != side || roll.turn != self.turn {
                continue;
            }
            let die = fx.d6();
            self.entry_roll = Some(die);
            let decided = options.option(roll.decides);
            let enters = roll.enters_on.contains(&die);
            let units: Vec<&str> = decided
                .reinforcements
                .iter()
                .flat_map(|g| g.units.iter().map(|u| u.as_str()))
                .collect();
            if !enters {
                for g in &mut self.reinforcements {
                    if g.units
                        .iter()
                        .any(|&k| units.contains(&self.counters[k].id.as_ref()))
                    {
                        g.cancelled = true;
                    }
                }
            }
            fx.private(
                EventKind::Reinforcement,
                side,
                format!(
                    "{} ({}): you roll {die}: {}.",
                    options.option(id).name,
                    options.option(id).rule,
                    if enters {
                        format!("{} arrive as scheduled", decided.name)
                    } else {
                        format!("{} will not come", decided.name)
                    }
                ),
            );
        }
    }

    /// S3.7c: a group is withheld this turn.
    pub(crate) fn withhold_reinforcements(&mut self, group: usize, fx: &mut Fx) {
        self.reinforcements[group].withheld = Some(self.turn);
        let side = self.reinforcements[group].side;
        let units = self.reinforcements[group].units.clone();
        fx.private(
            EventKind::Reinforcement,
            side,
            format!("Withheld this turn: {}.", self.names(&units)),
        );
    }

    /// "XVI Corps 4th Division to Area 35 (Hard Times), called for on Turn 16".
    pub(crate) fn group_description(&self, group: usize) -> String {
        let Some(g) = self.reinforcements.get(group) else {
            return format!("group {group}");
        };
        format!(
            "{} to {} (called for on Turn {}, at the latest on Turn {})",
            self.names(&g.units),
            Self::area_name(g.area),
            g.turn,
            g.turn
                .saturating_add(Constants::get().reinforcements.land_window_turns)
        )
    }

    /// The names of counters, joined.
    pub fn names(&self, keys: &[Key]) -> String {
        keys.iter()
            .map(|&k| self.counters[k].name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}
