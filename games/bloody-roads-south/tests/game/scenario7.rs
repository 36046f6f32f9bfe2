//! Scenario 7, The Wasted Day (book 7.0): its set-up on both maps against every printed line
//! (brackets, OCR marks, "w/i N", "with any unit of", the replacement leader of 4/5), its
//! orders (all Union corps defend in place; K/1's goal; the Confederates write the rest,
//! 6.0c), attachments, Lee as acting 1 Corps commander (4.1d), the railroad known to both
//! (1.3f), its 29 turns of 7 May, its catalog entry and its victory by 5.0-5.3 counting the
//! conditions that exist at the start.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::variant::OptionId;
use bloody_roads_south::data::{self, FormationId, HexId, ScenarioId, UnitId};
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::unit::UnitKind;
use bloody_roads_south::{BloodyRoadsSouth, testing};

use crate::scenario2::assert_set_up_as_listed;
use crate::support::{set_up_quickly, wasted_day_with};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn f(s: &str) -> FormationId {
    FormationId(s.into())
}

/// A match of Scenario 7 as printed (no variant), seed `n`.
pub(crate) fn wasted_day(n: u64) -> Match<BloodyRoadsSouth> {
    wasted_day_with(n, &[], &[])
}

/// A game of Scenario 7 with both set-ups made (first hex offered for every choice).
pub(crate) fn set_up(n: u64) -> BloodyRoadsSouth {
    let mut m = wasted_day(n);
    set_up_quickly(&mut m);
    m.state().clone()
}

/// Every printed set-up line with a hex of its own (7.0, Scenario 7): side, counter, hex, the
/// bracketed casualties, and the (OCR) mark. Prn/A/3's printed A20.25 is read B20.25
/// (reference 7.0, Scenario 7: a misprint).
const BOOK: &[(Side, &str, &str, u8, bool)] = &[
    (U, "1/1/2", "B40.11", 0, false),
    (U, "2/1/2", "B37.16", 3, false),
    (U, "Barlow", "B38.14", 0, false),
    (U, "3/1/2", "B38.14", 5, false),
    (U, "4/1/2", "B39.13", 9, false),
    (U, "Gibbon", "B34.18", 0, false),
    (U, "1/2/2", "B34.18", 5, false),
    (U, "2/2/2", "B35.17", 2, false),
    (U, "3/2/2", "B33.20", 6, false),
    (U, "1/3/2", "B33.25", 9, false),
    (U, "Birney", "B32.25", 0, false),
    (U, "2/3/2", "B32.25", 14, false),
    (U, "Mott", "B32.22", 0, false),
    (U, "1/4/2", "B32.22", 4, false),
    (U, "2/4/2", "B33.23", 3, false),
    (U, "Hancock", "B32.26", 0, false),
    (U, "2 Corps HQ", "B32.26", 0, false),
    (U, "2 Corps Supply", "B32.26", 0, false),
    (U, "1/1/5", "A30.06", 9, false),
    (U, "Griffin", "A27.08", 0, false),
    (U, "2/1/5", "A27.08", 3, false),
    (U, "3/1/5", "A26.09", 5, false),
    (U, "1/2/5", "A26.05", 1, false),
    (U, "2/2/5", "A27.02", 5, false),
    (U, "Robinson", "A26.03", 0, false),
    (U, "3/2/5", "A26.03", 2, false),
    (U, "1/3/5", "A33.09", 5, false),
    (U, "3/3/5", "A32.08", 1, false),
    (U, "Wright", "A30.09", 0, false),
    (U, "1/1/6", "A30.09", 4, false),
    (U, "2/1/6", "A28.09", 1, false),
    (U, "3/1/6", "A31.11", 3, false),
    (U, "4/1/6", "A30.08", 3, false),
    (U, "1/2/6", "A36.13", 6, false),
    (U, "2/2/6", "A40.15", 13, false),
    (U, "3/2/6", "A34.12", 6, false),
    (U, "Getty", "A38.14", 0, false),
    (U, "4/2/6", "A38.14", 5, false),
    (U, "Ricketts", "A33.11", 0, false),
    (U, "1/3/6", "A33.11", 1, false),
    (U, "2/3/6", "A32.11", 9, false),
    (U, "6 Corps HQ", "A35.11", 0, false),
    (U, "Engineers", "A26.06", 0, false),
    (U, "1/1/9", "B25.29", 5, false),
    (U, "Stevenson", "B26.28", 0, false),
    (U, "2/1/9", "B26.28", 1, false),
    (U, "Prov/9", "B28.28", 0, false),
    (U, "1/2/9", "B23.32", 4, false),
    (U, "2/2/9", "B24.30", 2, false),
    (U, "1/3/9", "B21.35", 4, false),
    (U, "Willcox", "B22.33", 0, false),
    (U, "2/3/9", "B22.33", 1, false),
    (U, "Burnside", "B26.32", 0, false),
    (U, "9 Corps HQ", "B26.32", 0, false),
    // A35.01 is B29.35 where the maps join (reference 1.2).
    (U, "9 Corps Supply", "A35.01", 0, false),
    (U, "9b-1", "A34.01", 0, false),
    (U, "9b-3", "A34.01", 0, false),
    (U, "Grant", "A32.07", 0, false),
    (U, "AUS HQ", "A32.07", 0, false),
    (U, "Meade", "A32.07", 0, false),
    (U, "A Pot HQ", "A32.07", 0, false),
    (C, "K/K/1", "B29.10", 5, false),
    (C, "Kershaw", "B28.12", 0, false),
    (C, "H/K/1", "B28.12", 5, false),
    (C, "W/K/1", "B27.15", 3, true),
    (C, "B/K/1", "B32.07", 5, true),
    (C, "J/F/1", "B24.23", 2, true),
    (C, "L/F/1", "B21.26", 6, true),
    (C, "A/F/1", "B24.17", 3, true),
    (C, "B/F/1", "B17.24", 2, false),
    (C, "Field", "B19.23", 0, false),
    (C, "G/F/1", "B19.23", 2, false),
    (C, "H/E/2", "A23.16", 4, false),
    (C, "Early", "A25.17", 0, false),
    (C, "P/E/2", "A25.17", 4, false),
    (C, "G/E/2", "A27.18", 2, false),
    (C, "R/R/2", "A19.03", 0, true),
    (C, "Rodes", "A18.06", 0, false),
    (C, "Do/R/2", "A18.06", 1, false),
    (C, "B/R/2", "A18.08", 1, false),
    (C, "Da/R/2", "A19.05", 2, false),
    (C, "J/R/2", "A29.19", 0, false),
    (C, "Stwl/J/2", "A21.13", 5, false),
    (C, "J/J/2", "A19.10", 2, false),
    (C, "Johnson", "A20.11", 0, false),
    (C, "Ste/J/2", "A20.11", 6, false),
    (C, "Sta/J/2", "A22.14", 5, false),
    (C, "Ewell", "A20.12", 0, false),
    (C, "2 Corps HQ", "A20.12", 0, false),
    (C, "2 Corps Supply", "A12.10", 0, false),
    (C, "Prn/A/3", "B20.25", 4, false),
    (C, "M/A/3", "B23.25", 1, false),
    (C, "H/A/3", "B15.25", 0, true),
    (C, "Anderson", "B21.24", 0, false),
    (C, "W/A/3", "B21.24", 0, false),
    (C, "Pry/A/3", "B24.21", 5, true),
    (C, "W/H/3", "B15.28", 4, false),
    (C, "D/H/3", "B17.27", 6, false),
    (C, "Heth", "B16.27", 0, false),
    (C, "C/H/3", "B16.27", 6, false),
    (C, "K/H/3", "B14.28", 4, false),
    (C, "L/W/3", "B12.35", 3, false),
    (C, "Wilcox", "B12.31", 0, false),
    (C, "S/W/3", "B12.31", 3, false),
    (C, "M/W/3", "B11.34", 3, false),
    (C, "T/W/3", "B13.30", 2, false),
];

/// A printed line placed "within N" of a hex: side, counters, radius, centre, and the
/// bracketed casualties of each brigade among them.
type WithinLine = (
    Side,
    &'static [&'static str],
    u32,
    &'static str,
    &'static [u8],
);

/// The printed lines placed "within N" of a hex.
const WITHIN: [WithinLine; 8] = [
    (U, &["2b-1", "2b-2", "2b-3", "2b-4"], 3, "B32.26", &[]),
    (
        U,
        &["Replacement", "1/4/5", "2/4/5", "3/4/5"],
        1,
        "A36.05",
        &[7, 7, 6],
    ),
    (
        U,
        &[
            "Warren",
            "5 Corps HQ",
            "5 Corps Supply",
            "5b-1",
            "5b-2",
            "5b-3",
        ],
        3,
        "A29.08",
        &[],
    ),
    (
        U,
        &["Sedgwick", "6 Corps Supply", "6b-1", "6b-2", "6b-3"],
        3,
        "A35.11",
        &[],
    ),
    (U, &["Kitching"], 1, "A36.05", &[1]),
    (
        C,
        &["1 Corps HQ", "1 Corps Supply", "1b-1", "1b-2", "1b-3"],
        4,
        "B18.21",
        &[],
    ),
    (
        C,
        &[
            "Hill",
            "3 Corps HQ",
            "3 Corps Supply",
            "3b-1",
            "3b-2",
            "3b-3",
            "3b-4",
            "3b-5",
        ],
        4,
        "B12.28",
        &[],
    ),
    (C, &["Lee", "ANVa HQ", "ANVa Supply"], 6, "B4.20", &[]),
];

fn at_hex(g: &BloodyRoadsSouth, side: Side, id: &str) -> HexId {
    testing::unit(g, side, id).hex().expect("on the map")
}

fn within(g: &BloodyRoadsSouth, side: Side, id: &str, of: &str, radius: u32) -> bool {
    data::map()
        .distance(at_hex(g, side, id), h(of))
        .is_some_and(|d| d <= radius)
}

#[test]
fn rule_7_0_scenario_7_sets_up_every_printed_line_on_both_maps() {
    let s = data::scenario(ScenarioId::WastedDay);
    for n in [1, 2] {
        let g = set_up(n);
        assert_set_up_as_listed(&g, s, n);
        for (side, id, hex, brackets, ocr) in BOOK.iter().copied() {
            let u = testing::unit(&g, side, id);
            assert!(
                within(&g, side, id, hex, 0),
                "{id} at {:?}, not {hex}",
                u.hex()
            );
            if u.kind() == UnitKind::Brigade {
                // The brackets are casualties before play, not stragglers (7.0).
                assert_eq!((u.casualties(), u.stragglers()), (brackets, 0), "{id}");
            }
            assert_eq!(u.ocr(), ocr, "{id}: (OCR)");
        }
        for (side, ids, radius, of, brackets) in WITHIN {
            for id in ids {
                assert!(within(&g, side, id, of, radius), "{id} w/i {radius} {of}");
            }
            let brigades: Vec<u8> = ids
                .iter()
                .map(|id| testing::unit(&g, side, id))
                .filter(|u| u.kind() == UnitKind::Brigade)
                .map(|u| u.casualties())
                .collect();
            assert_eq!(brigades, brackets, "{ids:?}");
        }
        // "3x 2b(5), 1x 2b(2)"; "3x 1b(5)"; "1x 3b(5), 4x 3b(4)"; "1x 9b(5), 1x 9b(3)".
        let gp = |side: Side, ids: &[&str]| -> Vec<u8> {
            ids.iter()
                .map(|id| testing::unit(&g, side, id).gun_points())
                .collect()
        };
        assert_eq!(gp(U, &["2b-1", "2b-2", "2b-3", "2b-4"]), [5, 5, 5, 2]);
        assert_eq!(gp(U, &["9b-1", "9b-3"]), [5, 3]);
        assert_eq!(gp(C, &["1b-1", "1b-2", "1b-3"]), [5, 5, 5]);
        assert_eq!(
            gp(C, &["3b-1", "3b-2", "3b-3", "3b-4", "3b-5"]),
            [5, 4, 4, 4, 4]
        );
        // "2x 2b(5), 2x 2b(4), 1x 2b(3): with or adjacent to any 2 Corps unit".
        let second_corps: Vec<HexId> = g
            .units()
            .iter()
            .filter(|u| u.side() == C && u.kind() == UnitKind::Brigade && u.on_map())
            .filter(|u| {
                let d = u.division().map(|d| d.as_str().to_string());
                d.is_some_and(|d| d.ends_with("/2"))
            })
            .filter_map(|u| u.hex())
            .collect();
        assert!(!second_corps.is_empty());
        let art = ["2b-1", "2b-2", "2b-3", "2b-4", "2b-5"];
        for id in art {
            let at = at_hex(&g, C, id);
            assert!(
                second_corps
                    .iter()
                    .any(|&x| data::map().distance(x, at).is_some_and(|d| d <= 1)),
                "{id}"
            );
        }
        assert_eq!(gp(C, &art), [5, 5, 4, 4, 3]);
        // Crawford with any 3/5 unit; Potter with any 2/9 unit.
        for (leader, brigades) in [
            ("Crawford", ["1/3/5", "3/3/5"]),
            ("Potter", ["1/2/9", "2/2/9"]),
        ] {
            let at = at_hex(&g, U, leader);
            assert!(brigades.iter().any(|b| at_hex(&g, U, b) == at), "{leader}");
        }
        // The 9 Corps wagon's A35.01 is B29.35 on the joined maps: the same hex.
        assert_eq!(
            data::map().distance(h("A35.01"), h("B29.35")),
            Some(0),
            "A35.01 = B29.35"
        );
        // Wadsworth (killed) and Longstreet (wounded) are not in play; only the eight
        // printed OCR marks, all Confederate.
        assert!(g.key(U, &UnitId::new("Wadsworth")).is_none());
        assert!(g.key(C, &UnitId::new("Longstreet")).is_none());
        let ocr: Vec<&str> = g
            .units()
            .iter()
            .filter(|u| u.ocr())
            .map(|u| u.id().as_str())
            .collect();
        assert_eq!(ocr.len(), 8, "{ocr:?}");
        g.check_invariants().expect("invariants");
    }
}

#[test]
fn rule_7_0_scenario_7_attachments_and_no_reinforcements() {
    let g = set_up(3);
    // Engineers to 1/5, Kitching to 4/5, Prov/9 to 1/9 (3.3b-3.5); J/R/2 to E/2; A/3 to 1 Corps.
    assert_eq!(
        g.division_of(testing::key(&g, U, "Engineers")),
        Some(f("1/5"))
    );
    assert_eq!(
        g.division_of(testing::key(&g, U, "Kitching")),
        Some(f("4/5"))
    );
    assert_eq!(g.division_of(testing::key(&g, U, "Prov/9")), Some(f("1/9")));
    assert_eq!(g.division_of(testing::key(&g, C, "J/R/2")), Some(f("E/2")));
    assert_eq!(g.corps_of_division(C, &f("A/3")), Some(f("1")));
    assert_eq!(g.corps_of_division(C, &f("H/3")), Some(f("3")));
    // "Reinforcements: None" on both sides: every counter is on the map.
    let s = data::scenario(ScenarioId::WastedDay);
    assert!(s.union.reinforcements.is_empty() && s.confederate.reinforcements.is_empty());
    let off: Vec<&str> = g
        .units()
        .iter()
        .filter(|u| !u.on_map())
        .map(|u| u.id().as_str())
        .collect();
    assert!(off.is_empty(), "{off:?}");
    // No variant is in play unless chosen: no Pickett, no Ferrero.
    for (side, absent) in [(C, "Pickett"), (C, "Ba/P/1"), (U, "Ferrero"), (U, "1/4/9")] {
        assert!(g.key(side, &UnitId::new(absent)).is_none(), "{absent}");
    }
}

#[test]
fn rule_6_0b_scenario_7_all_union_corps_defend_in_place_and_k1_defends_the_right() {
    let m = wasted_day(4);
    let g = m.state();
    let current = |side: Side, r: &Receiver| {
        let no = g.command(side, r).expect("a command").current();
        g.order(side, no.expect("an order")).expect("logged")
    };
    for corps in ["2", "5", "6", "9"] {
        let o = current(U, &Receiver::Corps(f(corps)));
        assert!(o.text().contains("Defend in place"), "{corps} Corps");
        assert_eq!(o.status(), OrderStatus::Implemented, "{corps} Corps");
    }
    let k = current(C, &Receiver::Division(f("K/1")));
    assert!(k.text().contains("right of 1 Corps"));
    assert_eq!(k.status(), OrderStatus::Implemented);
    // "See 6.0c": the Confederates write the rest at set-up.
    let s = data::scenario(ScenarioId::WastedDay);
    assert!(s.confederate.own_orders_at_start && !s.union.own_orders_at_start);
    assert_eq!(s.confederate.orders.len(), 1, "only K/1's goal is printed");
}

#[test]
fn rule_4_1d_scenario_7_lee_is_acting_1_corps_commander_longstreet_wounded() {
    let g = set_up(5);
    let lee = testing::key(&g, C, "Lee");
    assert_eq!(g.corps_commander(C, &f("1")), Some(lee));
    // He may use initiative for his corps with any order (4.1d) and remains army commander.
    assert_eq!(
        g.initiative_right(lee),
        bloody_roads_south::data::leader::InitiativeRight::Any
    );
    assert_eq!(g.chief(C).map(|(k, _)| k), Some(lee));
    // The other corps keep their commanders.
    assert_eq!(
        g.corps_commander(C, &f("2")),
        Some(testing::key(&g, C, "Ewell"))
    );
    assert_eq!(
        g.corps_commander(C, &f("3")),
        Some(testing::key(&g, C, "Hill"))
    );
}

#[test]
fn rule_25_4_scenario_7_a_replacement_leads_4_5_wadsworth_killed() {
    let g = set_up(6);
    let r = testing::key(&g, U, "Replacement");
    assert_eq!(g.division_leader(U, &f("4/5")), Some(r));
    assert_eq!(g.leader_command(r), Some(f("4/5")));
    // Wadsworth and Longstreet were lost before play (S10.3's "original commander lost").
    assert!(g.lost_leader(U, &UnitId::new("Wadsworth")));
    assert!(g.lost_leader(C, &UnitId::new("Longstreet")));
    assert!(!g.lost_leader(U, &UnitId::new("Griffin")));
    // A replacement rates 1.
    let rating = data::order_of_battle()
        .side(U)
        .leader(&UnitId::new("Replacement"))
        .map(|l| l.rating);
    assert_eq!(rating, Some(1));
}

#[test]
fn rule_1_3f_scenario_7_railroad_known_to_both() {
    let g = set_up(7);
    for side in Side::BOTH {
        assert!(g.railroad_found(side), "{side}");
    }
    // Every other scenario starts with it undiscovered.
    let other = crate::scenario6::set_up(7);
    for side in Side::BOTH {
        assert!(!other.railroad_found(side), "Scenario 6: {side}");
    }
}

#[test]
fn rule_7_0_scenario_7_plays_29_day_turns_of_7_may() {
    let s = data::scenario(ScenarioId::WastedDay);
    let span = data::turn_record()
        .span(s.first_turn, s.last_turn)
        .expect("on the track");
    assert_eq!(span.len(), 29);
    assert_eq!(span[0].time.to_string(), "7 May 5:00am");
    assert_eq!(span[28].time.to_string(), "7 May 7:00pm");
    assert!(
        span.iter().all(|t| t.period == Period::Day),
        "no night turn"
    );
    // Five Status Checks (3A.2): the 6:00am, 9:00am, 12:00pm, 3:00pm and 6:00pm turn ends.
    let status = &data::charts().army_status.status;
    let checks: Vec<String> = span
        .iter()
        .filter(|t| status.is_check(t.time))
        .map(|t| t.time.to_string())
        .collect();
    assert_eq!(
        checks,
        [
            "7 May 6:00am",
            "7 May 9:00am",
            "7 May 12:00pm",
            "7 May 3:00pm",
            "7 May 6:00pm"
        ]
    );
    let g = set_up(8);
    assert_eq!(g.turn_number(), 1);
    assert!(!g.is_night());
    // 7 May is long after 10:00pm 5 May: the 9th Corps is released from 3.3a's limits.
    assert!(g.ninth_corps_released());
}

#[test]
fn rule_7_0_scenario_7_is_offered_with_army_status_on_by_default() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let s = info.scenario("wasted-day").expect("offered");
    assert!(s.name.contains("The Wasted Day") && s.name.contains("Scenario 7"));
    assert!(s.description.contains("A and B"));
    assert_eq!(s.turns, 29);
    for id in ["army-status", "burnside-always-negative"] {
        let c = info.choices.iter().find(|c| c.id == id).expect(id);
        assert!(c.scenarios.iter().any(|x| x == "wasted-day"), "{id}");
    }
    let statics = bloody_roads_south::catalog::static_data();
    assert!(statics["scenarios"].to_string().contains("wasted-day"));
    let m = wasted_day(6);
    assert!(m.state().option(OptionId::ArmyStatus), "on by default (3A)");
    assert!(m.state().army_status_on());
}

#[test]
fn rule_4_1d_scenario_7_if_lee_falls_1_corps_passes_to_field_and_the_army_past_longstreet() {
    let mut g = set_up(12);
    testing::remove(&mut g, C, "Lee");
    // 1 Corps: its senior division commander on the map (Pickett is not in play without 4.5a);
    // the army: the next in its succession who is in play (Longstreet was wounded before play).
    assert_eq!(
        g.corps_commander(C, &f("1")),
        Some(testing::key(&g, C, "Field"))
    );
    let ewell = testing::key(&g, C, "Ewell");
    assert_eq!(g.chief(C).map(|(k, _)| k), Some(ewell));
}
