//! Delivery, acceptance, delay and touching base (S10.0, S10.1e-f; rules 3.1a-b): the dice are
//! scripted on the Union's secret stream.

use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::order::{OrderNo, OrderStatus, Origin, Receiver};
use bloody_roads_south::model::step::{CommandSegment, MovementSegment, Step};
use bloody_roads_south::testing;

use crate::support::*;

fn corps(c: &str) -> Receiver {
    Receiver::Corps(FormationId(c.into()))
}

/// A batch of one order.
fn write(receiver: Receiver, method: OrderMethod, order_type: OrderType) -> Action {
    issue(vec![draft(
        receiver,
        method,
        order_type,
        "As the book says.",
    )])
}

fn status(m: &Match<BloodyRoadsSouth>, no: OrderNo) -> OrderStatus {
    m.state().order(Side::Union, no).unwrap().status()
}

fn last(m: &Match<BloodyRoadsSouth>) -> OrderNo {
    m.state().orders(Side::Union).last().unwrap().no()
}

/// Plays on to the Union's `segment` of the Command Phase of turn `n` of the scenario.
fn to_union(m: &mut Match<BloodyRoadsSouth>, n: u16, segment: CommandSegment) {
    finish_until(m, |g| {
        g.turn_number() == n
            && g.step()
                == Step::Command {
                    side: Side::Union,
                    segment,
                }
    });
}

/// Plays on to the Union's movement segment of turn `n`.
fn to_union_movement(m: &mut Match<BloodyRoadsSouth>, n: u16) {
    finish_until(m, |g| {
        g.turn_number() == n
            && g.step()
                == Step::Movement {
                    side: Side::Union,
                    segment: MovementSegment::Move,
                }
    });
}

#[test]
fn rule_3_1b_grant_directly_to_a_corps_shifts_one_column_left() {
    // Value 4 (Grant) + 2 (Warren) + 0 (written) - 2 (complex) = 4: column "4 to 5"; one shift
    // for 5 Corps' order in force (S10.1f), one for 3.1b: column "0 to 1", where a 6 is D2
    // (with one shift only, "2 to 3", a 6 would be A).
    let m = union_order_issue(11);
    let mut m = edit(&m, 11, |g| testing::script_dice(g, Side::Union, &[3, 3]));
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideWritten, OrderType::Complex),
    );
    let no = last(&m);
    to_union_movement(&mut m, 2);
    assert_eq!(status(&m, no), OrderStatus::D2);
    assert_eq!(
        m.state()
            .command(Side::Union, &corps("5"))
            .unwrap()
            .delayed(),
        Some(no)
    );
}

#[test]
fn rule_3_1a_grant_stacked_with_meade_is_accepted_at_once() {
    let mut m = union_order_issue(12);
    play(
        &mut m,
        Side::Union,
        &write(
            Receiver::Relay,
            OrderMethod::AideWritten,
            OrderType::Complex,
        ),
    );
    let no = last(&m);
    assert_eq!(
        status(&m, no),
        OrderStatus::Implemented,
        "no roll: Meade is with Grant"
    );
    to_union(&mut m, 2, CommandSegment::OrderIssue);
    let relay = menu_drafts(&m, Side::Union)
        .into_iter()
        .find(|d| {
            d.relay == Some(no) && d.receiver == corps("5") && d.method == OrderMethod::AideWritten
        })
        .expect("Meade may relay Grant's order to 5 Corps");
    assert_eq!(
        relay.order_type,
        OrderType::Complex,
        "the relay is the same order"
    );
    let twice = issue(vec![relay.clone(), relay.clone()]);
    let refused = m.play(Side::Union, &serde_json::to_value(&twice).unwrap());
    assert!(refused.is_err(), "one relay of an order per corps");
    play(&mut m, Side::Union, &issue(vec![relay]));
    let r = m.state().orders(Side::Union).last().unwrap().clone();
    assert_eq!(r.origin(), &Origin::Written(UnitId("Meade".into())));
    assert_eq!(r.relay_of(), Some(no));
    assert_eq!(
        r.text(),
        "As the book says.",
        "an empty relay copies Grant's words"
    );
    assert_eq!(m.state().points_left(&UnitId("Meade".into())), 8);
    assert_eq!(m.state().points_left(&UnitId("Grant".into())), 16);
}

#[test]
fn rule_3_1a_meade_relays_only_from_the_next_order_issue_even_within_one_batch() {
    let mut m = union_order_issue(12);
    let next = OrderNo(m.state().orders(Side::Union).len() as u16 + 1);
    let grant = draft(
        Receiver::Relay,
        OrderMethod::AideWritten,
        OrderType::Complex,
        "As the book says.",
    );
    let mut relay = draft(corps("5"), OrderMethod::AideWritten, OrderType::Complex, "");
    relay.relay = Some(next);
    let batch = issue(vec![grant, relay]);
    let before = m.view(Viewer::Omniscient);
    let err = m
        .play(Side::Union, &serde_json::to_value(&batch).unwrap())
        .expect_err("Meade relays only from the next Order Issue");
    assert!(err.to_string().contains("Order 2 of 2"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient), "nothing changed");
}

#[test]
fn s10_1f_an_accepted_order_waits_for_the_corps_leader_to_touch_base() {
    // 4 + 2 + 0 + 0 = 6, two columns left: "2 to 3", where a 6 is A.
    let m = union_order_issue(13);
    let mut m = edit(&m, 13, |g| testing::script_dice(g, Side::Union, &[3, 3]));
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideWritten, OrderType::Simple),
    );
    let no = last(&m);
    to_union(&mut m, 2, CommandSegment::OrderIssue);
    let mut m = edit(&m, 13, |g| {
        testing::place(g, Side::Union, "Warren", "A30.08")
    });
    to_union_movement(&mut m, 2);
    assert_eq!(status(&m, no), OrderStatus::Accepted);
    let c = m.state().command(Side::Union, &corps("5")).unwrap().clone();
    assert_eq!(c.accepted(), Some(no));
    assert_eq!(
        c.current(),
        Some(OrderNo(1)),
        "the printed order stays in force"
    );
    to_union(&mut m, 3, CommandSegment::Initiative);
    let hq = m
        .state()
        .corps_hq_hex(Side::Union, &FormationId("5".into()))
        .unwrap();
    let mut m = edit(&m, 13, |g| {
        testing::place(g, Side::Union, "Warren", &hq.to_string())
    });
    to_union_movement(&mut m, 3);
    assert_eq!(status(&m, no), OrderStatus::Implemented);
    assert_eq!(
        m.state()
            .command(Side::Union, &corps("5"))
            .unwrap()
            .current(),
        Some(no)
    );
    assert_eq!(status(&m, OrderNo(1)), OrderStatus::Ended);
}

#[test]
fn s10_1f_delay_reduction_accepts_a_d1_on_1_or_2() {
    // 4 + 2 - 1 (oral) + 0 = 5, two left: "0 to 1", where a 7 is D1; then a 2 accepts it.
    let m = union_order_issue(14);
    let mut m = edit(&m, 14, |g| testing::script_dice(g, Side::Union, &[3, 4, 2]));
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideOral, OrderType::Simple),
    );
    let no = last(&m);
    to_union_movement(&mut m, 2);
    assert_eq!(status(&m, no), OrderStatus::D1);
    to_union_movement(&mut m, 3);
    // Accepted in Delay Reduction; Warren stands at his HQ, so it is implemented at once.
    assert_eq!(status(&m, no), OrderStatus::Implemented);
    assert_eq!(testing::scripted_left(m.state(), Side::Union), 0);
}

#[test]
fn s10_1f_a_newly_received_order_cancels_the_order_in_delay() {
    let m = union_order_issue(15);
    // Turn 2: the first order is D1 (3+4); turn 3: its Delay Reduction fails (6), then the
    // second order, in person, is accepted (4 + 2 + 2 + 0 = 8, two left: "4 to 5", 5 is A).
    let mut m = edit(&m, 15, |g| {
        testing::script_dice(g, Side::Union, &[3, 4, 6, 2, 3])
    });
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideOral, OrderType::Simple),
    );
    let first = last(&m);
    to_union(&mut m, 3, CommandSegment::OrderIssue);
    assert_eq!(status(&m, first), OrderStatus::D1);
    let mut m = edit(&m, 15, |g| {
        testing::place(g, Side::Union, "Warren", "A32.08")
    });
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::InPerson, OrderType::Simple),
    );
    let second = last(&m);
    to_union_movement(&mut m, 3);
    assert_eq!(
        status(&m, second),
        OrderStatus::Accepted,
        "Warren is away from his HQ"
    );
    assert_eq!(status(&m, first), OrderStatus::Cancelled);
}

#[test]
fn s10_1f_a_distorted_order_is_thrown_away() {
    let m = union_order_issue(16);
    let mut m = edit(&m, 16, |g| testing::script_dice(g, Side::Union, &[1, 1]));
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideWritten, OrderType::Simple),
    );
    let no = last(&m);
    to_union_movement(&mut m, 2);
    assert_eq!(status(&m, no), OrderStatus::Distorted);
    let c = m.state().command(Side::Union, &corps("5")).unwrap().clone();
    assert_eq!(
        (c.current(), c.accepted(), c.delayed()),
        (Some(OrderNo(1)), None, None)
    );
}

#[test]
fn s10_1f_acceptance_rolls_are_seen_only_by_their_side() {
    let m = union_order_issue(17);
    let mut m = edit(&m, 17, |g| testing::script_dice(g, Side::Union, &[2, 5]));
    play(
        &mut m,
        Side::Union,
        &write(corps("5"), OrderMethod::AideWritten, OrderType::Simple),
    );
    to_union(&mut m, 2, CommandSegment::Initiative);
    let played = play_got(&mut m, Side::Union, &no_attempts());
    let own = texts(&m, &played, Viewer::Seat(Side::Union));
    assert!(
        own.iter().any(|t| t.contains("acceptance value")),
        "{own:?}"
    );
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        let seen = texts(&m, &played, viewer);
        assert!(
            seen.iter().all(|t| !t.contains("rder")),
            "{viewer:?}: {seen:?}"
        );
    }
}
