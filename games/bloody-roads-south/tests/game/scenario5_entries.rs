//! Scenario 5's entries chosen in play (rule 4.3; reference 4.3, section 5): the Confederate
//! chooses, secretly, where each 6 May group enters, in the entry list of his Order Issue
//! batch, in any of his Command Phases up to and including 11:00pm 5 May, and may change it
//! until then; the groups enter where chosen (the defaults of gap 8 otherwise), and the Union
//! and the spectators learn nothing until they do.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::VariantId;
use bloody_roads_south::data::variant::EntryGroupId;
use bloody_roads_south::model::draft::EntryDraft;
use bloody_roads_south::model::step::Step;
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::Value;

use crate::support::{
    at_movement, at_order_issue, next_finish, no_orders, play_both_alike, play_got, set_up_quickly,
    wilderness_with,
};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// Plays the first offered "finish" actions until `until` holds.
fn advance(m: &mut Match<BloodyRoadsSouth>, until: impl Fn(&BloodyRoadsSouth) -> bool) {
    for _ in 0..20_000 {
        if until(m.state()) {
            return;
        }
        assert!(m.outcome().is_none(), "the game ended first");
        let side = m.to_act()[0];
        let action = next_finish(m, side);
        play_got(m, side, &action);
    }
    panic!("advance: the condition never held");
}

/// The Order Issue batch with these entry choices (`(group, value)`) only.
fn choose(entries: &[(&str, &str)]) -> Action {
    let mut a = no_orders();
    if let Action::IssueOrders { entry_choices, .. } = &mut a {
        *entry_choices = entries
            .iter()
            .map(|(g, e)| EntryDraft {
                group: EntryGroupId((*g).into()),
                entry: (*e).into(),
            })
            .collect();
    }
    a
}

fn post(m: &mut Match<BloodyRoadsSouth>, action: &Action) -> Result<(), String> {
    let value = serde_json::to_value(action).expect("serialises");
    m.play(C, &value).map(|_| ()).map_err(|e| e.to_string())
}

/// The game of seed `n` set up, standing at the Confederate's first Order Issue (1:00pm).
fn started(n: u64, secrets: &[(Side, &str)]) -> Match<BloodyRoadsSouth> {
    let mut m = wilderness_with(n, &[], secrets);
    set_up_quickly(&mut m);
    advance(&mut m, |g| at_order_issue(g, 1));
    m
}

/// The entry menu of the Confederate's batch: (group, value) pairs.
fn menu(m: &Match<BloodyRoadsSouth>) -> Vec<(String, String)> {
    m.view(Viewer::Seat(C))["command"]["batch_menu"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e["field"] == "entry_choices")
        .map(|e| {
            (
                e["item"]["group"].as_str().unwrap_or_default().to_string(),
                e["item"]["entry"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// Where and when the Confederate's own view says a waiting unit is due.
fn due(m: &Match<BloodyRoadsSouth>, unit: &str) -> (Value, Value) {
    let w = m.view(Viewer::Seat(C))["waiting"].clone();
    let u = w
        .as_array()
        .and_then(|w| w.iter().find(|c| c["id"] == unit))
        .unwrap_or_else(|| panic!("{unit} waits"))
        .clone();
    (u["enters_at"].clone(), u["due"].clone())
}

/// The hexes a unit may enter at now.
fn enters(m: &Match<BloodyRoadsSouth>, unit: &str) -> Vec<String> {
    m.state()
        .legal_actions(C)
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { unit: u, hex } if u.as_str() == unit => Some(hex.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_4_3_scenario5_entries_are_not_set_up_choices() {
    let info = <BloodyRoadsSouth as Rules>::info();
    for c in info.choices.iter().filter(|c| c.id.starts_with("entry-")) {
        assert!(
            !c.scenarios.iter().any(|s| s == "battle-of-the-wilderness"),
            "{}: Scenario 5 chooses in play",
            c.id
        );
    }
}

#[test]
fn rule_4_3_scenario5_entry_chosen_in_play_until_11pm() {
    let mut m = started(11, &[]);
    // Every group of 6 May with its hexes (4.3b) and 1 Corps' 4.5b hexes; no Pickett
    // without 4.5a.
    let offered = menu(&m);
    let values = |g: &str| -> Vec<String> {
        offered
            .iter()
            .filter(|(x, _)| x == g)
            .map(|(_, v)| v.clone())
            .collect()
    };
    assert_eq!(
        values("first-corps"),
        ["A1.10", "A1.01", "B1.20", "B1.21", "B39.01", "B29.01"]
    );
    for g in ["anderson", "johnston", "ramseur"] {
        assert_eq!(
            values(g),
            ["A1.30", "A1.22", "A1.10", "A1.01", "B1.21"],
            "{g}"
        );
    }
    assert!(values("pickett").is_empty(), "no 4.5a");
    // The defaults of gap 8 until he chooses.
    assert_eq!(due(&m, "J/R/2").0, "A1.10");
    assert_eq!(due(&m, "Longstreet").0, "B1.20");
    assert_eq!(due(&m, "Anderson").0, "B1.21");
    // Chosen at 1:00pm: 1 Corps at A1.10 arrives 3 turns later (4.3b).
    post(
        &mut m,
        &choose(&[("first-corps", "A1.10"), ("johnston", "A1.30")]),
    )
    .expect("chosen");
    assert_eq!(
        due(&m, "Longstreet"),
        (Value::from("A1.10"), Value::from("6 May 6:30am"))
    );
    assert_eq!(
        due(&m, "J/R/2"),
        (Value::from("A1.30"), Value::from("6 May 3:00am"))
    );
    // Changed at 11:00pm 5 May, the last Command Phase allowed (turn 18).
    advance(&mut m, |g| at_order_issue(g, 18));
    assert!(!menu(&m).is_empty(), "still offered at 11:00pm");
    post(&mut m, &choose(&[("first-corps", "B1.21")])).expect("changed");
    assert_eq!(
        due(&m, "Longstreet"),
        (Value::from("B1.21"), Value::from("6 May 5:00am"))
    );
    // Not after: at 12:00am 6 May nothing is offered, and a choice is refused with a
    // sentence, nothing changed.
    advance(&mut m, |g| at_order_issue(g, 19));
    assert!(menu(&m).is_empty());
    let before = m.view(Viewer::Seat(C));
    let err = post(&mut m, &choose(&[("first-corps", "A1.01")])).expect_err("too late");
    assert!(
        err.contains("only up to") && err.contains("11:00pm"),
        "{err}"
    );
    assert_eq!(m.view(Viewer::Seat(C)), before, "nothing changed");
    // The groups enter where chosen: J/R/2 at A1.30 at 3:00am (turn 22), 1 Corps at B1.21
    // and R/R/2 at its default A1.10 at 5:00am (turn 24).
    advance(&mut m, |g| at_movement(g, 22));
    assert_eq!(enters(&m, "J/R/2"), ["A1.30"]);
    advance(&mut m, |g| at_movement(g, 24));
    assert_eq!(enters(&m, "K/K/1"), ["B1.21"]);
    assert_eq!(enters(&m, "R/R/2"), ["A1.10"]);
}

#[test]
fn rule_4_3_scenario5_bad_entry_choices_are_refused_with_a_sentence() {
    let mut m = started(12, &[]);
    let before = m.view(Viewer::Seat(C));
    for (batch, part) in [
        (choose(&[("ramseur", "B12.28")]), "may not enter at B12.28"),
        (choose(&[("ramseur", "nowhere")]), "names no hex"),
        (
            choose(&[("pickett", "B29.01")]),
            "does not enter in this game",
        ),
        (choose(&[("hood", "A1.10")]), "no reinforcement group hood"),
        (
            choose(&[("anderson", "A1.30"), ("anderson", "A1.22")]),
            "chosen twice",
        ),
        // 4.3b: A/3's list has no Area G hex but B1.21.
        (choose(&[("anderson", "B1.20")]), "may not enter at B1.20"),
    ] {
        let err = post(&mut m, &batch).expect_err("refused");
        assert!(err.contains(part), "{part}: {err}");
        assert_eq!(m.view(Viewer::Seat(C)), before, "{part}: nothing changed");
    }
    // A good one still goes through afterwards.
    post(&mut m, &choose(&[("anderson", "A1.22")])).expect("chosen");
}

#[test]
fn rule_4_5b_scenario5_longstreet_further_east_is_a_value_of_the_entry_changeable_until_11pm() {
    let mut m = started(13, &[]);
    let mut plain = started(13, &[]);
    post(&mut m, &choose(&[("first-corps", "B29.01")])).expect("4.5b");
    post(&mut plain, &no_orders()).expect("nothing chosen");
    assert!(m.state().variant(VariantId::LongstreetFurtherEast));
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert!(
            !m.view(viewer)["variants"]
                .to_string()
                .contains("longstreet-further-east"),
            "{viewer:?}"
        );
        // Nothing else tells it either: the whole view is the one of a game without it.
        assert_eq!(m.view(viewer), plain.view(viewer), "{viewer:?}");
    }
    advance(&mut m, |g| at_order_issue(g, 2));
    post(&mut m, &choose(&[("first-corps", "B1.20")])).expect("changed back");
    assert!(!m.state().variant(VariantId::LongstreetFurtherEast));
}

#[test]
fn rule_4_5a_scenario5_pickett_s_entry_is_chosen_in_play_with_4_5a() {
    let mut m = started(14, &[(C, "pickett-joins")]);
    let offered = menu(&m);
    let pickett: Vec<&str> = offered
        .iter()
        .filter(|(g, _)| g == "pickett")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(pickett, ["with", "B39.01", "B29.01"]);
    post(&mut m, &choose(&[("pickett", "B39.01")])).expect("chosen");
    // Two turns after 1 Corps (5:00am at B1.20): 6:00am.
    assert_eq!(
        due(&m, "Pickett"),
        (Value::from("B39.01"), Value::from("6 May 6:00am"))
    );
}

/// Plays the same finishing actions in `a` and `b` until the Confederate is offered different
/// actions in them, checking after every action that the Union and the spectators read the
/// same events and views; returns the step and turn where they part.
fn same_until_they_part(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
) -> (Step, u16) {
    for _ in 0..20_000 {
        let side = a.to_act()[0];
        assert_eq!(b.to_act()[0], side);
        if a.state().legal_actions(side) != b.state().legal_actions(side) {
            return (a.state().step(), a.state().turn_number());
        }
        let action = next_finish(a, side);
        play_both_alike(a, b, side, &action);
    }
    panic!("the games never parted");
}

#[test]
fn rule_4_3_secrecy_scenario5_the_union_and_spectators_learn_the_entries_only_when_they_enter() {
    // The same game twice: J/R/2 chosen at B1.21 and 1 Corps at A1.01 (a), against J/R/2 at
    // A1.30 and 1 Corps changed twice (b). The Union's and the spectators' views and events
    // are the same until J/R/2 may enter, at the Confederate's 3:00am 6 May Movement Phase.
    let mut a = started(15, &[]);
    let mut b = started(15, &[]);
    let choices_a = [
        choose(&[("johnston", "B1.21"), ("first-corps", "A1.01")]),
        no_orders(),
    ];
    let choices_b = [
        choose(&[("johnston", "A1.30"), ("first-corps", "B1.21")]),
        choose(&[("first-corps", "A1.10"), ("anderson", "A1.22")]),
    ];
    for (turn, (ca, cb)) in [1u16, 2].into_iter().zip(choices_a.iter().zip(&choices_b)) {
        advance(&mut a, |g| at_order_issue(g, turn));
        advance(&mut b, |g| at_order_issue(g, turn));
        for viewer in [Viewer::Seat(U), Viewer::Spectator] {
            assert_eq!(
                a.view(viewer),
                b.view(viewer),
                "before turn {turn}, {viewer:?}"
            );
        }
        let pa = play_got(&mut a, C, ca);
        let pb = play_got(&mut b, C, cb);
        assert_eq!(pa.seq, pb.seq, "the same number of actions");
        for viewer in [Viewer::Seat(U), Viewer::Spectator] {
            assert_eq!(
                a.redact_played(&pa, viewer),
                b.redact_played(&pb, viewer),
                "the batch's events for {viewer:?}"
            );
            assert_eq!(a.view(viewer), b.view(viewer), "{viewer:?}");
        }
        // The Confederate reads his own choice.
        let own = serde_json::to_string(&b.redact_played(&pb, Viewer::Seat(C))).expect("json");
        assert!(own.contains("Rule 4.3"), "{own}");
    }
    let (step, turn) = same_until_they_part(&mut a, &mut b);
    assert!(
        matches!(step, Step::Movement { side: C, .. }) && turn == 22,
        "{step:?} {turn}"
    );
    assert_eq!(enters(&a, "J/R/2"), ["B1.21"]);
    assert_eq!(enters(&b, "J/R/2"), ["A1.30"]);
}
