//! Scenario 5, The Battle of the Wilderness (book 7.0): the set-up of Scenario 4 on both maps
//! (gap 7), its printed orders, every reinforcement of 5 and 6 May against the book's lines,
//! 3.8b deleting the 9th Corps, its 91 turns over three days with two nights (2.13, S29), its
//! eighteen Status Checks (3A.2), its catalog entry and its standard victory (5.0-5.3).

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::data::scenario::VictoryRules;
use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::variant::{OptionId, VariantId};
use bloody_roads_south::data::{self, ScenarioId, UnitId};
use bloody_roads_south::{BloodyRoadsSouth, testing};

use crate::scenario2::assert_set_up_as_listed;
use crate::support::{set_up_quickly, wilderness_with};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// The book's Scenario 5 text of orders and reinforcements, as printed.
const BOOK: &str = "Orders: 5 Corps is to attack Ewell’s forces along the Orange Turnpike. \
4/5 has a divisional goal to attack on the left of 1/5. 2 Corps is ordered to hold the Brock \
Crossing. That order has been accepted. It also has an unaccepted order with a status of “D2” \
to attack down the Plank Road so as to connect with Warren’s flank in the vicinity of B8.20. \
3/6 has a divisional goal. It cannot move until 1:30pm, 5 May. It then must move to rejoin 6 \
Corps. Except for the batteries serving with 1/5, and 3/5, all 5 and 6 Corps artillery is in \
the Army of the Potomac Reserve and trace command radius to the A Pot HQ. 6 Corps has orders \
to attack south-west along the Culpepper Mine Road in support of 5 Corps. \
Reinforcements: 1:00pm, Entry Hex F: 3/2 (all), 4/2 (all), 2 Corps Supply, 3x 2b(5), 1x 2b(2) \
Orders: Move to join Corps HQ. 1:00pm, Entry Hex C: 3/9 (all), 1x 9b(5), 1x 9b(3) Orders: \
Move to vicinity of hex A28.31 and await further orders. 3:30pm, Entry Hex F: 2/2 (all) \
Orders: Join Corps. 4:00pm, Entry Hex C: 2/9 (all), Burnside, 9 Corps HQ, 9 Corps Supply \
Orders: Move to vicinity of hex A28.31 and await further orders. 4:30pm, Entry Hex F: 1/2 \
(less 4/1/2): Orders: Move to join Corps. 4:30pm, Entry Hex E: 4/1/2 Orders: Move to join \
Division. 2:00am, 6 May, Entry Hex C: 1/9 (all), Prov/ 9, 1x 9b(5): Orders: Move to join \
Corps. 5:00am, 6 May, Entry Hex D: Kitching Orders: Report to A Pot HQ for assignment. \
5:30am, 6 May, Entry Hex C: 4/1/6 Orders: Move to join Division. 5:30am, 6 May, Entry Hex C \
or D: Engineers Orders: Report to A Pot HQ for assignment. \
Reinforcements: 3:00am, 6 May, Entry Hex B: J/R/2 5:00am, 6 May, Entry Hex B: R/R/2 5:00am, \
6 May, Entry Area G: Longstreet, 1 Corps (all, less Pickett’s Div—unless 4.5a is being used. \
5:30am, 6 May, Entry Area G: A/3 (all) Victory Conditions: As per 5.0.";

/// Every reinforcement line of Scenario 5: side, turn, printed entries, counters.
const LINES: &[(Side, &str, &[&str], usize)] = &[
    (U, "5 May 1:00pm", &["F"], 11),
    (U, "5 May 1:00pm", &["C"], 5),
    (U, "5 May 3:30pm", &["F"], 4),
    (U, "5 May 4:00pm", &["C"], 6),
    (U, "5 May 4:30pm", &["F"], 4),
    (U, "5 May 4:30pm", &["E"], 1),
    (U, "6 May 2:00am", &["C"], 5),
    (U, "6 May 5:00am", &["D"], 1),
    (U, "6 May 5:30am", &["C"], 1),
    (U, "6 May 5:30am", &["C", "D"], 1),
    (C, "6 May 3:00am", &["B"], 1),
    (C, "6 May 5:00am", &["B"], 1),
    (C, "6 May 5:00am", &["G"], 17),
    (C, "6 May 5:30am", &["G"], 6),
];

#[test]
fn rule_7_0_scenario_5_is_offered_for_91_turns_on_both_maps_with_army_status_on() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let s = info.scenario("battle-of-the-wilderness").expect("offered");
    assert!(s.name.contains("The Battle of the Wilderness") && s.name.contains("Scenario 5"));
    assert!(s.description.contains("A and B"), "{}", s.description);
    assert_eq!(s.turns, 91);
    for id in [
        "army-status",
        "burnside-always-negative",
        "burnside-elsewhere",
        "ferrero-joins",
        "pickett-joins",
        "anderson-with-hill",
    ] {
        let c = info.choices.iter().find(|c| c.id == id).expect(id);
        assert!(
            c.scenarios.iter().any(|x| x == "battle-of-the-wilderness"),
            "{id}"
        );
    }
    let m = wilderness_with(1, &[], &[]);
    assert!(m.state().option(OptionId::ArmyStatus), "on by default (3A)");
    assert!(m.state().army_status_on());
    let statics = bloody_roads_south::catalog::static_data();
    assert!(
        statics["scenarios"]
            .to_string()
            .contains("battle-of-the-wilderness")
    );
}

#[test]
fn rule_7_0_scenario_5_sets_up_as_scenario_4_on_both_maps() {
    let five = data::scenario(ScenarioId::BattleOfTheWilderness);
    let four = data::scenario(ScenarioId::BattlesOfMay5th);
    for side in [U, C] {
        assert_eq!(
            five.side(side).setup_from,
            Some(ScenarioId::BattlesOfMay5th)
        );
        assert_eq!(five.side(side).placements, four.side(side).placements);
        assert_eq!(five.side(side).attachments, four.side(side).attachments);
    }
    assert_eq!(five.possession, four.possession);
    for n in [1, 2] {
        let mut m = wilderness_with(n, &[], &[]);
        set_up_quickly(&mut m);
        assert_set_up_as_listed(m.state(), five, n);
        assert_eq!(m.state().turn_number(), 1);
    }
}

#[test]
fn rule_7_0_scenario_5_pre_set_orders_as_printed() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    let union: Vec<(&str, &str)> = s
        .union
        .orders
        .iter()
        .map(|o| (o.receiver.as_str(), o.text.as_str()))
        .collect();
    for (receiver, words) in [
        ("5", "Attack Ewell's forces along the Orange Turnpike."),
        ("4/5", "Attack on the left of 1/5."),
        ("2", "Hold the Brock Crossing (B32.26)."),
        ("6", "Culpepper Mine Road"),
        ("3/6", "Do not move before 1:30pm 5 May"),
    ] {
        assert!(
            union
                .iter()
                .any(|(r, t)| *r == receiver && t.contains(words)),
            "{receiver}: {words}"
        );
    }
    let d2 = s
        .union
        .orders
        .iter()
        .find(|o| o.text.contains("B8.20"))
        .expect("2 Corps' D2 order");
    assert_eq!(d2.receiver, "2");
    assert_eq!(d2.not_before, None);
    let waits = s
        .union
        .orders
        .iter()
        .find(|o| o.receiver == "3/6")
        .expect("3/6");
    assert_eq!(
        waits.not_before.map(|t| t.to_string()).as_deref(),
        Some("5 May 1:30pm")
    );
    // The Confederates write their own orders (6.0c).
    assert!(s.confederate.own_orders_at_start && s.confederate.orders.is_empty());
}

#[test]
fn rule_7_0_scenario_5_reinforcements_as_printed() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    // Compared word by word, the book's curly apostrophes read as straight ones.
    let squash = |t: &str| {
        t.replace('’', "'")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let book = squash(BOOK);
    for side in [U, C] {
        let printed: Vec<_> = s
            .side(side)
            .reinforcements
            .iter()
            .filter(|r| r.variant.is_none())
            .collect();
        let expected: Vec<_> = LINES.iter().filter(|l| l.0 == side).collect();
        assert_eq!(printed.len(), expected.len(), "{side}");
        for (r, (_, turn, entry, count)) in printed.iter().zip(expected) {
            assert!(
                book.contains(&squash(&r.book)),
                "not in the book: {}",
                r.book
            );
            assert_eq!(r.turn.to_string(), *turn, "{}", r.book);
            let letters: Vec<String> = r.entry.iter().map(|e| e.letter().to_string()).collect();
            assert_eq!(letters, *entry, "{}", r.book);
            assert_eq!(r.units.len(), *count, "{}", r.book);
        }
    }
    // The 6 May Confederate groups enter by 4.3 (chosen in play); J/R/2 and R/R/2 report to
    // Rodes (as in Scenario 6).
    let groups: Vec<&str> = s
        .confederate
        .reinforcements
        .iter()
        .filter_map(|r| r.entry_group.as_ref().map(|g| g.0.as_str()))
        .collect();
    assert_eq!(
        groups,
        ["johnston", "ramseur", "first-corps", "pickett", "anderson"]
    );
    for id in ["J/R/2", "R/R/2"] {
        let r = s
            .confederate
            .reinforcements
            .iter()
            .find(|r| r.units.contains(&UnitId::new(id)))
            .expect(id);
        assert!(r.orders.contains("Rodes"), "{id}: {}", r.orders);
    }
}

#[test]
fn rule_3_8b_scenario_5_deletes_every_9th_corps_reinforcement() {
    let with = wilderness_with(3, &["burnside-elsewhere"], &[(U, "ferrero-joins")]);
    let g = with.state();
    assert!(g.variant(VariantId::BurnsideElsewhere));
    assert!(!g.variant(VariantId::FerreroJoins), "3.8b deletes 4/9 too");
    for id in [
        "Burnside",
        "Willcox",
        "1/3/9",
        "Potter",
        "Stevenson",
        "Prov/9",
        "9b-2",
    ] {
        assert!(g.key(U, &UnitId::new(id)).is_none(), "{id} deleted");
    }
    let without = wilderness_with(3, &[], &[]);
    for id in ["Burnside", "Willcox", "Stevenson", "Prov/9"] {
        assert!(without.state().key(U, &UnitId::new(id)).is_some(), "{id}");
    }
    // Public: both seats and spectators read it.
    for viewer in [Viewer::Seat(U), Viewer::Seat(C), Viewer::Spectator] {
        assert!(
            with.view(viewer)["variants"]
                .to_string()
                .contains("burnside-elsewhere"),
            "{viewer:?}"
        );
    }
}

#[test]
fn rule_2_13_scenario_5_plays_91_turns_over_three_days_with_two_nights() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    let span = data::turn_record()
        .span(s.first_turn, s.last_turn)
        .expect("on the track");
    assert_eq!(span.len(), 91);
    assert_eq!(span[0].time.to_string(), "5 May 1:00pm");
    assert_eq!(span[90].time.to_string(), "7 May 7:00pm");
    let nights: Vec<String> = span
        .iter()
        .filter(|t| t.period == Period::Night)
        .map(|t| t.time.to_string())
        .collect();
    assert_eq!(nights.len(), 16, "9:00pm to 4:00am, twice: {nights:?}");
    assert_eq!(nights[0], "5 May 9:00pm");
    assert_eq!(nights[7], "6 May 4:00am");
    assert_eq!(nights[8], "6 May 9:00pm");
    assert_eq!(nights[15], "7 May 4:00am");
    // The 8:00pm turns last an hour (1.4).
    let eight: Vec<u16> = span
        .iter()
        .filter(|t| t.time.to_string().ends_with("8:00pm"))
        .map(|t| t.minutes)
        .collect();
    assert_eq!(eight, [60, 60]);
}

#[test]
fn rule_3a_2_scenario_5_has_eighteen_status_checks() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    let span = data::turn_record()
        .span(s.first_turn, s.last_turn)
        .expect("on the track");
    let status = &data::charts().army_status.status;
    let checks: Vec<String> = span
        .iter()
        .filter(|t| status.is_check(t.time))
        .map(|t| t.time.to_string())
        .collect();
    assert_eq!(checks.len(), 18, "{checks:?}");
    assert_eq!(checks[0], "5 May 3:00pm");
    assert_eq!(checks[17], "7 May 6:00pm");
}

#[test]
fn rule_5_0_scenario_5_is_won_by_the_standard_conditions_at_7pm_7_may() {
    let s = data::scenario(ScenarioId::BattleOfTheWilderness);
    assert_eq!(s.victory, VictoryRules::Standard);
    assert_eq!(s.last_turn.to_string(), "7 May 7:00pm");
    // At the start nothing is scored: the result reads in the book's words.
    let mut m = wilderness_with(4, &[], &[]);
    set_up_quickly(&mut m);
    let r = m.state().standard_result();
    assert_eq!(
        (r.tactical.union.total, r.tactical.confederate.total),
        (0, 0)
    );
    let outcome = r.outcome();
    assert!(
        outcome.summary.contains("Tactical") && outcome.summary.contains("Strategic"),
        "{}",
        outcome.summary
    );
    let g = testing::empty_game("battle-of-the-wilderness", &[]);
    assert!(g.army_status_on());
}
