//! The Battle Board (S8.5-S8.7, S9.82, 2.12, 2.22a, 4.31): three Line Positions and a
//! Reserve a side. Both players deploy secretly, one counter at a time (S8.6); the deployment
//! is revealed together (S8.7a: Line Position counters turn face up, the Reserve stays face
//! down). The Attacker's Line Positions engage those they face, or swing to an adjacent one
//! when facing an empty one (S8.7b). Before round 2 Reserve counters may be committed, again
//! secretly (S9.82). The rating Officer of a Line Position is derived by the engine (R31).

use adjutant_engine::Side;

use crate::data::Constants;
use crate::data::units::{Formation, LeaderRole};
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Position};
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Kind, Place};
use crate::model::game::MississippiFortress;

/// The counter with the inherent Officer of 4.31.
pub const BOWEN: &str = "bowen-div";
/// The one Union Commander/Officer whose rating counts alone in a Line Position (2.12a).
pub const GRANT: &str = "grant";

/// A side's counters on the Battle Board where they stand, and, in roster order, those it
/// has still to place (deploy, S8.6a, or decide about, S9.82).
pub(crate) type Queue = (Vec<(Key, Position)>, Vec<Key>);

impl MississippiFortress {
    /// S8.6b-e: where counter `k` may be placed, given its side's `placed` counters; with
    /// `must_occupy` the Reserve is refused (S8.6g, S9.82).
    pub fn placement_options(
        &self,
        k: Key,
        placed: &[(Key, Position)],
        must_occupy: bool,
    ) -> Vec<Position> {
        let c = &self.counters[k];
        let bb = &Constants::get().battle_board;
        let in_line = |line: usize| -> Vec<Key> {
            placed
                .iter()
                .filter(|(o, p)| *o != k && *p == Position::of_line(line))
                .map(|(o, _)| *o)
                .collect()
        };
        let mut out = Vec::new();
        for line in 0..3 {
            let here = in_line(line);
            let kinds: Vec<Kind> = here.iter().map(|&o| self.counters[o].kind).collect();
            let combat_here = kinds.iter().any(|k| k.is_infantry() || *k == Kind::Cavalry);
            let ok = match c.kind {
                Kind::Division | Kind::Brigade | Kind::Militia => {
                    // 2.22a (G11): at most four same-letter Confederate divisions, a brigade
                    // counting one half; militia never count.
                    c.side != Side::Confederate || !c.kind.is_line_infantry() || {
                        let halves: u32 = here
                            .iter()
                            .map(|&o| &self.counters[o])
                            .filter(|o| o.formation == c.formation)
                            .map(|o| match o.kind {
                                Kind::Division => 2,
                                Kind::Brigade => 1,
                                _ => 0,
                            })
                            .sum();
                        let mine = if c.kind == Kind::Division { 2 } else { 1 };
                        halves + mine <= 2 * u32::from(bb.max_divisions_per_identifier)
                    }
                }
                Kind::Cavalry => {
                    kinds.iter().filter(|&&k| k == Kind::Cavalry).count()
                        < usize::from(bb.max_cavalry_per_line_position)
                }
                Kind::Artillery => {
                    combat_here
                        && kinds.iter().filter(|&&k| k == Kind::Artillery).count()
                            < usize::from(bb.max_artillery_per_line_position)
                }
                Kind::Leader => match c.role() {
                    Some(LeaderRole::Commander) | None => false,
                    Some(LeaderRole::Officer) => {
                        let commands = c
                            .leader
                            .as_ref()
                            .map(|l| l.commands.clone())
                            .unwrap_or_default();
                        here.iter().any(|&o| {
                            let u = &self.counters[o];
                            u.kind.is_line_infantry()
                                && u.formation.is_some_and(|f| commands.contains(&f))
                        })
                    }
                    Some(LeaderRole::CommanderOfficer) => combat_here,
                },
                Kind::Dummy => false,
            };
            if ok {
                out.push(Position::of_line(line));
            }
        }
        if !must_occupy {
            out.push(Position::Reserve);
        }
        out
    }

    /// The next counter `side` deploys (S8.6a), in roster order.
    pub fn next_to_deploy(&self, side: Side) -> Option<Key> {
        self.deploy_queue(side)
            .and_then(|(_, queue)| queue.first().copied())
    }

    /// S8.6a: `side`'s counters already on the Battle Board and, in roster order, those it
    /// has still to deploy (`None` outside a battle).
    pub(crate) fn deploy_queue(&self, side: Side) -> Option<Queue> {
        let b = self.battle.as_ref()?;
        let placed: Vec<(Key, Position)> = b
            .slots
            .iter()
            .copied()
            .filter(|(o, _)| self.counters[*o].side == side)
            .collect();
        let queue = b
            .roster
            .iter()
            .copied()
            .filter(|&k| {
                self.counters[k].side == side
                    && self.counters[k].place == Place::Area(b.area)
                    && !b.slots.iter().any(|(o, _)| *o == k)
            })
            .collect();
        Some((placed, queue))
    }

    /// S8.6g: this infantry or cavalry counter is the last chance to occupy a Line Position.
    fn must_occupy(&self, k: Key, placed: &[(Key, Position)], later: &[Key]) -> bool {
        let c = &self.counters[k];
        let fights =
            |c: &crate::model::counter::Counter| c.kind.is_infantry() || c.kind == Kind::Cavalry;
        fights(c)
            && !placed
                .iter()
                .any(|(o, p)| p.line().is_some() && self.counters[*o].is_combat())
            && !later.iter().any(|&o| o != k && fights(&self.counters[o]))
    }

    /// S8.6b-g: the positions of the first counter of `queue` (the counters still to place,
    /// in roster order) beside the `placed` ones.
    pub(crate) fn first_placement_options(
        &self,
        placed: &[(Key, Position)],
        queue: &[Key],
    ) -> Vec<Position> {
        let Some(&k) = queue.first() else {
            return Vec::new();
        };
        let must = self.must_occupy(k, placed, queue);
        self.placement_options(k, placed, must)
    }

    /// S8.6, S9.82 (decision I37): whether every counter of `queue` could be placed in
    /// `position`, one after another in roster order, each with the checks its own single
    /// placement would meet (2.22a, S8.6b, S8.6e, S8.6g).
    pub(crate) fn all_fit(
        &self,
        placed: &[(Key, Position)],
        queue: &[Key],
        position: Position,
    ) -> bool {
        let mut placed = placed.to_vec();
        for (i, &k) in queue.iter().enumerate() {
            if !self
                .first_placement_options(&placed, &queue[i..])
                .contains(&position)
            {
                return false;
            }
            match placed.iter_mut().find(|(o, _)| *o == k) {
                Some(slot) => slot.1 = position,
                None => placed.push((k, position)),
            }
        }
        true
    }

    /// The deployment options of `side`: the positions of its next counter and, where
    /// there is a choice and more than one counter left, each position that takes them all
    /// (decision I37).
    pub(crate) fn deploy_actions(&self, side: Side) -> Vec<Action> {
        let Some((placed, queue)) = self.deploy_queue(side) else {
            return Vec::new();
        };
        let Some(&k) = queue.first() else {
            return Vec::new();
        };
        let options = self.first_placement_options(&placed, &queue);
        let mut out: Vec<Action> = options
            .iter()
            .map(|&position| Action::Deploy {
                counter: self.counters[k].id.to_string(),
                position,
            })
            .collect();
        if queue.len() >= 2 && options.len() >= 2 {
            out.extend(
                options
                    .into_iter()
                    .filter(|&p| self.all_fit(&placed, &queue, p))
                    .map(|position| Action::DeployAll { position }),
            );
        }
        out
    }

    /// Places a counter (secret until the reveal).
    pub(crate) fn deploy(&mut self, id: &str, position: Position) {
        if let (Some(k), Some(b)) = (self.key(id), self.battle.as_mut()) {
            b.slots.push((k, position));
        }
    }

    /// Places every counter `side` has still to deploy, in roster order (secret until the
    /// reveal): the slots the single placements would give (decision I37).
    pub(crate) fn deploy_all(&mut self, side: Side, position: Position) {
        let Some((_, queue)) = self.deploy_queue(side) else {
            return;
        };
        if let Some(b) = self.battle.as_mut() {
            b.slots.extend(queue.into_iter().map(|k| (k, position)));
        }
    }

    /// S8.7a: both deployments are revealed together.
    pub(crate) fn reveal_deployment(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.as_mut() else {
            return;
        };
        b.revealed = true;
        let lines: Vec<Key> = b
            .slots
            .iter()
            .filter(|(_, p)| p.line().is_some())
            .map(|(k, _)| *k)
            .collect();
        for k in lines {
            self.counters[k].face_up = true;
        }
        fx.reveal();
        fx.public(EventKind::Battle, self.board_summary("Deployment revealed"));
        self.straight_engagements();
        self.set_stage(BattleStage::Engage);
    }

    /// "Deployment revealed. Union: LP1 ...; Reserve: 2 counters. Confederate: ...".
    pub(crate) fn board_summary(&self, heading: &str) -> String {
        let Some(b) = &self.battle else {
            return String::new();
        };
        let mut parts = vec![format!("Battle in {}: {heading}.", Self::area_name(b.area))];
        for side in [b.attacker, b.defender()] {
            let mut lines = Vec::new();
            for line in 0..3 {
                let names: Vec<String> = self
                    .at_position(side, Position::of_line(line))
                    .into_iter()
                    .map(|k| self.counters[k].name())
                    .collect();
                if !names.is_empty() {
                    lines.push(format!("LP{}: {}", line + 1, names.join(", ")));
                }
            }
            let reserve = self.at_position(side, Position::Reserve).len();
            lines.push(format!("Reserve: {}", crate::events::counters(reserve)));
            parts.push(format!("{side}: {}.", lines.join("; ")));
        }
        parts.join(" ")
    }

    /// S8.7b(1): each occupied Attacker Line Position facing an occupied Defender one engages.
    pub(crate) fn straight_engagements(&mut self) {
        let Some(b) = &self.battle else { return };
        let (attacker, defender) = (b.attacker, b.defender());
        let mut engaged = [None; 3];
        for (line, slot) in engaged.iter_mut().enumerate() {
            if self.line_occupied(attacker, line) && self.line_occupied(defender, line) {
                *slot = Some(u8::try_from(line).unwrap_or(0));
            }
        }
        if let Some(b) = self.battle.as_mut() {
            b.engaged = engaged;
            b.swing_done = [false; 3];
        }
    }

    /// S8.7b(2): the Defender Line Positions Attacker Line Position `line` may swing onto.
    pub fn swing_targets(&self, line: usize) -> Vec<u8> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let (attacker, defender) = (b.attacker, b.defender());
        if b.engaged[line].is_some()
            || !self.line_occupied(attacker, line)
            || self.line_occupied(defender, line)
        {
            return Vec::new();
        }
        [line.wrapping_sub(1), line + 1]
            .into_iter()
            .filter(|&j| j < 3)
            .filter(|&j| {
                self.line_occupied(defender, j)
                    && !b.engaged.contains(&Some(u8::try_from(j).unwrap_or(0)))
            })
            .map(|j| u8::try_from(j).unwrap_or(0))
            .collect()
    }

    /// The Attacker's swing options for the first Line Position that has one.
    pub(crate) fn engage_actions(&self) -> Vec<Action> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        for line in 0..3 {
            if b.swing_done[line] {
                continue;
            }
            let targets = self.swing_targets(line);
            if targets.is_empty() {
                continue;
            }
            let line = u8::try_from(line).unwrap_or(0);
            let mut out: Vec<Action> = targets
                .into_iter()
                .map(|t| Action::Engage {
                    line,
                    target: Some(t),
                })
                .collect();
            out.push(Action::Engage { line, target: None });
            return out;
        }
        Vec::new()
    }

    /// An Attacker Line Position swings onto a target, or stays idle.
    pub(crate) fn engage(&mut self, line: u8, target: Option<u8>) {
        if let Some(b) = self.battle.as_mut() {
            let i = usize::from(line).min(2);
            b.engaged[i] = target;
            b.swing_done[i] = true;
        }
    }

    /// S8.7d: engagements are announced before orders are chosen.
    pub(crate) fn engagements_done(&mut self, fx: &mut Fx) {
        let Some(b) = &self.battle else { return };
        let mut parts = Vec::new();
        for (a, d) in b.engaged.iter().enumerate() {
            if let Some(d) = d {
                parts.push(format!(
                    "{} LP{} against {} LP{}",
                    b.attacker,
                    a + 1,
                    b.defender(),
                    d + 1
                ));
            }
        }
        fx.public(
            EventKind::Battle,
            format!(
                "Battle in {}, round {}: engagements: {}.",
                Self::area_name(b.area),
                b.round,
                if parts.is_empty() {
                    "none".to_string()
                } else {
                    parts.join("; ")
                }
            ),
        );
        self.announce_idle_lines(fx);
        self.set_stage(BattleStage::Orders);
    }

    /// Distinct formations of the non-militia infantry in a Line Position (S8.6c).
    pub fn line_formations(&self, side: Side, line: usize) -> Vec<Formation> {
        let mut v: Vec<Formation> = self
            .line_units(side, line)
            .into_iter()
            .filter(|&k| self.counters[k].kind.is_line_infantry())
            .filter_map(|k| self.counters[k].formation)
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// S8.6c: non-militia infantry of two or more formations.
    pub fn mixed_formations(&self, side: Side, line: usize) -> bool {
        self.line_formations(side, line).len() >= 2
    }

    /// S9.94 (4.31-4.32): Bowen's Division fights and no Confederate Commander/Officer of the
    /// P identifier (Pemberton or his replacement) takes part in the battle.
    pub fn bowen_applies(&self) -> bool {
        let Some(b) = &self.battle else { return false };
        let roster = &b.roster;
        roster.iter().any(|&k| &*self.counters[k].id == BOWEN)
            && !roster.iter().any(|&k| {
                let c = &self.counters[k];
                c.side == Side::Confederate
                    && c.role() == Some(LeaderRole::CommanderOfficer)
                    && c.leader
                        .as_ref()
                        .is_some_and(|l| l.commands.contains(&Formation::P))
            })
    }

    /// The Line Position holding Bowen's Division, when 4.31 applies.
    pub fn bowen_line(&self) -> Option<usize> {
        if !self.bowen_applies() {
            return None;
        }
        (0..3).find(|&line| {
            self.line_units(Side::Confederate, line)
                .iter()
                .any(|&k| &*self.counters[k].id == BOWEN)
        })
    }

    /// S8.6f (R31): the rating of a Line Position's rating Officer (0 without one): the best
    /// eligible Leader there by Offensive Rating for the Attacker, Defensive for the Defender.
    pub fn line_rating(&self, side: Side, line: usize) -> u8 {
        let Some(b) = &self.battle else { return 0 };
        let attacking = side == b.attacker;
        let formations = self.line_formations(side, line);
        if formations.len() >= 2 {
            return 0;
        }
        let leaders = self.line_leaders(side, line);
        let rate =
            |r: crate::data::units::Ratings| if attacking { r.offensive } else { r.defensive };
        let mut best: Option<u8> = None;
        for &k in &leaders {
            let c = &self.counters[k];
            let Some(l) = &c.leader else { continue };
            let Some(ratings) = l.ratings else { continue };
            let eligible = match l.role {
                LeaderRole::Commander => false,
                LeaderRole::Officer => formations.iter().all(|f| l.commands.contains(f)),
                LeaderRole::CommanderOfficer if &*c.id == GRANT => leaders.len() == 1,
                // 7.3: the scenario may make the C/O the Officer of more formations.
                LeaderRole::CommanderOfficer => formations
                    .iter()
                    .all(|&f| l.commands.contains(&f) || self.leads_by_special_rule(side, f)),
            };
            if eligible {
                best = Some(best.map_or(rate(ratings), |b| b.max(rate(ratings))));
            }
        }
        if side == Side::Confederate
            && self.bowen_line() == Some(line)
            && formations.iter().all(|f| *f == Formation::P)
        {
            let bowen = rate(Constants::get().leaders.bowen_inherent_officer);
            best = Some(best.map_or(bowen, |b| b.max(bowen)));
        }
        best.unwrap_or(0)
    }
}
