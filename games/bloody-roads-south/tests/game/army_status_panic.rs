//! Army Status (reference 3A.6-3A.7; section 5): panic demands — the public blows that allow
//! one, the offer, the target's roll, two a date — and what a panic does: Meade's and
//! Burnside's effects on orders, Grant's and Lee's withdrawal, the 5.3 Brock Road points.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::data::{self, FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::decision::Question;
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::{BloodyRoadsSouth, Event, testing};

use crate::army_status::{C, S4, U, dice, game, read, says, turn_end_at};

/// Enters the Rally Phase of `side` (from its own offensive fire) and returns the events.
fn enter_rally(g: &mut BloodyRoadsSouth, side: Side) -> Vec<Event> {
    testing::set_step(g, Step::Fire { side, firer: side });
    testing::finish_step(g, &mut dice())
}

fn demand_question(g: &BloodyRoadsSouth) -> Option<Vec<UnitId>> {
    g.decisions().iter().find_map(|d| match d.question() {
        Question::PanicDemand { targets } => Some(targets.clone()),
        _ => None,
    })
}

#[test]
fn rule_3a_6_demand_offered_only_after_a_won_close_combat() {
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    enter_rally(&mut g, C);
    assert_eq!(demand_question(&g), None, "no blow, no demand");
    // A blow in the Union's own turn does not count for the Confederates.
    testing::set_step(&mut g, Step::Fire { side: U, firer: U });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, U);
    assert_eq!(demand_question(&g), None);
    // A blow against a 5 Corps brigade in the Confederate turn: Grant's or Meade's command.
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, C);
    assert_eq!(
        demand_question(&g),
        Some(vec![UnitId::new("Grant"), UnitId::new("Meade")])
    );
    let offered = g.legal_actions(C);
    assert!(offered.contains(&Action::Decline));
    assert!(offered.contains(&Action::DemandPanic {
        target: UnitId::new("Meade")
    }));
    assert!(g.legal_actions(U).is_empty());
}

#[test]
fn rule_3a_6_a_9_corps_blow_allows_a_demand_of_burnside() {
    let mut g = game(&[]);
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/2/9");
    enter_rally(&mut g, C);
    assert_eq!(
        demand_question(&g),
        Some(vec![UnitId::new("Grant"), UnitId::new("Burnside")])
    );
}

/// Lee demands a panic roll of `target` after a blow against 1/1/5; returns the events.
fn lee_demands(g: &mut BloodyRoadsSouth, target: &str) -> Vec<Event> {
    testing::set_step(g, Step::Fire { side: C, firer: C });
    testing::blow(g, U, "1/1/5");
    enter_rally(g, C);
    testing::play(
        g,
        C,
        Action::DemandPanic {
            target: UnitId::new(target),
        },
        &mut dice(),
    )
}

#[test]
fn rule_3a_6_the_target_rolls_one_row_lower_and_two_demands_a_date() {
    let mut g = game(&[]);
    testing::set_turn(&mut g, "5 May 2:00pm");
    // Grant at 4: no roll, no panic.
    let ev = lee_demands(&mut g, "Grant");
    assert!(says(
        &ev,
        Viewer::Spectator,
        "Lee makes a panic demand of Grant (1 of 2 today"
    ));
    assert!(says(&ev, Viewer::Spectator, "Grant: no panic (3A.6)"));
    assert!(says(&ev, Viewer::Seat(U), "status 4: no roll"));
    assert!(!says(&ev, Viewer::Seat(C), "status 4"), "the answer only");
    // Meade at 2 rolls on "Status of 1" (column 0-3: 12): a panic, public.
    testing::set_status(&mut g, "Meade", 2);
    testing::script_dice(&mut g, U, &[6, 6]);
    let ev = lee_demands(&mut g, "Meade");
    assert!(says(&ev, Viewer::Seat(U), "row \"Status of 1\""));
    assert!(says(&ev, Viewer::Seat(C), "Meade panics (3A.5)"));
    assert!(g.panicked("Meade"));
    assert_eq!(
        g.status_of("Meade"),
        Some(2),
        "a demand never changes status"
    );
    // Two made today: no third, even after another blow.
    assert_eq!(g.demands_made_today(C), 2);
    testing::set_step(&mut g, Step::Fire { side: C, firer: C });
    testing::blow(&mut g, U, "1/1/5");
    enter_rally(&mut g, C);
    assert_eq!(demand_question(&g), None);
    // They lapse when the Day marker advances.
    testing::set_turn(&mut g, "6 May 5:00am");
    assert_eq!(g.demands_made_today(C), 0);
    assert_eq!(
        g.demand_targets(C),
        vec![UnitId::new("Grant"), UnitId::new("Meade")]
    );
}

#[test]
fn rule_3a_6_status_1_rolls_with_plus_one() {
    let mut g = game(&[]);
    testing::set_status(&mut g, "Grant", 1);
    testing::script_dice(&mut g, U, &[5, 6]);
    let ev = lee_demands(&mut g, "Grant");
    assert!(says(&ev, Viewer::Seat(U), "roll 5+6 +1 = 12: panic"));
    assert!(g.withdrawing(U));
}

#[test]
fn rule_3a_7_burnside_panic_shifts_9_corps_acceptance_and_forbids_complex_orders() {
    let mut g = game(&[]);
    let ninth = Receiver::Corps(FormationId("9".into()));
    let fifth = Receiver::Corps(FormationId("5".into()));
    assert!(!g.panic_forbids(U, &ninth, OrderType::Complex));
    testing::set_panicked(&mut g, "Burnside", true);
    assert!(g.panic_forbids(U, &ninth, OrderType::Complex));
    assert!(!g.panic_forbids(U, &ninth, OrderType::Simple));
    assert!(!g.panic_forbids(U, &fifth, OrderType::Complex));
    let division = Receiver::Division(FormationId("2/9".into()));
    assert!(g.panic_forbids(U, &division, OrderType::Complex));
    // Until a Status Check finds him at 3 or more.
    testing::set_status(&mut g, "Burnside", 3);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(says(&ev, Viewer::Seat(U), "Burnside recovers"));
    assert!(!g.panicked("Burnside"));
    assert!(!says(&ev, Viewer::Seat(C), "recovers"));
}

#[test]
fn rule_3a_7_a_withdrawing_army_starts_no_close_combat() {
    let mut g = game(&[]);
    assert!(!g.withdrawing(C));
    testing::set_panicked(&mut g, "Lee", true);
    assert!(g.withdrawing(C) && !g.withdrawing(U));
    testing::set_panicked(&mut g, "Meade", true);
    assert!(!g.withdrawing(U), "Meade's panic is no withdrawal");
}

#[test]
fn rule_3a_1_meade_s_track_is_dropped_when_he_falls() {
    let mut g = game(&[]);
    testing::set_panicked(&mut g, "Meade", true);
    testing::remove(&mut g, U, "Meade");
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert_eq!(g.status_of("Meade"), None);
    assert!(!g.panicked("Meade"));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "his Army Status track is dropped"
    ));
    // Grant's track belongs to his command: it stays when he falls.
    testing::remove(&mut g, U, "Grant");
    turn_end_at(&mut g, "5 May 6:00pm");
    assert!(g.status_of("Grant").is_some());
}

/// Scenario 4 with Grant, Meade and their HQs at A32.08, Warren and the 5 Corps HQ at A32.06
/// and 1/1/5 at A30.08, Grant at status 1: a 6+6 at the 3:00pm check panics him.
fn grant_panics() -> (BloodyRoadsSouth, Vec<Event>) {
    let mut g = game(&[]);
    for id in ["Grant", "AUS HQ", "Meade", "A Pot HQ"] {
        testing::place(&mut g, U, id, "A32.08");
    }
    for id in ["Warren", "5 Corps HQ"] {
        testing::place(&mut g, U, id, "A32.06");
    }
    testing::place(&mut g, U, "1/1/5", "A30.08");
    testing::set_status(&mut g, "Grant", 1);
    testing::script_dice(&mut g, U, &[6, 6]);
    let ev = turn_end_at(&mut g, "5 May 3:00pm");
    assert!(g.withdrawing(U));
    (g, ev)
}

#[test]
fn rule_3a_7_grant_s_panic_sends_free_withdrawal_orders_accepted_on_arrival() {
    let (mut g, ev) = grant_panics();
    assert!(says(&ev, Viewer::Spectator, "Grant panics (3A.5)"));
    assert!(says(
        &ev,
        Viewer::Seat(U),
        "Withdrawal (3A.7): free orders by aide"
    ));
    assert!(
        !says(&ev, Viewer::Seat(C), "Withdrawal (3A.7)"),
        "the orders are secret"
    );
    let orders: Vec<_> = g
        .orders(U)
        .iter()
        .filter(|o| o.receiver() == &Receiver::Corps(FormationId("5".into())))
        .cloned()
        .collect();
    assert_eq!(orders.len(), 1, "one order to 5 Corps");
    assert_eq!(orders[0].cost(), 0, "free");
    let k = testing::key(&g, U, "1/1/5");
    assert!(!g.under_withdrawal(k), "not before it arrives");
    // Accepted on arrival, without a roll (no secret die drawn).
    testing::script_dice(&mut g, U, &[1, 1]);
    for _ in 0..4 {
        testing::acceptance(&mut g, U, &mut dice());
        // A corps order comes into force when Warren touches base (10.0), as usual.
        testing::set_step(
            &mut g,
            Step::Movement {
                side: U,
                segment: MovementSegment::Move,
            },
        );
        testing::touch_base(&mut g, U, "5", &mut dice());
        if g.under_withdrawal(k) {
            break;
        }
        let next = g.time_of(g.turn_index() + 1);
        testing::set_turn(&mut g, &next);
    }
    assert!(g.under_withdrawal(k));
    assert_eq!(testing::scripted_left(&g, U), 2, "no acceptance roll");
}

#[test]
fn rule_3a_7_withdrawing_units_step_only_toward_their_edges_and_leave_there() {
    let g = game(&[]);
    let h = |s: &str| g.canonical(s.parse().expect(s)).expect(s);
    // The Union: further east; the Confederates: further west or south.
    assert!(g.withdrawal_step(U, h("A30.08"), h("A31.08")));
    assert!(!g.withdrawal_step(U, h("A30.08"), h("A29.08")));
    assert!(!g.withdrawal_step(U, h("A30.08"), h("A30.09")));
    assert!(g.withdrawal_step(C, h("A30.08"), h("A29.08")));
    assert!(g.withdrawal_step(C, h("A30.08"), h("A30.07")));
    assert!(!g.withdrawal_step(C, h("A30.08"), h("A31.08")));
    // Edges: Map A's east edge for the Union, F (B39.01) too; west or south for the
    // Confederates.
    assert!(g.withdrawal_exit(U, h("A50.10")));
    assert!(g.withdrawal_exit(U, h("B39.01")));
    assert!(!g.withdrawal_exit(U, h("A30.08")));
    assert!(g.withdrawal_exit(C, h("A1.10")));
    assert!(g.withdrawal_exit(C, h("B20.01")));
    assert!(!g.withdrawal_exit(C, h("A50.10")));
}

#[test]
fn rule_5_3_panic_brock_road_points_for_divisions_withdrawn_by_f() {
    let mut g = game(&[]);
    let division = data::order_of_battle()
        .side(U)
        .division(&FormationId("1/5".into()))
        .expect("1/5")
        .brigades
        .clone();
    for b in &division {
        testing::exit_map(&mut g, U, b.as_str(), "B39.01");
    }
    assert!(g.brock_road_divisions(U).is_empty(), "only after a panic");
    testing::set_panicked(&mut g, "Grant", true);
    assert_eq!(g.brock_road_divisions(U), vec![FormationId("1/5".into())]);
    let r = g.standard_result();
    assert!(
        r.strategic
            .union
            .lines
            .iter()
            .any(|l| l == "1 for division 1/5 withdrawn by the Brock Road (3A.7)"),
        "{:?}",
        r.strategic.union.lines
    );
    // One brigade left elsewhere: no point.
    testing::exit_map(&mut g, U, division[0].as_str(), "A50.10");
    assert!(g.brock_road_divisions(U).is_empty());
}

#[test]
fn rule_3a_7_the_legal_actions_move_withdrawing_units_east_and_off_the_map() {
    use crate::movement_board::Board;
    use bloody_roads_south::model::facing::Vertex;
    use bloody_roads_south::model::unit::Formation;
    let mut b = Board::empty_of(S4, 1);
    let map = data::map();
    let x = |h: &bloody_roads_south::data::HexId| map.cell(*h).expect("a cell").x;
    // 5b-1 serves the A Pot reserve (army troops): under withdrawal as soon as Grant panics.
    let k = b.place(U, "5b-1", "A30.08", Formation::Limbered, Vertex::SW_NW);
    testing::set_panicked(&mut b.g, "Grant", true);
    assert!(b.g.under_withdrawal(k));
    b.begin(U);
    b.pick(U, "5b-1");
    let from = b.g.unit(k).hex().expect("on the map");
    let steps: Vec<_> = b
        .offered(U)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step { to } => Some(to),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty(), "it may move east");
    assert!(steps.iter().all(|to| x(to) > x(&from)), "{steps:?}");
    assert!(!b.is_offered(U, &Action::LeaveMap));
    // On the east edge it may leave the map: out of play, not eliminated.
    let mut b = Board::empty_of(S4, 1);
    let k = b.place(U, "5b-1", "A50.10", Formation::Limbered, Vertex::SW_NW);
    testing::set_panicked(&mut b.g, "Grant", true);
    b.begin(U);
    b.pick(U, "5b-1");
    b.act(U, Action::LeaveMap);
    assert!(matches!(
        b.g.unit(k).location(),
        bloody_roads_south::model::unit::Location::Exited { .. }
    ));
}

#[test]
fn rule_3a_7_meade_in_a_panic_rolls_for_grant_s_orders_even_when_stacked() {
    use crate::support::{
        battles_of_may_5th, edit, issue, menu_drafts, play_got, texts, to_union_order_issue,
    };
    let start = to_union_order_issue(battles_of_may_5th(2));
    let write = |m: &mut adjutant_engine::Match<BloodyRoadsSouth>| {
        let d = menu_drafts(m, U)
            .into_iter()
            .find(|d| d.receiver == Receiver::Relay && d.order_type == OrderType::Simple)
            .expect("Grant may write to Meade");
        let played = play_got(m, U, &issue(vec![d]));
        texts(m, &played, Viewer::Seat(U)).join(" ")
    };
    // Grant and Meade are stacked at A32.08 (Scenario 4's set-up).
    let mut calm = edit(&start, 2, |_| {});
    assert!(write(&mut calm).contains("Meade accepts it at once"));
    let mut shaken = edit(&start, 2, |g| testing::set_panicked(g, "Meade", true));
    let said = write(&mut shaken);
    assert!(
        said.contains("Meade must roll for it this turn (3A.7)"),
        "{said}"
    );
    // Not accepted at once: it waits for this turn's acceptance roll.
    let status = |m: &adjutant_engine::Match<BloodyRoadsSouth>| {
        m.state()
            .orders(U)
            .iter()
            .rev()
            .find(|o| o.receiver() == &Receiver::Relay)
            .map(|o| o.status())
    };
    assert_eq!(status(&shaken), Some(OrderStatus::InTransit));
    assert_ne!(status(&calm), Some(OrderStatus::InTransit));
}

#[test]
fn rule_3a_6_section_5_the_demander_reads_only_panic_or_no_panic() {
    // Meade at 4 (no roll) or at 2 rolling 5+6 (no panic): the same for the Confederates.
    let run = |status: u8| {
        let mut g = game(&[]);
        testing::set_turn(&mut g, "5 May 2:00pm");
        testing::set_status(&mut g, "Meade", status);
        testing::script_dice(&mut g, U, &[5, 6]);
        let ev = lee_demands(&mut g, "Meade");
        assert!(!g.panicked("Meade"));
        (g, ev)
    };
    let (a, ea) = run(4);
    let (b, eb) = run(2);
    assert_ne!(read(&ea, Viewer::Seat(U)), read(&eb, Viewer::Seat(U)));
    for v in [Viewer::Seat(C), Viewer::Spectator] {
        assert_eq!(read(&ea, v), read(&eb, v), "{v:?}");
        assert!(says(&ea, v, "Meade: no panic (3A.6)"));
        assert_eq!(a.build_view(v), b.build_view(v), "{v:?}");
    }
}
