//! Choices a seat cannot take back (the engine's `irrevocable` mark, decision I38). The
//! engine lets a seat undo only while it has a prompt, and never across a die roll or a
//! reveal. In the secret simultaneous steps of a battle — deployment (S8.6), Combat Orders
//! (S8.8), commitments (S9.82) — the choice that completes the seat's part leaves it without
//! a prompt (its choices wait for the other side) or, when the other side is done already,
//! reveals both sides' choices at once (S8.7a, S8.8c, S9.82): either way it is final, and the
//! clients ask before posting it.

use adjutant_engine::{Dice, Seed, Side};

use crate::events::Fx;
use crate::model::action::Action;
use crate::model::battle::BattleStage;
use crate::model::game::MississippiFortress;

impl MississippiFortress {
    /// Whether `action`, offered to `side`, completes `side`'s part of a secret simultaneous
    /// step of a battle (S8.6, S8.8, S9.82): after it (and the placements, orders or
    /// commitments the rules then make for `side` by themselves) `side` has nothing left to
    /// choose, or the choices of both sides are revealed (decision I38). The answer depends
    /// only on `side`'s own choices: its last choice is final whether or not the other side
    /// has finished.
    pub fn irrevocable_choice(&self, side: Side, action: &Action) -> bool {
        let secret_step = matches!(
            self.battle.as_ref().map(|b| b.stage),
            Some(BattleStage::Deploy | BattleStage::Orders | BattleStage::Commit)
        );
        let secret_choice = matches!(
            action,
            Action::Deploy { .. }
                | Action::DeployAll { .. }
                | Action::Order { .. }
                | Action::Commit { .. }
                | Action::CommitAll { .. }
        );
        if !secret_step || !secret_choice || !self.decisions.is_empty() {
            return false;
        }
        // Play it on a copy: the dice are a stand-in (only whether any is rolled counts).
        let mut after = self.clone();
        let mut dice = Dice::new(&Seed::from_bytes([0; 32]));
        let mut fx = Fx::new(&mut dice);
        after.perform(side, action.clone(), &mut fx);
        after.advance(&mut fx);
        let revealed = fx.reveals;
        revealed || dice.rolled() || after.actions_for(side).is_empty()
    }
}
