//! Attack stoppage (S10.3; rules 3.1c(2), 3.1d), emergency retreat (S10.4), command radius
//! (S10.5a) and what the engine enforces of orders (reference 2.3.2).

use adjutant_engine::{Match, Side, Viewer};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::data::{FormationId, UnitId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::testing;

use crate::support::*;

fn division(d: &str) -> Receiver {
    Receiver::Division(FormationId(d.into()))
}

fn key(m: &Match<BloodyRoadsSouth>, id: &str) -> bloody_roads_south::model::unit::UnitKey {
    m.state().key(Side::Union, &UnitId(id.into())).unwrap()
}

fn to_union_movement(m: &mut Match<BloodyRoadsSouth>) {
    finish_until(m, |g| {
        g.step()
            == Step::Movement {
                side: Side::Union,
                segment: MovementSegment::Move,
            }
    });
}

#[test]
fn rule_3_1c2_union_divisions_check_attack_stoppage() {
    // 1/5 follows 5 Corps' complex order; fired on, it checks alone: 3 brigades, none wrecked:
    // column 1, one right for 5 Corps (3.1d): column 2; Griffin (2) needs 6. A 3 stops it.
    let m = union_order_issue(31);
    let m = edit(&m, 31, |g| {
        testing::fired_on(g, Side::Union, "1/1/5");
        testing::script_dice(g, Side::Union, &[1, 2]);
    });
    let mut m = m;
    let played = play_got(&mut m, Side::Union, &no_orders());
    let own = texts(&m, &played, Viewer::Seat(Side::Union)).join(" ");
    assert!(
        own.contains("column 2") && own.contains("6 needed"),
        "{own}"
    );
    assert!(texts(&m, &played, Viewer::Seat(Side::Confederate)).is_empty());
    let g = m.state();
    assert!(g.command(Side::Union, &division("1/5")).unwrap().stopped());
    assert!(g.must_withdraw(key(&m, "1/1/5")));
    assert!(!g.may_attack(key(&m, "1/1/5")));
    assert!(!g.may_move_adjacent_to_enemy(key(&m, "2/1/5")));
    assert!(!g.must_withdraw(key(&m, "1/2/5")), "2/5 was not fired on");
    assert_eq!(
        g.order(
            Side::Union,
            g.command(Side::Union, &Receiver::Corps(FormationId("5".into())))
                .unwrap()
                .current()
                .unwrap()
        )
        .unwrap()
        .status(),
        OrderStatus::Implemented,
        "the corps keeps its order while a division attacks on"
    );
    assert!(!g.state_is_marked(), "the marks are cleared once read");
}

trait Marked {
    fn state_is_marked(&self) -> bool;
}

impl Marked for BloodyRoadsSouth {
    fn state_is_marked(&self) -> bool {
        self.units()
            .iter()
            .any(|u| u.side() == Side::Union && u.marks().fired_on_by_infantry)
    }
}

#[test]
fn rule_3_1c2_a_division_on_its_own_goal_checks_and_loses_it() {
    let m = union_order_issue(32);
    let mut m = edit(&m, 32, |g| {
        testing::fired_on(g, Side::Union, "1/4/5");
        testing::script_dice(g, Side::Union, &[6, 6]);
    });
    play(&mut m, Side::Union, &no_orders());
    let g = m.state();
    let c = g.command(Side::Union, &division("4/5")).unwrap();
    assert!(!c.stopped(), "a 12 passes");
    assert!(
        g.may_attack(key(&m, "1/4/5")),
        "its complex goal is in force"
    );
}

#[test]
fn s10_4_an_emergency_retreat_cancels_all_orders_and_checks_stragglers() {
    let m = union_order_issue(33);
    let brigades = m
        .state()
        .force_of(Side::Union, &Receiver::Corps(FormationId("5".into())))
        .into_iter()
        .filter(|&k| m.state().unit(k).kind() == bloody_roads_south::model::unit::UnitKind::Brigade)
        .count();
    // A 6 on the ½–1 table gives every C brigade one step of stragglers.
    let mut m = edit(&m, 33, |g| {
        testing::script_dice(g, Side::Union, &vec![6; brigades])
    });
    let menu = menu(&m, Side::Union);
    assert!(
        menu.iter()
            .any(|e| e["field"] == "retreats" && e["item"] == "5"),
        "declared in the Order Issue batch: {menu:?}"
    );
    let retreat = Action::IssueOrders {
        orders: Vec::new(),
        drop_goals: Vec::new(),
        retreats: vec![FormationId("5".into())],
        returns: Vec::new(),
        entry_choices: Vec::new(),
    };
    let played = play_got(&mut m, Side::Union, &retreat);
    assert!(texts(&m, &played, Viewer::Seat(Side::Confederate)).is_empty());
    let g = m.state();
    assert_eq!(
        testing::scripted_left(g, Side::Union),
        0,
        "one check a brigade"
    );
    assert_eq!(
        g.command(Side::Union, &Receiver::Corps(FormationId("5".into())))
            .unwrap()
            .current(),
        None
    );
    assert_eq!(
        g.command(Side::Union, &division("4/5")).unwrap().current(),
        None
    );
    assert!(g.unit(key(&m, "2/1/5")).stragglers() >= 1);
    assert!(g.emergency_retreat_this_turn(Side::Union, &FormationId("5".into())));
    to_union_movement(&mut m);
    let g = m.state();
    assert!(g.emergency_retreat_this_turn(Side::Union, &FormationId("5".into())));
    assert!(g.hq_may_move(Side::Union, &FormationId("5".into())));
}

#[test]
fn s10_4_an_emergency_retreat_is_refused_twice_in_one_batch() {
    let mut m = union_order_issue(36);
    let five = FormationId("5".into());
    let twice = Action::IssueOrders {
        orders: Vec::new(),
        drop_goals: Vec::new(),
        retreats: vec![five.clone(), five],
        returns: Vec::new(),
        entry_choices: Vec::new(),
    };
    let before = m.view(Viewer::Omniscient);
    let err = m
        .play(Side::Union, &serde_json::to_value(&twice).unwrap())
        .expect_err("once a turn");
    assert!(err.to_string().contains("10.4"), "{err}");
    assert_eq!(before, m.view(Viewer::Omniscient));
}

#[test]
fn s10_0_an_overrun_hq_forces_an_emergency_retreat_in_the_next_command_phase() {
    let m = union_order_issue(34);
    let mut m = edit(&m, 34, |g| testing::overrun(g, Side::Union, "5"));
    finish_until(&mut m, |g| {
        g.turn_number() == 2 && g.step().phasing() == Some(Side::Union)
    });
    assert!(
        m.state()
            .emergency_retreat_this_turn(Side::Union, &FormationId("5".into()))
    );
}

#[test]
fn s10_5a_command_radius_is_checked_at_the_start_of_movement() {
    let m = union_order_issue(35);
    // Robinson's brigade 2/2/5 far from him; 4/5's brigades are released by their goal.
    let mut m = edit(&m, 35, |g| {
        testing::place(g, Side::Union, "2/2/5", "A40.20");
        testing::place(g, Side::Union, "3/4/5", "A40.21");
    });
    to_union_movement(&mut m);
    let g = m.state();
    assert!(g.out_of_radius(key(&m, "2/2/5")));
    assert!(!g.in_radius(key(&m, "2/2/5")));
    assert!(
        g.in_radius(key(&m, "3/4/5")),
        "released by 4/5's goal (S10.5b)"
    );
    assert!(!g.out_of_radius(key(&m, "3/4/5")));
    let robinson = g.unit(key(&m, "Robinson")).hex().unwrap();
    let mut m = edit(&m, 35, |g| {
        testing::place(g, Side::Union, "2/2/5", &robinson.to_string())
    });
    let k = key(&m, "2/2/5");
    assert!(
        m.state().in_radius(k),
        "{:?} {:?} {}",
        m.state().unit(k).hex(),
        robinson,
        robinson
    );
    let _ = &mut m;
}

#[test]
fn s10_1a_only_a_unit_on_a_complex_order_may_attack() {
    let m = union_order_issue(36);
    let g = m.state();
    assert!(
        g.may_attack(key(&m, "1/1/5")),
        "5 Corps attacks along the Turnpike"
    );
    assert!(g.hq_may_move(Side::Union, &FormationId("5".into())));
    let m = edit(&m, 36, |g| {
        testing::place(g, Side::Union, "1/1/5", "A40.20")
    });
    assert!(
        !m.state().may_attack(key(&m, "1/1/5")),
        "out of radius it does not follow the corps"
    );
}
