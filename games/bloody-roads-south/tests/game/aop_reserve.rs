//! Optional rule 3.6, the Army of the Potomac Reserve (reference 3.6, `command::reserve`): by
//! Grant's order to Meade up to three Army of the Potomac divisions form a Reserve that uses
//! the A Pot HQ as its corps HQ (command radius and all), until Grant or Meade gives them
//! divisional goals; a public game option; the Reserve itself is the Union's secret.

use adjutant_engine::{ChoiceKind, Dice, Match, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::FormationId;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::model::draft::OrderDraft;
use bloody_roads_south::model::order::Receiver;
use bloody_roads_south::model::step::{CommandSegment, Step};
use bloody_roads_south::{Action, BloodyRoadsSouth, testing};
use serde_json::Value;

use crate::support::{draft, issue, next_finish, play_got, seed, set_up_quickly, setup_for};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn f(id: &str) -> FormationId {
    FormationId(id.into())
}

/// An empty Scenario 4 (with the option, or not) in the Union Order Issue of 2:00pm: Grant,
/// Meade and both HQs at A32.08; Warren and the 5 Corps HQ far off at A5.30; the leaders of
/// 1/5, 2/5, 4/5, 1/6 and 3/9 near the A Pot HQ.
fn position(option: bool) -> BloodyRoadsSouth {
    let options: &[&str] = if option { &["aop-reserve"] } else { &[] };
    let mut g = testing::empty_game("battles-of-may-5th", options);
    testing::set_turn(&mut g, "5 May 2:00pm");
    for id in ["AUS HQ", "A Pot HQ", "Grant", "Meade"] {
        testing::place(&mut g, U, id, "A32.08");
    }
    testing::place(&mut g, U, "5 Corps HQ", "A5.30");
    testing::place(&mut g, U, "Warren", "A5.30");
    for (id, at) in [
        ("Griffin", "A30.08"),
        ("Robinson", "A31.07"),
        ("Wadsworth", "A31.09"),
        ("Wright", "A33.09"),
        ("Willcox", "A33.08"),
    ] {
        testing::place(&mut g, U, id, at);
    }
    testing::order_issue(&mut g, U);
    g
}

/// Grant's aide-written simple order to Meade naming `reserve`.
fn to_meade(reserve: &[&str]) -> OrderDraft {
    let mut d = draft(
        Receiver::Relay,
        OrderMethod::AideWritten,
        OrderType::Simple,
        "Hold these divisions near the Lacy house.",
    );
    d.reserve = reserve.iter().map(|r| f(r)).collect();
    d
}

/// Posts a Union batch in the Order Issue of the game's turn: what the Union reads.
fn post(g: &mut BloodyRoadsSouth, action: Action) -> Result<String, String> {
    testing::order_issue(g, U);
    let mut dice = Dice::new(&Seed::from_bytes([9; 32]));
    BloodyRoadsSouth::apply(g, U, action, &mut dice).map(|a| {
        a.events
            .iter()
            .filter_map(|e| e.sentence(Viewer::Seat(U)))
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn reserve(g: &BloodyRoadsSouth) -> Vec<String> {
    g.aop_reserve().iter().map(|d| d.to_string()).collect()
}

fn in_radius(g: &BloodyRoadsSouth, leader: &str) -> bool {
    g.in_radius(testing::key(g, U, leader))
}

#[test]
fn rule_3_6_offered_as_a_public_option_where_grant_writes_and_meade_relays() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let c = info
        .choices
        .iter()
        .find(|c| c.id == "aop-reserve")
        .expect("3.6 is offered");
    assert!(c.name.contains("3.6"), "{}", c.name);
    assert!(
        matches!(c.kind, ChoiceKind::Bool { default: false }),
        "off by default"
    );
    let mut scenarios = c.scenarios.clone();
    scenarios.sort();
    assert_eq!(
        scenarios,
        [
            "battle-of-the-wilderness",
            "battles-of-may-5th",
            "sanders-field",
            "second-day",
            "warren-and-sedgwick-vs-ewell",
            "wasted-day"
        ],
        "not Scenario 3, where Grant is not on the map"
    );
}

#[test]
fn rule_3_6_grants_order_to_meade_forms_the_reserve_under_the_a_pot_hq() {
    let mut g = position(true);
    let menu = g.view(Viewer::Seat(U))["command"]["batch_menu"]["entries"].clone();
    let relay = serde_json::to_value(Receiver::Relay).unwrap();
    let entry = menu
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["item"]["receiver"] == relay && e["item"]["method"] == "aide-written")
        .expect("an order to Meade")
        .clone();
    let offered: Vec<&str> = entry["reserve_divisions"]
        .as_array()
        .expect("the divisions it may name")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for d in ["1/5", "2/5", "4/5", "1/6"] {
        assert!(offered.contains(&d), "{d}: {offered:?}");
    }
    assert!(
        !offered.contains(&"1/9"),
        "9 Corps is not of the Army of the Potomac"
    );
    assert!(entry["label"].as_str().unwrap().contains("(3.6)"));
    // Griffin is beyond his corps HQ's radius.
    assert!(!in_radius(&g, "Griffin"));
    let read = post(&mut g, issue(vec![to_meade(&["1/5", "2/5"])])).expect("written");
    // Stacked with Grant, Meade accepts at once (3.1a): the Reserve is formed.
    assert!(
        read.contains("Rule 3.6: 1/5, 2/5 join the Army of the Potomac Reserve"),
        "{read}"
    );
    assert_eq!(reserve(&g), ["1/5", "2/5"]);
    assert_eq!(g.corps_of_division(U, &f("1/5")), Some(f("A Pot")));
    assert!(
        in_radius(&g, "Griffin"),
        "he traces to the A Pot HQ, 2 hexes off"
    );
    let own = g.view(Viewer::Seat(U))["command"]["aop_reserve"].clone();
    assert_eq!(own, serde_json::json!(["1/5", "2/5"]));
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_3_6_bad_reserve_lists_are_refused_with_a_sentence_and_change_nothing() {
    for (option, batch, part) in [
        (
            true,
            issue(vec![to_meade(&["1/5", "2/5", "4/5", "1/6"])]),
            "at most 3",
        ),
        (
            true,
            issue(vec![to_meade(&["1/9"])]),
            "only Army of the Potomac divisions",
        ),
        (true, issue(vec![to_meade(&["1/5", "1/5"])]), "twice"),
        (
            false,
            issue(vec![to_meade(&["1/5"])]),
            "optional rule 3.6 is not in play",
        ),
        (
            true,
            issue(vec![{
                let mut d = draft(
                    Receiver::Corps(f("5")),
                    OrderMethod::AideWritten,
                    OrderType::Simple,
                    "Hold.",
                );
                d.reserve = vec![f("1/5")];
                d
            }]),
            "only Grant's own order to Meade",
        ),
    ] {
        let mut g = position(option);
        testing::order_issue(&mut g, U);
        let before = testing::state_json(&g);
        let err = post(&mut g, batch).expect_err(part);
        assert!(
            err.contains(part) && err.contains("Order 1 of 1"),
            "{part}: {err}"
        );
        testing::order_issue(&mut g, U);
        assert_eq!(testing::state_json(&g), before, "{part}: nothing changed");
    }
}

#[test]
fn rule_3_6_a_reserve_division_leaves_it_when_given_a_divisional_goal() {
    let mut g = position(true);
    post(&mut g, issue(vec![to_meade(&["1/5", "2/5"])])).expect("formed");
    // Griffin comes to Grant, who gives 1/5 a complex goal by aide: it arrives at once (same
    // hex); 4 + 2 + 0 - 2 = 4, one column left for Grant directly into the Army of the
    // Potomac (3.1b), the 2-to-3 column: a 6 reads A.
    testing::place(&mut g, U, "Griffin", "A32.08");
    let goal = draft(
        Receiver::Division(f("1/5")),
        OrderMethod::AideWritten,
        OrderType::Complex,
        "Attack Sander's Field.",
    );
    post(&mut g, issue(vec![goal])).expect("written");
    testing::script_dice(&mut g, U, &[3, 3]);
    let read: String = testing::acceptance(&mut g, U, &mut Dice::new(&Seed::from_bytes([1; 32])))
        .iter()
        .filter_map(|e| e.sentence(Viewer::Seat(U)))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        read.contains("1/5 leaves the Army of the Potomac Reserve"),
        "{read}"
    );
    assert_eq!(reserve(&g), ["2/5"]);
    assert_eq!(g.corps_of_division(U, &f("1/5")), Some(f("5")));
    // One out, two more may join: three at once.
    testing::set_turn(&mut g, "5 May 2:30pm");
    post(&mut g, issue(vec![to_meade(&["4/5", "1/6"])])).expect("three in it");
    assert_eq!(reserve(&g), ["2/5", "4/5", "1/6"]);
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_3_6_the_a_pot_hq_takes_only_simple_orders() {
    let g = position(true);
    let hq = serde_json::to_value(Receiver::ArmyHq(f("A Pot"))).unwrap();
    let types: Vec<Value> = g.view(Viewer::Seat(U))["command"]["batch_menu"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["item"]["receiver"] == hq)
        .map(|e| e["item"]["order_type"].clone())
        .collect();
    assert!(!types.is_empty());
    assert!(types.iter().all(|t| t == "simple"), "{types:?}");
}

fn at_union_order_issue(g: &BloodyRoadsSouth) -> bool {
    g.step()
        == Step::Command {
            side: U,
            segment: CommandSegment::OrderIssue,
        }
        && !g.legal_actions(U).is_empty()
}

#[test]
fn rule_3_6_secrecy_the_confederates_and_spectators_learn_nothing_of_the_reserve() {
    let setup = setup_for("battles-of-may-5th", &["aop-reserve"]);
    let mut a: Match<BloodyRoadsSouth> = Match::new(&setup, &seed(36)).expect("sets up");
    let mut b: Match<BloodyRoadsSouth> = Match::new(&setup, &seed(36)).expect("sets up");
    set_up_quickly(&mut a);
    set_up_quickly(&mut b);
    for m in [&mut a, &mut b] {
        while !at_union_order_issue(m.state()) {
            let side = m.to_act()[0];
            let action = next_finish(m, side);
            play_got(m, side, &action);
        }
    }
    // The same order to Meade, with the Reserve in one game only.
    let pa = play_got(&mut a, U, &issue(vec![to_meade(&["2/5", "4/5"])]));
    let pb = play_got(&mut b, U, &issue(vec![to_meade(&[])]));
    assert_eq!(reserve(a.state()), ["2/5", "4/5"]);
    assert!(reserve(b.state()).is_empty());
    assert_eq!(pa.seq, pb.seq);
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
        assert_eq!(a.view(viewer), b.view(viewer), "{viewer:?}");
    }
    // Alike, action by action, through the next two turns.
    while a.state().turn_number() < 4 {
        let side = a.to_act()[0];
        assert_eq!(b.to_act()[0], side);
        assert_eq!(
            a.state().legal_actions(side),
            b.state().legal_actions(side),
            "the same actions offered"
        );
        let action = next_finish(&a, side);
        let pa = play_got(&mut a, side, &action);
        let pb = play_got(&mut b, side, &action);
        assert_eq!(pa.seq, pb.seq);
        for viewer in [Viewer::Seat(C), Viewer::Spectator] {
            assert_eq!(
                a.redact_played(&pa, viewer),
                b.redact_played(&pb, viewer),
                "events of {action:?} for {viewer:?}"
            );
            assert_eq!(a.view(viewer), b.view(viewer), "{action:?}, {viewer:?}");
        }
    }
}
