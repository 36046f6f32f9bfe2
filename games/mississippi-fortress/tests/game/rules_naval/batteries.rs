//! Shore batteries (4.21-4.23, R21): their fire, what it sinks, their Control and their fall.

use super::*;

#[test]
fn rule_4_21_4_23a_a_battery_fires_once_at_a_stack_moving_downstream() {
    let (mut game, _) = harbour(
        43,
        |g| {
            put_ship(g, "transport-1", "A2");
        },
        Step::Movement(Side::Union),
    );
    let mut dice = dice_rolling(&[1, 1, 1]);
    sail(&mut game, &mut dice, Side::Union, "A2", &["transport-1"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A3") },
    );
    let t = texts(&events);
    assert!(
        t.contains("Vicksburg Shore Battery fires at Transport Steamer 1 (shot 1 of 1)"),
        "{t}"
    );
    assert!(!t.contains("shot 2"));
    assert!(game.sailing().is_some(), "survivors may continue (4.21)");
    assert_eq!(sails(&game), ["A4", "A2"]);
}

#[test]
fn rule_4_23a_a_battery_fires_twice_at_a_stack_moving_upstream() {
    let (mut game, _) = harbour(
        44,
        |g| {
            put_ship(g, "transport-1", "A5");
        },
        Step::Movement(Side::Union),
    );
    let mut dice = dice_rolling(&[2, 3]);
    sail(&mut game, &mut dice, Side::Union, "A5", &["transport-1"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A4") },
    );
    let t = texts(&events);
    assert!(
        t.contains("Warrenton Shore Battery fires at Transport Steamer 1 (shot 1 of 2)"),
        "{t}"
    );
    assert!(t.contains("(shot 2 of 2)"), "{t}");
}

#[test]
fn rule_4_23b_a_wooden_target_adds_one_to_crt_a() {
    let (mut game, _) = harbour(
        45,
        |g| {
            put_ship(g, "transport-1", "A2");
        },
        Step::Movement(Side::Union),
    );
    let mut dice = dice_rolling(&[5]);
    sail(&mut game, &mut dice, Side::Union, "A2", &["transport-1"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A3") },
    );
    let t = texts(&events);
    assert!(t.contains("roll 5 +1 (wooden) = 6: a ship is sunk"), "{t}");
    let i = game.ship_index("transport-1").expect("ship");
    assert_eq!(game.ships()[i].at(), None);
    assert!(game.sailing().is_none());
}

#[test]
fn rule_4_23c_crt_b_sinks_the_top_ship_on_1_to_5_and_the_bottom_on_6() {
    for (b_roll, sunk, survivor) in [
        (3, "transport-2", "transport-1"),
        (6, "transport-1", "transport-2"),
    ] {
        let (mut game, _) = harbour(
            46,
            |g| {
                put_ship(g, "transport-1", "A2");
                put_ship(g, "transport-2", "A2");
            },
            Step::Movement(Side::Union),
        );
        let mut dice = dice_rolling(&[6, b_roll]);
        // The first ship chosen sails on top (R8).
        sail(
            &mut game,
            &mut dice,
            Side::Union,
            "A2",
            &["transport-2", "transport-1"],
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SailTo { node: node("A3") },
        );
        assert_eq!(
            game.ships()[game.ship_index(sunk).unwrap()].at(),
            None,
            "CRT B {b_roll}"
        );
        assert!(
            game.ships()[game.ship_index(survivor).unwrap()]
                .at()
                .is_some()
        );
    }
}

#[test]
fn rule_4_23d_a_sunk_steamers_cargo_is_lost_and_scored() {
    let (mut game, _) = harbour(
        47,
        |g| {
            put_ship(g, "transport-1", "A2");
            edit(g, |s| {
                s.aboard("xiii-12-div", "transport-1")
                    .aboard("mcclernand", "transport-1")
            });
        },
        Step::Movement(Side::Union),
    );
    let mut dice = dice_rolling(&[6]);
    sail(&mut game, &mut dice, Side::Union, "A2", &["transport-1"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A3") },
    );
    let t = texts(&events);
    assert!(
        t.contains("12th Division (XIII) (Union) is eliminated: lost aboard Transport Steamer 1"),
        "{t}"
    );
    assert_eq!(
        game.lost().union,
        6,
        "its SP count for the Confederate VPs (S10.3)"
    );
    assert_eq!(
        game.counters()[key(&game, "mcclernand")].place(),
        Place::Gone
    );
    assert_eq!(
        game.counters()[key(&game, "ord")].place(),
        Place::Waiting,
        "G15"
    );
}

#[test]
fn rule_r21_a_stack_spending_the_phase_on_a_guarded_arrow_is_fired_at_once() {
    let (mut game, _) = harbour(
        48,
        |g| {
            put_ship(g, "transport-1", "A4");
            put_ship(g, "transport-2", "A4");
        },
        Step::Movement(Side::Union),
    );
    let mut dice = dice_rolling(&[1]);
    play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
    // R8: the Union player orders the stack first.
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::TopShip { .. })
    ));
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TopShip {
            ship: "transport-2".into(),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains(
            "Warrenton Shore Battery fires at the stack led by Transport Steamer 2 (shot 1 of 1)"
        ),
        "{t}"
    );
}

#[test]
fn rule_4_22c_a_battery_alone_with_union_combat_units_is_destroyed() {
    let (mut game, mut dice) = harbour(
        57,
        |g| {
            put(g, "xiii-12-div", 24);
        },
        Step::Movement(Side::Union),
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(24) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xiii-12-div".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(23) },
    );
    assert!(texts(&events).contains("Warrenton Shore Battery is destroyed"));
    let b = game
        .batteries()
        .iter()
        .find(|b| b.area() == area(23))
        .unwrap();
    assert_eq!(b.state(), BatteryState::Destroyed);
    assert!(game.guarding(node("A4")).is_none(), "it no longer fires");
}

#[test]
fn rule_4_22b_s3_44_a_battery_has_limited_control_of_its_area() {
    let (game, _) = harbour(58, |_| {}, Step::Movement(Side::Union));
    let census = game.census();
    assert!(census.limited(Side::Confederate, area(23)));
    assert!(!census.full(Side::Confederate, area(23)));
    assert!(census.closed_to_shipping(Side::Union, area(23)));
}
