//! The army conference (S10.6; reference 2.3.8): once a day, every corps commander in the army
//! HQ's hex receives one in-person order for the cost of one order.

use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::charts::command::OrderMethod;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::step::{CommandSegment, Step};
use bloody_roads_south::testing;

use crate::support::*;

fn conference(army: &str) -> Receiver {
    Receiver::Conference(FormationId(army.into()))
}

/// Scenario 2 (Warren and Sedgwick), set up, at the Union's first Order Issue, with the
/// corps commanders in `hexes` (Grant's HQ is A32.08).
fn order_issue_with(n: u64, warren: &str, sedgwick: &str) -> Match<BloodyRoadsSouth> {
    let m = crate::support::to_union_order_issue(
        Match::new(&setup_for("warren-and-sedgwick-vs-ewell", &[]), &seed(n))
            .expect("Scenario 2 sets up"),
    );
    edit(&m, n, |g| {
        testing::place(g, Side::Union, "Warren", warren);
        testing::place(g, Side::Union, "Sedgwick", sedgwick);
    })
}

fn conference_offered(m: &Match<BloodyRoadsSouth>) -> bool {
    menu_drafts(m, Side::Union)
        .iter()
        .any(|d| d.receiver == conference("AUS"))
}

#[test]
fn s10_6_a_conference_gives_every_corps_commander_at_the_hq_one_order_for_one_cost() {
    let mut m = order_issue_with(1, "A32.08", "A32.08");
    let label = menu(&m, Side::Union)
        .into_iter()
        .find(|e| e["item"]["receiver"]["to"] == "conference")
        .expect("the conference is on Grant's menu")["label"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        label.contains("Hold the day's conference at the AUS HQ")
            && label.contains("Warren")
            && label.contains("Sedgwick"),
        "{label}"
    );
    let before = m.state().orders(Side::Union).len();
    let d = draft(
        conference("AUS"),
        OrderMethod::InPerson,
        OrderType::Complex,
        "Attack Ewell together along the Turnpike.",
    );
    play(&mut m, Side::Union, &issue(vec![d]));
    let g = m.state();
    let new: Vec<_> = g.orders(Side::Union)[before..].to_vec();
    let receivers: Vec<Receiver> = new.iter().map(|o| o.receiver().clone()).collect();
    assert_eq!(
        receivers,
        vec![
            Receiver::Corps(FormationId("5".into())),
            Receiver::Corps(FormationId("6".into()))
        ]
    );
    for o in &new {
        assert_eq!(o.method(), OrderMethod::InPerson);
        assert_eq!(o.text(), "Attack Ewell together along the Turnpike.");
        assert_ne!(o.status(), OrderStatus::Cancelled);
    }
    assert_eq!(
        g.points_left(&UnitId("Grant".into())),
        16 - 6,
        "one in-person complex order's cost (3 + 3) for both"
    );
    let opponent = serde_json::to_string(&m.view(Viewer::Seat(Side::Confederate))).unwrap();
    assert!(!opponent.contains("conference") && !opponent.contains("Attack Ewell together"));
}

#[test]
fn s10_6_one_conference_a_day() {
    let m = order_issue_with(2, "A32.08", "A32.08");
    let d = draft(
        conference("AUS"),
        OrderMethod::InPerson,
        OrderType::Simple,
        "Hold.",
    );
    let mut twice = m.clone();
    let value = serde_json::to_value(issue(vec![d.clone(), d.clone()])).unwrap();
    let err = twice
        .play(Side::Union, &value)
        .expect_err("a second conference the same day is refused");
    assert!(err.to_string().contains("may not be written now"), "{err}");
    assert_eq!(
        twice.state().orders(Side::Union),
        m.state().orders(Side::Union)
    );
    let mut m = m;
    play(&mut m, Side::Union, &issue(vec![d]));
    let turn = m.state().turn_index();
    finish_until(&mut m, |g| {
        g.turn_index() > turn
            && g.step()
                == Step::Command {
                    side: Side::Union,
                    segment: CommandSegment::OrderIssue,
                }
    });
    assert!(!conference_offered(&m), "the next turn, the same day");
    let next_day = edit(&m, 2, |g| testing::set_turn(g, "6 May 5:00am"));
    assert!(conference_offered(&next_day), "a new day, a new conference");
}

#[test]
fn s10_6_no_conference_with_one_corps_commander_or_away_from_the_hq() {
    let m = order_issue_with(3, "A32.08", "A30.10");
    assert!(!conference_offered(&m), "Sedgwick is not at the HQ");
    let m = order_issue_with(4, "A32.08", "A32.08");
    assert!(conference_offered(&m));
    let m = edit(&m, 4, |g| testing::place(g, Side::Union, "Grant", "A30.10"));
    assert!(!conference_offered(&m), "Grant is away from his HQ");
}
