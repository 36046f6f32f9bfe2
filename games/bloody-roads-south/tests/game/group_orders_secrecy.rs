//! Rule 4.3a's secrecy (section 5): the orders the Confederate writes for Longstreet's corps
//! and Anderson's division before they enter — in play in Scenario 5, as pre-set orders at
//! set-up in Scenario 6 — never reach the Union or the spectators: two games alike but for
//! those orders give them the same views, events and action numbers until the groups may
//! enter. Scenario 6's pre-set orders replace the groups' printed ones on arrival.

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::FormationId;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::variant::EntryGroupId;
use bloody_roads_south::model::order::{Origin, Receiver};
use bloody_roads_south::{Action, BloodyRoadsSouth};
use serde_json::Value;

use crate::support::{
    at_movement, at_order_issue, draft, issue, next_finish, no_orders, play_both_alike, play_got,
    second_day, set_up_quickly, wilderness_with,
};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn first_corps() -> Receiver {
    Receiver::Corps(FormationId("1".into()))
}

fn anderson() -> Receiver {
    Receiver::Division(FormationId("A/3".into()))
}

/// Plays the first "finish" action in `a` and `b` alike until `until` holds in `a`, checking
/// after every action that the Union and the spectators read the same events and views; the
/// Confederate's own sentences of `a`, joined.
fn alike_until(
    a: &mut Match<BloodyRoadsSouth>,
    b: &mut Match<BloodyRoadsSouth>,
    until: impl Fn(&BloodyRoadsSouth) -> bool,
) -> String {
    let mut own = Vec::new();
    for _ in 0..40_000 {
        if until(a.state()) {
            assert!(until(b.state()), "both games stand at the same point");
            return own.join("\n");
        }
        let side = a.to_act()[0];
        assert_eq!(b.to_act()[0], side);
        let action = next_finish(a, side);
        let pa = play_both_alike(a, b, side, &action);
        own.push(serde_json::to_string(&a.redact_played(&pa, Viewer::Seat(C))).expect("json"));
    }
    panic!("the condition never held");
}

/// The batch of orders to the two groups, from the entries of the Confederate's menu.
fn group_orders(m: &Match<BloodyRoadsSouth>) -> Action {
    let menu: Vec<Value> = m.view(Viewer::Seat(C))["command"]["batch_menu"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut orders = Vec::new();
    for (receiver, order_type) in [
        (first_corps(), OrderType::Complex),
        (anderson(), OrderType::Simple),
    ] {
        let want = serde_json::to_value(&receiver).expect("json");
        let entry = menu
            .iter()
            .find(|e| {
                e["field"] == "orders"
                    && e["item"]["receiver"] == want
                    && e["item"]["order_type"] == serde_json::to_value(order_type).unwrap()
            })
            .unwrap_or_else(|| panic!("an order to {receiver:?} is on the menu: {menu:?}"));
        let method: OrderMethod =
            serde_json::from_value(entry["item"]["method"].clone()).expect("a method");
        orders.push(draft(
            receiver,
            method,
            order_type,
            "Strike the Union left at Tapp's.",
        ));
    }
    issue(orders)
}

/// Sets up with the first hex offered for every choice until the Confederate's pre-set batch
/// is offered (6.0c).
fn to_preset_batch(m: &mut Match<BloodyRoadsSouth>) {
    for _ in 0..2_000 {
        let preset = |a: &Action| matches!(a, Action::IssueOrders { .. });
        if m.state().legal_actions(C).iter().any(preset) {
            return;
        }
        let side = m.to_act()[0];
        let actions = m.state().legal_actions(side);
        let a = actions
            .iter()
            .find(|a| matches!(a, Action::Place { .. }) || preset(a))
            .or_else(|| {
                actions
                    .iter()
                    .find(|a| matches!(a, Action::FinishSetUp { .. }))
            })
            .expect("a set-up action")
            .clone();
        play_got(m, side, &a);
    }
    panic!("the pre-set batch is never offered");
}

fn compare_now(a: &Match<BloodyRoadsSouth>, b: &Match<BloodyRoadsSouth>, when: &str) {
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert_eq!(a.view(viewer), b.view(viewer), "{when}, {viewer:?}");
    }
}

#[test]
fn rule_4_3a_secrecy_scenario5_the_union_and_spectators_learn_nothing_of_the_groups_orders() {
    let mut a = wilderness_with(31, &[], &[]);
    let mut b = wilderness_with(31, &[], &[]);
    set_up_quickly(&mut a);
    set_up_quickly(&mut b);
    alike_until(&mut a, &mut b, |g| at_order_issue(g, 1));
    // 1:00pm 5 May: orders for both groups in one game, none in the other.
    let batch = group_orders(&a);
    let pa = play_got(&mut a, C, &batch);
    let pb = play_got(&mut b, C, &no_orders());
    assert_eq!(pa.seq, pb.seq, "one batch either way");
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
    }
    compare_now(&a, &b, "after the batch");
    let own = serde_json::to_string(&a.redact_played(&pa, Viewer::Seat(C))).expect("json");
    assert!(own.contains("(4.3a:"), "{own}");
    // Alike until 1 Corps may enter, at the Confederate's 5:00am 6 May Movement Phase (turn
    // 24); the orders were rolled for in the Confederate's Command Phases before.
    let read = alike_until(&mut a, &mut b, |g| at_movement(g, 24));
    assert!(
        read.contains("order to 1 Corps") && read.contains("arrives: acceptance"),
        "rolled for"
    );
    let written = a
        .state()
        .orders(C)
        .iter()
        .filter(|o| o.for_group() == Some(&EntryGroupId("first-corps".into())))
        .count();
    assert_eq!(written, 1);
}

#[test]
fn rule_4_3a_scenario6_set_up_orders_to_the_groups_are_pre_set_and_secret() {
    let mut a = second_day(32);
    let mut b = second_day(32);
    to_preset_batch(&mut a);
    to_preset_batch(&mut b);
    compare_now(&a, &b, "before the pre-set batch");
    // The pre-set batch offers both groups, off the map (6.0c).
    let batch = group_orders(&a);
    let labels = a.view(Viewer::Seat(C))["command"]["batch_menu"].to_string();
    assert!(
        labels.contains("Pre-set complex order to 1 Corps"),
        "{labels}"
    );
    assert!(
        labels.contains("Pre-set simple order to division A/3"),
        "{labels}"
    );
    let pa = play_got(&mut a, C, &batch);
    let pb = play_got(&mut b, C, &no_orders());
    assert_eq!(pa.seq, pb.seq);
    for viewer in [Viewer::Seat(U), Viewer::Spectator] {
        assert_eq!(a.redact_played(&pa, viewer), b.redact_played(&pb, viewer));
    }
    compare_now(&a, &b, "after the pre-set batch");
    set_up_quickly(&mut a);
    set_up_quickly(&mut b);
    compare_now(&a, &b, "after the set-up");
    // Alike until 1 Corps may enter: the Confederate's first Movement Phase, 5:00am.
    alike_until(&mut a, &mut b, |g| at_movement(g, 1));
    // In the game with the pre-set order, 1 Corps' printed order was never installed; in
    // the other it is in force.
    let printed = |m: &Match<BloodyRoadsSouth>| {
        m.state()
            .orders(C)
            .iter()
            .any(|o| o.origin() == &Origin::Reinforcement && o.receiver() == &first_corps())
    };
    assert!(!printed(&a) && printed(&b));
    let current = a
        .state()
        .command(C, &first_corps())
        .and_then(|c| c.current());
    let o = a
        .state()
        .order(C, current.expect("in force"))
        .expect("logged");
    assert_eq!(o.origin(), &Origin::Preset);
    assert_eq!(o.for_group(), Some(&EntryGroupId("first-corps".into())));
    // R/R/2, whose orders 4.3a does not name, got its printed goal in both.
    for m in [&a, &b] {
        assert!(
            m.state()
                .orders(C)
                .iter()
                .any(|o| o.origin() == &Origin::Reinforcement
                    && o.receiver()
                        == &Receiver::Unit(bloody_roads_south::data::UnitId("R/R/2".into())))
        );
    }
}
