//! The scenarios' special rules (6.3, 7.3), the optional reinforcements (7.1, 7.11) and the
//! choice of optional rules (7.0).

use adjutant_engine::{Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::sequence::Step;
use serde_json::json;

use crate::support::{area, clear, finish_until, key, put, scenario_lab, scenario_setup, seed};

fn set_up(scenario: &str, options: serde_json::Value) -> Result<MississippiFortress, String> {
    let mut dice = adjutant_engine::Dice::new(&seed(1));
    MississippiFortress::setup(&scenario_setup(scenario, options), &mut dice)
        .map_err(|e| e.to_string())
}

#[test]
fn rule_7_3_artillery_may_not_enter_chickasaw_bayou() {
    let (game, _) = scenario_lab("shermans-assault", 1, json!({}));
    let art = key(&game, "ms-art-1862");
    let infantry = key(&game, "thomas-bde");
    assert_eq!(game.counters[art].area(), Some(area(10)));
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
            .reinforcements
            .iter()
            .find(|g| g.units.iter().any(|&k| with.counters[k].id == "longstreet"))
            .expect("Longstreet's group");
        assert_eq!(group.side, Side::Confederate);
        assert_eq!(group.turn, 22);
        assert_eq!(group.area, area(15));
        let mut ids: Vec<&str> = group
            .units
            .iter()
            .map(|&k| with.counters[k].id.as_str())
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
    for g in &mut game.reinforcements {
        g.placed = g.turn != 22;
    }
    put(&mut game, "grant", 35);
    put(&mut game, "xiii-9-div", 35);
    put(&mut game, "pemberton", 18);
    put(&mut game, "forney-div", 18);
    game.turn = 21;
    finish_until(&mut game, &mut dice, |g| {
        g.turn == 22 && g.step == Step::Arrival(Side::Confederate)
    });
    game
}

#[test]
fn rule_7_11_variable_entry_roll_decides_and_only_the_confederates_see_it() {
    let mut seen = [false, false];
    for n in 0..40 {
        let game = at_turn_22(n);
        let roll = game
            .entry_roll
            .expect("rolled at the start of the Movement Phase");
        let enters = roll <= 2;
        seen[usize::from(enters)] = true;
        let due: Vec<usize> = game.due_groups(Side::Confederate);
        let longstreet_due = due.iter().any(|&g| {
            game.reinforcements[g]
                .units
                .iter()
                .any(|&k| game.counters[k].id == "longstreet")
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
    assert!(e.contains("not used in the scenario"), "{e}");
    let e = set_up("shermans-assault", json!({"no-such-rule": true})).unwrap_err();
    assert!(e.contains("no-such-rule"), "{e}");
    assert!(set_up("shermans-assault", json!({"optional-weather": true})).is_ok());
}

#[test]
fn every_scenario_and_option_of_the_rulebook_is_in_the_catalog() {
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
