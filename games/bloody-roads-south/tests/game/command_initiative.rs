//! Initiative and Loose Cannons (S10.2, S10.2g; rules 3.1e-g, 4.1a-c).

use adjutant_engine::{Match, Side, Viewer};
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
    // No writer: the Order Issue batch is posted empty all the same (section 5).
    play(&mut m, Side::Confederate, &no_orders());
    assert_eq!(
        m.state().step(),
        Step::Command {
            side: Side::Confederate,
            segment: CommandSegment::Initiative
        }
    );
    m
}

/// The (leader, formation) pairs of `side`'s Initiative menu.
fn tries(m: &Match<BloodyRoadsSouth>, side: Side) -> Vec<(UnitId, Receiver)> {
    let mut v: Vec<(UnitId, Receiver)> = menu_attempts(m, side)
        .into_iter()
        .map(|a| (a.leader, a.receiver))
        .collect();
    v.dedup();
    v
}

/// A batch of one attempt.
fn try_for(leader: &str, receiver: Receiver) -> Action {
    initiative(vec![attempt(
        leader,
        receiver,
        OrderType::Simple,
        "Forward.",
    )])
}

#[test]
fn s10_2_a_successful_initiative_gives_a_free_accepted_order() {
    // Johnson (rating 3) needs 10.
    let m = confederate_initiative(21);
    let mut m = edit(&m, 21, |g| {
        testing::script_dice(g, Side::Confederate, &[5, 5])
    });
    let types: Vec<OrderType> = menu_attempts(&m, Side::Confederate)
        .into_iter()
        .filter(|a| a.leader == uid("Johnson") && a.receiver == division("J/2"))
        .map(|a| a.order_type)
        .collect();
    assert_eq!(types.len(), 2, "complex or simple (4.1c): {types:?}");
    let mut go = attempt(
        "Johnson",
        division("J/2"),
        OrderType::Complex,
        "Drive them from the field.",
    );
    go.objective = Some("A20.10".parse().unwrap());
    play(&mut m, Side::Confederate, &initiative(vec![go]));
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
    assert!(
        texts(&m, &played, Viewer::Seat(Side::Confederate))[0]
            .contains("no; his order is discarded (10.2)")
    );
    assert!(texts(&m, &played, Viewer::Seat(Side::Union)).is_empty());
    assert!(texts(&m, &played, Viewer::Spectator).is_empty());
}

#[test]
fn s10_2_one_leader_per_formation_per_turn_later_attempts_of_the_batch_are_skipped() {
    let m = confederate_initiative(23);
    let menu = tries(&m, Side::Confederate);
    for pair in [
        (uid("Ewell"), corps("2")),
        (uid("Johnson"), division("J/2")),
        (uid("Ewell"), division("E/2")),
    ] {
        assert!(menu.contains(&pair), "{pair:?} in {menu:?}");
    }
    // The corps leader shuts out his division leaders.
    let mut a = edit(&m, 23, |g| {
        testing::script_dice(g, Side::Confederate, &[3, 4])
    });
    let batch = initiative(vec![
        attempt("Ewell", corps("2"), OrderType::Simple, "Forward."),
        attempt("Johnson", division("J/2"), OrderType::Simple, "Forward."),
    ]);
    let played = play_got(&mut a, Side::Confederate, &batch);
    let own = texts(&a, &played, Viewer::Seat(Side::Confederate));
    assert!(own[0].contains("no; his order is discarded"), "{own:?}");
    assert!(
        own[1].contains("skipped: a leader has already tried for 2 Corps"),
        "{own:?}"
    );
    assert_eq!(testing::scripted_left(a.state(), Side::Confederate), 0);
    // A division tried for shuts out its corps leader's attempts for the corps and for it;
    // his other divisions stay open.
    let mut b = edit(&m, 23, |g| {
        testing::script_dice(g, Side::Confederate, &[3, 4, 3, 4])
    });
    let batch = initiative(vec![
        attempt("Johnson", division("J/2"), OrderType::Simple, "Forward."),
        attempt("Ewell", corps("2"), OrderType::Simple, "Forward."),
        attempt("Ewell", division("J/2"), OrderType::Simple, "Forward."),
        attempt("Ewell", division("E/2"), OrderType::Simple, "Forward."),
    ]);
    let played = play_got(&mut b, Side::Confederate, &batch);
    let own = texts(&b, &played, Viewer::Seat(Side::Confederate));
    assert!(own.len() >= 4, "{own:?}");
    assert!(
        own[1].contains("skipped") && own[2].contains("skipped"),
        "{own:?}"
    );
    assert!(
        own[3].contains("Ewell tries for the initiative for division E/2"),
        "{own:?}"
    );
    assert!(texts(&b, &played, Viewer::Seat(Side::Union)).is_empty());
}

#[test]
fn s10_2_initiative_is_one_action_whatever_the_roll() {
    let m = confederate_initiative(27);
    let batch = initiative(vec![attempt(
        "Johnson",
        division("J/2"),
        OrderType::Complex,
        "Drive them.",
    )]);
    let mut seen = Vec::new();
    for dice in [[5, 5], [3, 4]] {
        let mut g = edit(&m, 27, |g| {
            testing::script_dice(g, Side::Confederate, &dice)
        });
        let seq = g.seq();
        let played = play_got(&mut g, Side::Confederate, &batch);
        assert_eq!(g.seq(), seq + 1, "one action, won or lost");
        seen.push((
            texts(&g, &played, Viewer::Seat(Side::Union)),
            texts(&g, &played, Viewer::Spectator),
            g.view(Viewer::Seat(Side::Union)),
            g.view(Viewer::Spectator),
            g.to_act(),
        ));
    }
    assert_eq!(seen[0], seen[1]);
}

#[test]
fn s10_2_an_attempt_off_the_menu_refuses_the_whole_batch() {
    let mut m = confederate_initiative(28);
    let before = m.view(Viewer::Omniscient);
    let batch = initiative(vec![
        attempt("Johnson", division("J/2"), OrderType::Simple, "Forward."),
        attempt("Johnson", corps("2"), OrderType::Simple, "Not his."),
    ]);
    let err = m
        .play(Side::Confederate, &serde_json::to_value(&batch).unwrap())
        .expect_err("Johnson does not command 2 Corps");
    assert!(err.to_string().contains("Attempt 2 of the batch"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient));
}

#[test]
fn rule_3_1g_only_the_listed_union_division_leaders_use_initiative() {
    let mut m = union_order_issue(24);
    play(&mut m, Side::Union, &no_orders());
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
    play(&mut m, Side::Union, &no_orders());
    let types: Vec<OrderType> = menu_attempts(&m, Side::Union)
        .into_iter()
        .filter(|a| a.leader == uid("Warren") && a.receiver == corps("5"))
        .map(|a| a.order_type)
        .collect();
    assert_eq!(types, vec![OrderType::Simple]);
    let complex = initiative(vec![attempt(
        "Warren",
        corps("5"),
        OrderType::Complex,
        "Go.",
    )]);
    assert!(
        m.play(Side::Union, &serde_json::to_value(&complex).unwrap())
            .is_err(),
        "only simple orders (3.1f)"
    );
    // Warren (rating 2) needs 11.
    let mut m = edit(&m, 25, |g| testing::script_dice(g, Side::Union, &[5, 6]));
    play(&mut m, Side::Union, &try_for("Warren", corps("5")));
    let g = m.state();
    let o = g.orders(Side::Union).last().unwrap().clone();
    assert_eq!(o.origin(), &Origin::Initiative(uid("Warren")));
    assert_eq!(o.order_type(), OrderType::Simple);
    let c = g.command(Side::Union, &corps("5")).unwrap().clone();
    assert!(
        c.accepted() == Some(o.no()) || c.current() == Some(o.no()),
        "accepted (in force once Warren touches base)"
    );
    assert_eq!(
        g.order(Side::Union, bloody_roads_south::model::order::OrderNo(1))
            .unwrap()
            .status(),
        OrderStatus::Cancelled,
        "the old order is cancelled"
    );
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
