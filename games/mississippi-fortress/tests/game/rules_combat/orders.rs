//! Engagements and Combat Orders (S8.7b, S8.8) and the Officers who rate a Line Position (2.12a, 4.31).

use super::*;

#[test]
fn rule_s8_7b_a_line_position_facing_an_empty_one_may_swing_to_an_adjacent_one() {
    let (mut game, mut dice) = field(87, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP2)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP3)],
    );
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Engage);
    assert_eq!(
        game.legal_actions(Side::Union),
        [
            Action::Engage {
                line: 0,
                target: Some(1)
            },
            Action::Engage {
                line: 0,
                target: None
            },
        ]
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Engage {
            line: 0,
            target: None,
        },
    );
    // LP3 may now take the target LP1 left.
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Engage {
            line: 2,
            target: Some(1),
        },
    );
    assert_eq!(game.battle().unwrap().engaged(), [None, None, Some(1)]);
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Orders);
}

#[test]
fn rule_s8_8_combat_orders_are_secret_until_both_are_given_then_revealed_together() {
    let (mut game, mut dice) = field(88, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Orders);
    assert!(
        game.prompt(Side::Union).is_some() && game.prompt(Side::Confederate).is_some(),
        "at the same time"
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    let seen = game.view(Viewer::Seat(Side::Confederate));
    assert!(seen["battle"]["sides"]["union"].get("orders").is_none());
    let spectator = game.view(Viewer::Spectator);
    assert!(
        spectator["battle"]["sides"]["union"]
            .get("orders")
            .is_none()
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Counterattack),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("orders revealed: Confederate LP1: Counterattack; Union LP1: Assault"),
        "{t}"
    );
    // 3.2c in Rain: Assault against Counterattack is Level 3.
    assert!(t.contains("Intensity 3 (Rain)"), "{t}");
    let b = game.battle().unwrap();
    assert_eq!(b.results()[0].level(), 3);
}

#[test]
fn rule_s8_8b_restrictions_of_ineffective_out_of_communications_and_militia_lines() {
    let (mut game, mut dice) = field(89, true, |g| {
        put(g, "xiii-12-div", 18);
        put(g, "xiii-14-div", 18);
        put(g, "xiii-10-div", 18);
        put(g, "vicksburg-garrison", 18);
        put(g, "ml-smith-div", 18);
        put(g, "forney-div", 18);
    });
    edit(&mut game, |s| {
        ["xiii-10-div", "ml-smith-div", "forney-div"]
            .into_iter()
            .fold(
                s.counter("xiii-12-div", |c| c.set_casualties(3))
                    .counter("xiii-14-div", |c| c.set_in_comms(false)),
                |s, id| s.counter(id, |c| c.set_in_comms(true)),
            )
    });
    attack(&mut game, &mut dice, 18);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("forney-div", LP1),
            ("ml-smith-div", LP2),
            ("vicksburg-garrison", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[
            ("xiii-10-div", LP3),
            ("xiii-12-div", LP1),
            ("xiii-14-div", LP2),
        ],
    );
    use CombatOrder::*;
    assert_eq!(
        game.allowed_orders(Side::Union, 0, true),
        [Some(Diversion)],
        "ineffective"
    );
    assert_eq!(
        game.allowed_orders(Side::Union, 1, true),
        [Some(Diversion), Some(Advance)],
        "out of communications"
    );
    assert_eq!(
        game.allowed_orders(Side::Union, 2, true),
        [Some(Diversion), Some(Advance), Some(Assault)]
    );
    assert_eq!(
        game.allowed_orders(Side::Confederate, 2, true),
        [Some(Withdraw), Some(Stand)],
        "militia only (S1.10c)"
    );
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand), Some(Counterattack)]
    );
    // S8.8a: an unengaged occupied Defender Line Position may Withdraw or hold.
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, false),
        [Some(Withdraw), None]
    );
    // The ineffective line's only order is given by itself.
    assert_eq!(game.next_order_line(Side::Union), Some(1));
}

#[test]
fn rule_4_31_bowens_inherent_officer_without_pemberton() {
    let (mut game, mut dice) = field(90, true, |g| {
        put(g, "xiii-12-div", 20);
        put(g, "bowen-div", 20);
    });
    edit(&mut game, |s| {
        s.counter("bowen-div", |c| c.set_in_comms(false))
    });
    attack(&mut game, &mut dice, 20);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("bowen-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert!(game.bowen_applies());
    use CombatOrder::*;
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand), Some(Counterattack)],
        "4.31a: his LOC restriction is lifted"
    );
    assert_eq!(
        game.line_rating(Side::Confederate, 0),
        2,
        "4.31b: a 2-2 Officer"
    );
    // With Pemberton in the battle there is no inherent Officer (4.32).
    let (mut game, mut dice) = field(91, true, |g| {
        put(g, "xiii-12-div", 20);
        put(g, "bowen-div", 20);
        put(g, "pemberton", 20);
    });
    edit(&mut game, |s| {
        s.counter("bowen-div", |c| c.set_in_comms(false))
    });
    attack(&mut game, &mut dice, 20);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("bowen-div", LP1), ("pemberton", RESERVE)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    assert!(!game.bowen_applies());
    assert_eq!(
        game.allowed_orders(Side::Confederate, 0, true),
        [Some(Withdraw), Some(Stand)]
    );
    assert_eq!(game.line_rating(Side::Confederate, 0), 0);
}

#[test]
fn rule_2_12a_s8_6f_grant_rates_alone_another_officer_overrides_him_mixed_lines_have_none() {
    let (mut game, mut dice) = field(92, true, |g| {
        for id in [
            "xv-1-div",
            "grant",
            "xvii-7-div",
            "mcpherson",
            "xv-2-div",
            "xvii-3-div",
            "sherman",
        ] {
            put(g, id, 21);
        }
        put(g, "loring-div", 21);
        put(g, "stevenson-div", 21);
        put(g, "forney-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("loring-div", LP1),
            ("stevenson-div", LP2),
            ("forney-div", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[
            ("xv-1-div", LP1),
            ("xv-2-div", LP3),
            ("xvii-3-div", LP3),
            ("xvii-7-div", LP2),
            ("grant", LP1),
            ("mcpherson", LP2),
            ("sherman", LP3),
        ],
    );
    assert_eq!(
        game.line_rating(Side::Union, 0),
        2,
        "Grant alone: his Offensive Rating"
    );
    assert_eq!(
        game.line_rating(Side::Union, 1),
        1,
        "McPherson (1-2) attacking"
    );
    assert_eq!(
        game.line_rating(Side::Union, 2),
        0,
        "XV and XVII mixed: no rating Officer"
    );
    assert!(game.mixed_formations(Side::Union, 2));
}
