//! Rule 6.0 (reference 6.0, `setup::completeness`): every scenario's set-up, placed as
//! offered, leaves no counter unplaced: "Finish setting up" comes only once each side's lines
//! are all placed, and after the reveal every counter its set-up places is on the map (a secret
//! variant's too). As printed and with every variant the scenario offers.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::data::ScenarioId;
use bloody_roads_south::data::scenario::OFFERED;
use bloody_roads_south::data::variant::VARIANTS_OFFERED;
use bloody_roads_south::model::step::Step;
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::Value;

use crate::support::{play, seed, setup_for};

/// A match of `scenario`, with every variant it offers when `variants` (public ones by the
/// options, secret ones by their side's secret choice).
fn fresh(scenario: ScenarioId, variants: bool) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for(scenario.as_str(), &[]);
    if variants {
        let listed = &bloody_roads_south::data::scenario(scenario).variants;
        for v in VARIANTS_OFFERED.into_iter().filter(|v| listed.contains(v)) {
            let d = bloody_roads_south::data::variants().variant(v);
            let key = v.as_str().to_string();
            if d.secret {
                setup
                    .secret_choices
                    .get_mut(d.side)
                    .insert(key, Value::Bool(true));
            } else {
                setup.options.insert(key, Value::Bool(true));
            }
        }
    }
    Match::new(&setup, &seed(60)).expect("the scenario sets up")
}

/// Both sides place every counter as offered (the first hex) and write the pre-set batch
/// offered first; "Finish setting up" must come, and only with nothing left to place.
fn set_up_as_offered(m: &mut Match<BloodyRoadsSouth>, what: &str) {
    for side in Side::BOTH {
        for _ in 0..1000 {
            let actions = m.state().legal_actions(side);
            let finish = actions
                .iter()
                .find(|a| matches!(a, Action::FinishSetUp { .. }));
            let next = actions
                .iter()
                .find(|a| matches!(a, Action::Place { .. } | Action::IssueOrders { .. }))
                .or(finish)
                .unwrap_or_else(|| panic!("{what}: the {side} set-up is stuck"))
                .clone();
            if finish.is_some() {
                let left = m.state().unplaced_setup_counters(side);
                assert!(
                    left.is_empty(),
                    "{what}: Finish offered with {left:?} unplaced"
                );
            }
            play(m, side, &next);
            m.state()
                .check_invariants()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            if matches!(next, Action::FinishSetUp { .. }) {
                break;
            }
        }
    }
}

fn check(scenario: ScenarioId, variants: bool) {
    let what = format!("{} (variants: {variants})", scenario.as_str());
    let mut m = fresh(scenario, variants);
    set_up_as_offered(&mut m, &what);
    let g = m.state();
    assert_ne!(g.step(), Step::SetUp, "{what}: play has not begun");
    for side in Side::BOTH {
        assert!(g.unplaced_setup_counters(side).is_empty(), "{what}");
        let off: Vec<&str> = g
            .units()
            .iter()
            .filter(|u| u.side() == side && !u.on_map())
            .filter(|u| !g.is_reinforcement(side, u.id()))
            .map(|u| u.id().as_str())
            .collect();
        assert!(
            off.is_empty(),
            "{what}: {side} set-up counters off the map: {off:?}"
        );
    }
}

#[test]
fn rule_6_0_every_scenario_set_up_as_offered_leaves_no_counter_unplaced() {
    assert_eq!(OFFERED.len(), 7);
    for scenario in OFFERED {
        check(scenario, false);
    }
}

#[test]
fn rule_6_0_every_scenario_set_up_with_its_variants_leaves_no_counter_unplaced() {
    for scenario in OFFERED {
        check(scenario, true);
    }
}
