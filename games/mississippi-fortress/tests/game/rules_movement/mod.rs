//! Land movement, force march, contact, reinforcements and dummies (S3, S4.6, 5.2, 5.3, 5.11).
//! The set-ups shared by the tests are here; the tests, one concept a file, below.

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::{Action, Dest};
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::Place;
use serde_json::json;

use crate::support::*;

mod allowances;
mod arrivals;
mod contact;

/// A cleared 6.1 board at the Union Movement Phase of Turn 13, after `place` put counters down.
fn board(n: u64, place: impl FnOnce(&mut MississippiFortress)) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, false);
    place(&mut game);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    (game, dice)
}

fn steps(game: &MississippiFortress, side: Side) -> Vec<u8> {
    game.legal_actions(side)
        .into_iter()
        .filter_map(|a| match a {
            Action::StepTo { area } => Some(area.number()),
            _ => None,
        })
        .collect()
}

fn start_move(game: &mut MississippiFortress, dice: &mut Dice, side: Side, from: u8, ids: &[&str]) {
    play(game, dice, side, Action::MoveFrom { area: area(from) });
    for id in ids {
        play(
            game,
            dice,
            side,
            Action::Take {
                counter: id.to_string(),
            },
        );
    }
}
