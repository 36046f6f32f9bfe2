//! Meeting the enemy on the move (S3.5, S3.92, S11, 5.11): stops, overruns, displaced Leaders, compelled combat.

use super::*;

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
