//! The campaign navies: naval reinforcements (4.15a), Grand Gulf silenced (4.23e), the
//! Confederate navy and naval combat (7.21), Farragut's fleet (7.22), and their views.
//! The set-ups shared by the tests are here; the tests, one concept a file, below.

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::naval::Node;
use mississippi_fortress::naval::stations::Station;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{BatteryState, OffRiver};
use serde_json::json;

use crate::support::*;

mod arrivals;
mod confederate_navy;
mod grand_gulf;
mod naval_combat;

fn ship<'a>(game: &'a MississippiFortress, id: &str) -> &'a mississippi_fortress::state::Ship {
    &game.ships()[game.ship_index(id).expect("a ship")]
}

/// 6.3 with both optional navies, the Confederate ships placed per `stations` (set-up, 7.21a),
/// no dummies, at the Union arrival of Turn 1.
fn navies(n: u64, stations: &[(&str, Station)]) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = new_scenario(
        "porter-runs-the-batteries",
        json!({"rebel-iron-afloat": true, "farraguts-fleet": true}),
        n,
    );
    for (id, at) in stations {
        act(
            &mut game,
            &mut dice,
            Side::Confederate,
            Action::Station {
                ship: id.to_string(),
                at: *at,
            },
        );
    }
    act(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    act(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step(), Step::Arrival(Side::Union));
    (game, dice)
}

/// The usual set-up: the Arkansas* supports Vicksburg, the others support Warrenton.
fn ashore(n: u64) -> (MississippiFortress, Dice) {
    navies(
        n,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(23))),
            ("confederate-steamer", Station::Support(area(23))),
        ],
    )
}
