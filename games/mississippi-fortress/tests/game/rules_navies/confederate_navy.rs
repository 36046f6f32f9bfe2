//! The Confederate navy (7.21a, 7.21c): its set-up, its steamer, ships in support of a battery.

use super::*;

#[test]
fn rule_7_21a_the_confederate_player_sets_up_his_ships_on_or_beside_a_battery() {
    let (game, _) = new_scenario(
        "porter-runs-the-batteries",
        json!({"rebel-iron-afloat": true}),
        1,
    );
    assert_eq!(game.step(), Step::SetUpDummies(Side::Confederate));
    // The Arkansas* first: the Vicksburg arrow or in support of the Vicksburg battery.
    let offered = game.legal_actions(Side::Confederate);
    assert_eq!(
        offered,
        [
            Action::Station {
                ship: "arkansas".into(),
                at: Station::Arrow(node("A3"))
            },
            Action::Station {
                ship: "arkansas".into(),
                at: Station::Support(area(18))
            },
        ]
    );
    assert!(game.legal_actions(Side::Union).is_empty());
    // The Gunboat* and Steamer*: any battery, on its arrow or in support.
    let (game, _) = navies(
        1,
        &[
            ("arkansas", Station::Arrow(node("A3"))),
            ("confederate-gunboat", Station::Arrow(node("A7"))),
            ("confederate-steamer", Station::Support(area(36))),
        ],
    );
    assert_eq!(ship(&game, "arkansas").at(), Some(node("A3")));
    assert_eq!(ship(&game, "confederate-gunboat").at(), Some(node("A7")));
    assert_eq!(
        ship(&game, "confederate-steamer").supporting(),
        Some(area(36))
    );
    // Farragut's fleet (7.22) waits off the south edge from the start.
    assert_eq!(ship(&game, "hartford").at(), Some(Node::South));
}

#[test]
fn rule_7_21c_ships_hop_into_support_and_back_and_fall_with_their_battery() {
    let (mut game, mut dice) = navies(
        3,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Arrow(node("A4"))),
            ("confederate-steamer", Station::Support(area(36))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    let hop = Action::SupportBattery {
        ship: "confederate-gunboat".into(),
    };
    assert!(game.legal_actions(Side::Confederate).contains(&hop));
    // The Arkansas* in support may go back onto the river.
    assert!(
        game.legal_actions(Side::Confederate)
            .contains(&Action::LeaveSupport {
                ship: "arkansas".into()
            })
    );
    play(&mut game, &mut dice, Side::Confederate, hop);
    assert_eq!(
        ship(&game, "confederate-gunboat").supporting(),
        Some(area(23))
    );
    assert_eq!(ship(&game, "confederate-gunboat").at(), None);
    // Ships in support are shown, publicly.
    let view = game.view(adjutant_engine::Viewer::Spectator);
    let off = view["ships_off"].as_array().expect("ships off the river");
    assert!(
        off.iter().any(|s| s["id"] == "confederate-gunboat"
            && s["off"] == json!({"kind": "support", "area": 23}))
    );
    // Not back in the same phase: it has finished moving.
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .contains(&Action::LeaveSupport {
                ship: "confederate-gunboat".into()
            })
    );
    // The battery falls (4.22c): the ships supporting it are eliminated.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Union)
    });
    let vp_before = game.vp().union;
    empty_area(&mut game, 23);
    put(&mut game, "xv-1-div", 23);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert!(ship(&game, "confederate-gunboat").lost());
    // 7.21d (R13): the Union scored 5 VPs for the Confederate ship lost.
    assert!(game.vp().union >= vp_before + 5);
}

#[test]
fn rule_7_21a_the_confederate_steamer_carries_troops_like_a_union_steamer() {
    let (mut game, mut dice) = navies(
        5,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(18))),
            ("confederate-steamer", Station::Arrow(node("A3"))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Embarkation(Side::Confederate)
    });
    let board = Action::Board {
        counter: "ms-2-cav".into(),
    };
    assert!(game.legal_actions(Side::Confederate).contains(&board));
    play(&mut game, &mut dice, Side::Confederate, board);
    assert!(matches!(
        game.counters()[key(&game, "ms-2-cav")].place(),
        mississippi_fortress::state::Place::Aboard(_)
    ));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishEmbarkation,
    );
    sail(
        &mut game,
        &mut dice,
        Side::Confederate,
        "A3",
        &["confederate-steamer"],
    );
    // Its own batteries do not fire at it (4.21).
    let t = texts(&play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::SailTo { node: node("A4") },
    ));
    assert!(!t.contains("fires"), "{t}");
    play(&mut game, &mut dice, Side::Confederate, Action::Halt);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishMovement,
    );
    assert_eq!(game.step(), Step::Disembarkation(Side::Confederate));
    // It may land beside its own battery (4.22b binds the Union only).
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Land {
            counter: "ms-2-cav".into(),
            area: area(23),
        },
    );
    assert_eq!(where_is(&game, "ms-2-cav"), Some(23));
}

#[test]
fn rule_7_21a_the_confederate_steamer_may_only_defend() {
    let (mut game, mut dice) = navies(
        6,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(23))),
            ("confederate-steamer", Station::Support(area(23))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    put_ship(&mut game, "confederate-steamer", "A5");
    put_ship(&mut game, "benton", "A6");
    put_ship(&mut game, "tyler", "A4");
    // Alone it may not sail onto the Union ships at A6 or A4.
    sail(
        &mut game,
        &mut dice,
        Side::Confederate,
        "A5",
        &["confederate-steamer"],
    );
    let offered = game.legal_actions(Side::Confederate);
    assert!(
        !offered.contains(&Action::SailTo { node: node("A6") }),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&Action::SailTo { node: node("A4") }),
        "{offered:?}"
    );
    // With nowhere to go, the stack was put down again (its only option).
    assert!(game.sailing().is_none());
    // Nor hop off a battery onto Union ships.
    edit(&mut game, |s| {
        s.ship_off("confederate-steamer", OffRiver::Support { area: area(23) })
    });
    let offered = game.legal_actions(Side::Confederate);
    assert!(!offered.contains(&Action::LeaveSupport {
        ship: "confederate-steamer".into()
    }));
    // The Gunboat* may: it starts a naval combat.
    assert!(offered.contains(&Action::LeaveSupport {
        ship: "confederate-gunboat".into()
    }));
}
