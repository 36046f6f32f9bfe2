//! How far land units go (S3.1-S3.3, 5.2, 5.3, R1): allowances, rivers, swamps, force march.

use super::*;

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
