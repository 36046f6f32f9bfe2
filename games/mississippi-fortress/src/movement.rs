//! Land movement (S3.1-S3.5, 5.2, 5.3): in his Movement Phase the phasing player moves stacks
//! one at a time: he chooses an Area, the counters that move together, then each next Area
//! until the stack stops. Borders decide where a step may go (Mississippi and Yazoo never,
//! Major Rivers at crossing points only, swamp to swamp only by road or railroad, artillery in
//! and out of swamps only by road); a step beyond a counter's allowance is a force march
//! (S3.3). Entering an Area where the enemy has full Control stops the stack (S3.51), or with
//! the troop-density option only an Area the enemy blocks (S11).

use adjutant_engine::Side;

use crate::data::{AreaId, Charts, Map, OptionId};
use crate::events::{EventKind, Fx, counters};
use crate::force_march::{extra_steps, may_force_march, path_allows_force_march};
use crate::model::action::Action;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;
pub use crate::model::moves::LandGroup;
use crate::model::node::Fleet;

impl MississippiFortress {
    /// A counter of `side` that may still move by land this phase.
    fn can_move(&self, k: Key, side: Side) -> bool {
        let c = &self.counters[k];
        c.side == side && matches!(c.place, Place::Area(_)) && !c.rec.done && !c.rec.pinned
    }

    /// S3.2a, S3.3: may the stack `members` at `at` (having entered `path` from `from`) step
    /// into `to`?
    pub fn step_allowed(&self, from: AreaId, path: &[AreaId], members: &[Key], to: AreaId) -> bool {
        let map = Map::get();
        let at = path.last().copied().unwrap_or(from);
        if map.border(at, to).is_none() || members.is_empty() {
            return false;
        }
        let steps = u8::try_from(path.len() + 1).unwrap_or(u8::MAX);
        let mut full_path: Vec<AreaId> = Vec::with_capacity(path.len() + 2);
        full_path.push(from);
        full_path.extend_from_slice(path);
        full_path.push(to);
        members.iter().all(|&k| {
            let c = &self.counters[k];
            if !map.land_step(at, to, c.kind == Kind::Artillery) || self.forbidden_to(k, to) {
                return false;
            }
            let allowance = c.kind.movement_allowance();
            if steps <= allowance {
                return true;
            }
            c.kind != Kind::Leader
                && steps <= allowance + extra_steps()
                && may_force_march(c)
                && path_allows_force_march(&full_path)
        })
    }

    /// S11.1: the Area is blocked to `side`'s movement: the enemy's combat units there total at
    /// least the Troop Density Table's value for its terrain.
    pub fn blocked(&self, side: Side, area: AreaId) -> bool {
        let census = self.census();
        let Some(terrain) = Map::get().area(area).map(|a| a.terrain) else {
            return false;
        };
        let p = census.get(side.opponent(), area);
        p.combat && u32::from(p.sp) >= u32::from(Charts::get().troop_density(terrain))
    }

    /// The options of 1c (S3.1c).
    pub(crate) fn movement_actions(&self, side: Side) -> Vec<Action> {
        if let Some(group) = &self.moving {
            return self.group_actions(side, group);
        }
        if let Some(fleet) = &self.sailing {
            return self.fleet_actions(fleet);
        }
        let map = Map::get();
        let mut out = Vec::new();
        let mut areas: Vec<AreaId> = Vec::new();
        for k in 0..self.counters.len() {
            if !self.can_move(k, side) {
                continue;
            }
            let Some(at) = self.counters[k].area() else {
                continue;
            };
            if areas.contains(&at) {
                continue;
            }
            if map
                .neighbours(at)
                .iter()
                .any(|&to| self.step_allowed(at, &[], &[k], to))
            {
                areas.push(at);
            }
        }
        areas.sort();
        out.extend(areas.into_iter().map(|area| Action::MoveFrom { area }));
        out.extend(self.sail_from_actions(side));
        out.extend(self.support_actions(side));
        out.push(Action::FinishMovement);
        out
    }

    fn group_actions(&self, side: Side, group: &LandGroup) -> Vec<Action> {
        let map = Map::get();
        let mut out = Vec::new();
        if group.path.is_empty() {
            let free: Vec<Key> = self
                .in_area(side, group.from)
                .filter(|&k| self.can_move(k, side) && !group.members.contains(&k))
                .collect();
            for &k in &free {
                out.push(Action::Take {
                    counter: self.counters[k].id.to_string(),
                });
            }
            if free.len() >= 2 {
                out.push(Action::TakeAll);
            }
        }
        for &to in map.neighbours(group.at) {
            if self.step_allowed(group.from, &group.path, &group.members, to) {
                out.push(Action::StepTo { area: to });
            }
        }
        if group.path.is_empty() {
            out.push(Action::Cancel);
        } else {
            if group.members.len() >= 2 {
                for &k in &group.members {
                    out.push(Action::Leave {
                        counter: self.counters[k].id.to_string(),
                    });
                }
            }
            out.push(Action::Halt);
        }
        out
    }

    /// Chooses an Area to move counters from.
    pub(crate) fn move_from(&mut self, area: AreaId) {
        self.moving = Some(LandGroup {
            from: area,
            at: area,
            members: Vec::new(),
            path: Vec::new(),
        });
    }

    /// Adds a counter to the moving stack.
    pub(crate) fn take(&mut self, id: &str) {
        if let (Some(k), Some(group)) = (self.key(id), self.moving.as_mut())
            && !group.members.contains(&k)
        {
            group.members.push(k);
        }
    }

    /// Adds every counter of the Area that may still move.
    pub(crate) fn take_all(&mut self, side: Side) {
        let Some(from) = self.moving.as_ref().map(|g| g.from) else {
            return;
        };
        let free: Vec<Key> = self
            .in_area(side, from)
            .filter(|&k| self.can_move(k, side))
            .collect();
        if let Some(group) = self.moving.as_mut() {
            for k in free {
                if !group.members.contains(&k) {
                    group.members.push(k);
                }
            }
        }
    }

    /// Drops a counter from the moving stack: it has finished its move.
    pub(crate) fn leave(&mut self, id: &str) {
        if let (Some(k), Some(group)) = (self.key(id), self.moving.as_mut()) {
            group.members.retain(|&m| m != k);
            self.counters[k].rec.done = true;
        }
    }

    /// Stops the moving land or naval stack where it is.
    pub(crate) fn halt(&mut self) {
        if let Some(group) = self.moving.take() {
            for &k in &group.members {
                self.counters[k].rec.done = true;
            }
        }
        if let Some(fleet) = self.sailing.take() {
            for &i in &fleet.ships {
                self.ships[i].rec.done = true;
            }
        }
    }

    /// Puts the chosen counters, ships or probing cavalry down again, unused.
    pub(crate) fn cancel(&mut self) {
        self.moving = None;
        self.sailing = None;
        self.probe = None;
    }

    /// One step of the moving stack into `to` (S3.1-S3.5).
    pub(crate) fn step_to(&mut self, side: Side, to: AreaId, fx: &mut Fx) {
        let Some(mut group) = self.moving.take() else {
            return;
        };
        let map = Map::get();
        let from = group.at;
        let census = self.census();
        let enemy = side.opponent();
        // S3.51 / S11.2: does the stack stop on entering?
        let stops = if self.option(OptionId::TroopDensity) {
            self.blocked(side, to)
        } else {
            census.full(enemy, to)
        };
        let crossed = map.border(from, to).is_some_and(|b| b.is_major_river());
        let steps = u8::try_from(group.path.len() + 1).unwrap_or(u8::MAX);
        let compelling = map
            .mandatory_combat(to)
            .is_some_and(|m| m.applies_from(from));
        let mut any_combat = false;
        for &k in &group.members {
            let c = &mut self.counters[k];
            c.place = Place::Area(to);
            c.rec.moved_since = true;
            c.rec.entered_from = Some(from);
            c.rec.entry_crossed = crossed;
            if c.is_combat() {
                any_combat = true;
                if crossed {
                    c.rec.crossed_river = true;
                }
            }
            if steps > c.kind.movement_allowance() && !c.rec.force_marched {
                c.rec.force_marched = true;
                c.rec.hurried_since = true;
                if c.is_combat() {
                    c.rec.march_streak += 1;
                }
            }
        }
        // 5.11, decision R11: a combat unit entered from a compelling Area.
        if any_combat && compelling && !self.compelled.contains(&to) {
            self.compelled.push(to);
        }
        group.at = to;
        group.path.push(to);
        let shown: Vec<String> = group
            .members
            .iter()
            .filter(|&&k| self.counters[k].face_up)
            .map(|&k| self.counters[k].name())
            .collect();
        let listing = if shown.is_empty() {
            String::new()
        } else {
            format!(" ({} face up)", shown.join(", "))
        };
        fx.both(
            EventKind::Move,
            format!(
                "{side}: {}{listing} {} from {} to {}.",
                counters(group.members.len()),
                if group.members.len() == 1 {
                    "moves"
                } else {
                    "move"
                },
                Self::area_name(from),
                Self::area_name(to)
            ),
            side,
            format!(
                "Moving: {}.",
                group
                    .members
                    .iter()
                    .map(|&k| self.counters[k].name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        let members = group.members.clone();
        self.entered(side, to, Some(from), &members, fx);
        self.settle(fx);
        // Counters removed (dummies) or displaced (Leaders alone, S3.55) leave the stack.
        let census = self.census();
        group.members.retain(|&k| {
            let c = &self.counters[k];
            c.place == Place::Area(to)
                && !(c.kind == Kind::Leader
                    && census.occupies(enemy, to)
                    && !census.occupies(side, to))
        });
        for k in members {
            if !group.members.contains(&k) {
                self.counters[k].rec.done = true;
            }
        }
        if stops {
            fx.public(
                EventKind::Move,
                format!(
                    "{side}: the stack stops in {}: {}.",
                    Self::area_name(to),
                    if self.option(OptionId::TroopDensity) {
                        "blocked (S11)"
                    } else {
                        "enemy-Controlled (S3.51)"
                    }
                ),
            );
            for &k in &group.members {
                self.counters[k].rec.done = true;
            }
            return;
        }
        if !group.members.is_empty() {
            self.moving = Some(group);
        }
    }

    /// "Move to Area 21 (Champion Hill)", noting a force march.
    pub(crate) fn step_label(&self, to: AreaId) -> String {
        let Some(group) = &self.moving else {
            return format!("Move to {}", Self::area_name(to));
        };
        let steps = u8::try_from(group.path.len() + 1).unwrap_or(u8::MAX);
        let marching = group
            .members
            .iter()
            .any(|&k| steps > self.counters[k].kind.movement_allowance());
        format!(
            "Move to {}{}",
            Self::area_name(to),
            if marching { " (force march)" } else { "" }
        )
    }

    /// The prompt of 1c.
    pub(crate) fn movement_prompt(&self) -> String {
        let title = self.phase_title();
        if let Some(group) = &self.moving {
            if group.path.is_empty() {
                return format!(
                    "{title}: choose the counters in {} that move together ({} chosen), then the Area they move to",
                    Self::area_name(group.from),
                    group.members.len()
                );
            }
            return format!(
                "{title}: {} moving, now in {} after {} step(s): choose the next Area, drop counters, or stop",
                counters(group.members.len()),
                Self::area_name(group.at),
                group.path.len()
            );
        }
        if let Some(fleet) = &self.sailing {
            return self.fleet_prompt(&title, fleet);
        }
        format!(
            "{title}: choose a stack in an Area, or ships on the river, to move; or finish movement"
        )
    }

    fn fleet_prompt(&self, title: &str, fleet: &Fleet) -> String {
        if fleet.steps == 0 {
            format!(
                "{title}: choose up to two ships at {} to move together (the first chosen is on top), then where they sail",
                fleet.from.name()
            )
        } else {
            format!(
                "{title}: your ships are at {}: sail on or stop",
                fleet.at.name()
            )
        }
    }
}
