//! Initiative and Loose Cannons (S10.2, S10.2g; rules 3.1e-g, 4.1a-c).

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::order::{OrderStatus, Origin, Receiver};
use bloody_roads_south::model::step::{CommandSegment, Step};
use bloody_roads_south::testing;

use crate::support::*;

fn uid(s: &str) -> UnitId {
    UnitId(s.into())
}

fn division(d: &str) -> Receiver {
    Receiver::Division(FormationId(d.into()))
}

fn corps(c: &str) -> Receiver {
    Receiver::Corps(FormationId(c.into()))
}

/// Sander's Field `n` set up: the Confederates wait at their first Initiative segment.
fn confederate_initiative(n: u64) -> Match<BloodyRoadsSouth> {
    let mut m = sanders_field(n);
    set_up_quickly(&mut m);
    assert_eq!(
        m.state().step(),
        Step::Command {
            side: Side::Confederate,
            segment: CommandSegment::Initiative
        }
    );
    m
}

fn tries(m: &Match<BloodyRoadsSouth>, side: Side) -> Vec<(UnitId, Receiver)> {
    m.state()
        .legal_actions(side)
        .into_iter()
        .filter_map(|a| match a {
            Action::TryInitiative { leader, receiver } => Some((leader, receiver)),
            _ => None,
        })
        .collect()
}

fn try_for(leader: &str, receiver: Receiver) -> Action {
    Action::TryInitiative {
        leader: uid(leader),
        receiver,
    }
}

#[test]
fn s10_2_a_successful_initiative_gives_a_free_accepted_order() {
    // Johnson (rating 3) needs 10.
    let m = confederate_initiative(21);
    let mut m = edit(&m, 21, |g| {
        testing::script_dice(g, Side::Confederate, &[5, 5])
    });
    play(
        &mut m,
        Side::Confederate,
        &try_for("Johnson", division("J/2")),
    );
    let offered = m.state().legal_actions(Side::Confederate);
    assert_eq!(offered.len(), 2, "complex or simple (4.1c): {offered:?}");
    play(
        &mut m,
        Side::Confederate,
        &Action::GiveOrder {
            order_type: OrderType::Complex,
            objective: Some("A20.10".parse().unwrap()),
            text: "Drive them from the field.".into(),
        },
    );
    let g = m.state();
    let o = g.orders(Side::Confederate).last().unwrap();
    assert_eq!(o.origin(), &Origin::Initiative(uid("Johnson")));
    assert_eq!(o.cost(), 0);
    assert_eq!(
        o.status(),
        OrderStatus::Implemented,
        "a goal is in force at once"
    );
    assert_eq!(
        g.command(Side::Confederate, &division("J/2"))
            .unwrap()
            .current(),
        Some(o.no())
    );
}

#[test]
fn s10_2_a_failed_initiative_is_secret() {
    let m = confederate_initiative(22);
    let mut m = edit(&m, 22, |g| {
        testing::script_dice(g, Side::Confederate, &[3, 4])
    });
    let played = play_got(&mut m, Side::Confederate, &try_for("Ewell", corps("2")));
    assert!(texts(&m, &played, Viewer::Seat(Side::Confederate))[0].contains("no (10.2)"));
    assert!(texts(&m, &played, Viewer::Seat(Side::Union)).is_empty());
    assert!(texts(&m, &played, Viewer::Spectator).is_empty());
}

#[test]
fn s10_2_one_leader_per_formation_per_turn() {
    let m = confederate_initiative(23);
    let mut a = edit(&m, 23, |g| {
        testing::script_dice(g, Side::Confederate, &[3, 4])
    });
    play(&mut a, Side::Confederate, &try_for("Ewell", corps("2")));
    let left = tries(&a, Side::Confederate);
    assert!(
        left.is_empty(),
        "the corps leader shut out his division leaders: {left:?}"
    );
    let mut b = edit(&m, 23, |g| {
        testing::script_dice(g, Side::Confederate, &[3, 4])
    });
    play(
        &mut b,
        Side::Confederate,
        &try_for("Johnson", division("J/2")),
    );
    let left = tries(&b, Side::Confederate);
    assert!(!left.contains(&(uid("Ewell"), corps("2"))), "{left:?}");
    assert!(!left.iter().any(|(l, _)| *l == uid("Johnson")));
    assert!(
        left.contains(&(uid("Ewell"), division("E/2"))),
        "his other divisions: {left:?}"
    );
    assert!(!left.contains(&(uid("Ewell"), division("J/2"))));
}

#[test]
fn rule_3_1g_only_the_listed_union_division_leaders_use_initiative() {
    let mut m = union_order_issue(24);
    play(&mut m, Side::Union, &Action::FinishOrders);
    let leaders: Vec<UnitId> = tries(&m, Side::Union).into_iter().map(|(l, _)| l).collect();
    assert!(leaders.contains(&uid("Griffin")));
    assert!(leaders.contains(&uid("Wadsworth")));
    assert!(leaders.contains(&uid("Warren")));
    assert!(!leaders.contains(&uid("Robinson")), "not listed in 3.1g");
    assert!(!leaders.contains(&uid("Grant")) && !leaders.contains(&uid("Meade")));
}

#[test]
fn rule_3_1f_warren_may_give_himself_only_simple_orders() {
    let mut m = union_order_issue(25);
    play(&mut m, Side::Union, &Action::FinishOrders);
    // Warren (rating 2) needs 11.
    let mut m = edit(&m, 25, |g| testing::script_dice(g, Side::Union, &[5, 6]));
    play(&mut m, Side::Union, &try_for("Warren", corps("5")));
    let offered = m.state().legal_actions(Side::Union);
    assert_eq!(
        offered,
        vec![Action::GiveOrder {
            order_type: OrderType::Simple,
            objective: None,
            text: String::new()
        }]
    );
    play(&mut m, Side::Union, &offered[0]);
    let c = m.state().command(Side::Union, &corps("5")).unwrap().clone();
    assert!(
        c.accepted().is_some(),
        "a corps order still waits to touch base"
    );
    assert_eq!(c.current(), None, "the old order is cancelled");
}

#[test]
fn s10_2g_loose_cannon_lets_the_opponent_write_the_order() {
    let m = confederate_initiative(26);
    let mut m = edit(&m, 26, |g| {
        testing::script_dice(g, Side::Confederate, &[1, 1])
    });
    let played = play_got(&mut m, Side::Confederate, &try_for("Ewell", corps("2")));
    let union = texts(&m, &played, Viewer::Seat(Side::Union)).join(" ");
    assert!(
        union.contains("Ewell") && union.contains("no accepted orders"),
        "{union}"
    );
    let spectator = texts(&m, &played, Viewer::Spectator).join(" ");
    assert!(
        spectator.contains("Loose Cannon") && !spectator.contains("Ewell"),
        "{spectator}"
    );
    assert_eq!(m.to_act(), vec![Side::Union]);
    let hq = m
        .state()
        .corps_hq_hex(Side::Confederate, &FormationId("2".into()))
        .unwrap();
    let far = Action::LooseCannonOrder {
        objective: Some("A45.10".parse().unwrap()),
        order_type: OrderType::Complex,
        text: "Charge!".into(),
    };
    assert!(
        m.play(Side::Union, &serde_json::to_value(&far).unwrap())
            .is_err(),
        "out of reach"
    );
    let order = Action::LooseCannonOrder {
        objective: Some(hq),
        order_type: OrderType::Simple,
        text: "Fall back on the HQ.".into(),
    };
    let played = play_got(&mut m, Side::Union, &order);
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        let t = texts(&m, &played, viewer).join(" ");
        assert!(t.contains("Fall back on the HQ."), "{viewer:?}: {t}");
    }
    let g = m.state();
    let o = g.orders(Side::Confederate).last().unwrap();
    assert_eq!(o.origin(), &Origin::LooseCannon);
    assert_eq!(o.status(), OrderStatus::Implemented);
    let ewell = g.key(Side::Confederate, &uid("Ewell")).unwrap();
    assert_eq!(
        g.unit(ewell).hex(),
        Some(hq),
        "the corps leader joins his HQ"
    );
    let brigade = g.key(Side::Confederate, &uid("Ste/J/2")).unwrap();
    assert_eq!(g.must_end_nearer(brigade), Some(hq));
    // The next Confederate Command Phase: the force has no orders.
    finish_until(&mut m, |g| {
        g.turn_number() == 2 && g.step().phasing() == Some(Side::Confederate)
    });
    let g = m.state();
    assert_eq!(
        g.orders(Side::Confederate).last().unwrap().status(),
        OrderStatus::Ended
    );
    assert_eq!(
        g.command(Side::Confederate, &corps("2")).unwrap().current(),
        None
    );
}
