//! Ships coming into play: naval reinforcements (4.15a), Farragut's fleet (7.22), damaged ships back (7.21d).

use super::*;

#[test]
fn rule_4_15a_naval_reinforcements_arrive_off_the_map_and_may_wait_there() {
    let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", 1, json!({}));
    assert_eq!(game.turn(), 1);
    // The Turn 1 group is off the north edge; the Turn 3 group is not called for yet.
    assert_eq!(ship(&game, "benton").at(), Some(Node::North));
    assert_eq!(ship(&game, "transport-1").at(), Some(Node::North));
    assert_eq!(
        ship(&game, "choctaw").off(),
        Some(OffRiver::Awaiting {
            turn: 3,
            edge: Node::North
        })
    );
    assert_eq!(ship(&game, "choctaw").at(), None);
    let view = game.view(adjutant_engine::Viewer::Spectator);
    let off = view["ships_off"].as_array().expect("ships off the river");
    assert!(
        off.iter()
            .any(|s| s["id"] == "choctaw" && s["off"]["kind"] == "awaiting")
    );
    // They may come on in the Movement Phase: onto A1, from the north edge.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
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
    assert_eq!(ship(&game, "benton").at(), Some(node("A1")));
    // The others are held off the map, turn after turn (unlike land units, S3.7c).
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 3 && g.step() == Step::Movement(Side::Union)
    });
    assert_eq!(ship(&game, "transport-1").at(), Some(Node::North));
    assert_eq!(ship(&game, "choctaw").at(), Some(Node::North));
    assert_eq!(ship(&game, "choctaw").off(), None);
}

#[test]
fn rule_7_22_farraguts_fleet_enters_at_the_arrow_of_area_43() {
    let (mut game, mut dice) = ashore(2);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom { node: Node::South },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "hartford".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "richmond".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A8") },
    );
    assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
    assert_eq!(ship(&game, "richmond").rec().upstream(), 1);
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert_eq!(ship(&game, "mississippi").at(), Some(Node::South));
}

/// 7.22 with S12.2: a repaired ship of Farragut's fleet is not put beside Confederate ships
/// on the Area 43 arrow without a naval combat: it waits off the south edge and sails on.
#[test]
fn rule_7_22_a_repaired_farragut_ship_waits_off_the_map_while_the_enemy_holds_area_43s_arrow() {
    let (mut game, mut dice) = ashore(5);
    edit(&mut game, |s| {
        s.ship_off("hartford", OffRiver::Damaged { turn: 2 })
    });
    put_ship(&mut game, "confederate-gunboat", "A8");
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 2 && g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(ship(&game, "hartford").at(), Some(Node::South));
}

/// 7.21d, 7.22, played through: the Hartford sails from the south edge onto the Area 43 arrow
/// (A8) against the Gunboat*, is damaged in the naval combat (Turn 1) and is back on that
/// arrow at the start of the Union player turn of Turn 6, five turns later — not off the map
/// to sail on again.
#[test]
fn rule_7_21d_7_22_a_farragut_ship_damaged_in_naval_combat_is_back_on_the_area_43_arrow() {
    for n in 0..60 {
        let (mut game, mut dice) = ashore(n);
        put_ship(&mut game, "confederate-gunboat", "A8");
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        sail(
            &mut game,
            &mut dice,
            Side::Union,
            "south-edge",
            &["hartford"],
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SailTo { node: node("A8") },
        );
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        // Wanted: the Hartford damaged, and no Confederate ship left on A8 to keep it away.
        let damaged = ship(&game, "hartford").off() == Some(OffRiver::Damaged { turn: 6 });
        if !damaged
            || game
                .ships_at(Side::Confederate, node("A8"))
                .next()
                .is_some()
        {
            continue;
        }
        assert_eq!(ship(&game, "hartford").at(), None, "it left the river");
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 5 && g.step() == Step::Arrival(Side::Union)
        });
        assert_eq!(ship(&game, "hartford").at(), None, "not before Turn 6");
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 6 && g.step() == Step::Arrival(Side::Union)
        });
        assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
        assert_eq!(ship(&game, "hartford").off(), None);
        return;
    }
    panic!("the Hartford was never damaged alone");
}

#[test]
fn rule_7_21d_7_22_damaged_ships_return_union_at_area_1_or_43_confederate_at_vicksburg() {
    let (mut game, mut dice) = ashore(4);
    edit(&mut game, |s| {
        s.ship_off("benton", OffRiver::Damaged { turn: 2 })
            .ship_off("hartford", OffRiver::Damaged { turn: 2 })
            // In support of Warrenton: off the river already.
            .ship("confederate-gunboat", |g| {
                g.set_off(Some(OffRiver::Damaged { turn: 2 }))
            })
    });
    // Turn 1: nobody is back yet.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .iter()
            .any(|a| matches!(a, Action::Station { .. }))
    );
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 2 && g.step() == Step::Arrival(Side::Union)
    });
    // Union: off the north edge (Area 1); Farragut's ships on the river arrow at Area 43
    // (7.22).
    assert_eq!(ship(&game, "benton").at(), Some(Node::North));
    assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    let back: Vec<Action> = game
        .legal_actions(Side::Confederate)
        .into_iter()
        .filter(|a| matches!(a, Action::Station { .. }))
        .collect();
    assert_eq!(
        back,
        [
            Action::Station {
                ship: "confederate-gunboat".into(),
                at: Station::Arrow(node("A3"))
            },
            Action::Station {
                ship: "confederate-gunboat".into(),
                at: Station::Support(area(18))
            },
        ]
    );
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Station {
            ship: "confederate-gunboat".into(),
            at: Station::Arrow(node("A3")),
        },
    );
    assert_eq!(ship(&game, "confederate-gunboat").at(), Some(node("A3")));
}
