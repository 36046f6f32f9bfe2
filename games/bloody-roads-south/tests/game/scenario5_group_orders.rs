//! Rule 4.3a in Scenario 5: Lee may write the orders of Longstreet's corps and Anderson's
//! division before they enter, up to 11:00pm 5 May; such an order arrives the turn before the
//! group enters, is rolled for then, and the printed orders hold until it is accepted and
//! implemented (reference 4.3a, `command::group_orders`).

use adjutant_engine::{Dice, Rules, Seed, Side, Viewer};
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::variant::EntryGroupId;
use bloody_roads_south::data::{self, FormationId, UnitId};
use bloody_roads_south::model::draft::{EntryDraft, OrderDraft};
use bloody_roads_south::model::order::{OrderNo, OrderStatus, Origin, Receiver};
use bloody_roads_south::{Action, BloodyRoadsSouth, testing};
use serde_json::Value;

use crate::support::{draft, issue};

const C: Side = Side::Confederate;

fn first_corps() -> Receiver {
    Receiver::Corps(FormationId("1".into()))
}

fn anderson() -> Receiver {
    Receiver::Division(FormationId("A/3".into()))
}

/// The index of a time on the Turn Record Track.
fn at(time: &str) -> u16 {
    data::turn_record()
        .index_of(time.parse().expect("a time"))
        .expect("on the track") as u16
}

/// An empty Scenario 5 at `time`, Lee and the ANVa HQ at B18.21, in the Confederate's Order
/// Issue.
fn position(time: &str) -> BloodyRoadsSouth {
    let mut g = testing::empty_game("battle-of-the-wilderness", &[]);
    testing::set_turn(&mut g, time);
    testing::place(&mut g, C, "ANVa HQ", "B18.21");
    testing::place(&mut g, C, "Lee", "B18.21");
    testing::order_issue(&mut g, C);
    g
}

fn dice() -> Dice {
    Dice::new(&Seed::from_bytes([5; 32]))
}

/// Posts a Confederate batch in the Order Issue of the game's turn.
fn post(g: &mut BloodyRoadsSouth, action: Action) -> Result<Vec<String>, String> {
    testing::order_issue(g, C);
    BloodyRoadsSouth::apply(g, C, action, &mut dice()).map(|a| {
        a.events
            .iter()
            .filter_map(|e| e.sentence(Viewer::Seat(C)))
            .collect()
    })
}

fn order_to(receiver: Receiver, text: &str) -> OrderDraft {
    draft(receiver, OrderMethod::AideWritten, OrderType::Simple, text)
}

/// The Confederate's menu entries for orders to `receiver`: (method, type, label).
fn offered_to(g: &BloodyRoadsSouth, receiver: &Receiver) -> Vec<(String, String, String)> {
    let want = serde_json::to_value(receiver).expect("json");
    g.view(Viewer::Seat(C))["command"]["batch_menu"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e["field"] == "orders" && e["item"]["receiver"] == want)
        .map(|e| {
            let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
            (
                s(&e["item"]["method"]),
                s(&e["item"]["order_type"]),
                s(&e["label"]),
            )
        })
        .collect()
}

/// The last order of the Confederate log.
fn last(g: &BloodyRoadsSouth) -> OrderNo {
    g.orders(C).last().expect("an order").no()
}

fn status(g: &BloodyRoadsSouth, no: OrderNo) -> OrderStatus {
    g.order(C, no).expect("in the log").status()
}

/// The Confederate's New Order Acceptance of `time` with these secret dice: what he reads.
fn acceptance(g: &mut BloodyRoadsSouth, time: &str, roll: [u8; 2]) -> String {
    testing::set_turn(g, time);
    testing::script_dice(g, C, &roll);
    let events = testing::acceptance(g, C, &mut dice());
    events
        .iter()
        .filter_map(|e| e.sentence(Viewer::Seat(C)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The printed orders of the groups due by `time` logged (6.0d).
fn arrivals(g: &mut BloodyRoadsSouth, time: &str) {
    testing::set_turn(g, time);
    testing::reinforcement_orders(g, C, &mut dice());
}

fn in_force(g: &BloodyRoadsSouth, receiver: &Receiver) -> Option<OrderNo> {
    g.command(C, receiver).and_then(|c| c.current())
}

#[test]
fn rule_4_3a_scenario5_lee_may_write_the_orders_of_1_corps_and_a_3_until_11pm() {
    let g = position("5 May 2:00pm");
    let corps = offered_to(&g, &first_corps());
    let methods: Vec<(&str, &str)> = corps
        .iter()
        .map(|(m, t, _)| (m.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        methods,
        [
            ("aide-oral", "complex"),
            ("aide-oral", "simple"),
            ("aide-written", "complex"),
            ("aide-written", "simple")
        ],
        "by aide only: the group is off the map"
    );
    assert!(
        corps[3]
            .2
            .contains("arrives about 6 May 4:00am (4.3a: checked for acceptance the turn before"),
        "{}",
        corps[3].2
    );
    let division = offered_to(&g, &anderson());
    assert!(
        division[3].2.contains("arrives about 6 May 5:00am (4.3a"),
        "A/3 is due at 5:30am: {}",
        division[3].2
    );
    // J/R/2 and R/R/2 report to Rodes, and the book names only Longstreet and Anderson.
    for brigade in ["J/R/2", "R/R/2"] {
        let unit = Receiver::Unit(UnitId(brigade.into()));
        assert!(offered_to(&g, &unit).is_empty(), "{brigade}");
    }
    // Up to and including the 11:00pm turn 5 May, not after.
    assert_eq!(
        offered_to(&position("5 May 11:00pm"), &first_corps()).len(),
        4
    );
    let mut late = position("6 May 12:00am");
    assert!(offered_to(&late, &first_corps()).is_empty());
    assert!(offered_to(&late, &anderson()).is_empty());
    let before = testing::state_json(&late);
    let err =
        post(&mut late, issue(vec![order_to(first_corps(), "March.")])).expect_err("too late");
    assert!(err.contains("may not be written now"), "{err}");
    assert_eq!(testing::state_json(&late), before, "nothing changed");
}

#[test]
fn rule_4_3a_the_order_arrives_the_turn_before_the_group_enters_and_follows_its_entry() {
    let mut g = position("5 May 2:00pm");
    let read = post(
        &mut g,
        issue(vec![order_to(first_corps(), "Attack toward Tapp.")]),
    )
    .expect("written");
    let no = last(&g);
    let o = g.order(C, no).expect("logged");
    assert_eq!(o.arrives(), at("6 May 4:00am"), "1 Corps is due at 5:00am");
    assert_eq!(o.for_group(), Some(&EntryGroupId("first-corps".into())));
    assert_eq!(o.cost(), 6, "an ordinary order's cost");
    assert!(read.join("\n").contains("(4.3a:"), "{read:?}");
    // The entry changed to A1.10 (three turns later, 4.3b): the order follows.
    let mut change = issue(Vec::new());
    if let Action::IssueOrders { entry_choices, .. } = &mut change {
        entry_choices.push(EntryDraft {
            group: EntryGroupId("first-corps".into()),
            entry: "A1.10".into(),
        });
    }
    testing::set_turn(&mut g, "5 May 2:30pm");
    post(&mut g, change).expect("entry changed");
    assert_eq!(g.order(C, no).unwrap().arrives(), at("6 May 6:00am"));
    // Not rolled for before then.
    let read = acceptance(&mut g, "6 May 5:00am", [2, 2]);
    assert!(read.is_empty(), "{read}");
    assert_eq!(status(&g, no), OrderStatus::InTransit);
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_3a_a_newer_order_to_the_group_replaces_the_one_in_transit() {
    let mut g = position("5 May 2:00pm");
    post(&mut g, issue(vec![order_to(first_corps(), "First.")])).expect("written");
    let first = last(&g);
    testing::set_turn(&mut g, "5 May 9:00pm");
    post(&mut g, issue(vec![order_to(first_corps(), "Second.")])).expect("rewritten");
    let second = last(&g);
    assert_eq!(status(&g, first), OrderStatus::Cancelled);
    assert_eq!(status(&g, second), OrderStatus::InTransit);
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_3a_accepted_the_corps_order_waits_for_longstreet_to_touch_base_the_printed_one_holding() {
    let mut g = position("5 May 2:00pm");
    post(&mut g, issue(vec![order_to(first_corps(), "Attack.")])).expect("written");
    let no = last(&g);
    // 6 May 4:00am: rolled for with Longstreet's rating (3), though he is off the map:
    // 4 + 3 + 0 + 0 = 7; a 4 reads A.
    let rating = data::order_of_battle()
        .side(C)
        .leader(&UnitId("Longstreet".into()))
        .expect("Longstreet")
        .rating;
    let read = acceptance(&mut g, "6 May 4:00am", [2, 2]);
    assert!(
        read.contains(&format!("sender 4 + receiver {rating} +")) && read.contains("A: accepted"),
        "{read}"
    );
    assert_eq!(g.command(C, &first_corps()).unwrap().accepted(), Some(no));
    // 5:00am: the printed order is in force when the group arrives...
    arrivals(&mut g, "6 May 5:00am");
    let printed = in_force(&g, &first_corps()).expect("the printed order");
    assert_eq!(
        g.order(C, printed).unwrap().origin(),
        &Origin::Reinforcement
    );
    // ...until Longstreet touches base at his HQ.
    testing::place(&mut g, C, "1 Corps HQ", "B1.20");
    testing::place(&mut g, C, "Longstreet", "B1.20");
    g.test_begin_movement(C);
    assert_eq!(in_force(&g, &first_corps()), Some(no));
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_3a_an_accepted_goal_for_a_3_is_in_force_and_its_printed_goal_never_installed() {
    let mut g = position("5 May 2:00pm");
    post(
        &mut g,
        issue(vec![order_to(anderson(), "Hold the Tapp field.")]),
    )
    .expect("written");
    let no = last(&g);
    assert_eq!(g.order(C, no).unwrap().arrives(), at("6 May 5:00am"));
    let read = acceptance(&mut g, "6 May 5:00am", [2, 2]);
    assert!(read.contains("A: accepted"), "{read}");
    assert_eq!(in_force(&g, &anderson()), Some(no));
    arrivals(&mut g, "6 May 5:30am");
    assert_eq!(in_force(&g, &anderson()), Some(no));
    assert!(
        !g.orders(C)
            .iter()
            .any(|o| o.origin() == &Origin::Reinforcement && o.receiver() == &anderson()),
        "the printed goal is not logged"
    );
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_3a_distorted_the_order_is_thrown_away_and_the_printed_one_holds() {
    let mut g = position("5 May 2:00pm");
    post(&mut g, issue(vec![order_to(anderson(), "Attack.")])).expect("written");
    let no = last(&g);
    let read = acceptance(&mut g, "6 May 5:00am", [1, 1]);
    assert!(read.contains("Dt: distorted"), "{read}");
    assert_eq!(status(&g, no), OrderStatus::Distorted);
    arrivals(&mut g, "6 May 5:30am");
    let printed = in_force(&g, &anderson()).expect("the printed goal");
    assert_eq!(
        g.order(C, printed).unwrap().origin(),
        &Origin::Reinforcement
    );
    g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_3a_delayed_the_printed_order_holds_until_a_delay_reduction_accepts_it() {
    let mut g = position("5 May 2:00pm");
    post(&mut g, issue(vec![order_to(anderson(), "Attack.")])).expect("written");
    let no = last(&g);
    // 7 reads D1 in the 6-7 column.
    let read = acceptance(&mut g, "6 May 5:00am", [3, 4]);
    assert!(read.contains("D1: delayed"), "{read}");
    arrivals(&mut g, "6 May 5:30am");
    let printed = in_force(&g, &anderson()).expect("the printed goal");
    assert_ne!(printed, no);
    assert_eq!(g.command(C, &anderson()).unwrap().delayed(), Some(no));
    testing::script_dice(&mut g, C, &[1]);
    testing::delay_reduction(&mut g, C, &mut dice());
    assert_eq!(in_force(&g, &anderson()), Some(no));
    g.check_invariants().expect("invariants");
}
