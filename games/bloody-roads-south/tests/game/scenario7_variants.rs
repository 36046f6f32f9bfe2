//! Scenario 7's variants (book 3.8a, 3.8b, 4.5a; reference 3.8, 4.5, 7.0 Scenario 7): Ferrero
//! joins, the Union's secret, set up within 3 hexes of the 9 Corps HQ; Burnside goes
//! elsewhere, a public option deleting the 9th Corps; Pickett joins, the Confederate's secret,
//! set up within 3 hexes of the 1 Corps HQ ("if 1st Corps is already on the map"). 4.5b and
//! 4.5c are not offered: 1 Corps and A/3 are on the map from the start.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::{ScenarioId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::{BloodyRoadsSouth, data};

use crate::support::{set_up_quickly, wasted_day_with};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn has(m: &Match<BloodyRoadsSouth>, side: Side, id: &str) -> bool {
    m.state().key(side, &UnitId::new(id)).is_some()
}

/// Every counter of `ids` is on the map within 3 hexes of `hq`.
fn within_3_of(m: &Match<BloodyRoadsSouth>, side: Side, ids: &[&str], hq: &str) {
    let g = m.state();
    let at = |id: &str| g.unit(g.key(side, &UnitId::new(id)).expect(id)).hex();
    let centre = at(hq).expect("the HQ is on the map");
    for id in ids {
        let d = at(id).and_then(|h| data::map().distance(h, centre));
        assert!(d.is_some_and(|d| d <= 3), "{id}: {d:?} from the {hq}");
    }
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
fn rule_3_8_4_5_scenario_7_offers_3_8a_3_8b_and_4_5a_only() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let offers = |id: &str| {
        info.choices
            .iter()
            .find(|c| c.id == id)
            .is_some_and(|c| c.scenarios.iter().any(|s| s == "wasted-day"))
    };
    for id in ["ferrero-joins", "burnside-elsewhere", "pickett-joins"] {
        assert!(offers(id), "{id}");
    }
    for id in [
        "anderson-with-hill",
        "longstreet-further-east",
        "entry-first-corps",
    ] {
        assert!(!offers(id), "{id} is meaningless on 7 May");
    }
    // A secret 4.5c named anyway does nothing: A/3 sets up where printed, no 2 VP.
    let mut m = wasted_day_with(1, &[], &[(C, "anderson-with-hill")]);
    set_up_quickly(&mut m);
    assert!(!m.state().variant(data::VariantId::AndersonWithHill));
    let w = m
        .state()
        .unit(m.state().key(C, &UnitId::new("W/A/3")).expect("in play"));
    assert_eq!(w.hex(), Some("B21.24".parse().expect("a hex")));
}

#[test]
fn rule_3_8a_in_scenario_7_4_9_sets_up_within_3_hexes_of_the_9_corps_hq_for_2_vp() {
    let mut m = wasted_day_with(2, &[], &[(U, "ferrero-joins")]);
    assert!(has(&m, U, "Ferrero") && has(&m, U, "9b-4"));
    set_up_quickly(&mut m);
    crate::scenario2::assert_set_up_as_listed(m.state(), data::scenario(ScenarioId::WastedDay), 2);
    within_3_of(&m, U, &["Ferrero", "1/4/9", "2/4/9", "9b-4"], "9 Corps HQ");
    m.state().check_invariants().expect("invariants");
    let r = m.state().standard_result();
    let base = crate::scenario7::set_up(2).standard_result();
    assert_eq!(
        r.tactical.confederate.total,
        base.tactical.confederate.total + 2,
        "3.8a costs the Union 2 VP"
    );
}

#[test]
fn rule_4_5a_in_scenario_7_pickett_sets_up_within_3_hexes_of_the_1_corps_hq_for_1_vp() {
    let mut m = wasted_day_with(3, &[], &[(C, "pickett-joins")]);
    set_up_quickly(&mut m);
    within_3_of(
        &m,
        C,
        &["Pickett", "Ba/P/1", "Hu/P/1", "C/P/1", "T/P/1"],
        "1 Corps HQ",
    );
    m.state().check_invariants().expect("invariants");
    let r = m.state().standard_result();
    let base = crate::scenario7::set_up(3).standard_result();
    assert_eq!(r.tactical.union.total, base.tactical.union.total + 1);
}

#[test]
fn rule_3_8b_in_scenario_7_deletes_the_9th_corps_and_its_order_for_5_vp() {
    let mut with = wasted_day_with(4, &["burnside-elsewhere"], &[(U, "ferrero-joins")]);
    let without = wasted_day_with(4, &[], &[]);
    for id in NINTH_CORPS.iter().chain(&["Ferrero", "1/4/9"]) {
        assert!(!has(&with, U, id), "{id} deleted by 3.8b");
    }
    for id in NINTH_CORPS {
        assert!(has(&without, U, id), "{id} in Scenario 7 without 3.8b");
    }
    let ninth = |m: &Match<BloodyRoadsSouth>| {
        m.state()
            .command(
                U,
                &bloody_roads_south::model::order::Receiver::Corps(data::FormationId("9".into())),
            )
            .is_some_and(|c| c.current().is_some())
    };
    assert!(!ninth(&with) && ninth(&without));
    set_up_quickly(&mut with);
    crate::scenario2::assert_set_up_as_listed(
        with.state(),
        data::scenario(ScenarioId::WastedDay),
        4,
    );
    with.state().check_invariants().expect("invariants");
    // 5 VP to the Union; the 9th Corps' brackets (17 steps) no longer count for the
    // Confederates, and 3.8a's 2 VP are gone with 4/9.
    let r = with.state().standard_result();
    let base = crate::scenario7::set_up(4).standard_result();
    assert_eq!(r.tactical.union.total, base.tactical.union.total + 5);
    assert_eq!(
        r.tactical.confederate.total,
        base.tactical.confederate.total - 17,
        "{:?}",
        r.tactical.confederate.lines
    );
}

/// Plays the same set-up choices in `a` and `b` (first hex offered each time), the
/// Confederate first: until the reveal the seat that did not choose and spectators get the
/// same action numbers, events and views; the chooser's action counts are the same too.
/// Then `variant` is public in `a` and not in `b`.
fn same_until_the_reveal(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    chooser: Side,
    variant: &str,
) {
    let watch = [Viewer::Seat(chooser.opponent()), Viewer::Spectator];
    for side in [C, U] {
        loop {
            let offered_a = a.state().legal_actions(side);
            let offered_b = b.state().legal_actions(side);
            assert_eq!(offered_a.len(), offered_b.len(), "{side:?} offers");
            let action = offered_a
                .iter()
                .find(|x| matches!(x, Action::Place { .. } | Action::IssueOrders { .. }))
                .or_else(|| {
                    offered_a
                        .iter()
                        .find(|x| matches!(x, Action::FinishSetUp { .. }))
                })
                .expect("a set-up action")
                .clone();
            let value = serde_json::to_value(&action).expect("serialises");
            let pa = a.play(side, &value).expect("accepted in a");
            let pb = b.play(side, &value).expect("accepted in b");
            assert_eq!(pa.seq, pb.seq, "action numbers");
            let last = side == U && matches!(action, Action::FinishSetUp { .. });
            if !last {
                for &viewer in &watch {
                    assert_eq!(
                        a.redact_played(&pa, viewer),
                        b.redact_played(&pb, viewer),
                        "events of {action:?} for {viewer:?}"
                    );
                    assert_eq!(a.view(viewer), b.view(viewer), "view for {viewer:?}");
                }
            }
            if matches!(action, Action::FinishSetUp { .. }) {
                break;
            }
        }
    }
    let public = |m: &Match<BloodyRoadsSouth>| {
        m.view(Viewer::Spectator)["variants"]
            .to_string()
            .contains(variant)
    };
    assert!(public(a), "{variant} is revealed with the set-ups");
    assert!(!public(b));
}

#[test]
fn rule_3_8a_secrecy_in_scenario_7_the_confederates_learn_of_ferrero_at_the_reveal() {
    let mut a = wasted_day_with(5, &[], &[(U, "ferrero-joins")]);
    let mut b = wasted_day_with(5, &[], &[]);
    same_until_the_reveal(&mut a, &mut b, U, "ferrero-joins");
}

#[test]
fn rule_4_5a_secrecy_in_scenario_7_the_union_learns_of_pickett_at_the_reveal() {
    let mut a = wasted_day_with(6, &[], &[(C, "pickett-joins")]);
    let mut b = wasted_day_with(6, &[], &[]);
    same_until_the_reveal(&mut a, &mut b, C, "pickett-joins");
}
