//! Reinforcements and dummies arriving (S3.7, S4.6b).

use super::*;

#[test]
fn rule_s3_7_reinforcements_may_be_withheld_two_turns_then_must_be_placed() {
    let (mut game, mut dice) = lab(27);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    let offered = game.legal_actions(Side::Confederate);
    assert!(offered.contains(&Action::WithholdReinforcements { group: 1 }));
    assert!(
        !offered.contains(&Action::FinishArrival),
        "groups must be decided first"
    );
    for turn in 13..=14 {
        assert_eq!(game.turn(), turn);
        for group in [1, 2] {
            play(
                &mut game,
                &mut dice,
                Side::Confederate,
                Action::WithholdReinforcements { group },
            );
        }
        play(
            &mut game,
            &mut dice,
            Side::Confederate,
            Action::FinishArrival,
        );
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Arrival(Side::Confederate)
        });
    }
    assert_eq!(game.turn(), 15);
    let offered = game.legal_actions(Side::Confederate);
    assert!(offered.contains(&Action::PlaceReinforcements { group: 1 }));
    assert!(
        !offered.contains(&Action::WithholdReinforcements { group: 1 }),
        "T+2 is the last"
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::PlaceReinforcements { group: 1 },
    );
    assert_eq!(where_is(&game, "ector-bde"), Some(7));
    // The enemy sees counters appear, not which.
    let public = events[0]
        .redact(adjutant_engine::Viewer::Seat(Side::Union))
        .expect("public");
    assert_eq!(
        public["text"],
        "The Confederate player places 2 counters in Area 7 (Canton)."
    );
}

#[test]
fn rule_s3_7d_reinforcements_placed_where_the_enemy_controls_may_not_move() {
    let (mut game, mut dice) = lab(28);
    put(&mut game, "il-5-cav", 7);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::PlaceReinforcements { group: 1 },
    );
    assert!(game.counters()[key(&game, "ector-bde")].rec().pinned());
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::PlaceReinforcements { group: 2 },
    );
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishArrival,
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .contains(&Action::MoveFrom { area: area(7) })
    );
}

#[test]
fn rule_s4_6b_dummies_are_placed_with_own_troops_away_from_the_enemy_and_taken_back_first() {
    let (mut game, mut dice) = lab(29);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 22);
    put(&mut game, "grant", 13);
    put(&mut game, "xv-1-div", 21);
    put(&mut game, "loring-div", 21);
    let areas: Vec<u8> = game
        .legal_actions(Side::Union)
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceDummy { area } => Some(area.number()),
            _ => None,
        })
        .collect();
    assert_eq!(areas, [13, 22], "not Area 21, where enemy combat units are");
    let d = put_dummy(&mut game, Side::Union, 22);
    assert!(
        game.legal_actions(Side::Union)
            .contains(&Action::RemoveDummy { area: area(22) })
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::PlaceDummy { area: area(13) },
    );
    assert!(
        !game
            .legal_actions(Side::Union)
            .iter()
            .any(|a| matches!(a, Action::RemoveDummy { .. })),
        "removal comes before placement (S4.6d(5))"
    );
    assert_eq!(game.counters()[d].place(), Place::Area(area(22)));
}
