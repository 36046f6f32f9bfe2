//! The book's example of rule 3.1a ("Grant Sending Orders"), played in Scenario 6 (6 May: the
//! 9th Corps is released, Grant and Meade stand together at A32.08): Grant writes to Burnside,
//! to Meade and to Hancock; Meade's order is accepted at once; Meade recopies it to Warren and
//! Sedgwick at the next Order Issue, and each of those is checked for acceptance on arrival.

use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::draft::OrderDraft;
use bloody_roads_south::model::order::{OrderNo, OrderStatus, Origin, Receiver};
use bloody_roads_south::model::step::{CommandSegment, Step};

use crate::support::*;

fn corps(c: &str) -> Receiver {
    Receiver::Corps(FormationId(c.into()))
}

fn write(receiver: Receiver, order_type: OrderType, text: &str) -> OrderDraft {
    draft(receiver, OrderMethod::AideOral, order_type, text)
}

fn union_order_issue_of(m: &mut Match<BloodyRoadsSouth>, turn: u16) {
    finish_until(m, |g| {
        g.turn_number() == turn
            && g.step()
                == Step::Command {
                    side: Side::Union,
                    segment: CommandSegment::OrderIssue,
                }
    });
}

#[test]
fn rule_3_1a_the_books_example_grant_to_burnside_meade_and_hancock() {
    let mut m = Match::new(&setup_for("second-day", &[]), &seed(51)).expect("Scenario 6 sets up");
    set_up_quickly(&mut m);
    union_order_issue_of(&mut m, 1);
    // Aide-oral, so that the three fit Grant's 16 command points (4 + 6 + 6).
    // Grant never orders Burnside in person (3.3a), even when he could.
    assert!(
        menu_drafts(&m, Side::Union)
            .iter()
            .all(|d| { !(d.receiver == corps("9") && d.method == OrderMethod::InPerson) })
    );
    let first = m.state().orders(Side::Union).len() as u16 + 1;
    let batch = issue(vec![
        write(
            corps("9"),
            OrderType::Simple,
            "Bring 9th Corps forward to Spottswood's Clearing and await further instructions.",
        ),
        write(
            Receiver::Relay,
            OrderType::Complex,
            "Order Warren and Sedgwick to attack the enemy force along the Orange Turnpike.",
        ),
        write(
            corps("2"),
            OrderType::Complex,
            "Bring 2nd Corps to the Brock Road/Plank Road crossing and attack down the Plank Road.",
        ),
    ]);
    let p = play_got(&mut m, Side::Union, &batch);
    let log = texts(&m, &p, Viewer::Seat(Side::Union));
    assert!(texts(&m, &p, Viewer::Seat(Side::Confederate)).is_empty());
    let written: Vec<OrderNo> = (first..first + 3).map(OrderNo).collect();
    let g = m.state();
    assert_eq!(g.points_left(&UnitId("Grant".into())), 0);
    let [burnside, meade, hancock] = [written[0], written[1], written[2]].map(|no| {
        g.orders(Side::Union)
            .iter()
            .find(|o| o.no() == no)
            .cloned()
            .expect("logged")
    });
    assert_eq!(burnside.receiver(), &corps("9"));
    assert_eq!(
        meade.status(),
        OrderStatus::Implemented,
        "accepted at once: {log:?}"
    );
    assert_eq!(hancock.receiver(), &corps("2"));
    // The next Order Issue: Meade recopies Grant's order to Warren and Sedgwick.
    union_order_issue_of(&mut m, 2);
    let relays: Vec<OrderDraft> = ["5", "6"]
        .into_iter()
        .map(|c| {
            menu_drafts(&m, Side::Union)
                .into_iter()
                .find(|d| {
                    d.relay == Some(meade.no())
                        && d.receiver == corps(c)
                        && d.method == OrderMethod::AideOral
                })
                .unwrap_or_else(|| panic!("Meade may relay to {c} Corps"))
        })
        .collect();
    play(&mut m, Side::Union, &issue(relays));
    let relays: Vec<OrderNo> = m
        .state()
        .orders(Side::Union)
        .iter()
        .filter(|o| o.relay_of() == Some(meade.no()))
        .map(|o| {
            assert_eq!(o.origin(), &Origin::Written(UnitId("Meade".into())));
            o.no()
        })
        .collect();
    assert_eq!(relays.len(), 2, "one order to each corps");

    // Each order is checked on arrival, separately, with its own shifts.
    let mut events: Vec<String> = Vec::new();
    for _ in 0..80 {
        let g = m.state();
        let pending = [burnside.no(), hancock.no(), relays[0], relays[1]]
            .iter()
            .any(|&no| g.order(Side::Union, no).unwrap().status() == OrderStatus::InTransit);
        if !pending {
            break;
        }
        let side = m.to_act()[0];
        let action = next_finish(&m, side);
        let p = play_got(&mut m, side, &action);
        events.extend(texts(&m, &p, Viewer::Seat(Side::Union)));
    }
    let arrival = |no: OrderNo| {
        events
            .iter()
            .find(|t| t.starts_with(&format!("Order {} (", no.0)) && t.contains("arrives"))
            .cloned()
            .unwrap_or_else(|| panic!("order {} was checked: {events:?}", no.0))
    };
    assert!(arrival(burnside.no()).contains("Burnside is accepting it (3.3a)"));
    assert!(arrival(hancock.no()).contains("(3.1b)"));
    for &r in &relays {
        let t = arrival(r);
        assert!(
            !t.contains("3.1b"),
            "Meade's own orders are not Grant's: {t}"
        );
        assert_ne!(
            m.state().order(Side::Union, r).unwrap().status(),
            OrderStatus::InTransit
        );
    }
}
