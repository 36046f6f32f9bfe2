//! Special situations (S9.9, 5.12): mountain withdrawals, river crossings, no line of retreat.

use super::*;

#[test]
fn rule_5_12_after_a_compelled_mountain_battle_the_attacker_goes_back_without_checks() {
    let (mut game, mut dice) = lab(101);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 19);
    put(&mut game, "ml-smith-div", 18);
    put(&mut game, "xiii-12-div", 30);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(19) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xv-1-div".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(18) },
    );
    finish_until(&mut game, &mut dice, |g| g.battle().is_some());
    assert!(game.battle().unwrap().compelled());
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("ml-smith-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xv-1-div", LP1)]);
    // Diversion against Stand is Level 1, 0 in Rain: no fire at all.
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    order(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[(0, Some(CombatOrder::Stand))],
    );
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    let t = texts(&events);
    assert!(t.contains("every attacking unit withdraws (5.12)"), "{t}");
    assert!(!t.contains("Straggler check"), "{t}");
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

/// Union troops cross the Big Black bridge from 19 into 20 and attack.
fn bridgehead(n: u64, defenders: &[&str], officer: bool) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = lab(n);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 19);
    if officer {
        put(&mut game, "sherman", 19);
    }
    put(&mut game, "xiii-12-div", 30);
    for id in defenders {
        put(&mut game, id, 20);
    }
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(19) },
    );
    if officer {
        play(&mut game, &mut dice, Side::Union, Action::TakeAll);
    } else {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::Take {
                counter: "xv-1-div".into(),
            },
        );
    }
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(20) },
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    attack(&mut game, &mut dice, 20);
    assert_eq!(game.battle().unwrap().crossing(), [key(&game, "xv-1-div")]);
    stand(&mut game, &mut dice);
    let positions: Vec<(&str, Position)> = defenders.iter().map(|&d| (d, LP1)).collect();
    deploy(&mut game, &mut dice, Side::Confederate, &positions);
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("sherman", LP1)],
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    order(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[(0, Some(CombatOrder::Stand))],
    );
    (game, dice)
}

#[test]
fn rule_s9_92b_units_that_crossed_a_major_river_go_back_if_the_defender_holds() {
    let (mut game, mut dice) = bridgehead(102, &["loring-div"], false);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(
        texts(&events).contains("go back (S9.92b)"),
        "{}",
        texts(&events)
    );
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

#[test]
fn rule_s9_92c_officers_who_outrank_the_defenders_hold_the_bridgehead() {
    let (mut game, mut dice) = bridgehead(103, &["loring-div"], true);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(texts(&events).contains("outrank"), "{}", texts(&events));
    assert_eq!(
        where_is(&game, "xv-1-div"),
        Some(20),
        "the Area stays Contested"
    );
}

#[test]
fn rule_4_31c_bowens_inherent_officer_contests_a_river_crossing() {
    let (mut game, mut dice) = bridgehead(104, &["bowen-div"], true);
    assert_eq!(
        game.river_crossing_ratings(),
        (2, 2),
        "Sherman 2 against Bowen's 2: a tie"
    );
    play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert_eq!(where_is(&game, "xv-1-div"), Some(19));
}

#[test]
fn rule_s9_74e_a_unit_with_no_line_of_retreat_surrenders() {
    let (mut game, mut dice) = field(105, true, |g| {
        put(g, "ml-smith-div", 18);
        put(g, "xv-1-div", 18);
        for (id, n) in [
            ("xv-2-div", 9),
            ("xv-3-div", 10),
            ("xiii-12-div", 19),
            ("xiii-14-div", 23),
        ] {
            put(g, id, n);
        }
    });
    attack(&mut game, &mut dice, 18);
    // No retreat before combat is possible: the Confederate is not even asked.
    assert_ne!(game.battle().unwrap().stage(), BattleStage::Retreats);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("ml-smith-div", LP1)],
    );
    deploy(&mut game, &mut dice, Side::Union, &[("xv-1-div", LP1)]);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("M. L. Smith's Division (Confederate) is eliminated: surrenders"),
        "{t}"
    );
    // Its 6 SP count as lost: the Union scored them in its Victory Point Phase (2 each).
    assert_eq!(game.vp().union, 8 + 12);
}
