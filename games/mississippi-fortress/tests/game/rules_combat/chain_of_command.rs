//! Leaders who fall and their successors (2.13, S9.64-S9.66).

use super::*;

#[test]
fn rule_2_13a_g15_when_grant_falls_mcclernand_commands_and_ord_replaces_him_as_officer() {
    let (mut game, _) = lab(99);
    edit(&mut game, |s| {
        s.ship("transport-1", |t| t.set_at(Some("A2".parse().unwrap())))
            .aboard("grant", "transport-1")
    });
    let mut dice = game_dice_rolling_first(&mut game, &[6]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom {
            node: "A2".parse().unwrap(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "transport-1".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo {
            node: "A3".parse().unwrap(),
        },
    );
    let t = texts(&events);
    assert!(t.contains("Grant (Union) is lost"), "{t}");
    assert!(
        t.contains("McClernand (Commander) will replace Grant"),
        "{t}"
    );
    assert!(t.contains("Ord will replace McClernand"), "{t}");
    assert_eq!(
        game.counters()[key(&game, "mcclernand")].place(),
        Place::Gone
    );
    assert_eq!(
        game.counters()[key(&game, "mcclernand-commander")].place(),
        Place::Waiting
    );
    assert_eq!(game.counters()[key(&game, "ord")].place(), Place::Waiting);
    assert!(game.check_invariants().is_ok());
}

/// Moves a lab game to the Union Movement Phase and returns dice whose next rolls are `rolls`.
fn game_dice_rolling_first(game: &mut MississippiFortress, rolls: &[u8]) -> Dice {
    let mut dice = Dice::new(&seed(7));
    finish_until(game, &mut dice, |g| g.step() == Step::Movement(Side::Union));
    dice_rolling(rolls)
}

#[test]
fn rule_2_13b_s9_66_pemberton_is_replaced_by_stevenson_who_joins_his_troops() {
    let (mut game, mut dice) = lab(100);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 13);
    put(&mut game, "pemberton", 14);
    put(&mut game, "grant", 21);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(13) },
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
        Action::StepTo { area: area(14) },
    );
    assert!(texts(&events).contains("Pemberton (Confederate) is lost: captured"));
    let stevenson = key(&game, "stevenson");
    assert_eq!(game.counters()[stevenson].place(), Place::Waiting);
    // S9.66: P troops at 20 and nowhere else: he is placed there in the next 2d.
    put(&mut game, "loring-div", 20);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Communications(Side::Union)
            || g.step() == Step::Arrival(Side::Confederate)
    });
    assert_eq!(game.counters()[stevenson].place(), Place::Area(area(20)));
    assert!(!game.counters()[stevenson].face_up(), "face down");
}
