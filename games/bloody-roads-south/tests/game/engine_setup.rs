//! Set-up of Sander's Field (rules 6.0, 7.0 Scenario 1): the counters, the fixed and chosen
//! placements, secrecy until both have set up, and the first turn.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::{HexId, UnitId};
use bloody_roads_south::model::step::{CommandSegment, Step};

use crate::support::{no_orders, play_first, sanders_field, set_up_quickly};

fn hex(s: &str) -> HexId {
    s.parse().expect("a hex id")
}

#[test]
fn rule_7_0_scenario_1_sets_up_the_listed_units_as_in_scenario_4() {
    let m = sanders_field(1);
    let g = m.state();
    let griffin = g
        .key(Side::Union, &UnitId::new("2/1/5"))
        .expect("2/1/5 is in play");
    assert_eq!(g.unit(griffin).hex(), Some(hex("A21.09")));
    let sta = g
        .key(Side::Confederate, &UnitId::new("Sta/J/2"))
        .expect("Sta/J/2");
    assert_eq!(g.unit(sta).hex(), Some(hex("A15.14")));
    // 3/5 arrives at 2:00pm (a reinforcement), so it is not on the map at the start.
    let crawford = g
        .key(Side::Union, &UnitId::new("1/3/5"))
        .expect("1/3/5 is in the game");
    assert!(!g.unit(crawford).on_map());
    // Units of other corps are not in this scenario.
    assert!(g.key(Side::Union, &UnitId::new("1/1/6")).is_none());
}

#[test]
fn rule_6_0_each_side_places_its_choices_and_the_opponent_sees_none_of_it() {
    let mut m = sanders_field(2);
    // Union: Db(2) with or adjacent to any unit of 1/5 is asked first.
    let actions = m.state().legal_actions(Side::Union);
    assert!(
        actions
            .iter()
            .all(|a| matches!(a, Action::Place { unit, .. } if unit.as_str() == "Db-1")),
        "{actions:?}"
    );
    assert!(
        actions
            .iter()
            .any(|a| matches!(a, Action::Place { hex: h, .. } if *h == hex("A21.09")))
    );
    play_first(&mut m, Side::Union, |a| matches!(a, Action::Place { .. }));
    // The Confederate view shows no Union stack while setting up; nor does a spectator's.
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        let v = m.view(viewer);
        let union_stacks = v["view"]["stacks"]
            .as_array()
            .or(v["stacks"].as_array())
            .expect("stacks")
            .iter()
            .filter(|s| s["side"] == "union")
            .count();
        assert_eq!(union_stacks, 0, "{viewer:?} sees Union stacks at set-up");
    }
}

#[test]
fn rule_6_0_the_set_ups_are_revealed_together_and_the_confederate_turn_begins() {
    let mut m = sanders_field(3);
    set_up_quickly(&mut m);
    let g = m.state();
    // Scenario 1's Confederates have no army commander ("initiative only"), yet their Order
    // Issue waits for its batch like any other, so that its pause tells nothing (section 5).
    assert_eq!(
        g.step(),
        Step::Command {
            side: Side::Confederate,
            segment: CommandSegment::OrderIssue
        }
    );
    assert_eq!(g.legal_actions(Side::Confederate), vec![no_orders()]);
    let v = g.view(Viewer::Seat(Side::Confederate));
    let union: Vec<_> = v["stacks"]
        .as_array()
        .expect("stacks")
        .iter()
        .filter(|s| s["side"] == "union")
        .collect();
    assert!(!union.is_empty(), "the Union set-up is revealed");
    for s in union {
        let counters = s["counters"].as_array().expect("counters");
        assert_eq!(
            counters.len(),
            1,
            "only the top counter of an enemy stack: {s}"
        );
        assert!(counters[0].get("casualties").is_none());
        assert!(counters[0].get("morale").is_none());
    }
}
