//! Scenario 6's variants built so far (book 3.8b, 4.5c; reference 3.8, 4.5, section 5): Burnside
//! goes elsewhere, a public option that deletes the 9th Corps' road column, and Anderson moves
//! with Hill, the Confederate's secret seat choice revealed with the set-ups.

use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::UnitId;

use crate::scenario4_variants::same_until_the_reveal;
use crate::support::{second_day_with, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn has(m: &Match<BloodyRoadsSouth>, side: Side, id: &str) -> bool {
    m.state().key(side, &UnitId::new(id)).is_some()
}

const NINTH_CORPS: [&str; 15] = [
    "Burnside",
    "9 Corps HQ",
    "9 Corps Supply",
    "9b-1",
    "9b-3",
    "Stevenson",
    "1/1/9",
    "2/1/9",
    "Potter",
    "1/2/9",
    "2/2/9",
    "Willcox",
    "1/3/9",
    "2/3/9",
    "Prov/9",
];

#[test]
fn rule_3_8b_in_scenario_6_deletes_the_9th_corps_road_column_and_its_order() {
    let mut with = second_day_with(3, &["burnside-elsewhere"], &[]);
    let mut without = second_day_with(3, &[], &[]);
    for id in NINTH_CORPS {
        assert!(!has(&with, U, id), "{id} deleted by 3.8b");
        assert!(has(&without, U, id), "{id} in Scenario 6 without 3.8b");
    }
    // The 9 Corps' printed order ("remain in place") goes with it.
    let ninth = |m: &Match<BloodyRoadsSouth>| {
        m.state()
            .orders(U)
            .iter()
            .any(|o| o.text().contains("Remain in place"))
    };
    assert!(!ninth(&with) && ninth(&without));
    set_up_quickly(&mut with);
    set_up_quickly(&mut without);
    crate::scenario2::assert_set_up_as_listed(
        with.state(),
        bloody_roads_south::data::scenario(bloody_roads_south::data::ScenarioId::SecondDay),
        3,
    );
    with.state().check_invariants().expect("invariants");
    let r = with.state().standard_result();
    assert_eq!(r.tactical.union.total, 5, "{:?}", r.tactical.union.lines);
    assert_eq!(without.state().standard_result().tactical.union.total, 0);
}

#[test]
fn rule_4_5c_in_scenario_6_anderson_sets_up_within_3_hexes_of_the_3_corps_hq() {
    let mut m = second_day_with(4, &[], &[(C, "anderson-with-hill")]);
    set_up_quickly(&mut m);
    let g = m.state();
    let near = g.hexes_within("B18.21".parse().expect("a hex"), 3);
    for id in ["Anderson", "Prn/A/3", "M/A/3", "H/A/3", "W/A/3", "Pry/A/3"] {
        let at = g.unit(g.key(C, &UnitId::new(id)).expect("in play")).hex();
        assert!(at.is_some_and(|h| near.contains(&h)), "{id} at {at:?}");
    }
    // Not also a reinforcement at 5:30am (the printed A/3 line is `unless_variant`).
    let line = bloody_roads_south::data::scenario(bloody_roads_south::data::ScenarioId::SecondDay)
        .confederate
        .reinforcements
        .iter()
        .find(|r| r.units.iter().any(|u| u.as_str() == "Anderson"))
        .expect("printed");
    assert!(!line.in_play(&[bloody_roads_south::data::VariantId::AndersonWithHill]));
    g.check_invariants().expect("invariants");
    assert_eq!(g.standard_result().tactical.union.total, 2);
}

#[test]
fn rule_4_5c_secrecy_in_scenario_6_the_choice_tells_nothing_until_the_reveal() {
    for (n, burnside) in [(5, false), (6, true)] {
        let options: &[&str] = if burnside {
            &["burnside-elsewhere"]
        } else {
            &[]
        };
        let mut a = second_day_with(n, options, &[(C, "anderson-with-hill")]);
        let mut b = second_day_with(n, options, &[]);
        same_until_the_reveal(&mut a, &mut b, &[3, 1, 4, 1, 5, 9, 2, 6]).expect("same");
        for viewer in [Viewer::Seat(U), Viewer::Spectator] {
            let ids = a.view(viewer)["variants"].clone();
            assert!(ids.to_string().contains("anderson-with-hill"), "{viewer:?}");
        }
    }
}
