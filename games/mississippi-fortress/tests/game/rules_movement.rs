//! Land movement, force march, contact, reinforcements and dummies (S3, S4.6, 5.2, 5.3, 5.11).

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::{Action, Dest};
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::Place;
use serde_json::json;

use crate::support::*;

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

#[test]
fn rule_s3_1_infantry_moves_two_areas_cavalry_three_each_plus_a_force_march() {
    let (mut game, mut dice) = board(10, |g| {
        put(g, "xiii-12-div", 31);
        put(g, "il-5-cav", 40);
        put(g, "loring-div", 20);
    });
    start_move(&mut game, &mut dice, Side::Union, 31, &["xiii-12-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(30) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(29) },
    );
    // A third step is a force march (clear terrain, no ridge or river on the way).
    let third = steps(&game, Side::Union);
    assert!(third.contains(&39), "{third:?}");
    let label = game.label(Side::Union, &Action::StepTo { area: area(39) });
    assert!(label.contains("force march"), "{label}");
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(39) },
    );
    // Never a fourth step: with nothing else to choose the stack stops by itself.
    assert!(game.moving().is_none());
    let k = key(&game, "xiii-12-div");
    assert!(game.counters()[k].rec().force_marched());
    assert_eq!(game.counters()[k].rec().march_streak(), 1);
    // Cavalry: three steps, the fourth a force march.
    start_move(&mut game, &mut dice, Side::Union, 40, &["il-5-cav"]);
    for to in [46, 47, 42] {
        assert!(
            !game
                .label(Side::Union, &Action::StepTo { area: area(to) })
                .contains("force")
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::StepTo { area: area(to) },
        );
    }
    assert!(steps(&game, Side::Union).contains(&41));
    assert!(
        game.label(Side::Union, &Action::StepTo { area: area(41) })
            .contains("force march")
    );
}

#[test]
fn rule_s3_1_leaders_move_four_and_never_force_march() {
    let (mut game, mut dice) = board(11, |g| {
        put(g, "grant", 31);
    });
    start_move(&mut game, &mut dice, Side::Union, 31, &["grant"]);
    for to in [30, 29, 39, 46] {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::StepTo { area: area(to) },
        );
    }
    assert!(steps(&game, Side::Union).is_empty());
}

#[test]
fn rule_s3_2a_5_3_the_mississippi_is_never_crossed_by_land() {
    let (mut game, mut dice) = board(12, |g| {
        put(g, "xiii-12-div", 17);
    });
    start_move(&mut game, &mut dice, Side::Union, 17, &["xiii-12-div"]);
    let s = steps(&game, Side::Union);
    assert!(
        !s.contains(&18) && !s.contains(&9) && !s.contains(&23),
        "{s:?}"
    );
    // 5.2: 17|27 is swamp to swamp without a road.
    assert!(!s.contains(&27));
    assert_eq!(s, [8, 16]);
}

#[test]
fn rule_s3_2a_major_rivers_are_crossed_only_at_crossing_points() {
    let (game, _) = board(13, |g| {
        put(g, "loring-div", 20);
        put(g, "xiii-12-div", 31);
    });
    let k = key(&game, "loring-div");
    assert!(
        game.step_allowed(area(20), &[], &[k], area(19)),
        "Big Black railroad bridge"
    );
    assert!(
        !game.step_allowed(area(20), &[], &[k], area(11)),
        "no crossing 11|20"
    );
}

#[test]
fn rule_5_2_swamp_to_swamp_and_artillery_in_swamps_only_by_road() {
    let (game, _) = board(14, |g| {
        put(g, "xiii-12-div", 16);
        put(g, "xiii-art", 16);
    });
    let inf = key(&game, "xiii-12-div");
    let art = key(&game, "xiii-art");
    assert!(
        game.step_allowed(area(16), &[], &[inf], area(27)),
        "road R06"
    );
    assert!(
        game.step_allowed(area(16), &[], &[art], area(27)),
        "artillery by road"
    );
    assert!(
        !game.step_allowed(area(16), &[area(17)], &[inf], area(27)),
        "17|27 no road"
    );
    assert!(!game.step_allowed(area(16), &[area(17)], &[art], area(27)));
}

#[test]
fn rule_s3_3_force_march_costs_a_straggler_check_in_step_1f() {
    let (mut game, mut dice) = board(15, |g| {
        put(g, "xiii-12-div", 31);
        put(g, "grant", 13);
        put(g, "loring-div", 20);
    });
    start_move(&mut game, &mut dice, Side::Union, 31, &["xiii-12-div"]);
    for to in [30, 29, 39] {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::StepTo { area: area(to) },
        );
    }
    let events = play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
    let t = texts(&events);
    assert!(
        t.contains("Straggler check for 12th Division (XIII) (force march)"),
        "{t}"
    );
    // The check is private to its owner.
    let check = events
        .iter()
        .find(|e| {
            e.secret
                .as_ref()
                .is_some_and(|s| s.text.contains("Straggler check"))
        })
        .expect("a check");
    assert!(
        check
            .redact(adjutant_engine::Viewer::Seat(Side::Confederate))
            .is_none()
    );
}

#[test]
fn rule_r1_a_force_march_never_crosses_a_ridge_a_major_river_or_swamp() {
    let (mut game, mut dice) = board(16, |g| {
        put(g, "xiii-12-div", 26);
    });
    start_move(&mut game, &mut dice, Side::Union, 26, &["xiii-12-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(22) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(13) },
    );
    let s = steps(&game, Side::Union);
    assert!(!s.contains(&15), "13|15 is a ridge: {s:?}");
    assert!(s.contains(&14) && s.contains(&6), "{s:?}");
    // A path that crossed the Big Black at the bridge may not be extended either.
    let k = key(&game, "xiii-12-div");
    assert!(!game.step_allowed(area(19), &[area(20), area(21)], &[k], area(25)));
    assert!(game.step_allowed(area(12), &[area(20), area(21)], &[k], area(25)));
}

#[test]
fn rule_s3_3c_no_force_march_after_beginning_in_contact_nor_for_ineffective_divisions() {
    let (mut game, _) = board(17, |g| {
        put(g, "xiii-12-div", 31);
        put(g, "xiii-14-div", 31);
    });
    let k = key(&game, "xiii-12-div");
    let j = key(&game, "xiii-14-div");
    edit(&mut game, |s| {
        s.counter(k, |c| c.set_began_in_contact(true))
            .counter(j, |c| c.set_casualties(3)) // 3 of 6: ineffective (S1.8a)
    });
    assert!(game.counters()[j].ineffective());
    let path = [area(30), area(29)];
    assert!(
        !game.step_allowed(area(31), &path, &[k], area(39)),
        "began in contact"
    );
    assert!(
        !game.step_allowed(area(31), &path, &[j], area(39)),
        "ineffective"
    );
    edit(&mut game, |s| s.counter(j, |c| c.set_casualties(2)));
    assert!(
        game.step_allowed(area(31), &path, &[j], area(39)),
        "effective again"
    );
    assert!(
        game.step_allowed(area(31), &path[..1], &[k], area(29)),
        "moving is allowed"
    );
}

#[test]
fn rule_s3_3c_a_unit_that_begins_the_phase_with_the_enemy_is_noted_at_the_start() {
    let (mut game, mut dice) = lab(18);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 31);
    put(&mut game, "ms-2-cav", 31);
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 14 && g.step() == Step::Movement(Side::Union)
    });
    assert!(
        game.counters()[key(&game, "xiii-12-div")]
            .rec()
            .began_in_contact()
    );
}

#[test]
fn rule_s3_51_entering_an_area_the_enemy_fully_controls_stops_the_stack() {
    let (mut game, mut dice) = board(19, |g| {
        put(g, "xiii-12-div", 22);
        put(g, "loring-div", 21);
    });
    start_move(&mut game, &mut dice, Side::Union, 22, &["xiii-12-div"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert!(texts(&events).contains("stops"), "{}", texts(&events));
    assert!(game.moving().is_none());
    assert!(game.counters()[key(&game, "xiii-12-div")].rec().done());
    assert_eq!(where_is(&game, "xiii-12-div"), Some(21));
}

#[test]
fn rule_s11_troop_density_lets_a_stack_pass_unless_the_area_is_blocked() {
    let (mut game, mut dice) = lab_with(20, json!({"troop-density": true}));
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 22);
    put(&mut game, "loring-div", 21);
    put(&mut game, "xv-1-div", 19);
    for id in ["ml-smith-div", "forney-div", "stevenson-div"] {
        put(&mut game, id, 18);
    }
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    start_move(&mut game, &mut dice, Side::Union, 22, &["xiii-12-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert!(
        game.moving().is_some(),
        "9 SP do not block a Defensible Area (56)"
    );
    assert!(steps(&game, Side::Union).contains(&20));
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    start_move(&mut game, &mut dice, Side::Union, 19, &["xv-1-div"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(18) },
    );
    assert!(
        texts(&events).contains("blocked"),
        "25 SP block a Mountainous Area (24)"
    );
    assert!(game.moving().is_none());
}

#[test]
fn rule_s3_53_s4_6d_enemy_dummies_are_removed_when_a_combat_unit_enters() {
    let (mut game, mut dice) = board(21, |g| {
        put(g, "xiii-12-div", 22);
        put_dummy(g, Side::Confederate, 21);
    });
    start_move(&mut game, &mut dice, Side::Union, 22, &["xiii-12-div"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert!(
        texts(&events).contains("Confederate dummy in Area 21"),
        "{}",
        texts(&events)
    );
    assert!(game.moving().is_some(), "dummies do not stop the stack");
    assert_eq!(game.dummy_pool(Side::Confederate), 10);
}

#[test]
fn rule_s3_54_overrun_artillery_retreats_but_not_toward_the_enemy() {
    let (mut game, mut dice) = board(22, |g| {
        put(g, "xiii-12-div", 22);
        put(g, "la-art", 21);
        put(g, "xv-1-div", 25);
    });
    start_move(&mut game, &mut dice, Side::Union, 22, &["xiii-12-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::Depart { .. })
    ));
    assert!(
        game.prompt(Side::Union).is_none(),
        "the Confederate answers first"
    );
    let options: Vec<u8> = game
        .legal_actions(Side::Confederate)
        .into_iter()
        .filter_map(|a| match a {
            Action::Go { to: Dest::Area(a) } => Some(a.number()),
            _ => None,
        })
        .collect();
    assert!(
        !options.contains(&22),
        "not where the enemy came from (R18)"
    );
    assert!(!options.contains(&25), "not into enemy combat units");
    assert_eq!(options, [12, 13, 20, 26]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Go {
            to: Dest::Area(area(20)),
        },
    );
    assert!(texts(&events).contains("Straggler check for Louisiana Artillery Battalion"));
    assert_eq!(where_is(&game, "la-art"), Some(20));
    assert!(
        game.moving().is_some(),
        "the mover does not stop for an overrun"
    );
}

#[test]
fn rule_s3_92_a_leader_alone_with_the_enemy_is_displaced_or_captured() {
    let (mut game, mut dice) = board(23, |g| {
        put(g, "xiii-12-div", 13);
        put(g, "johnston", 14);
        put(g, "gist-bde", 7);
    });
    start_move(&mut game, &mut dice, Side::Union, 13, &["xiii-12-div"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(14) },
    );
    let t = texts(&events);
    assert!(
        t.contains("Johnston (Confederate) is displaced from Area 14"),
        "{t}"
    );
    assert_eq!(
        where_is(&game, "johnston"),
        Some(7),
        "the one nearest Area is chosen for him"
    );
    // With no friendly combat unit anywhere he is captured and replaced (S9.64).
    let (mut game, mut dice) = board(24, |g| {
        put(g, "xiii-12-div", 13);
        put(g, "johnston", 14);
    });
    start_move(&mut game, &mut dice, Side::Union, 13, &["xiii-12-div"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(14) },
    );
    assert!(texts(&events).contains("captured"));
    assert_eq!(game.counters()[key(&game, "johnston")].place(), Place::Gone);
    assert_eq!(
        game.counters()[key(&game, "breckinridge")].place(),
        Place::Waiting
    );
}

#[test]
fn rule_s3_55_a_leader_moving_alone_into_enemy_troops_is_displaced() {
    let (mut game, mut dice) = board(25, |g| {
        put(g, "grant", 22);
        put(g, "xiii-12-div", 32);
        put(g, "loring-div", 21);
    });
    start_move(&mut game, &mut dice, Side::Union, 22, &["grant"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert!(
        texts(&events).contains("Grant (Union) is displaced"),
        "{}",
        texts(&events)
    );
    assert!(game.moving().is_none(), "his move ends");
    assert_eq!(
        where_is(&game, "grant"),
        Some(32),
        "nearest friendly troops, avoiding Area 21"
    );
}

#[test]
fn rule_s3_1c_a_stack_may_drop_counters_and_stop() {
    let (mut game, mut dice) = board(26, |g| {
        put(g, "xiii-12-div", 31);
        put(g, "xiii-14-div", 31);
        put(g, "xiii-art", 31);
        put(g, "grant", 13);
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(31) },
    );
    play(&mut game, &mut dice, Side::Union, Action::TakeAll);
    assert_eq!(game.moving().map(|g| g.members().len()), Some(3));
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(30) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Leave {
            counter: "xiii-art".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(29) },
    );
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert_eq!(where_is(&game, "xiii-art"), Some(30));
    assert_eq!(where_is(&game, "xiii-14-div"), Some(29));
    // Finished counters may not move again this phase.
    let moves: Vec<Action> = game.legal_actions(Side::Union);
    assert_eq!(
        moves,
        [Action::MoveFrom { area: area(13) }, Action::FinishMovement]
    );
}

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

#[test]
fn rule_5_11_moving_into_vicksburg_compels_combat() {
    let (mut game, mut dice) = board(30, |g| {
        put(g, "xv-1-div", 19);
        put(g, "ml-smith-div", 18);
        put(g, "xiii-12-div", 22);
        put(g, "loring-div", 21);
    });
    start_move(&mut game, &mut dice, Side::Union, 19, &["xv-1-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(18) },
    );
    start_move(&mut game, &mut dice, Side::Union, 22, &["xiii-12-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    assert_eq!(game.compelled(), [area(18)]);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    let offered = game.legal_actions(Side::Union);
    assert!(
        offered.contains(&Action::Declare { area: area(21) }),
        "voluntary"
    );
    assert!(
        !offered.contains(&Action::Declare { area: area(18) }),
        "compelled: not a choice"
    );
    assert!(
        game.prompt(Side::Union)
            .unwrap()
            .contains("compelled in Area 18")
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::FinishDeclarations,
    );
    assert!(texts(&events).contains("must fight in Area 18"));
}

#[test]
fn rule_5_11a_entering_area_3_from_4_compels_nothing() {
    let (mut game, mut dice) = board(31, |g| {
        put(g, "xv-1-div", 4);
        put(g, "ml-smith-div", 3);
    });
    start_move(&mut game, &mut dice, Side::Union, 4, &["xv-1-div"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(3) },
    );
    assert!(game.compelled().is_empty());
}
