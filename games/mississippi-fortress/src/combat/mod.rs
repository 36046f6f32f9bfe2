//! Combat (S8, S9): declaration, Retreat Before Combat, the Battle Board with secret
//! deployment and Combat Orders revealed together, fire on CIC A / CIC B / the FCRT, losses,
//! Leader casualties, Line Position outcomes, the second round and the end of the battle.
//!
//! A battle runs through [`BattleStage`]s; each stage either waits for one or both players
//! or is settled by [`MississippiFortress::battle_step`].

pub mod battle_board;
pub mod commitment;
pub mod declaration;
pub mod end;
pub mod forced;
pub mod irrevocable;
pub mod losses;
pub mod orders;
pub mod resolution;
pub mod retreat_before_combat;
pub mod shifts;
pub mod withdrawal;

use adjutant_engine::{PerSide, Side};

use crate::data::charts::CombatOrder;
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Position};
use crate::model::counter::{Key, Place};
use crate::model::game::MississippiFortress;

pub use crate::model::battle::{Battle, BattleStage};
pub use resolution::EngagementResult;

impl Battle {
    /// The Defender.
    pub fn defender(&self) -> Side {
        self.attacker.opponent()
    }

    /// SP still to allocate on a Line Position.
    pub fn to_allocate(&self, side: Side, line: usize) -> u8 {
        self.owed.get(side).get(line).copied().unwrap_or(0)
    }

    /// The order of a line this round, once chosen.
    pub fn order(&self, side: Side, line: u8) -> Option<CombatOrder> {
        self.orders
            .iter()
            .find(|(s, l, _)| *s == side && *l == line)
            .and_then(|(_, _, o)| *o)
    }

    /// The Defender Line Position an Attacker Line Position engages, and back.
    pub fn defender_line_of(&self, attacker_line: u8) -> Option<u8> {
        self.engaged
            .get(usize::from(attacker_line))
            .copied()
            .flatten()
    }

    /// The Attacker Line Position engaging a Defender Line Position.
    pub fn attacker_line_of(&self, defender_line: u8) -> Option<u8> {
        (0..3u8).find(|&a| self.engaged[usize::from(a)] == Some(defender_line))
    }

    /// A new round: engagements, orders and losses are cleared.
    fn new_round(&mut self) {
        self.engaged = [None; 3];
        self.swing_done = [false; 3];
        self.orders.clear();
        self.orders_revealed = false;
        self.results.clear();
        self.reports.clear();
        self.losses = PerSide::default();
        self.owed = PerSide::default();
        self.commits.clear();
    }
}

impl MississippiFortress {
    /// Counters of `side` at `position` in the battle (those still in the battle Area).
    pub fn at_position(&self, side: Side, position: Position) -> Vec<Key> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        b.slots
            .iter()
            .filter(|(k, p)| {
                *p == position
                    && self.counters[*k].side == side
                    && self.counters[*k].place == Place::Area(b.area)
            })
            .map(|(k, _)| *k)
            .collect()
    }

    /// Combat units of `side` in Line Position `line` (0-2).
    pub fn line_units(&self, side: Side, line: usize) -> Vec<Key> {
        self.at_position(side, Position::of_line(line))
            .into_iter()
            .filter(|&k| self.counters[k].is_combat())
            .collect()
    }

    /// Leaders of `side` in Line Position `line`.
    pub fn line_leaders(&self, side: Side, line: usize) -> Vec<Key> {
        self.at_position(side, Position::of_line(line))
            .into_iter()
            .filter(|&k| !self.counters[k].is_combat())
            .collect()
    }

    /// The Line Position holds a combat unit.
    pub fn line_occupied(&self, side: Side, line: usize) -> bool {
        !self.line_units(side, line).is_empty()
    }

    /// Combat units of `side` still in the battle (Line Positions or Reserve).
    pub fn battle_units(&self, side: Side) -> Vec<Key> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        b.slots
            .iter()
            .map(|(k, _)| *k)
            .filter(|&k| {
                let c = &self.counters[k];
                c.side == side && c.is_combat() && c.place == Place::Area(b.area)
            })
            .collect()
    }

    /// The options of 2c for `side` while `phasing` attacks.
    pub(crate) fn battle_actions(&self, phasing: Side, side: Side) -> Vec<Action> {
        let Some(b) = &self.battle else {
            if side != phasing {
                return Vec::new();
            }
            return self
                .declared
                .iter()
                .map(|&area| Action::FightIn { area })
                .collect();
        };
        match b.stage {
            BattleStage::Retreats if side == b.defender() => self.retreat_actions(),
            BattleStage::Deploy => self.deploy_actions(side),
            BattleStage::Engage if side == b.attacker => self.engage_actions(),
            BattleStage::Orders => self.order_actions(side),
            BattleStage::Continue if side == b.attacker => {
                vec![Action::SecondRound, Action::EndBattle]
            }
            BattleStage::Commit => self.commit_actions(side),
            _ => Vec::new(),
        }
    }

    /// Settles the battle's current stage once no player has anything to choose.
    pub(crate) fn battle_step(&mut self, fx: &mut Fx) {
        let Some(stage) = self.battle.as_ref().map(|b| b.stage) else {
            return;
        };
        match stage {
            // Waiting stages that no one can act in (nothing to choose): move on.
            BattleStage::Retreats => self.stand_and_fight(fx),
            BattleStage::RetreatsDone => self.after_retreats(fx),
            BattleStage::Deploy => self.reveal_deployment(fx),
            BattleStage::Engage => self.engagements_done(fx),
            BattleStage::Orders => self.resolve_round(fx),
            BattleStage::Outcomes => self.line_outcomes(fx),
            BattleStage::AfterRound => self.after_round(fx),
            BattleStage::Continue => self.end_battle_now(fx),
            BattleStage::Commit => self.reveal_commits(fx),
            BattleStage::EndEmpty => self.end_empty_lines(fx),
            BattleStage::EndTerrain => self.end_terrain(fx),
            BattleStage::Cleanup => self.cleanup_battle(fx),
            BattleStage::Done => {
                self.battle = None;
                self.settle(fx);
            }
        }
    }

    pub(crate) fn set_stage(&mut self, stage: BattleStage) {
        if let Some(b) = self.battle.as_mut() {
            b.stage = stage;
        }
    }

    /// S9.81: after round 1, if both sides still have combat units in the battle, the
    /// Attacker chooses; otherwise the battle ends.
    fn after_round(&mut self, _fx: &mut Fx) {
        let Some(b) = &self.battle else { return };
        let max = crate::data::Constants::get().battle_board.max_rounds;
        let both = !self.battle_units(b.attacker).is_empty()
            && !self.battle_units(b.defender()).is_empty();
        let next = if b.round < max && both {
            BattleStage::Continue
        } else {
            BattleStage::EndEmpty
        };
        self.set_stage(next);
    }

    /// S9.81: the Attacker fights a second round: Reserves may be committed (S9.82).
    pub(crate) fn second_round(&mut self, fx: &mut Fx) {
        if let Some(b) = self.battle.as_mut() {
            b.round += 1;
            b.new_round();
            b.stage = BattleStage::Commit;
            fx.public(
                EventKind::Battle,
                format!(
                    "Battle in {}: the {} fights a second round.",
                    Self::area_name(b.area),
                    b.attacker
                ),
            );
        }
    }

    /// S9.83: the battle ends (the Attacker's choice after round 1).
    pub(crate) fn end_battle_now(&mut self, fx: &mut Fx) {
        if let Some(b) = self.battle.as_ref() {
            fx.public(
                EventKind::Battle,
                format!("Battle in {}: the battle ends.", Self::area_name(b.area)),
            );
        }
        self.set_stage(BattleStage::EndEmpty);
    }

    /// What the prompt adds about a Line Position's order: unengaged (S8.8a) or restricted
    /// (S8.8b), and why.
    fn order_note(&self, side: Side, line: u8) -> String {
        let engaged = self
            .lines_needing_orders(side)
            .into_iter()
            .any(|(l, e)| l == line && e);
        if !engaged {
            return " (it is not engaged: Withdraw, or no order and it stays, S8.8a)".to_string();
        }
        match self.restriction_words(side, line) {
            Some(why) => format!(" (restricted, S8.8b: {why})"),
            None => String::new(),
        }
    }

    /// " (4 counters left: one at a time, or all of them in one place)" when the choices
    /// offer to place them all at once (decision I37).
    fn all_note(actions: &[Action], queue: Option<Vec<Key>>) -> String {
        let all = actions
            .iter()
            .any(|a| matches!(a, Action::DeployAll { .. } | Action::CommitAll { .. }));
        match queue.map(|q| q.len()) {
            Some(left) if all => {
                format!(" ({left} counters left: one at a time, or all of them in one place)")
            }
            _ => String::new(),
        }
    }

    /// The prompt while a battle is fought.
    pub(crate) fn battle_prompt(&self, side: Side) -> String {
        let title = self.phase_title();
        let Some(b) = &self.battle else {
            return format!("{title}, Battle Segment: choose the battle to fight next");
        };
        let place = Self::area_name(b.area);
        match b.stage {
            BattleStage::Retreats => format!(
                "{title}: battle in {place}: you may retreat units before combat (S8.4), then stand and fight"
            ),
            BattleStage::Deploy => match self.next_to_deploy(side) {
                Some(k) => format!(
                    "{title}: battle in {place}: deploy {} on the Battle Board{} (secret until both sides are done)",
                    self.counters[k].name(),
                    Self::all_note(
                        &self.deploy_actions(side),
                        self.deploy_queue(side).map(|(_, q)| q)
                    )
                ),
                None => format!("{title}: battle in {place}: deployment"),
            },
            BattleStage::Engage => format!(
                "{title}: battle in {place}, round {}: a Line Position faces an empty one: attack an adjacent enemy Line Position or stay idle",
                b.round
            ),
            BattleStage::Orders => match self.next_order_line(side) {
                Some(line) => format!(
                    "{title}: battle in {place}, round {}: choose the Combat Order of your Line Position {}{} (secret until both sides are done)",
                    b.round,
                    line + 1,
                    self.order_note(side, line)
                ),
                None => format!("{title}: battle in {place}: Combat Orders"),
            },
            BattleStage::Continue => {
                format!("{title}: battle in {place}: fight a second round, or end the battle")
            }
            BattleStage::Commit => match self.next_to_commit(side) {
                Some(k) => format!(
                    "{title}: battle in {place}, before round 2: commit {} from the Reserve, or keep it there{} (secret until both sides are done)",
                    self.counters[k].name(),
                    Self::all_note(
                        &self.commit_actions(side),
                        self.commit_queue(side).map(|(_, q)| q)
                    )
                ),
                None => format!("{title}: battle in {place}: commitments"),
            },
            _ => format!("{title}: battle in {place}"),
        }
    }
}
