//! Scenario 4's variants (book 3.8b, 4.5c; reference 3.8, 4.5, section 5): Burnside goes
//! elsewhere, a public option announced before the game, and Anderson moves with Hill, a
//! secret Confederate choice made when taking the seat and revealed with the set-ups.

use adjutant_engine::{ChoiceScope, Match, Rules, Side, Viewer};
use bloody_roads_south::data::UnitId;
use bloody_roads_south::{Action, BloodyRoadsSouth};
use proptest::prelude::*;

use crate::support::{battles_of_may_5th_with, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

const NINTH_CORPS: [&str; 11] = [
    "Burnside",
    "9 Corps HQ",
    "9 Corps Supply",
    "Willcox",
    "1/3/9",
    "2/3/9",
    "Potter",
    "1/2/9",
    "2/2/9",
    "9b-1",
    "9b-3",
];

const ANDERSON: [&str; 6] = ["Anderson", "Prn/A/3", "M/A/3", "H/A/3", "W/A/3", "Pry/A/3"];

fn variant_ids(m: &Match<BloodyRoadsSouth>, viewer: Viewer) -> Vec<String> {
    m.view(viewer)["variants"]
        .as_array()
        .expect("the view lists the variants")
        .iter()
        .map(|v| v["id"].as_str().expect("an id").to_string())
        .collect()
}

fn has(m: &Match<BloodyRoadsSouth>, side: Side, id: &str) -> bool {
    m.state().key(side, &UnitId::new(id)).is_some()
}

fn variant_line(lines: &[String], rule: &str) -> bool {
    lines.iter().any(|l| l.contains(&format!("variant {rule}")))
}

#[test]
fn rule_3_8b_and_4_5c_are_offered_in_scenario_4_as_public_option_and_secret_choice() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let b = info
        .choices
        .iter()
        .find(|c| c.id == "burnside-elsewhere")
        .expect("3.8b offered");
    assert_eq!(
        b.scope,
        ChoiceScope::Option,
        "3.8b is announced before the game"
    );
    assert_eq!(
        b.scenarios,
        [
            "battles-of-may-5th",
            "battle-of-the-wilderness",
            "second-day",
            "wasted-day"
        ]
    );
    let a = info
        .choices
        .iter()
        .find(|c| c.id == "anderson-with-hill")
        .expect("4.5c offered");
    assert_eq!(
        a.scope,
        ChoiceScope::Secret(C),
        "4.5c is the Confederate's secret"
    );
    assert_eq!(
        a.scenarios,
        [
            "battles-of-may-5th",
            "battle-of-the-wilderness",
            "second-day"
        ]
    );
    for c in &info.choices {
        assert!(
            c.id != "longstreet-further-east",
            "{} is not a choice of its own",
            c.id
        );
    }
    // 4.5a and 3.8a are Scenarios 5, 6 and 7's (`scenario5`, `scenario6_entries`,
    // `scenario6_variants`, `scenario7_variants`), not Scenario 4's: the book lists them there.
    for (id, side) in [("pickett-joins", C), ("ferrero-joins", U)] {
        let p = info.choices.iter().find(|c| c.id == id).expect(id);
        assert_eq!(
            p.scenarios,
            ["battle-of-the-wilderness", "second-day", "wasted-day"],
            "{id}"
        );
        assert_eq!(p.scope, ChoiceScope::Secret(side), "{id}");
    }
}

#[test]
fn rule_3_8b_burnside_goes_elsewhere_deletes_the_9th_corps_and_gives_the_union_5_vp() {
    let mut with = battles_of_may_5th_with(3, true, false);
    let mut without = battles_of_may_5th_with(3, false, false);
    for id in NINTH_CORPS {
        assert!(!has(&with, U, id), "{id} deleted by 3.8b");
        assert!(has(&without, U, id), "{id} in Scenario 4 without 3.8b");
    }
    // Public: both players and spectators see it from the start.
    for viewer in [Viewer::Seat(U), Viewer::Seat(C), Viewer::Spectator] {
        assert_eq!(
            variant_ids(&with, viewer),
            vec!["burnside-elsewhere"],
            "{viewer:?}"
        );
        assert!(variant_ids(&without, viewer).is_empty(), "{viewer:?}");
    }
    set_up_quickly(&mut with);
    set_up_quickly(&mut without);
    let r = with.state().standard_result();
    assert_eq!(r.tactical.union.total, 5, "{:?}", r.tactical.union.lines);
    assert!(variant_line(&r.tactical.union.lines, "3.8b"));
    assert!(
        variant_line(&r.strategic.union.lines, "3.8b"),
        "both levels (5.1e)"
    );
    assert_eq!(without.state().standard_result().tactical.union.total, 0);
    // A Confederate secret choice cannot bring it in.
    let mut setup = crate::support::setup_for("battles-of-may-5th", &[]);
    setup
        .secret_choices
        .get_mut(C)
        .insert("burnside-elsewhere".into(), true.into());
    let m: Match<BloodyRoadsSouth> = Match::new(&setup, &crate::support::seed(3)).expect("sets up");
    assert!(has(&m, U, "Burnside"));
}

#[test]
fn rule_4_5c_anderson_sets_up_within_3_hexes_of_the_3_corps_hq_and_gives_the_union_2_vp() {
    for n in [1, 2, 3] {
        let mut m = battles_of_may_5th_with(n, false, true);
        for id in ANDERSON {
            assert!(has(&m, C, id), "{id} in play with 4.5c");
        }
        // Secret during the set-up: the Confederate sees it, the Union and spectators not.
        assert_eq!(variant_ids(&m, Viewer::Seat(C)), vec!["anderson-with-hill"]);
        assert!(variant_ids(&m, Viewer::Seat(U)).is_empty());
        assert!(variant_ids(&m, Viewer::Spectator).is_empty());
        set_up_quickly(&mut m);
        let g = m.state();
        let hq = g
            .unit(g.key(C, &UnitId::new("3 Corps HQ")).unwrap())
            .hex()
            .unwrap();
        let near = g.hexes_within(hq, 3);
        let mut brigade_hexes = Vec::new();
        for id in ANDERSON {
            let u = g.unit(g.key(C, &UnitId::new(id)).unwrap());
            let at = u.hex().unwrap_or_else(|| panic!("{id} on the map"));
            assert!(near.contains(&at), "game {n}: {id} at {at}, HQ at {hq}");
            if id != "Anderson" {
                brigade_hexes.push(at);
            }
        }
        brigade_hexes.sort();
        brigade_hexes.dedup();
        assert_eq!(brigade_hexes.len(), 5, "one brigade a hex");
        g.check_invariants().expect("invariants");
        // Revealed with the set-ups, to everyone.
        for viewer in [Viewer::Seat(U), Viewer::Seat(C), Viewer::Spectator] {
            assert_eq!(
                variant_ids(&m, viewer),
                vec!["anderson-with-hill"],
                "{viewer:?}"
            );
        }
        let r = g.standard_result();
        assert_eq!(r.tactical.union.total, 2, "{:?}", r.tactical.union.lines);
        assert!(
            variant_line(&r.strategic.union.lines, "4.5c"),
            "both levels (5.1e)"
        );
    }
    // Without it, no Anderson; a public option naming it does nothing.
    let m = battles_of_may_5th_with(1, false, false);
    assert!(!has(&m, C, "Anderson"));
    let setup = crate::support::setup_for("battles-of-may-5th", &["anderson-with-hill"]);
    let m: Match<BloodyRoadsSouth> = Match::new(&setup, &crate::support::seed(1)).expect("sets up");
    assert!(!has(&m, C, "Anderson"));
}

/// Plays the same set-up choices (by index into the offered actions) in `a` and `b`: the
/// Confederate first, then the Union. Until the reveal the Union and spectators get the same
/// action numbers, events and views; the two Confederate action counts are the same too.
pub(crate) fn same_until_the_reveal(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    picks: &[u8],
) -> Result<(), TestCaseError> {
    let watch = [Viewer::Seat(U), Viewer::Spectator];
    let mut i = 0;
    for side in [C, U] {
        loop {
            let offered_a = a.state().legal_actions(side);
            let offered_b = b.state().legal_actions(side);
            prop_assert_eq!(offered_a.len(), offered_b.len(), "{:?} offers", side);
            let places: Vec<&Action> = offered_a
                .iter()
                .filter(|x| matches!(x, Action::Place { .. }))
                .collect();
            let action = if places.is_empty() {
                offered_a
                    .iter()
                    .find(|x| matches!(x, Action::IssueOrders { .. }))
                    .or_else(|| {
                        offered_a
                            .iter()
                            .find(|x| matches!(x, Action::FinishSetUp { .. }))
                    })
                    .expect("a set-up action")
                    .clone()
            } else {
                let pick = picks.get(i).copied().unwrap_or(0) as usize;
                i += 1;
                places[pick % places.len()].clone()
            };
            let value = serde_json::to_value(&action).expect("serialises");
            let pa = a.play(side, &value).expect("accepted in a");
            let pb = b.play(side, &value).expect("accepted in b");
            prop_assert_eq!(pa.seq, pb.seq, "action numbers");
            let last = side == U && matches!(action, Action::FinishSetUp { .. });
            if !last {
                for &viewer in &watch {
                    prop_assert_eq!(
                        a.redact_played(&pa, viewer),
                        b.redact_played(&pb, viewer),
                        "events of {:?} for {:?}",
                        action,
                        viewer
                    );
                    prop_assert_eq!(a.view(viewer), b.view(viewer), "view for {:?}", viewer);
                }
            }
            if matches!(action, Action::FinishSetUp { .. }) {
                break;
            }
        }
    }
    // The reveal: now everyone sees the variant and its division.
    prop_assert!(
        a.view(Viewer::Spectator).get("setup_done").is_none(),
        "play has begun"
    );
    let anderson = |m: &Match<BloodyRoadsSouth>| -> bool {
        m.view(Viewer::Seat(U))["variants"]
            .as_array()
            .is_some_and(|v| v.iter().any(|x| x["id"] == "anderson-with-hill"))
    };
    prop_assert!(anderson(a));
    prop_assert!(!anderson(b));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    /// Section 5 (4.5c secret until revealed): two games of Scenario 4 alike but for the
    /// Confederate's 4.5c choice give the Union and spectators the same views, events and
    /// action numbers until the set-ups are revealed.
    #[test]
    fn rule_4_5c_secrecy_the_choice_tells_nothing_until_the_reveal(
        seed in 0u64..1000,
        picks in proptest::collection::vec(any::<u8>(), 120),
    ) {
        let mut a = battles_of_may_5th_with(seed, false, true);
        let mut b = battles_of_may_5th_with(seed, false, false);
        same_until_the_reveal(&mut a, &mut b, &picks)?;
    }
}

#[test]
fn rule_4_5c_secrecy_with_3_8b_too() {
    let mut a = battles_of_may_5th_with(9, true, true);
    let mut b = battles_of_may_5th_with(9, true, false);
    same_until_the_reveal(&mut a, &mut b, &[]).expect("same until the reveal");
    // The Union's 3.8b shows for both from the start; 4.5c after the reveal.
    assert_eq!(
        variant_ids(&a, Viewer::Spectator),
        vec!["burnside-elsewhere", "anderson-with-hill"]
    );
}
