//! Scenario 6's variants (book 3.8a, 3.8b, 4.5c; reference 3.8, 4.5, section 5): Ferrero joins
//! the fight, the Union's secret, on any turn from 6:30am; Burnside goes elsewhere, a public
//! option that deletes the 9th Corps' road column; Anderson moves with Hill, the Confederate's
//! secret seat choice revealed with the set-ups. (4.5a and 4.5b: `scenario6_entries`.)

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::UnitId;
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::{Action, BloodyRoadsSouth};

use crate::scenario4_variants::same_until_the_reveal;
use crate::support::{finish_until, next_finish, second_day_with, set_up_quickly};

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

/// The Union's `Enter` actions for Ferrero's counters at the start of his Movement Phase of
/// turn `turn`, and whether he may finish the phase without them.
fn ferrero_entries(m: &mut Match<BloodyRoadsSouth>, turn: u16) -> (Vec<String>, bool) {
    finish_until(m, |g| {
        g.turn_number() == turn
            && g.step()
                == Step::Movement {
                    side: U,
                    segment: MovementSegment::Move,
                }
    });
    let offered = m.state().legal_actions(U);
    let hexes = offered
        .iter()
        .filter_map(|a| match a {
            Action::Enter { unit, hex } if unit.as_str() == "Ferrero" => Some(hex.to_string()),
            _ => None,
        })
        .collect();
    (hexes, offered.contains(&Action::FinishMovement))
}

fn sees_ferrero(m: &Match<BloodyRoadsSouth>, viewer: Viewer) -> bool {
    m.view(viewer)["variants"]
        .to_string()
        .contains("ferrero-joins")
}

#[test]
fn rule_3_8a_ferrero_may_enter_at_d_on_any_turn_from_6_30am_and_costs_2_vp() {
    let mut m = second_day_with(9, &[], &[(U, "ferrero-joins")]);
    assert!(has(&m, U, "Ferrero") && has(&m, U, "9b-4"));
    set_up_quickly(&mut m);
    // "Anytime after 6:00am on May 6th (exclusive)": not at 5:00, 5:30 or 6:00am.
    for turn in 1..=3 {
        assert!(ferrero_entries(&mut m, turn).0.is_empty(), "turn {turn}");
    }
    // From 6:30am at Entry D, and he may wait (the phase may finish without them).
    let (hexes, may_finish) = ferrero_entries(&mut m, 4);
    let d = &bloody_roads_south::data::map()
        .entries()
        .iter()
        .find(|e| e.code.letter() == 'D')
        .expect("Entry D")
        .hexes;
    assert!(!hexes.is_empty() && hexes.iter().all(|h| d.iter().any(|x| x.to_string() == *h)));
    assert!(may_finish, "3.8a's division never holds the phase open");
    let (hexes, _) = ferrero_entries(&mut m, 5);
    assert!(!sees_ferrero(&m, Viewer::Seat(C)) && !sees_ferrero(&m, Viewer::Spectator));
    let enter = Action::Enter {
        unit: UnitId::new("Ferrero"),
        hex: hexes[0].parse().expect("a hex"),
    };
    let played = m
        .play(U, &serde_json::to_value(&enter).expect("json"))
        .expect("enters");
    assert!(sees_ferrero(&m, Viewer::Seat(C)) && sees_ferrero(&m, Viewer::Spectator));
    let told = serde_json::to_string(&m.redact_played(&played, Viewer::Seat(C))).expect("json");
    assert!(told.contains("Variant 3.8a"), "{told}");
    let r = m.state().standard_result();
    assert_eq!(
        r.tactical.confederate.total, 2,
        "{:?}",
        r.tactical.confederate.lines
    );
    // 3.8b deletes 4/9 with the rest of the 9th Corps.
    let both = second_day_with(9, &["burnside-elsewhere"], &[(U, "ferrero-joins")]);
    assert!(!has(&both, U, "Ferrero"));
}

#[test]
fn rule_3_8a_secrecy_the_confederates_learn_of_ferrero_only_when_he_enters() {
    let mut a = second_day_with(10, &[], &[(U, "ferrero-joins")]);
    let mut b = second_day_with(10, &[], &[]);
    set_up_quickly(&mut a);
    set_up_quickly(&mut b);
    let watch = [Viewer::Seat(C), Viewer::Spectator];
    // Through 8:00am (turn 7) with the division waiting: the same for the Confederates and
    // spectators, action numbers included, and the same actions offered to them.
    while a.state().turn_number() <= 7 {
        let side = a.to_act()[0];
        assert_eq!(b.to_act()[0], side);
        if side == C {
            assert_eq!(a.state().legal_actions(C), b.state().legal_actions(C));
        }
        let action = next_finish(&a, side);
        let value = serde_json::to_value(&action).expect("json");
        let pa = a.play(side, &value).expect("a");
        let pb = b.play(side, &value).expect("b");
        assert_eq!(pa.seq, pb.seq);
        for viewer in watch {
            assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
            assert_eq!(a.view(viewer), b.view(viewer), "{action:?}, {viewer:?}");
        }
    }
    assert!(!sees_ferrero(&a, Viewer::Seat(C)));
    assert!(
        sees_ferrero(&a, Viewer::Seat(U)),
        "the Union knows his own choice"
    );
}
