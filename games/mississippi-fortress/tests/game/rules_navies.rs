//! The campaign navies: naval reinforcements (4.15a), Grand Gulf silenced (4.23e), the
//! Confederate navy and naval combat (7.21), Farragut's fleet (7.22), and their views.

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::naval::Node;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::OffRiver;
use serde_json::json;

use crate::support::*;

fn node(s: &str) -> Node {
    s.parse().expect("a node")
}

fn ship<'a>(game: &'a MississippiFortress, id: &str) -> &'a mississippi_fortress::state::Ship {
    &game.ships[game.ship_index(id).expect("a ship")]
}

/// 6.3 without options, set-up done (no dummies), at the Union arrival of Turn 1.
fn porter(n: u64) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = new_scenario("porter-runs-the-batteries", json!({}), n);
    act(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    act(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step, Step::Arrival(Side::Union));
    (game, dice)
}

#[test]
fn rule_4_15a_naval_reinforcements_arrive_off_the_map_and_may_wait_there() {
    let (mut game, mut dice) = porter(1);
    assert_eq!(game.turn, 1);
    // The Turn 1 group is off the north edge; the Turn 3 group is not called for yet.
    assert_eq!(ship(&game, "benton").at, Some(Node::North));
    assert_eq!(ship(&game, "transport-1").at, Some(Node::North));
    assert_eq!(
        ship(&game, "choctaw").off,
        Some(OffRiver::Awaiting {
            turn: 3,
            edge: Node::North
        })
    );
    assert_eq!(ship(&game, "choctaw").at, None);
    let view = game.view(adjutant_engine::Viewer::Spectator);
    let off = view["ships_off"].as_array().expect("ships off the river");
    assert!(
        off.iter()
            .any(|s| s["id"] == "choctaw" && s["off"]["kind"] == "awaiting")
    );
    // They may come on in the Movement Phase: onto A1, from the north edge.
    finish_until(&mut game, &mut dice, |g| {
        g.step == Step::Movement(Side::Union)
    });
    assert!(
        game.legal_actions(Side::Union)
            .contains(&Action::SailFrom { node: Node::North })
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom { node: Node::North },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "benton".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A1") },
    );
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert_eq!(ship(&game, "benton").at, Some(node("A1")));
    // The others are held off the map, turn after turn (unlike land units, S3.7c).
    finish_until(&mut game, &mut dice, |g| {
        g.turn == 3 && g.step == Step::Movement(Side::Union)
    });
    assert_eq!(ship(&game, "transport-1").at, Some(Node::North));
    assert_eq!(ship(&game, "choctaw").at, Some(Node::North));
    assert_eq!(ship(&game, "choctaw").off, None);
}

#[test]
fn rule_7_0_options_need_their_prerequisites_and_their_scenarios() {
    let mut dice = Dice::new(&seed(1));
    let e = MississippiFortress::setup(
        &setup_for(
            "porter-runs-the-batteries",
            json!({"farraguts-fleet": true}),
        ),
        &mut dice,
    )
    .expect_err("refused");
    assert!(
        e.contains("needs the optional rule rebel-iron-afloat"),
        "{e}"
    );
    let e = MississippiFortress::setup(
        &setup_for("champion-hill", json!({"rebel-iron-afloat": true})),
        &mut dice,
    )
    .expect_err("refused");
    assert!(
        e.contains("not used with the scenario champion-hill"),
        "{e}"
    );
    let (game, _) = new_scenario(
        "grants-land-campaign",
        json!({"rebel-iron-afloat": true, "farraguts-fleet": true}),
        1,
    );
    let view = game.view(adjutant_engine::Viewer::Spectator);
    assert_eq!(
        view["options"],
        json!(["rebel-iron-afloat", "farraguts-fleet"])
    );
}
