//! What a round leaves (S9.6-S9.8): losses allocated, driven off, repulsed, withdrawals, the end of a battle.

use super::*;

/// A one-line battle in Area 25 (Clear): xv-1-div (7) against Loring (9), Clear weather.
fn duel(n: u64) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = field(n, false, |g| {
        put(g, "xv-1-div", 25);
        put(g, "loring-div", 25);
        put(g, "stevenson-div", 25);
        put(g, "sherman", 25);
        put(g, "xiii-12-div", 30);
    });
    attack(&mut game, &mut dice, 25);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("stevenson-div", RESERVE)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("sherman", LP1)],
    );
    (game, dice)
}

#[test]
fn rule_s9_72_a_defender_losing_more_against_an_assault_is_driven_off() {
    let (mut game, mut dice) = duel(94);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    // Stand against Assault: Level 3; 7 against 9 at 1:2 gives "2/1". Sherman (2) outranks
    // nobody's 0: the Union fires one column right (11-14 after the 7-10 band).
    let mut dice = dice_rolling(&[1, 6, 6, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Stand),
        },
    );
    let t = texts(&events);
    assert!(t.contains("cell 2/1"), "{t}");
    assert!(t.contains("Confederate LP1 loses 1 SP"), "{t}");
    assert!(t.contains("Confederate LP1 is driven off"), "{t}");
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::Depart { .. })
    ));
}

#[test]
fn rule_s9_73_an_attacker_losing_more_against_a_counterattack_is_repulsed() {
    let (mut game, mut dice) = duel(95);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    let mut dice = dice_rolling(&[6, 6, 1, 1, 1, 1]);
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
    assert!(t.contains("cell 2/2"), "{t}");
    assert!(t.contains("Union LP1 loses 2 SP"), "{t}");
    assert!(t.contains("Union LP1 is repulsed"), "{t}");
    // S9.74b: the Attacker goes back the way it came, if it came; xv-1-div began there, so
    // the Union player chooses among the free adjacent Areas.
    assert!(game.prompt(Side::Union).unwrap().contains("repulsed"));
}

#[test]
fn rule_s9_71_s9_81_s9_84_withdraw_then_the_rest_withdraws_when_the_line_is_empty() {
    let (mut game, mut dice) = duel(96);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Advance))],
    );
    let mut dice = dice_rolling(&[6, 6, 6, 6, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    assert!(texts(&events).contains("Confederate LP1 withdraws"));
    go(&mut game, &mut dice, Side::Confederate, 24);
    // Round 1 is over and Stevenson's Division is still in the battle: the Attacker chooses.
    assert_eq!(
        game.legal_actions(Side::Union),
        [Action::SecondRound, Action::EndBattle]
    );
    play(&mut game, &mut dice, Side::Union, Action::SecondRound);
    // S9.82: every Confederate Line Position is empty: Stevenson must be committed.
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Commit);
    let offered = game.legal_actions(Side::Confederate);
    assert!(!offered.contains(&Action::Commit {
        counter: "stevenson-div".into(),
        position: None
    }));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Commit {
            counter: "stevenson-div".into(),
            position: Some(LP2),
        },
    );
    assert!(
        game.counters()[key(&game, "stevenson-div")].face_up(),
        "committed counters are revealed"
    );
    assert_eq!(game.battle().unwrap().round(), 2);
}

#[test]
fn rule_s9_84_a_side_whose_line_positions_are_all_empty_withdraws_the_rest() {
    let (mut game, mut dice) = duel(97);
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Advance))],
    );
    let mut dice = dice_rolling(&[6, 6, 6, 6, 6, 6]);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Withdraw),
        },
    );
    go(&mut game, &mut dice, Side::Confederate, 24);
    let events = play(&mut game, &mut dice, Side::Union, Action::EndBattle);
    assert!(
        texts(&events).contains("every Confederate Line Position is empty"),
        "{}",
        texts(&events)
    );
    assert!(
        game.prompt(Side::Confederate)
            .unwrap()
            .contains("Stevenson's Division must leave")
    );
}

#[test]
fn rule_s9_61_s9_63_losses_are_allocated_by_their_owner_and_leaders_roll() {
    let (mut game, mut dice) = field(98, false, |g| {
        put(g, "xv-1-div", 25);
        put(g, "xv-2-div", 25);
        put(g, "sherman", 25);
        put(g, "loring-div", 25);
        put(g, "gist-bde", 25);
        put(g, "xiii-12-div", 30);
    });
    attack(&mut game, &mut dice, 25);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("gist-bde", LP1)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP1), ("xv-2-div", LP1), ("sherman", LP1)],
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    // Stand against Assault, 14 against 12 at 1:1: "1/1". Union fires 11-14 +1 (Sherman):
    // 15-20 Assault row, die 1: 1 SP. Confederate fires 11-14 Stand, die 1: 1 SP. Sherman
    // rolls 6 then 6: a casualty.
    let mut dice = dice_rolling(&[1, 1, 6, 6]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Order {
            line: 0,
            order: Some(CombatOrder::Stand),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("Sherman (Union, LP1) rolls 6 then 6: a casualty"),
        "{t}"
    );
    assert!(t.contains("Steele will replace Sherman"), "{t}");
    // The Union player allocates his loss, then the Confederate his.
    let owner = game.decisions().first().expect("allocation").owner(&game);
    let mut sides = vec![owner];
    while let Some(d) = game.decisions().first().cloned() {
        let side = d.owner(&game);
        if !sides.contains(&side) {
            sides.push(side);
        }
        let options = game.legal_actions(side);
        assert!(
            options
                .iter()
                .all(|a| matches!(a, Action::TakeLoss { .. } | Action::Go { .. }))
        );
        let first = options[0].clone();
        play(&mut game, &mut dice, side, first);
    }
    let lost: u8 = ["xv-1-div", "xv-2-div"]
        .iter()
        .map(|id| game.counters()[key(&game, id)].casualties())
        .sum();
    assert_eq!(lost, 1);
}
