//! Victory points, the siege of Vicksburg and the end of the game (6.1, 5.4, S10).

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::scenarios::AwardKind;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{BatteryState, Place};
use serde_json::json;

use crate::support::*;

fn to_end(game: &mut MississippiFortress, dice: &mut Dice) {
    finish_until(game, dice, |g| g.result().is_some());
}

#[test]
fn rule_6_1_each_side_scores_its_enemys_sp_lost_in_its_victory_point_phase() {
    let (mut game, mut dice) = lab(120);
    edit(&mut game, |s| {
        s.sp_lost(Side::Confederate, 3).sp_lost(Side::Union, 2)
    });
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert_eq!(game.vp().union, 8 + 2 * 3);
    assert_eq!(game.lost().confederate, 0, "reset after the award (S10.3d)");
    assert_eq!(
        game.lost().union,
        2,
        "not yet: the Confederate scores in his own phase"
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(game.vp().confederate, 15 + 3 * 2);
}

#[test]
fn rule_6_1_the_union_wins_holding_jackson_with_effective_infantry_in_communications() {
    let (mut game, _) = lab(121);
    clear(&mut game, false);
    let k = put(&mut game, "xv-1-div", 15);
    put(&mut game, "walker-bde", 15);
    edit(&mut game, |s| {
        s.counter(k, |c| c.set_in_comms(true)).vp(Side::Union, 15)
    });
    let census = game.census();
    let won = game.outcome_now(&census);
    assert_eq!(won.winner, Some(Side::Union), "{}", won.summary);
    assert_eq!(won.score.as_ref().map(|s| s.union), Some(15));
    // Confederate units may also be there; but VPs must be at least equal.
    edit(&mut game, |s| s.vp(Side::Union, 14));
    assert_eq!(game.outcome_now(&census).winner, Some(Side::Confederate));
    edit(&mut game, |s| {
        s.vp(Side::Union, 15).counter(k, |c| c.set_in_comms(false))
    });
    assert_eq!(
        game.outcome_now(&census).winner,
        Some(Side::Confederate),
        "out of communications"
    );
    edit(&mut game, |s| {
        s.counter(k, |c| c.set_in_comms(true).set_casualties(4))
    });
    assert_eq!(
        game.outcome_now(&census).winner,
        Some(Side::Confederate),
        "ineffective"
    );
}

#[test]
fn rule_6_1_end_of_game_awards_for_stragglers_and_ineffective_divisions() {
    let (mut game, _) = lab(122);
    let loring = key(&game, "loring-div");
    edit(&mut game, |s| {
        s.counter(loring, |c| c.set_casualties(5).set_stragglers(0)) // 4 of 9: ineffective
            .counter("gist-bde", |c| c.set_stragglers(2))
            .counter("xv-1-div", |c| c.set_stragglers(1))
    });
    let census = game.census();
    assert_eq!(
        game.award_count(Side::Union, &AwardKind::EnemyIneffectiveDivisions, &census),
        1
    );
    assert_eq!(
        game.award_count(Side::Union, &AwardKind::EnemyUnrecoveredStragglers, &census),
        2
    );
    assert_eq!(
        game.award_count(
            Side::Confederate,
            &AwardKind::EnemyUnrecoveredStragglers,
            &census
        ),
        1
    );
    // Eliminated units no longer count (R6).
    edit(&mut game, |s| s.place(loring, Place::Gone));
    assert_eq!(
        game.award_count(
            Side::Union,
            &AwardKind::EnemyIneffectiveDivisions,
            &game.census()
        ),
        0
    );
}

#[test]
fn rule_6_1_s10_6_the_game_ends_after_turn_16_with_the_scenarios_verdict() {
    let (mut game, mut dice) = lab(123);
    to_end(&mut game, &mut dice);
    assert_eq!(game.turn(), 16);
    assert_eq!(game.step(), Step::Over);
    let outcome = game.outcome().expect("over");
    assert_eq!(
        outcome.winner,
        Some(Side::Confederate),
        "nobody marched on Jackson: {}",
        outcome.summary
    );
    assert!(game.legal_actions(Side::Union).is_empty() && game.prompt(Side::Confederate).is_none());
}

#[test]
fn rule_5_41_5_42_the_siege_is_announced_and_the_supplies_are_set_then_drop() {
    let (mut game, mut dice) = lab(124);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 10);
    put(&mut game, "xv-2-div", 19);
    put(&mut game, "xv-3-div", 24);
    put(&mut game, "ml-smith-div", 18);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
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
            counter: "xv-3-div".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(23) },
    );
    let t = texts(&events);
    assert!(t.contains("Vicksburg is besieged (5.41)"), "{t}");
    assert!(t.contains("Warrenton Shore Battery is destroyed"), "{t}");
    assert!(game.siege().besieged());
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 14 && g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(
        game.siege().supplies(),
        Some(10),
        "set at the end of the first Confederate turn (5.42)"
    );
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 15 && g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(game.siege().supplies(), Some(9));
}

#[test]
fn rule_5_43_at_zero_supplies_the_defenders_of_vicksburg_surrender() {
    let (mut game, mut dice) = lab(125);
    clear(&mut game, false);
    for (id, n) in [("xv-1-div", 10), ("xv-2-div", 19), ("xv-3-div", 23)] {
        put(&mut game, id, n);
    }
    put(&mut game, "ml-smith-div", 18);
    put(&mut game, "pemberton", 18);
    put(&mut game, "loring-div", 20);
    edit(&mut game, |s| s.siege(true, Some(1)));
    finish_until(&mut game, &mut dice, |g| g.turn() == 14);
    assert_eq!(game.siege().supplies(), Some(0));
    assert_eq!(
        game.counters()[key(&game, "ml-smith-div")].place(),
        Place::Gone
    );
    assert_eq!(
        game.counters()[key(&game, "pemberton")].place(),
        Place::Gone,
        "captured (R37)"
    );
    assert_eq!(
        where_is(&game, "loring-div"),
        Some(20),
        "Area 20 does not surrender"
    );
    let vicksburg = game
        .batteries()
        .iter()
        .find(|b| b.area() == area(18))
        .unwrap();
    assert_eq!(vicksburg.state(), BatteryState::Destroyed);
}

#[test]
fn rule_s10_7_captures_are_recorded_at_the_end_of_a_turn_and_cancelled_by_reoccupation() {
    let (mut game, mut dice) = lab(126);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 15);
    put(&mut game, "loring-div", 20);
    finish_until(&mut game, &mut dice, |g| g.turn() == 14);
    assert!(
        game.captures()
            .iter()
            .any(|c| c.area() == area(15) && c.side() == Side::Union && c.turn() == 13)
    );
    put(&mut game, "walker-bde", 15);
    finish_until(&mut game, &mut dice, |g| g.turn() == 15);
    assert!(
        !game.captures().iter().any(|c| c.area() == area(15)),
        "reoccupied (S10.7b)"
    );
}

/// S10.5a (6.2, Union award 5): the LOC check of a capture award is made in the turn in which
/// the points are claimed, the last: a capture made out of communications counts if the Area
/// is held in communications at the end, one made in communications does not if the Area is
/// held out of them, and an Area left empty (never reoccupied) is claimed as it was captured.
#[test]
fn rule_s10_5a_a_capture_is_claimed_with_the_communications_of_the_last_turn() {
    let jackson = AwardKind::AreaCaptured {
        area: area(15),
        requires_loc: true,
    };
    let claimed = |qualified: bool, at_the_end: &[&str]| {
        let (mut game, mut dice) = scenario_lab("grants-land-campaign", 9, json!({}));
        clear(&mut game, true);
        put(&mut game, "loring-div", 20);
        for id in at_the_end {
            put(&mut game, id, 15);
        }
        let turn = game.turn();
        edit(&mut game, |s| {
            s.capture(area(15), Side::Union, turn, qualified)
        });
        to_end(&mut game, &mut dice);
        assert!(game.captures().iter().any(|c| c.area() == area(15)));
        game.award_count(Side::Union, &jackson, &game.census())
    };
    assert_eq!(
        claimed(false, &["grant", "xv-1-div"]),
        1,
        "out of communications when captured, in them at the end"
    );
    assert_eq!(
        claimed(true, &["xv-1-div"]),
        0,
        "in communications when captured, out of them at the end"
    );
    assert_eq!(claimed(true, &[]), 1, "left empty: claimed as captured");
    assert_eq!(claimed(false, &[]), 0, "left empty: claimed as captured");
}

/// S10.5a (6.2, Union awards 6-8; decision I17), played through: a Union division marches
/// into Vicksburg out of communications, so its capture is recorded as not claimable then
/// (`qualified: false`); Grant comes up beside it, and the game ends three turns later (5.44)
/// with the division in communications: the 50 VPs for Vicksburg captured by Turn 15 are
/// claimed then, at the end. The same game with Grant kept away scores exactly 50 fewer.
#[test]
fn rule_s10_5a_a_capture_made_out_of_communications_scores_when_in_communications_at_the_end() {
    let vicksburg_by_15 = AwardKind::AreaCapturedBy {
        area: area(18),
        by_turn: 15,
        requires_loc: true,
    };
    let play_out = |grant_comes_up: bool| {
        let (mut game, mut dice) = scenario_lab("grants-land-campaign", 11, json!({}));
        clear(&mut game, true);
        // No Officer and no Grant on the map: the division is out of communications.
        put(&mut game, "xv-2-div", 19);
        put(&mut game, "loring-div", 20);
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        // The Vicksburg battery, alone, is destroyed as the division enters (4.22c).
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
                counter: "xv-2-div".into(),
            },
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::StepTo { area: area(18) },
        );
        finish_until(&mut game, &mut dice, |g| g.turn() == 7);
        assert!(!in_comms_now(&game, "xv-2-div"));
        assert!(
            game.captures().iter().any(|c| c.area() == area(18)
                && c.side() == Side::Union
                && c.turn() == 6
                && !c.qualified()),
            "captured at the end of Turn 6, out of communications: {:?}",
            game.captures()
        );
        if grant_comes_up {
            // 2.11a: a unit may trace directly to Grant in its Area or the next.
            put(&mut game, "grant", 19);
        }
        to_end(&mut game, &mut dice);
        assert_eq!(
            game.turn(),
            9,
            "5.44: the game ends three turns after the capture"
        );
        assert_eq!(in_comms_now(&game, "xv-2-div"), grant_comes_up);
        let claimed = game.award_count(Side::Union, &vicksburg_by_15, &game.census());
        (claimed, game.vp().union)
    };
    let (claimed, vp) = play_out(true);
    assert_eq!(
        claimed, 1,
        "in communications at the end: the points are claimed"
    );
    let (unclaimed, vp_without) = play_out(false);
    assert_eq!(unclaimed, 0, "out of communications at the end: no claim");
    assert_eq!(
        vp,
        vp_without + 50,
        "50 VPs for Vicksburg by Turn 15 (6.2, award 6)"
    );
}

/// The LOC status a counter had at its owner's last Communications Phase (S6.1a).
fn in_comms_now(game: &MississippiFortress, id: &str) -> bool {
    game.counters()[key(game, id)].rec().in_comms()
}

#[test]
fn rule_5_44_the_game_ends_three_turns_after_the_union_captures_vicksburg() {
    let (mut game, mut dice) = lab(127);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 18);
    put(&mut game, "loring-div", 20);
    // Captured at the end of Turn 12 (before the scenario): the third turn after is 15.
    edit(&mut game, |s| s.vicksburg_hold(Some(12)));
    to_end(&mut game, &mut dice);
    assert_eq!(game.turn(), 15, "the game ends early");
    // Retaken: at the end of a turn with no Union combat unit in Area 18 the count stops.
    let (mut game, mut dice) = lab(128);
    clear(&mut game, false);
    put(&mut game, "loring-div", 20);
    edit(&mut game, |s| s.vicksburg_hold(Some(12)));
    to_end(&mut game, &mut dice);
    assert_eq!(game.turn(), 16);
}

#[test]
fn rule_s10_2_s10_5_per_turn_awards_of_the_other_scenarios_count_what_they_name() {
    let (mut game, _) = lab(129);
    clear(&mut game, false);
    for (id, n) in [("xv-1-div", 10), ("xv-2-div", 19), ("xv-3-div", 23)] {
        put(&mut game, id, n);
    }
    let walker = put(&mut game, "walker-bde", 15);
    put(&mut game, "loring-div", 20);
    let census = game.census();
    assert_eq!(
        game.award_count(Side::Union, &AwardKind::Besieged, &census),
        1
    );
    // C1: Jackson occupied; an infantry claimant must be in communications (S10.5a).
    let jackson = AwardKind::AreaOccupied {
        area: area(15),
        requires_loc: true,
    };
    edit(&mut game, |s| s.counter(walker, |c| c.set_in_comms(false)));
    assert_eq!(game.award_count(Side::Confederate, &jackson, &census), 0);
    edit(&mut game, |s| s.counter(walker, |c| c.set_in_comms(true)));
    assert_eq!(game.award_count(Side::Confederate, &jackson, &census), 1);
    put(&mut game, "ms-2-cav", 15);
    edit(&mut game, |s| s.counter(walker, |c| c.set_in_comms(false)));
    assert_eq!(
        game.award_count(Side::Confederate, &jackson, &game.census()),
        1,
        "cavalry needs no LOC"
    );
    // C2: Union infantry that cannot trace to its Officer now (S6.1c): no Officer on the map.
    assert_eq!(
        game.award_count(
            Side::Confederate,
            &AwardKind::EnemyInfantryOutOfLoc,
            &census
        ),
        3
    );
    put(&mut game, "sherman", 24);
    assert_eq!(
        game.award_count(
            Side::Confederate,
            &AwardKind::EnemyInfantryOutOfLoc,
            &game.census()
        ),
        1,
        "from 24 Sherman is reached from 19 and 23, not from 10 (three Areas)"
    );
}

#[test]
fn rule_s10_6c_the_other_scenarios_win_conditions() {
    let (mut game, _) = lab(131);
    clear(&mut game, false);
    put(&mut game, "xv-1-div", 18);
    put(&mut game, "loring-div", 20);
    edit(&mut game, |s| {
        s.scenario(mississippi_fortress::data::ScenarioId::GrantsLandCampaign)
            .vp(Side::Union, 20)
            .vp(Side::Confederate, 20)
    });
    let census = game.census();
    let tie = game.outcome_now(&census);
    assert_eq!(
        tie.winner,
        Some(Side::Union),
        "Sole Control of Vicksburg: {}",
        tie.summary
    );
    put(&mut game, "ml-smith-div", 18);
    assert_eq!(
        game.outcome_now(&game.census()).winner,
        None,
        "a draw (R25)"
    );
    edit(&mut game, |s| s.vp(Side::Confederate, 21));
    assert_eq!(
        game.outcome_now(&game.census()).winner,
        Some(Side::Confederate)
    );
    edit(&mut game, |s| {
        s.scenario(mississippi_fortress::data::ScenarioId::ShermansAssault)
    });
    assert_eq!(
        game.outcome_now(&game.census()).winner,
        Some(Side::Union),
        "7.3: infantry in Vicksburg"
    );
}
