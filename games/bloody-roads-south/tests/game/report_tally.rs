//! The after-action report's standing ([`Rules::tally`]): the close-combat strength points of
//! every unit on the map (series 23.0) and the points the scenario would award if play ended
//! now (7.0).

use adjutant_engine::{Rules, Side};
use bloody_roads_south::data::scenario::VictoryRules;
use bloody_roads_south::testing;

const BRIGADE: &str = "3/4/5";

#[test]
fn rule_7_0_the_report_counts_strength_on_the_map_and_the_points_of_the_moment() {
    let mut g = crate::fire_setup::game();
    let empty = g.tally().expect("Bloody Roads South keeps a standing");
    assert_eq!(empty.unit, "SP");
    let VictoryRules::Points(awards) = &g.scenario().victory else {
        panic!("Sander's Field scores points")
    };
    assert_eq!(empty.vp, Some(g.scenario_points(awards).0));

    testing::place(&mut g, Side::Union, BRIGADE, "A30.06");
    let fresh = g.tally().unwrap().strength.unwrap();
    let k = testing::key(&g, Side::Union, BRIGADE);
    assert_eq!(
        fresh.union - empty.strength.unwrap().union,
        i64::from(g.strength_points(k)),
        "a brigade placed on the map adds its close-combat strength"
    );
    assert!(g.strength_points(k) > 0);
    assert_eq!(fresh.confederate, empty.strength.unwrap().confederate);

    testing::losses(&mut g, Side::Union, BRIGADE, 8, 8);
    let worn = g.tally().unwrap().strength.unwrap();
    assert!(
        worn.union < fresh.union,
        "losses lower the strength: {worn:?}"
    );
}
