//! The dice of each side's secret procedures (reference section 5, "Dice of own secret
//! procedures"): order acceptance and delay reduction (S10.1f), initiative (S10.2, a Loose
//! Cannon included), attack stoppage (S10.3), straggler checks (S21.1), and for the other
//! rules modules straggler recovery, rally and railroad discovery; morale checks, leader loss
//! and gun loss too (their results are secret but for what moves on the map, section 5).
//!
//! Every such roll is drawn from the rolling side's own stream ([`SideDice`]), never from the
//! game's shared dice, so how many secret rolls a side makes never moves the dice of anything
//! the other side or a spectator sees (their views stay identical, section 5). Drawing one
//! marks the action as a reveal: the roller has learnt something, so undo may not go back past
//! it (the engine sees no roll in the shared dice).
//!
//! The shared dice (fire rolls, close combat) are drawn through [`BloodyRoadsSouth::shared_d6`]
//! so that a test may script them; in a real game the script is always empty.

use adjutant_engine::{Dice, PerSide, Side};

use crate::events::Fx;
use crate::model::dice::SideDice;
use crate::model::game::BloodyRoadsSouth;

impl BloodyRoadsSouth {
    /// Keys both sides' secret streams from the game's dice (at set-up, before any roll):
    /// eight 32-bit draws per side.
    pub(crate) fn key_secret_dice(&mut self, dice: &mut Dice) {
        self.secret_dice = PerSide::from_fn(|_| {
            let mut key = [0u8; 32];
            for chunk in key.chunks_mut(4) {
                let word = dice.roll(u32::MAX).wrapping_sub(1);
                chunk.copy_from_slice(&word.to_le_bytes());
            }
            SideDice::keyed(key)
        });
    }

    /// One die of `side`'s secret procedures (reference section 5). Crate-internal: every
    /// rules module rolling for a secret procedure calls this (or [`Self::secret_2d6`]).
    pub(crate) fn secret_d6(&mut self, side: Side, fx: &mut Fx) -> u8 {
        fx.reveal();
        self.secret_dice.get_mut(side).d6()
    }

    /// Two secret dice of `side` (reference section 5), each die kept (natural rolls matter:
    /// a Loose Cannon is a natural 2, S10.2g).
    pub(crate) fn secret_2d6(&mut self, side: Side, fx: &mut Fx) -> (u8, u8) {
        let a = self.secret_d6(side, fx);
        let b = self.secret_d6(side, fx);
        (a, b)
    }

    /// One die of the game's shared dice (fire and close combat rolls, seen by both players):
    /// a scripted roll first when a test put one there, otherwise the engine's dice.
    pub(crate) fn shared_d6(&mut self, fx: &mut Fx) -> u8 {
        if self.dice_script.is_empty() {
            fx.d6()
        } else {
            self.dice_script.remove(0)
        }
    }
}
