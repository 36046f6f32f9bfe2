//! Commitment of the Reserve before round 2 (S9.82): each player, secretly and at the same
//! time, sends each Reserve counter to a Line Position within the S8.6 limits or keeps it,
//! one counter at a time in roster order — or all the undecided ones at once to the same
//! place (decision I37). The commitments are revealed together; a side whose Line Positions
//! are all empty then ends the battle.

use adjutant_engine::Side;

use crate::combat::battle_board::Queue;
use crate::events::{EventKind, Fx};
use crate::model::action::{Action, Position};
use crate::model::battle::BattleStage;
use crate::model::counter::{Key, Place};
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// The next Reserve counter `side` decides about before round 2.
    pub fn next_to_commit(&self, side: Side) -> Option<Key> {
        self.commit_queue(side)
            .and_then(|(_, queue)| queue.first().copied())
    }

    /// S9.82: `side`'s counters in the battle where they stand with the commitments made so
    /// far, and, in roster order, its Reserve counters still undecided (`None` outside a
    /// battle).
    pub(crate) fn commit_queue(&self, side: Side) -> Option<Queue> {
        let b = self.battle.as_ref()?;
        let here =
            |k: Key| self.counters[k].side == side && self.counters[k].place == Place::Area(b.area);
        let mut placed: Vec<(Key, Position)> =
            b.slots.iter().copied().filter(|(o, _)| here(*o)).collect();
        for (o, p) in &b.commits {
            if let (Some(p), Some(slot)) = (p, placed.iter_mut().find(|(x, _)| x == o)) {
                slot.1 = *p;
            }
        }
        let queue = b
            .roster
            .iter()
            .copied()
            .filter(|&k| {
                here(k)
                    && b.slots
                        .iter()
                        .any(|(o, p)| *o == k && *p == Position::Reserve)
                    && !b.commits.iter().any(|(o, _)| *o == k)
            })
            .collect();
        Some((placed, queue))
    }

    /// S9.82: the positions of `side`'s next Reserve counter (the Reserve: it stays) and,
    /// where there is a choice and more than one counter is undecided, each position that
    /// takes them all (decision I37).
    pub(crate) fn commit_actions(&self, side: Side) -> Vec<Action> {
        let Some((placed, queue)) = self.commit_queue(side) else {
            return Vec::new();
        };
        let Some(&k) = queue.first() else {
            return Vec::new();
        };
        let options = self.first_placement_options(&placed, &queue);
        let id = self.counters[k].id.clone();
        let to = |p: Position| (p != Position::Reserve).then_some(p);
        let mut out: Vec<Action> = options
            .iter()
            .map(|&p| Action::Commit {
                counter: id.to_string(),
                position: to(p),
            })
            .collect();
        if queue.len() >= 2 && options.len() >= 2 {
            out.extend(
                options
                    .into_iter()
                    .filter(|&p| self.all_fit(&placed, &queue, p))
                    .map(|p| Action::CommitAll { position: to(p) }),
            );
        }
        out
    }

    /// Records a commitment (secret until both are done).
    pub(crate) fn commit(&mut self, id: &str, position: Option<Position>) {
        if let (Some(k), Some(b)) = (self.key(id), self.battle.as_mut()) {
            b.commits.push((k, position));
        }
    }

    /// Records the same commitment for every Reserve counter `side` has still to decide
    /// about, in roster order: what the single commitments would record (decision I37).
    pub(crate) fn commit_all(&mut self, side: Side, position: Option<Position>) {
        let Some((_, queue)) = self.commit_queue(side) else {
            return;
        };
        if let Some(b) = self.battle.as_mut() {
            b.commits.extend(queue.into_iter().map(|k| (k, position)));
        }
    }

    /// S9.82: commitments are revealed; a side with every Line Position empty ends the battle.
    pub(crate) fn reveal_commits(&mut self, fx: &mut Fx) {
        let Some(b) = self.battle.as_mut() else {
            return;
        };
        let commits = std::mem::take(&mut b.commits);
        for (k, p) in commits {
            if let Some(p) = p {
                if let Some(slot) = b.slots.iter_mut().find(|(o, _)| *o == k) {
                    slot.1 = p;
                }
                self.counters[k].face_up = true;
            }
        }
        fx.reveal();
        fx.public(
            EventKind::Battle,
            self.board_summary("Round 2, commitments revealed"),
        );
        let Some(b) = &self.battle else { return };
        let empty = |side: Side| (0..3).all(|line| !self.line_occupied(side, line));
        if empty(b.attacker) || empty(b.defender()) {
            self.set_stage(BattleStage::EndEmpty);
            return;
        }
        self.straight_engagements();
        self.set_stage(BattleStage::Engage);
    }
}
