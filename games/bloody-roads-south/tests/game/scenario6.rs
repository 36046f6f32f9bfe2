//! Scenario 6, The Second Day (book 7.0): its set-up on both maps against every printed line
//! (brackets, OCR marks, the 9th Corps' road column), its pre-set orders (6.0b, the 5 and 6
//! Corps orders in D1), attachments, reinforcements, its 31 turns of 6 May, its catalog entry
//! (Army Status on by default) and its victory by 5.0-5.3 counting only what happens in play.

use adjutant_engine::{Rules, Side};
use bloody_roads_south::data::placement::SetupLocation;
use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::variant::OptionId;
use bloody_roads_south::data::{self, FormationId, HexId, ScenarioId, UnitId};
use bloody_roads_south::model::action::SetUpFormation;
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::unit::{Formation, UnitKind};
use bloody_roads_south::{Action, BloodyRoadsSouth, testing};

use crate::scenario2::assert_set_up_as_listed;
use crate::support::{second_day, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn f(s: &str) -> FormationId {
    FormationId(s.into())
}

/// A game of Scenario 6 with both set-ups made (first hex offered for every choice).
pub(crate) fn set_up(n: u64) -> BloodyRoadsSouth {
    let mut m = second_day(n);
    set_up_quickly(&mut m);
    m.state().clone()
}

/// Every printed set-up line with a hex of its own (7.0, Scenario 6): side, counter, hex, the
/// bracketed casualties, and the (OCR) mark.
const BOOK: [(Side, &str, &str, u8, bool); 78] = [
    (U, "1/1/2", "B39.14", 0, false),
    (U, "2/1/2", "B35.17", 2, false),
    (U, "3/1/2", "B38.14", 3, false),
    (U, "Barlow", "B36.15", 0, false),
    (U, "4/1/2", "B36.15", 0, false),
    (U, "1/2/2", "B33.21", 1, false),
    (U, "2/2/2", "B31.25", 1, false),
    (U, "Gibbon", "B32.23", 0, false),
    (U, "3/2/2", "B32.23", 1, false),
    (U, "Birney", "B29.25", 0, false),
    (U, "1/3/2", "B29.25", 2, false),
    (U, "2/3/2", "B29.24", 4, false),
    (U, "Mott", "B29.23", 0, false),
    (U, "1/4/2", "B29.23", 1, false),
    (U, "2/4/2", "B30.23", 1, false),
    (U, "1/1/5", "A23.10", 6, false),
    (U, "Griffin", "A23.08", 0, false),
    (U, "2/1/5", "A23.08", 2, false),
    (U, "3/1/5", "A23.07", 3, false),
    (U, "1/2/5", "A26.06", 0, false),
    (U, "Robinson", "A26.06", 0, false),
    (U, "2/2/5", "B24.28", 0, false),
    (U, "3/2/5", "A26.04", 0, false),
    (U, "1/3/5", "A24.04", 0, false),
    (U, "Crawford", "A24.05", 0, false),
    (U, "3/3/5", "A24.05", 0, false),
    (U, "1/4/5", "B25.29", 2, false),
    (U, "2/4/5", "B23.28", 2, false),
    (U, "3/4/5", "B25.30", 2, false),
    (U, "Wright", "A22.13", 0, false),
    (U, "1/1/6", "A22.13", 2, false),
    (U, "2/1/6", "A22.11", 1, false),
    (U, "3/1/6", "A21.15", 2, false),
    (U, "Getty", "B30.25", 0, false),
    (U, "1/2/6", "B30.25", 4, false),
    (U, "2/2/6", "B30.24", 8, false),
    (U, "3/2/6", "A21.17", 4, true),
    (U, "4/2/6", "B30.26", 3, false),
    (U, "Ricketts", "A24.14", 0, false),
    (U, "1/3/6", "A24.14", 0, false),
    (U, "2/3/6", "A20.18", 3, true),
    (U, "Sedgwick", "A23.16", 0, false),
    (U, "6 Corps HQ", "A23.16", 0, false),
    (U, "6 Corps Supply", "A24.16", 0, false),
    (U, "Warren", "A27.08", 0, false),
    (U, "5 Corps HQ", "A27.08", 0, false),
    (U, "5 Corps Supply", "A29.08", 0, false),
    (U, "Grant", "A32.08", 0, false),
    (U, "AUS HQ", "A32.08", 0, false),
    (U, "Meade", "A32.08", 0, false),
    (U, "A Pot HQ", "A32.08", 0, false),
    (C, "H/E/2", "A18.15", 2, false),
    (C, "Early", "A18.16", 0, false),
    (C, "P/E/2", "A18.16", 0, false),
    (C, "G/E/2", "A17.18", 1, false),
    (C, "Da/R/2", "A21.04", 2, false),
    (C, "J/R/2", "A16.19", 0, true),
    (C, "Rodes", "A21.06", 0, false),
    (C, "Do/R/2", "A21.06", 1, false),
    (C, "B/R/2", "A20.07", 1, false),
    (C, "Johnson", "A19.13", 0, false),
    (C, "Stwl/J/2", "A19.13", 3, false),
    (C, "J/J/2", "A19.09", 1, true),
    (C, "Ste/J/2", "A19.11", 4, false),
    (C, "Sta/J/2", "A18.14", 3, false),
    (C, "D/H/3", "B26.26", 3, false),
    (C, "C/H/3", "B22.23", 4, false),
    (C, "K/H/3", "B24.25", 3, false),
    (C, "Heth", "B25.25", 0, false),
    (C, "W/H/3", "B25.25", 3, false),
    (C, "T/W/3", "B27.24", 1, false),
    (C, "L/W/3", "B26.23", 2, false),
    (C, "Wilcox", "B27.25", 0, false),
    (C, "S/W/3", "B27.25", 2, false),
    (C, "M/W/3", "B27.26", 1, false),
    (C, "Ewell", "A17.09", 0, false),
    (C, "2 Corps HQ", "A17.09", 0, false),
    (C, "2 Corps Supply", "A13.10", 0, false),
];

/// The printed lines placed "within N" of a hex: side, counters, radius, centre.
const WITHIN: [(Side, &[&str], u32, &str); 8] = [
    (U, &["Hancock", "2 Corps HQ", "2 Corps Supply"], 2, "B32.26"),
    (U, &["2b-4"], 2, "B32.26"),
    (U, &["2b-1", "2b-2", "2b-3"], 3, "B36.15"),
    (U, &["6b-1", "6b-2", "6b-3"], 1, "A25.17"),
    (U, &["5b-1", "5b-2", "5b-3"], 1, "A32.05"),
    (C, &["3b-1"], 1, "B23.24"),
    (C, &["ANVa Supply", "3 Corps Supply", "3b-2"], 1, "B2.21"),
    (C, &["3b-3", "3b-4", "3b-5"], 3, "B12.28"),
];

#[test]
fn rule_7_0_scenario_6_sets_up_every_printed_line_on_both_maps() {
    let s = data::scenario(ScenarioId::SecondDay);
    let map = data::map();
    for n in [1, 2] {
        let g = set_up(n);
        assert_set_up_as_listed(&g, s, n);
        for (side, id, hex, brackets, ocr) in BOOK {
            let u = testing::unit(&g, side, id);
            assert_eq!(u.hex(), Some(h(hex)), "{id}");
            if u.kind() == UnitKind::Brigade {
                // The brackets are casualties before play, not stragglers (7.0).
                assert_eq!((u.casualties(), u.stragglers()), (brackets, 0), "{id}");
            }
            assert_eq!(u.ocr(), ocr, "{id}: (OCR)");
        }
        for (side, ids, radius, of) in WITHIN {
            for id in ids {
                let at = testing::unit(&g, side, id).hex().expect("on the map");
                assert!(map.distance(at, h(of)).is_some_and(|d| d <= radius), "{id}");
            }
        }
        // "2x 2b(5), 2x 2b(4), 1x 2b(3): w/i 2 A12.10" and Lee's line.
        let gp: Vec<u8> = ["2b-1", "2b-2", "2b-3", "2b-4", "2b-5"]
            .iter()
            .map(|id| {
                let u = testing::unit(&g, C, id);
                let at = u.hex().expect("on the map");
                assert!(map.distance(at, h("A12.10")).is_some_and(|d| d <= 2));
                u.gun_points()
            })
            .collect();
        assert_eq!(gp, [5, 5, 4, 4, 3]);
        for id in ["Lee", "ANVa HQ", "Hill", "3 Corps HQ"] {
            assert_eq!(testing::unit(&g, C, id).hex(), Some(h("B18.21")), "{id}");
        }
        // Wadsworth with any 4/5 unit (on Map B, where 4/5 stands).
        let w = testing::unit(&g, U, "Wadsworth").hex().expect("on the map");
        assert!(
            ["1/4/5", "2/4/5", "3/4/5", "2/2/5"]
                .iter()
                .any(|id| testing::unit(&g, U, id).hex() == Some(w))
        );
        // The 9th Corps in road column (16.4) from A33.15 down the Germanna Plank Road and
        // west along the Turnpike to A31.08: brigades in column, artillery limbered.
        let column = map
            .path_along(
                &s.union
                    .placements
                    .last()
                    .map_or_else(Vec::new, |p| match &p.location {
                        SetupLocation::Along { roads, .. } => roads.clone(),
                        _ => Vec::new(),
                    }),
                h("A31.08"),
                h("A33.15"),
            )
            .expect("continuous");
        for id in [
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
            "Burnside",
            "9 Corps HQ",
            "9 Corps Supply",
            "9b-1",
            "9b-3",
        ] {
            let u = testing::unit(&g, U, id);
            assert!(column.contains(&u.hex().expect("on the map")), "{id}");
            match u.kind() {
                UnitKind::Brigade => assert_eq!(u.formation(), Formation::Column, "{id}"),
                UnitKind::Battery => assert_eq!(u.formation(), Formation::Limbered, "{id}"),
                _ => {}
            }
        }
        // Only the four printed OCR marks.
        let ocr: Vec<&str> = g
            .units()
            .iter()
            .filter(|u| u.ocr())
            .map(|u| u.id().as_str())
            .collect();
        assert_eq!(ocr.len(), 4, "{ocr:?}");
    }
}

#[test]
fn rule_7_0_scenario_6_road_column_keeps_its_formation_at_set_up() {
    let mut m = second_day(8);
    while let Some(a) = m
        .state()
        .legal_actions(U)
        .into_iter()
        .find(|a| matches!(a, Action::Place { .. }))
    {
        crate::support::play(&mut m, U, &a);
    }
    let finish = |unit: &str, formation: Formation| Action::FinishSetUp {
        facings: Vec::new(),
        formations: vec![SetUpFormation {
            unit: UnitId::new(unit),
            formation,
        }],
        extensions: Vec::new(),
    };
    for (unit, formation) in [("1/2/9", Formation::Line), ("9b-1", Formation::Unlimbered)] {
        let value = serde_json::to_value(finish(unit, formation)).expect("serialises");
        let err = m.play(U, &value).expect_err("refused").to_string();
        assert!(err.contains("road column") && err.contains(unit), "{err}");
    }
    // Any other brigade may still set up in line or column (6.0).
    crate::support::play(&mut m, U, &finish("1/1/2", Formation::Column));
}

#[test]
fn rule_7_0_scenario_6_attachments_and_reinforcements() {
    let g = set_up(3);
    // 4/5 with 2/2/5 attached serves 2 Corps; so does 2/6 less 3/2/6 (attached to 1/6);
    // Prov/9 is attached to 3/9; J/R/2 to E/2.
    assert_eq!(g.division_of(testing::key(&g, U, "2/2/5")), Some(f("4/5")));
    assert_eq!(g.corps_of_division(U, &f("4/5")), Some(f("2")));
    assert_eq!(g.corps_of_division(U, &f("2/6")), Some(f("2")));
    assert_eq!(g.division_of(testing::key(&g, U, "3/2/6")), Some(f("1/6")));
    assert_eq!(g.division_of(testing::key(&g, U, "Prov/9")), Some(f("3/9")));
    assert_eq!(g.division_of(testing::key(&g, C, "J/R/2")), Some(f("E/2")));
    // The printed reinforcements wait off the map: (side, counter, turn, entries).
    for (side, id, turn, entries) in [
        (U, "Kitching", "6 May 5:00am", "D"),
        (U, "4/1/6", "6 May 5:30am", "C"),
        (U, "Engineers", "6 May 5:30am", "CD"),
        (C, "R/R/2", "6 May 5:00am", "B"),
        (C, "Longstreet", "6 May 5:00am", "G"),
        (C, "Field", "6 May 5:00am", "G"),
        (C, "K/K/1", "6 May 5:00am", "G"),
        (C, "Anderson", "6 May 5:30am", "G"),
        (C, "Pry/A/3", "6 May 5:30am", "G"),
    ] {
        assert!(
            !testing::unit(&g, side, id).on_map(),
            "{id} is a reinforcement"
        );
        let line = data::scenario(ScenarioId::SecondDay)
            .side(side)
            .reinforcements
            .iter()
            .find(|r| r.variant.is_none() && r.units.iter().any(|u| u.as_str() == id))
            .expect("printed");
        assert_eq!(line.turn.to_string(), turn, "{id}");
        let codes: String = line.entry.iter().map(|e| e.letter()).collect();
        assert_eq!(codes, entries, "{id}");
    }
    // Kitching has been assigned to 4/5 (7.0).
    let kitching = data::scenario(ScenarioId::SecondDay)
        .union
        .reinforcements
        .iter()
        .find(|r| r.units.iter().any(|u| u.as_str() == "Kitching"))
        .expect("printed");
    assert_eq!(kitching.attach_to, Some(f("4/5")));
    // No variant is in play unless chosen: no Pickett, no Ferrero.
    for (side, absent) in [(C, "Pickett"), (C, "Ba/P/1"), (U, "Ferrero"), (U, "1/4/9")] {
        assert!(g.key(side, &UnitId::new(absent)).is_none(), "{absent}");
    }
}

#[test]
fn rule_6_0b_scenario_6_pre_set_orders_with_the_5_and_6_corps_in_d1() {
    let m = second_day(4);
    let g = m.state();
    let order_of = |side: Side, r: &Receiver, delayed: bool| {
        let c = g.command(side, r).expect("a command");
        let no = if delayed { c.delayed() } else { c.current() };
        g.order(side, no.expect("an order")).expect("logged")
    };
    let goal = order_of(U, &Receiver::Division(f("4/5")), false);
    assert!(goal.text().contains("left of the Confederate forces"));
    assert_eq!(goal.status(), OrderStatus::Implemented);
    let second = order_of(U, &Receiver::Corps(f("2")), false);
    assert!(second.text().contains("B14.20") && second.text().contains("Chewning"));
    assert_eq!(second.status(), OrderStatus::Implemented);
    for (corps, words) in [("5", "Sander's Field"), ("6", "Culpepper Mine Road")] {
        let o = order_of(U, &Receiver::Corps(f(corps)), true);
        assert!(o.text().contains(words), "{corps}");
        assert_eq!(o.status(), OrderStatus::D1, "{corps} Corps: \"D1\"");
        assert!(
            g.command(U, &Receiver::Corps(f(corps)))
                .unwrap()
                .current()
                .is_none()
        );
    }
    let ninth = order_of(U, &Receiver::Corps(f("9")), false);
    assert!(ninth.text().contains("Remain in place"));
    // The Confederates: E/2's goal and the Chewning batteries' goal are printed; the rest
    // they write at set-up (6.0c).
    let early = order_of(C, &Receiver::Division(f("E/2")), false);
    assert!(early.text().contains("left of the 2 Corps line"));
    for b in ["3b-3", "3b-4", "3b-5"] {
        let o = order_of(C, &Receiver::Unit(UnitId::new(b)), false);
        assert!(o.text().contains("Chewning"), "{b}");
    }
    assert!(
        data::scenario(ScenarioId::SecondDay)
            .confederate
            .own_orders_at_start
    );
}

#[test]
fn rule_7_0_scenario_6_plays_31_day_turns_of_6_may() {
    let s = data::scenario(ScenarioId::SecondDay);
    let record = data::turn_record();
    let span = record
        .span(s.first_turn, s.last_turn)
        .expect("on the track");
    assert_eq!(span.len(), 31);
    assert_eq!(span[0].time.to_string(), "6 May 5:00am");
    assert_eq!(span[30].time.to_string(), "6 May 8:00pm");
    assert!(
        span.iter().all(|t| t.period == Period::Day),
        "no night turn"
    );
    // Dawn (visibility 4) and the 8:00pm turn of an hour with visibility 2 (1.4).
    assert_eq!(span[0].visibility, Some(4));
    assert!(span[..30].iter().all(|t| t.minutes == 30));
    assert_eq!((span[30].minutes, span[30].visibility), (60, Some(2)));
    let g = set_up(5);
    assert_eq!(g.turn_number(), 1);
    assert!(!g.is_night());
}

#[test]
fn rule_7_0_scenario_6_is_offered_with_army_status_on_by_default() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let s = info.scenario("second-day").expect("offered");
    assert!(s.name.contains("The Second Day") && s.name.contains("Scenario 6"));
    assert!(s.description.contains("A and B"));
    assert_eq!(s.turns, 31);
    for id in ["army-status", "burnside-always-negative"] {
        let c = info.choices.iter().find(|c| c.id == id).expect(id);
        assert!(c.scenarios.iter().any(|x| x == "second-day"), "{id}");
    }
    let g = second_day(6);
    assert!(g.state().option(OptionId::ArmyStatus), "on by default (3A)");
    assert!(g.state().army_status_on());
}

#[test]
fn rule_5_0_scenario_6_counts_only_what_happens_in_play() {
    let base = set_up(7);
    // 41 brigades start with casualties, none wrecked, no leader lost: nothing scores.
    let r = base.standard_result();
    assert_eq!(
        (r.tactical.union.total, r.tactical.confederate.total),
        (0, 0)
    );
    // One step more on 2/2/6 ([8]) is 100 casualties in play: 1 Confederate point.
    let mut g = base.clone();
    testing::losses(&mut g, U, "2/2/6", 9, 0);
    assert_eq!(g.standard_result().tactical.confederate.total, 1);
    // Wrecked in play (1/1/5 [6] wrecks after 12): 1 for the brigade and 6 steps.
    let mut g = base.clone();
    let w = data::order_of_battle()
        .side(U)
        .brigade(&UnitId::new("1/1/5"))
        .unwrap()
        .wreck_after;
    testing::losses(&mut g, U, "1/1/5", w, 0);
    assert_eq!(
        g.standard_result().tactical.confederate.total,
        1 + u32::from(w - 6)
    );
    // The locations start as the scenario's possession table says (5.1d), then as occupied.
    let s = data::scenario(ScenarioId::SecondDay);
    for (loc, _) in base.place_holders() {
        assert!(s.possession.contains_key(&loc.printed), "{}", loc.printed);
    }
    assert_eq!(base.place_holders().len(), 9);
}
