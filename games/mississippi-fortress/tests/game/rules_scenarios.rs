//! The scenarios' special rules (6.3, 7.3), the optional reinforcements (7.1, 7.11) and the
//! choice of optional rules (7.0).

use adjutant_engine::{Rules, Side, Viewer};
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::BatteryState;
use mississippi_fortress::{Action, MississippiFortress};
use serde_json::json;

use crate::support::{
    area, clear, edit, finish_until, key, play, put, put_ship, scenario_lab, seed, setup_for,
    texts, where_is,
};

fn set_up(scenario: &str, options: serde_json::Value) -> Result<MississippiFortress, String> {
    let mut dice = adjutant_engine::Dice::new(&seed(1));
    MississippiFortress::setup(&setup_for(scenario, options), &mut dice).map_err(|e| e.to_string())
}

#[test]
fn rule_7_3_artillery_may_not_enter_chickasaw_bayou() {
    let (game, _) = scenario_lab("shermans-assault", 1, json!({}));
    let art = key(&game, "ms-art-1862");
    let infantry = key(&game, "thomas-bde");
    assert_eq!(game.counters()[art].area(), Some(area(10)));
    // The Valley road (18-9-10) lets artillery into the swamp elsewhere; 7.3 forbids it.
    assert!(!game.step_allowed(area(10), &[], &[art], area(9)));
    assert!(game.step_allowed(area(10), &[], &[infantry], area(9)));
    assert!(!game.step_allowed(area(10), &[], &[art, infantry], area(9)));
    // The same step in a campaign scenario is open to artillery.
    let (mut campaign, _) = scenario_lab("grants-land-campaign", 1, json!({}));
    clear(&mut campaign, true);
    let art = put(&mut campaign, "ms-art", 10);
    assert!(campaign.step_allowed(area(10), &[], &[art], area(9)));
}

#[test]
fn rule_7_3_pemberton_also_leads_stevensons_and_s_d_lees_brigades() {
    let (mut game, _) = scenario_lab("shermans-assault", 2, json!({}));
    clear(&mut game, true);
    let pemberton = put(&mut game, "pemberton", 3);
    let barton = put(&mut game, "barton-bde", 3);
    let thomas = put(&mut game, "thomas-bde", 3);
    assert!(game.direct_leaders(barton).contains(&pemberton));
    assert!(game.direct_leaders(thomas).contains(&pemberton));
    // Their own Officers lead them as well.
    let stevenson = put(&mut game, "stevenson-1862", 3);
    assert_eq!(game.officer_of(barton), Some(stevenson));
    let census = game.census();
    assert!(game.traces_to_officer(&census, thomas));
}

#[test]
fn rule_7_3_at_most_six_dummies_a_side() {
    let game = set_up("shermans-assault", json!({})).unwrap();
    for side in Side::BOTH {
        assert_eq!(game.dummy_pool(side), 6, "{side}");
    }
}

#[test]
fn rule_7_3_the_union_wins_by_occupying_vicksburg_with_infantry() {
    let (mut game, _) = scenario_lab("shermans-assault", 3, json!({}));
    clear(&mut game, true);
    put(&mut game, "pemberton", 18);
    let census = game.census();
    assert_eq!(game.outcome_now(&census).winner, Some(Side::Confederate));
    put(&mut game, "sherman-1862", 18);
    let census = game.census();
    assert_eq!(
        game.outcome_now(&census).winner,
        Some(Side::Confederate),
        "a Leader is no infantry"
    );
    put(&mut game, "blair-bde", 18);
    let census = game.census();
    let outcome = game.outcome_now(&census);
    assert_eq!(outcome.winner, Some(Side::Union), "{}", outcome.summary);
}

#[test]
fn rule_7_1_longstreet_arrives_at_jackson_on_turn_22_only_with_the_option() {
    for scenario in ["grants-land-campaign", "porter-runs-the-batteries"] {
        let without = set_up(scenario, json!({})).unwrap();
        assert!(without.key("longstreet").is_none(), "{scenario}");
        let with = set_up(scenario, json!({"longstreet-moves-west": true})).unwrap();
        let group = with
            .reinforcements()
            .iter()
            .find(|g| {
                g.units()
                    .iter()
                    .any(|&k| with.counters()[k].id() == "longstreet")
            })
            .expect("Longstreet's group");
        assert_eq!(group.side(), Side::Confederate);
        assert_eq!(group.turn(), 22);
        assert_eq!(group.area(), area(15));
        let mut ids: Vec<&str> = group
            .units()
            .iter()
            .map(|&k| with.counters()[k].id())
            .collect();
        ids.sort_unstable();
        assert_eq!(ids, ["hood-div", "i-corps-art", "longstreet", "mclaws-div"]);
    }
}

/// A 6.2 game with 7.1 and 7.11, run to the Confederate arrival segment of Turn 22.
fn at_turn_22(n: u64) -> MississippiFortress {
    let (mut game, mut dice) = scenario_lab(
        "grants-land-campaign",
        n,
        json!({"longstreet-moves-west": true, "variable-entry": true}),
    );
    clear(&mut game, true);
    edit(&mut game, |s| {
        s.reinforcements(|g| {
            let placed = g.turn() != 22;
            g.set_placed(placed)
        })
    });
    put(&mut game, "grant", 35);
    put(&mut game, "xiii-9-div", 35);
    put(&mut game, "pemberton", 18);
    put(&mut game, "forney-div", 18);
    edit(&mut game, |s| s.turn(21));
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 22 && g.step() == Step::Arrival(Side::Confederate)
    });
    game
}

#[test]
fn rule_7_11_variable_entry_roll_decides_and_only_the_confederates_see_it() {
    let mut seen = [false, false];
    for n in 0..40 {
        let game = at_turn_22(n);
        let roll = game
            .entry_roll()
            .expect("rolled at the start of the Movement Phase");
        let enters = roll <= 2;
        seen[usize::from(enters)] = true;
        let due: Vec<usize> = game.due_groups(Side::Confederate);
        let longstreet_due = due.iter().any(|&g| {
            game.reinforcements()[g]
                .units()
                .iter()
                .any(|&k| game.counters()[k].id() == "longstreet")
        });
        assert_eq!(longstreet_due, enters, "seed {n}, roll {roll}");
        let mine = game.view(Viewer::Seat(Side::Confederate)).to_string();
        let theirs = game.view(Viewer::Seat(Side::Union)).to_string();
        let public = game.view(Viewer::Spectator).to_string();
        assert!(mine.contains("\"entry_roll\""));
        assert!(!theirs.contains("entry_roll") && !public.contains("entry_roll"));
        if seen == [true, true] {
            return;
        }
    }
    panic!("40 seeds never gave both results: {seen:?}");
}

#[test]
fn rule_7_0_optional_rules_need_their_prerequisites_and_their_scenario() {
    let e = set_up("grants-land-campaign", json!({"variable-entry": true})).unwrap_err();
    assert!(e.contains("longstreet-moves-west"), "{e}");
    let e = set_up("champion-hill", json!({"longstreet-moves-west": true})).unwrap_err();
    assert!(e.contains("not used with the scenario"), "{e}");
    let e = set_up("shermans-assault", json!({"no-such-rule": true})).unwrap_err();
    assert!(e.contains("no-such-rule"), "{e}");
    assert!(set_up("shermans-assault", json!({"optional-weather": true})).is_ok());
    let e = set_up(
        "porter-runs-the-batteries",
        json!({"farraguts-fleet": true}),
    )
    .unwrap_err();
    assert!(
        e.contains("needs the optional rule rebel-iron-afloat"),
        "{e}"
    );
    let e = set_up("champion-hill", json!({"rebel-iron-afloat": true})).unwrap_err();
    assert!(
        e.contains("not used with the scenario champion-hill"),
        "{e}"
    );
    // The options in use are public.
    let game = set_up(
        "grants-land-campaign",
        json!({"rebel-iron-afloat": true, "farraguts-fleet": true}),
    )
    .unwrap();
    let view = game.view(Viewer::Spectator);
    assert_eq!(
        view["options"],
        json!(["rebel-iron-afloat", "farraguts-fleet"])
    );
}

#[test]
fn rule_6_0_7_0_every_scenario_and_option_of_the_rulebook_is_in_the_catalog() {
    let info = mississippi_fortress::catalog::game_info();
    let scenarios: Vec<&str> = info.scenarios.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        scenarios,
        [
            "champion-hill",
            "grants-land-campaign",
            "porter-runs-the-batteries",
            "shermans-assault"
        ]
    );
    let options: Vec<&str> = info.choices.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        options,
        [
            "optional-weather",
            "longstreet-moves-west",
            "variable-entry",
            "rebel-iron-afloat",
            "farraguts-fleet",
            "troop-density"
        ]
    );
    let variable = &info.choices[2];
    assert_eq!(variable.requires, ["longstreet-moves-west"]);
    assert_eq!(
        variable.scenarios,
        ["grants-land-campaign", "porter-runs-the-batteries"]
    );
    let scenarios = |id: &str| {
        info.scenarios
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.turns)
            .unwrap()
    };
    assert_eq!(scenarios("grants-land-campaign"), 34);
    assert_eq!(scenarios("porter-runs-the-batteries"), 39);
    assert_eq!(scenarios("shermans-assault"), 5);
    // The engine's own catalog check refuses 7.11 without 7.1.
    assert!(
        info.resolve_options("grants-land-campaign", &json!({"variable-entry": true}))
            .is_err()
    );
}

#[test]
fn rule_5_41_to_5_44_a_scripted_siege_starves_vicksburg_and_the_vps_add_up() {
    let (mut game, mut dice) = scenario_lab("grants-land-campaign", 7, json!({}));
    clear(&mut game, true);
    // Union: every siege Area held (5.41), every division in communications: Grant (C/O) in
    // 19 reaches the divisions in 19 and 23 directly (2.11a), Sherman those in 10 (S6.5).
    put(&mut game, "grant", 19);
    put(&mut game, "xv-2-div", 19);
    put(&mut game, "xvii-3-div", 19);
    put(&mut game, "xiii-9-div", 23);
    put(&mut game, "sherman", 10);
    put(&mut game, "xv-1-div", 10);
    // Confederate: two divisions and Pemberton shut up in Vicksburg.
    put(&mut game, "pemberton", 18);
    let forney = put(&mut game, "forney-div", 18);
    let smith = put(&mut game, "ml-smith-div", 18);
    let garrison_sp =
        i64::from(game.counters()[forney].full()) + i64::from(game.counters()[smith].full());
    assert!(game.besieged_now());
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 7 && g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(
        game.siege().supplies(),
        Some(10),
        "5.42: set after the first besieged turn"
    );
    assert_eq!(game.vp().union, 1, "one turn of siege (6.2 award)");
    for turn in 8..=16 {
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == turn && g.step() == Step::Arrival(Side::Union)
        });
        assert_eq!(game.siege().supplies(), Some(17 - turn));
    }
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 17 && g.step() == Step::Arrival(Side::Union)
    });
    // 5.43: the supplies ran out at the end of the Confederate turn 16.
    assert_eq!(game.siege().supplies(), Some(0));
    for id in ["pemberton", "forney-div", "ml-smith-div"] {
        assert_eq!(where_is(&game, id), None, "{id} surrendered");
    }
    let vicksburg = game
        .batteries()
        .iter()
        .find(|b| b.area() == area(18))
        .unwrap();
    assert_eq!(vicksburg.state(), BatteryState::Destroyed);
    assert_eq!(game.vp().union, 11, "turns 6 to 16 of siege");
    // Turn 17: the Union marches into the empty city; it is captured at the end of the turn.
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
            counter: "xv-2-div".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(18) },
    );
    finish_until(&mut game, &mut dice, |g| g.turn() == 18);
    assert!(game.captures().iter().any(|c| c.area() == area(18)
        && c.side() == Side::Union
        && c.turn() == 17
        && c.qualified()));
    // 5.44: three turns later the game is over.
    finish_until(&mut game, &mut dice, |g| g.result().is_some());
    assert_eq!(game.turn(), 20);
    // Union: 15 turns of siege (6 to 20), 2 VPs per surrendered SP (S10.3), and 25 for
    // Vicksburg captured by Turn 30 (the best of the three alternatives). Confederate: none.
    assert_eq!(game.vp().union, 15 + 2 * garrison_sp + 25);
    assert_eq!(game.vp().confederate, 0);
    let outcome = game.result().cloned().unwrap();
    assert_eq!(outcome.winner, Some(Side::Union), "{}", outcome.summary);
}

#[test]
fn rule_6_3_confederates_may_not_enter_south_of_the_big_bayou_pierre_before_turn_6() {
    let (mut game, _) = scenario_lab("porter-runs-the-batteries", 4, json!({}));
    clear(&mut game, true);
    let bowen = put(&mut game, "bowen-div", 36);
    let union = put(&mut game, "xiii-9-div", 36);
    assert_eq!(game.turn(), 1);
    // Grand Gulf (36) to Port Gibson (44) by the Bayou Pierre bridge.
    assert!(!game.step_allowed(area(36), &[], &[bowen], area(44)));
    assert!(
        game.step_allowed(area(36), &[], &[union], area(44)),
        "only the Confederates are held back"
    );
    assert!(game.scenario_forbids(Side::Confederate, false, area(38)));
    assert!(game.scenario_forbids(Side::Confederate, false, area(45)));
    assert!(!game.scenario_forbids(Side::Confederate, false, area(37)));
    edit(&mut game, |s| s.turn(6));
    assert!(game.step_allowed(area(36), &[], &[bowen], area(44)));
    // 6.2 has no such rule.
    let (mut campaign, _) = scenario_lab("grants-land-campaign", 4, json!({}));
    clear(&mut campaign, true);
    let bowen = put(&mut campaign, "bowen-div", 36);
    assert!(campaign.step_allowed(area(36), &[], &[bowen], area(44)));
}

#[test]
fn rule_6_3_r15_a_union_landing_in_area_43_opens_the_closed_areas_at_once() {
    let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", 5, json!({}));
    clear(&mut game, true);
    put(&mut game, "xiii-9-div", 35);
    put(&mut game, "bowen-div", 36);
    put_ship(&mut game, "transport-1", "A8");
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Embarkation(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Board {
            counter: "xiii-9-div".into(),
        },
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Disembarkation(Side::Union)
    });
    assert!(game.scenario_forbids(Side::Confederate, false, area(44)));
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Land {
            counter: "xiii-9-div".into(),
            area: area(43),
        },
    );
    let t = texts(&events);
    assert!(t.contains("open to the Confederates"), "{t}");
    assert!(game.landing_opened());
    assert!(!game.scenario_forbids(Side::Confederate, false, area(44)));
    let bowen = key(&game, "bowen-div");
    assert!(game.step_allowed(area(36), &[], &[bowen], area(44)));
}
