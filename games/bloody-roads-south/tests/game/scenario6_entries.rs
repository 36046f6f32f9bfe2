//! Scenario 6's entries chosen at set-up (rules 4.3, 4.5a, 4.5b; reference 4.3, section 5):
//! each Confederate reinforcement group's hex is a secret choice of the seat, 4.5b is a value
//! of 1 Corps' choice and 4.5a a secret choice of its own; the groups enter where and when
//! chosen, and the Union learns nothing until they do.

use adjutant_engine::{ChoiceKind, ChoiceScope, Match, Rules, Side, Viewer};
use bloody_roads_south::data::{UnitId, VariantId};
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::Value;

use crate::support::{finish_until, next_finish, seed, set_up_quickly, setup_for};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// A game of Scenario 6 with the Confederate's secret choices `(key, value)`.
fn game(n: u64, secrets: &[(&str, Value)]) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("second-day", &[]);
    for (k, v) in secrets {
        setup
            .secret_choices
            .get_mut(C)
            .insert((*k).into(), v.clone());
    }
    Match::new(&setup, &seed(n)).expect("Scenario 6 sets up with its choices")
}

fn hex(s: &str) -> Value {
    Value::String(s.into())
}

/// The (unit, hex) pairs the Confederate may enter at the start of his Movement Phase of
/// turn `turn` (set-ups made, everything else finished).
fn entries_on(m: &mut Match<BloodyRoadsSouth>, turn: u16) -> Vec<(String, String)> {
    finish_until(m, |g| {
        g.turn_number() == turn
            && matches!(
                g.step(),
                Step::Movement {
                    side: C,
                    segment: MovementSegment::Move
                }
            )
    });
    m.state()
        .legal_actions(C)
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { unit, hex } => Some((unit.as_str().to_string(), hex.to_string())),
            _ => None,
        })
        .collect()
}

fn enters(entries: &[(String, String)], unit: &str) -> Vec<String> {
    entries
        .iter()
        .filter(|(u, _)| u == unit)
        .map(|(_, h)| h.clone())
        .collect()
}

fn union_sees(m: &Match<BloodyRoadsSouth>, v: &str) -> bool {
    m.view(Viewer::Seat(U))["variants"].to_string().contains(v)
}

#[test]
fn rule_4_3_the_entries_are_offered_as_confederate_secrets_of_scenario_6() {
    let info = <BloodyRoadsSouth as Rules>::info();
    for (id, default, values) in [
        (
            "entry-first-corps",
            "B1.20",
            &["B1.20", "B1.21", "A1.10", "A1.01", "B39.01", "B29.01"][..],
        ),
        (
            "entry-anderson",
            "B1.21",
            &["A1.30", "A1.22", "A1.10", "A1.01", "B1.21"][..],
        ),
        (
            "entry-ramseur",
            "A1.10",
            &["A1.30", "A1.22", "A1.10", "A1.01", "B1.21"][..],
        ),
        ("entry-pickett", "with", &["with", "B39.01", "B29.01"][..]),
    ] {
        let c = info.choices.iter().find(|c| c.id == id).expect(id);
        assert_eq!(c.scope, ChoiceScope::Secret(C), "{id}");
        assert_eq!(c.scenarios, ["second-day"], "{id}");
        let ChoiceKind::Enum {
            values: v,
            default: d,
        } = &c.kind
        else {
            panic!("{id} is a choice of hexes");
        };
        assert_eq!(d, default, "{id}");
        let ids: Vec<&str> = v.iter().map(|x| x.id.as_str()).collect();
        assert_eq!(ids.len(), values.len(), "{id}: {ids:?}");
        assert!(values.iter().all(|x| ids.contains(x)), "{id}: {ids:?}");
    }
    let pickett = info
        .choices
        .iter()
        .find(|c| c.id == "pickett-joins")
        .expect("4.5a");
    assert_eq!(pickett.scope, ChoiceScope::Secret(C));
    // 4.5a is offered in Scenarios 5 and 7 too (P/1 sets up near the 1 Corps HQ in 7).
    assert_eq!(
        pickett.scenarios,
        ["battle-of-the-wilderness", "second-day", "wasted-day"]
    );
    // 4.5b is a value of 1 Corps' entry, not a choice of its own.
    assert!(
        info.choices
            .iter()
            .all(|c| c.id != "longstreet-further-east")
    );
    // A hex off the list is refused with a sentence, not a panic.
    let mut setup = setup_for("second-day", &[]);
    setup
        .secret_choices
        .get_mut(C)
        .insert("entry-first-corps".into(), hex("B12.28"));
    let err = BloodyRoadsSouth::new_game(&setup).expect_err("refused");
    assert!(err.contains("may not enter at B12.28"), "{err}");
}

#[test]
fn rule_4_3b_each_group_enters_at_its_chosen_hex_and_turn() {
    let mut m = game(
        1,
        &[
            ("entry-first-corps", hex("A1.10")),
            ("entry-anderson", hex("A1.30")),
            ("entry-ramseur", hex("B1.21")),
        ],
    );
    // The Confederate's own view tells him when and where each waiting group is due.
    let waiting = m.view(Viewer::Seat(C))["waiting"].clone();
    let longstreet = waiting
        .as_array()
        .and_then(|w| w.iter().find(|c| c["id"] == "Longstreet"))
        .expect("Longstreet waits")
        .clone();
    assert_eq!(longstreet["due"], "6 May 6:30am");
    assert_eq!(longstreet["enters_at"], "A1.10");
    set_up_quickly(&mut m);
    // 5:00am: R/R/2 at B1.21 (printed Entry B, A1.10); 1 Corps not yet (3 turns later).
    let first = entries_on(&mut m, 1);
    assert_eq!(enters(&first, "R/R/2"), ["B1.21"]);
    assert!(enters(&first, "Longstreet").is_empty());
    // 5:30am: A/3 at A1.30.
    let second = entries_on(&mut m, 2);
    assert_eq!(enters(&second, "Anderson"), ["A1.30"]);
    assert!(enters(&second, "K/K/1").is_empty());
    // 6:30am (5:00am + 3 turns): 1 Corps at A1.10.
    assert!(enters(&entries_on(&mut m, 3), "K/K/1").is_empty());
    assert_eq!(enters(&entries_on(&mut m, 4), "K/K/1"), ["A1.10"]);
    assert!(m.state().variants().is_empty(), "no variant in 4.3 alone");
}

#[test]
fn rule_4_5b_longstreet_further_east_enters_two_turns_later_and_is_revealed_then() {
    let mut m = game(2, &[("entry-first-corps", hex("B39.01"))]);
    assert!(m.state().variant(VariantId::LongstreetFurtherEast));
    set_up_quickly(&mut m);
    assert!(!union_sees(&m, "longstreet-further-east"));
    assert!(enters(&entries_on(&mut m, 1), "Longstreet").is_empty());
    assert!(enters(&entries_on(&mut m, 2), "Longstreet").is_empty());
    let third = entries_on(&mut m, 3);
    assert_eq!(
        enters(&third, "Longstreet"),
        ["B39.01"],
        "6:00am at Entry F"
    );
    assert!(!union_sees(&m, "longstreet-further-east"));
    let enter = Action::Enter {
        unit: UnitId::new("Longstreet"),
        hex: "B39.01".parse().expect("a hex"),
    };
    let value = serde_json::to_value(&enter).expect("serialises");
    let played = m.play(C, &value).expect("enters");
    assert!(union_sees(&m, "longstreet-further-east"));
    let told = m.redact_played(&played, Viewer::Seat(U));
    assert!(
        serde_json::to_string(&told)
            .expect("json")
            .contains("Variant 4.5b"),
        "the Union is told: {told:?}"
    );
    let r = m.state().standard_result();
    assert!(r.tactical.union.lines.iter().any(|l| l.contains("4.5b")));
}

#[test]
fn rule_4_5a_pickett_enters_with_1_corps_or_two_turns_after_it() {
    let mut with = game(3, &[("pickett-joins", Value::Bool(true))]);
    set_up_quickly(&mut with);
    let first = entries_on(&mut with, 1);
    assert_eq!(
        enters(&first, "Pickett"),
        ["B1.20"],
        "with 1 Corps at B1.20, 5:00am"
    );
    let mut apart = game(
        4,
        &[
            ("pickett-joins", Value::Bool(true)),
            ("entry-pickett", hex("B29.01")),
        ],
    );
    set_up_quickly(&mut apart);
    assert!(enters(&entries_on(&mut apart, 1), "Pickett").is_empty());
    assert!(enters(&entries_on(&mut apart, 2), "Pickett").is_empty());
    assert_eq!(enters(&entries_on(&mut apart, 3), "Pickett"), ["B29.01"]);
    assert_eq!(apart.state().standard_result().tactical.union.total, 1);
    // Without 4.5a, its entry choice does nothing.
    let none = game(5, &[("entry-pickett", hex("B29.01"))]);
    assert!(none.state().key(C, &UnitId::new("Pickett")).is_none());
}

/// Plays `a` and `b` in step, the same actions, until the acting side is offered different
/// actions: until then the Union and spectators get the same views and events. Returns the
/// step and turn where they part.
fn same_until_they_part(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
) -> (Step, u16) {
    set_up_quickly(a);
    set_up_quickly(b);
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert_eq!(
            a.view(viewer),
            b.view(viewer),
            "after the set-ups, {viewer:?}"
        );
    }
    for _ in 0..5000 {
        let side = a.to_act()[0];
        assert_eq!(b.to_act()[0], side);
        if a.state().legal_actions(side) != b.state().legal_actions(side) {
            return (a.state().step(), a.state().turn_number());
        }
        let action = next_finish(a, side);
        let value = serde_json::to_value(&action).expect("serialises");
        let pa = a.play(side, &value).expect("a");
        let pb = b.play(side, &value).expect("b");
        assert_eq!(pa.seq, pb.seq);
        for viewer in [Viewer::Seat(U), Viewer::Spectator] {
            assert_eq!(
                a.redact_played(&pa, viewer),
                b.redact_played(&pb, viewer),
                "events of {action:?} for {viewer:?}"
            );
            assert_eq!(a.view(viewer), b.view(viewer), "{action:?}, {viewer:?}");
        }
    }
    panic!("the games never parted");
}

#[test]
fn rule_4_3_secrecy_the_union_learns_the_entries_only_when_the_troops_enter() {
    // 1 Corps at A1.10 (three turns later) against the default B1.20 (5:00am): they part at
    // the first Confederate Movement Phase, where one may enter and the other not.
    let mut a = game(6, &[("entry-first-corps", hex("A1.10"))]);
    let mut b = game(6, &[]);
    let (step, turn) = same_until_they_part(&mut a, &mut b);
    assert!(
        matches!(step, Step::Movement { side: C, .. }) && turn == 1,
        "{step:?} {turn}"
    );
}

#[test]
fn rule_4_5b_secrecy_the_union_learns_the_variant_only_when_longstreet_enters() {
    let mut a = game(7, &[("entry-first-corps", hex("B29.01"))]);
    let mut b = game(7, &[("entry-first-corps", hex("A1.01"))]);
    // B29.01 arrives at 6:00am, A1.01 at 6:30am: they part at the 6:00am Confederate
    // movement, 4.5b unknown to the Union until then.
    let (step, turn) = same_until_they_part(&mut a, &mut b);
    assert!(
        matches!(step, Step::Movement { side: C, .. }) && turn == 3,
        "{step:?} {turn}"
    );
    assert!(!union_sees(&a, "longstreet-further-east"));
}

#[test]
fn rule_4_5a_secrecy_the_union_learns_of_pickett_only_when_he_enters() {
    let mut a = game(
        8,
        &[
            ("pickett-joins", Value::Bool(true)),
            ("entry-pickett", hex("B39.01")),
        ],
    );
    let mut b = game(8, &[]);
    let (step, turn) = same_until_they_part(&mut a, &mut b);
    assert!(
        matches!(step, Step::Movement { side: C, .. }) && turn == 3,
        "{step:?} {turn}"
    );
    assert!(!union_sees(&a, "pickett-joins"));
}
