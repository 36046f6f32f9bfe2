//! Effective and ineffective divisions (S1.8), announced: the moment a loss (a casualty of
//! S9.61, a straggler or prisoner of S7.2) leaves an infantry division on the map at half
//! its full strength or less, its owner reads in the log that it is now ineffective (S1.8a),
//! what that costs (S8.8b, S1.8c) and the VPs it would earn the enemy (the scenario's award,
//! decision R6); straggler recovery (S7.5) or a strength transfer (4.5) that lifts it above
//! half is announced too (S1.8b). Ineffectiveness is private (Appendix V, like present
//! strength), so these events are the owner's alone (decision I39).

use adjutant_engine::Side;

use crate::data::scenarios::{AwardKind, AwardTiming};
use crate::events::{EventKind, Fx};
use crate::model::counter::Key;
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// S1.8a: counter `k` is an ineffective division on the map (or aboard), the ones the
    /// restrictions of S1.8c and the ineffective-division VPs concern.
    pub fn ineffective_on_map(&self, k: Key) -> bool {
        let c = &self.counters[k];
        c.on_map() && c.ineffective()
    }

    /// S1.8: tells the owner of `k` that it became ineffective, or effective again, if its
    /// status differs from `was` (taken by [`Self::ineffective_on_map`] before the change).
    /// A division that left the map (eliminated) is not announced: its elimination is.
    pub(crate) fn note_effectiveness(&self, k: Key, was: bool, fx: &mut Fx) {
        let c = &self.counters[k];
        let now = self.ineffective_on_map(k);
        if !c.on_map() || now == was {
            return;
        }
        let (name, present, full) = (c.name(), c.present(), c.full);
        let text = if now {
            format!(
                "{name} is now ineffective (S1.8a: {present} of its {full} SP present, half or \
                 less): its Line Position may only take Diversion when attacking, Withdraw or \
                 Stand when defending (S8.8b), and it may not force march (S1.8c); {}",
                self.ineffective_vp_note(c.side)
            )
        } else {
            format!(
                "{name} is effective again (S1.8b: {present} of its {full} SP present, more \
                 than half): its Line Position may take any Combat Order again, and it no longer \
                 counts toward the {} player's ineffective-division VPs.",
                c.side.opponent()
            )
        };
        fx.private(EventKind::Ineffective, c.side, text);
    }

    /// What an ineffective division of `side` is worth to the enemy in this scenario.
    fn ineffective_vp_note(&self, side: Side) -> String {
        let enemy = side.opponent();
        let rule = &self.scenario_data().rule;
        let award = self
            .awards()
            .into_iter()
            .find(|a| a.side == enemy && a.kind == AwardKind::EnemyIneffectiveDivisions);
        match award {
            Some(a) if a.timing == AwardTiming::EndOfGame => format!(
                "if it is still ineffective on the map at the end of the game, it counts {} VP \
                 to the {enemy} player ({rule}, decision R6).",
                a.vp
            ),
            Some(a) => format!(
                "while it stays ineffective on the map, it counts {} VP to the {enemy} player \
                 in each {enemy} Victory Point Phase ({rule}).",
                a.vp
            ),
            None => format!("it counts no VP to the {enemy} player in this scenario ({rule})."),
        }
    }
}
