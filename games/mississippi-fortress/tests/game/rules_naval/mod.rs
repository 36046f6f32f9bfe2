//! The Union navy, transport and the shore batteries (4.1, 4.2, S12).
//! The set-ups shared by the tests are here; the tests, one concept a file, below.

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::{Action, Dest};
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::naval::Node;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{BatteryState, Place};

use crate::support::*;

mod batteries;
mod movement;
mod transport;

/// A cleared board with the four steamers where `place` puts them, at the Union Movement
/// Phase (or embarkation, when there is something to embark).
fn harbour(
    n: u64,
    place: impl FnOnce(&mut MississippiFortress),
    until: Step,
) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, true);
    place(&mut game);
    finish_until(&mut game, &mut dice, |g| g.step() == until);
    (game, dice)
}

fn sails(game: &MississippiFortress) -> Vec<String> {
    game.legal_actions(Side::Union)
        .into_iter()
        .filter_map(|a| match a {
            Action::SailTo { node } => Some(node.to_string()),
            _ => None,
        })
        .collect()
}
