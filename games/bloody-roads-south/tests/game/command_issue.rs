//! Order Issue (S10.1a-e, S10.6; rules 3.1a-b, 3.3a, 6.0b-c): who writes, to whom, how, at
//! what cost, when it arrives.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{self, FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::order::{OrderStatus, Origin, Receiver};
use bloody_roads_south::testing;

use crate::support::*;

fn corps(c: &str) -> Receiver {
    Receiver::Corps(FormationId(c.into()))
}

/// A batch of one order.
fn write(receiver: Receiver, method: OrderMethod, order_type: OrderType, text: &str) -> Action {
    issue(vec![draft(receiver, method, order_type, text)])
}

fn points(m: &adjutant_engine::Match<bloody_roads_south::BloodyRoadsSouth>, who: &str) -> u8 {
    m.state().points_left(&UnitId(who.into()))
}

#[test]
fn s10_1b_grant_has_16_command_points() {
    let m = union_order_issue(1);
    assert_eq!(points(&m, "Grant"), 16);
    assert_eq!(points(&m, "Meade"), 16, "Meade's own pool, to relay (3.1a)");
    let v = m.view(Viewer::Seat(Side::Union));
    let cp = &v["command"]["command_points"];
    assert_eq!(cp[0]["writer"], "Grant");
    assert_eq!(cp[0]["points_left"], 16);
    assert!(
        m.prompt(Side::Union).unwrap().contains("Grant 16"),
        "{:?}",
        m.prompt(Side::Union)
    );
}

#[test]
fn s10_1a_an_order_costs_method_plus_type_and_only_affordable_orders_are_offered() {
    let mut m = union_order_issue(2);
    let label = menu(&m, Side::Union)
        .into_iter()
        .find(|e| {
            let d = &e["item"];
            e["field"] == "orders"
                && d["receiver"]["id"] == "5"
                && d["method"] == "aide-written"
                && d["order_type"] == "complex"
        })
        .expect("an AW complex order to 5 Corps is on the menu")["label"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        label.starts_with(
            "Write a complex order to 5 Corps by aide, written (8 command points; arrives"
        ),
        "{label}"
    );
    let cost = &data::charts().command.order_cost;
    for d in menu_drafts(&m, Side::Union) {
        assert!(cost.cost(d.method, d.order_type) <= 16, "{d:?}");
    }
    let attack = draft(
        corps("5"),
        OrderMethod::AideWritten,
        OrderType::Complex,
        "Attack.",
    );
    let hold = draft(
        corps("5"),
        OrderMethod::AideWritten,
        OrderType::Simple,
        "Hold.",
    );
    let more = draft(
        corps("5"),
        OrderMethod::AideOral,
        OrderType::Simple,
        "Hold too.",
    );
    // 8 + 6 + 4 is more than 16: the third order is refused, and with it the whole batch.
    let too_much = issue(vec![attack.clone(), hold.clone(), more]);
    let before = m.view(Viewer::Omniscient);
    let err = m
        .play(Side::Union, &serde_json::to_value(&too_much).unwrap())
        .expect_err("Grant cannot afford the third order");
    assert!(err.to_string().contains("Order 3 of 3"), "{err}");
    assert!(err.to_string().contains("2 left"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient), "nothing changed");
    assert_eq!(points(&m, "Grant"), 16);
    play(&mut m, Side::Union, &issue(vec![attack, hold]));
    assert_eq!(points(&m, "Grant"), 2);
}

#[test]
fn s10_1_an_invalid_draft_in_the_middle_refuses_the_whole_batch_and_changes_nothing() {
    let mut m = union_order_issue(9);
    let good = draft(
        corps("5"),
        OrderMethod::AideWritten,
        OrderType::Simple,
        "Hold.",
    );
    // An in-person order to 5 Corps: Warren is not with Grant.
    let bad = draft(
        corps("5"),
        OrderMethod::InPerson,
        OrderType::Simple,
        "Come here.",
    );
    let batch = issue(vec![good.clone(), bad, good.clone()]);
    let before = m.view(Viewer::Omniscient);
    let seq = m.seq();
    let err = m
        .play(Side::Union, &serde_json::to_value(&batch).unwrap())
        .expect_err("the second order may not be written");
    assert!(err.to_string().contains("Order 2 of 3"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient));
    assert_eq!(seq, m.seq(), "no action recorded");
    // A too long text anywhere refuses it too, before anything is tried.
    let mut long = good.clone();
    long.text = "x".repeat(bloody_roads_south::MAX_ORDER_TEXT + 1);
    let err = m
        .play(
            Side::Union,
            &serde_json::to_value(issue(vec![good.clone(), long])).unwrap(),
        )
        .expect_err("too long");
    assert!(err.to_string().contains("Item 2"), "{err}");
    // So does a batch longer than the bound.
    let err = m
        .play(
            Side::Union,
            &serde_json::to_value(issue(vec![good.clone(); 65])).unwrap(),
        )
        .expect_err("too many");
    assert!(err.to_string().contains("at most 64"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient));
    play(&mut m, Side::Union, &issue(vec![good]));
    assert_eq!(points(&m, "Grant"), 10);
}

#[test]
fn s10_1a_in_person_orders_only_to_a_receiver_in_the_writers_hex() {
    let m = union_order_issue(3);
    let ipv_to_5 = |m: &adjutant_engine::Match<bloody_roads_south::BloodyRoadsSouth>| {
        menu_drafts(m, Side::Union)
            .iter()
            .any(|d| d.receiver == corps("5") && d.method == OrderMethod::InPerson)
    };
    assert!(!ipv_to_5(&m), "Warren is not with Grant");
    let m = edit(&m, 3, |g| {
        testing::place(g, Side::Union, "Warren", "A32.08")
    });
    assert!(ipv_to_5(&m), "Warren is with Grant now");
}

#[test]
fn s10_1e_an_aide_takes_the_leader_mp_of_the_cheapest_path_over_10_rounded_up() {
    use bloody_roads_south::data::charts::cell::Halves;
    use bloody_roads_south::data::charts::movement::MoveClass;
    use bloody_roads_south::geometry::{Mover, cost_between};
    let mut m = union_order_issue(4);
    let g = m.state();
    let from = g
        .unit(g.key(Side::Union, &UnitId("Grant".into())).unwrap())
        .hex()
        .unwrap();
    let to = g
        .corps_hq_hex(Side::Union, &FormationId("5".into()))
        .unwrap();
    let mover = Mover {
        map: data::map(),
        chart: &data::charts().movement,
        maps: g.maps(),
        class: MoveClass::Leader,
        railroad_found: false,
    };
    let Halves(halves) = cost_between(&mover, from, to, |_| true).expect("a path");
    let transit = halves.div_ceil(20);
    let now = g.turn_index();
    play(
        &mut m,
        Side::Union,
        &write(
            corps("5"),
            OrderMethod::AideOral,
            OrderType::Simple,
            "Hold.",
        ),
    );
    let o = m.state().orders(Side::Union).last().unwrap().clone();
    assert_eq!(o.arrives(), now + transit);
    assert_eq!(o.status(), OrderStatus::InTransit);
    assert_eq!(o.cost(), 4);
    assert_eq!(o.origin(), &Origin::Written(UnitId("Grant".into())));
}

#[test]
fn s10_6_aide_orders_only_while_stacked_with_the_non_moving_army_hq() {
    let m = union_order_issue(5);
    let m = edit(&m, 5, |g| testing::place(g, Side::Union, "Grant", "A30.08"));
    let aide = menu_drafts(&m, Side::Union).iter().any(|d| {
        matches!(d.method, OrderMethod::AideOral | OrderMethod::AideWritten)
            && d.relay.is_none()
            && d.receiver != Receiver::ArmyHq(FormationId("A Pot".into()))
    });
    assert!(!aide, "Grant away from the AUS HQ writes no aide orders");
    assert!(m.state().legal_actions(Side::Union).contains(&no_orders()));
}

#[test]
fn s10_6_an_army_hq_moves_only_under_an_order_naming_its_destination() {
    let mut m = union_order_issue(6);
    let hq = write(
        Receiver::ArmyHq(FormationId("AUS".into())),
        OrderMethod::AideOral,
        OrderType::Simple,
        "Move to the Lacy house.",
    );
    let refused = m.play(Side::Union, &serde_json::to_value(&hq).unwrap());
    assert!(refused.is_err(), "no destination named");
    let mut named = hq.clone();
    if let Action::IssueOrders { orders, .. } = &mut named {
        orders[0].objective = Some("A32.06".parse().unwrap());
    }
    play(&mut m, Side::Union, &named);
    let o = m.state().orders(Side::Union).last().unwrap();
    assert_eq!(
        o.arrives(),
        m.state().turn_index(),
        "written while stacked with it"
    );
}

#[test]
fn rule_6_0b_printed_orders_are_in_force_at_the_start() {
    let m = union_order_issue(7);
    let g = m.state();
    let log = g.orders(Side::Union);
    assert_eq!(log[0].origin(), &Origin::Preset);
    assert_eq!(log[0].status(), OrderStatus::Implemented);
    assert_eq!(
        g.command(Side::Union, &corps("5")).unwrap().current(),
        Some(log[0].no())
    );
    let goal = Receiver::Division(FormationId("4/5".into()));
    assert_eq!(
        g.command(Side::Union, &goal).unwrap().current(),
        Some(log[1].no())
    );
}

#[test]
fn rule_6_0c_the_confederates_write_their_own_orders_at_set_up_in_secret() {
    let mut m = sanders_field(8);
    // The Confederates place their counters first, then may write pre-set orders.
    loop {
        let actions = m.state().legal_actions(Side::Confederate);
        match actions.iter().find(|a| matches!(a, Action::Place { .. })) {
            Some(a) => play(&mut m, Side::Confederate, &a.clone()),
            None => break,
        }
    }
    let before_union = m.view(Viewer::Seat(Side::Union));
    assert!(
        !m.state()
            .legal_actions(Side::Confederate)
            .iter()
            .any(|a| matches!(a, Action::FinishSetUp { .. })),
        "the pre-set batch comes first, even when empty"
    );
    let preset = write(
        corps("2"),
        OrderMethod::AideWritten,
        OrderType::Complex,
        "Hold the ridge, then strike Warren's flank.",
    );
    let played = play_got(&mut m, Side::Confederate, &preset);
    assert!(texts(&m, &played, Viewer::Seat(Side::Union)).is_empty());
    assert!(texts(&m, &played, Viewer::Spectator).is_empty());
    assert_eq!(before_union, m.view(Viewer::Seat(Side::Union)));
    set_up_quickly(&mut m);
    let g = m.state();
    let o = g.orders(Side::Confederate).last().unwrap();
    assert_eq!(o.origin(), &Origin::Preset);
    assert_eq!(o.status(), OrderStatus::Implemented);
    assert_eq!(
        g.command(Side::Confederate, &corps("2")).unwrap().current(),
        Some(o.no())
    );
    assert!(
        menu_drafts(&m, Side::Confederate).is_empty(),
        "then initiative only"
    );
    assert!(
        g.legal_actions(Side::Confederate).contains(&no_orders()),
        "yet the Order Issue batch is offered, so its pause tells nothing"
    );
}
