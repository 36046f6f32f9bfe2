//! Scenario 3, The Battle of the Plank Road (book 7.0): its set-up from Scenario 4 on Map B,
//! its pre-set orders (6.0b) with 3/5's goal to leave the map by B13.35, Lee writing orders
//! for 3 Corps, Hancock (3.2) and the scenario's victory points, each award (the Unfinished
//! Railroad's discovery on Map B is in `railroad`).

use adjutant_engine::{Match, Rules, Side, Viewer};
use bloody_roads_south::data::{self, FormationId, HexId, ScenarioId, Sheet, UnitId};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::step::{CommandSegment, MovementSegment, Step};
use bloody_roads_south::model::unit::{Formation, Location};
use bloody_roads_south::{Action, BloodyRoadsSouth, testing};

use crate::movement_board::{Board, pick};
use crate::scenario2::assert_set_up_as_listed;
use crate::support::{finish_until, menu_drafts, plank_road, set_up_quickly};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn f(s: &str) -> FormationId {
    FormationId(s.into())
}

#[test]
fn rule_7_0_scenario_3_sets_up_every_listed_unit_on_map_b() {
    let s = data::scenario(ScenarioId::PlankRoad);
    for n in [1, 2, 3] {
        let mut m = plank_road(n);
        set_up_quickly(&mut m);
        let g = m.state();
        assert_set_up_as_listed(g, s, n);
        for u in g.units().iter().filter(|u| u.on_map()) {
            assert_eq!(u.hex().map(|x| x.sheet()), Some(Sheet::B), "{}", u.id());
        }
        for (side, id, hex) in [
            (U, "1/2/6", "B32.25"),
            (U, "2/2/6", "B32.23"),
            (U, "4/2/6", "B32.27"),
            (U, "1/3/5", "B11.27"),
            (U, "3/3/5", "B13.32"),
            (C, "C/H/3", "B28.25"),
            (C, "D/H/3", "B24.24"),
            (C, "L/W/3", "B8.20"),
            (C, "M/W/3", "B2.21"),
        ] {
            assert_eq!(testing::unit(g, side, id).hex(), Some(h(hex)), "{id}");
        }
        for id in ["Hancock", "2 Corps HQ", "Getty", "Crawford", "Db-2"] {
            assert!(testing::unit(g, U, id).on_map(), "{id}");
        }
        for id in [
            "Lee",
            "ANVa HQ",
            "ANVa Supply",
            "Hill",
            "3 Corps HQ",
            "Heth",
        ] {
            assert!(testing::unit(g, C, id).on_map(), "{id}");
        }
        for absent in ["3/2/6", "Grant", "Meade", "Warren", "1/1/5", "Wright"] {
            assert!(g.key(U, &UnitId::new(absent)).is_none(), "{absent}");
        }
        for absent in ["Ewell", "Longstreet", "Anderson", "1 NC Cav"] {
            assert!(g.key(C, &UnitId::new(absent)).is_none(), "{absent}");
        }
        // 3/5 is attached to 2 Corps and 2/6 is part of it for this scenario.
        assert_eq!(g.corps_of_division(U, &f("3/5")), Some(f("2")));
        assert_eq!(g.corps_of_division(U, &f("2/6")), Some(f("2")));
        // 2 Corps arrives by Entries F and E.
        for id in [
            "Birney",
            "1/3/2",
            "Mott",
            "Gibbon",
            "Barlow",
            "4/1/2",
            "2 Corps Supply",
        ] {
            assert!(!testing::unit(g, U, id).on_map(), "{id} is a reinforcement");
        }
    }
}

#[test]
fn rule_6_0b_scenario_3_pre_set_orders_and_who_writes() {
    let m = plank_road(4);
    let g = m.state();
    let order_of = |r: &Receiver, delayed: bool| {
        let c = g.command(U, r).expect("a command");
        let no = if delayed { c.delayed() } else { c.current() };
        g.order(U, no.expect("an order")).expect("logged")
    };
    let corps = Receiver::Corps(f("2"));
    let hold = order_of(&corps, false);
    assert_eq!(hold.text(), "Hold the Brock Crossing (B32.26).");
    assert_eq!(hold.status(), OrderStatus::Implemented);
    let attack = order_of(&corps, true);
    assert!(attack.text().contains("B8.20"));
    assert_eq!(attack.status(), OrderStatus::D2);
    let crawford = Receiver::Division(f("3/5"));
    let defend = order_of(&crawford, false);
    assert_eq!(defend.text(), "Defend the vicinity of the Chewning Farm.");
    assert_eq!(defend.exit_by(), None);
    let exit = order_of(&crawford, true);
    assert_eq!(exit.status(), OrderStatus::D2);
    assert_eq!(exit.exit_by(), Some(h("B13.35")));
    // Grant is not on the map: Union orders only by initiative; Lee writes for the
    // Confederates, who write their own orders at the start (6.0c).
    assert!(g.orders(C).is_empty());
    let s = data::scenario(ScenarioId::PlankRoad);
    assert!(s.confederate.own_orders_at_start && !s.confederate.initiative_only);
    assert!(s.union.initiative_only);
    let mut m = m;
    set_up_quickly(&mut m);
    let g = m.state();
    assert!(g.chief(U).is_none());
    let (lee, army) = g.chief(C).expect("Lee writes");
    assert_eq!(g.unit(lee).id().as_str(), "Lee");
    assert_eq!(army, f("ANVa"));
}

#[test]
fn rule_2_3_13_lee_orders_hill_s_3rd_corps() {
    let mut m = plank_road(5);
    set_up_quickly(&mut m);
    finish_until(&mut m, |g| {
        g.step()
            == Step::Command {
                side: C,
                segment: CommandSegment::OrderIssue,
            }
    });
    let drafts = menu_drafts(&m, C);
    assert!(
        drafts.iter().any(|d| d.receiver == Receiver::Corps(f("3"))),
        "{drafts:?}"
    );
    assert!(menu_drafts(&m, U).is_empty(), "the Union writes none");
}

#[test]
fn rule_7_0_2nd_corps_arrives_by_entry_f_and_4_1_2_by_entry_e() {
    let s = data::scenario(ScenarioId::PlankRoad);
    let entries = |code: char| {
        s.union
            .reinforcements
            .iter()
            .filter(move |r| r.entry.iter().any(|e| e.letter() == code))
    };
    assert_eq!(entries('F').count(), 3);
    assert_eq!(
        entries('E')
            .flat_map(|r| r.units.clone())
            .collect::<Vec<_>>(),
        vec![UnitId::new("4/1/2")]
    );
    let mut m = plank_road(6);
    set_up_quickly(&mut m);
    finish_until(&mut m, |g| {
        g.step()
            == Step::Movement {
                side: U,
                segment: MovementSegment::Move,
            }
    });
    let offered = m.state().legal_actions(U);
    for id in ["Birney", "1/3/2", "Mott", "2 Corps Supply", "2b-1"] {
        assert!(
            offered.contains(&Action::Enter {
                unit: UnitId::new(id),
                hex: h("B39.01")
            }),
            "{id} enters at F (B39.01) at 1:00pm"
        );
    }
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, Action::Enter { unit, .. } if unit.as_str() == "4/1/2" || unit.as_str() == "Gibbon")),
        "later groups wait"
    );
}

/// An empty Scenario 3 with 3/5's D2 goal still delayed (a seed whose first Delay
/// Reduction did not accept it).
pub(crate) fn board(n: u64) -> Board {
    (n..n + 50)
        .map(|n| Board::empty_of("plank-road", n))
        .find(|b| {
            b.g.command(U, &Receiver::Division(f("3/5")))
                .is_some_and(|c| c.delayed().is_some())
        })
        .expect("a seed with the goal still delayed")
}

/// The board with 3/3/5, Crawford and Db(2) in B13.35, `with` too, the Union moving.
fn at_the_exit(b: &mut Board, with: &[&str]) {
    b.place(U, "3/3/5", "B13.35", Formation::Column, Vertex::N_NE);
    b.place(U, "Crawford", "B13.35", Formation::None, Vertex::N_NE);
    b.place(U, "Db-2", "B13.35", Formation::Limbered, Vertex::N_NE);
    for id in with {
        b.place(U, id, "B13.35", Formation::None, Vertex::N_NE);
    }
    b.begin(U);
}

/// Accepts both delayed Union orders in a Delay Reduction (two 1s on the Union's dice).
fn accept_delayed(b: &mut Board) {
    testing::script_dice(&mut b.g, U, &[1, 1]);
    testing::delay_reduction(&mut b.g, U, &mut b.dice);
    let c = b.g.command(U, &Receiver::Division(f("3/5"))).unwrap();
    let goal = b.g.order(U, c.current().unwrap()).unwrap();
    assert_eq!(goal.exit_by(), Some(h("B13.35")), "the exit goal in force");
}

#[test]
fn rule_7_0_3_5_may_not_leave_while_it_defends_chewning_farm() {
    let mut b = board(10);
    at_the_exit(&mut b, &[]);
    b.pick_with(U, "3/3/5", &["Crawford", "Db-2"]);
    assert!(!b.is_offered(U, &Action::LeaveMap));
}

#[test]
fn rule_7_0_3_5_leaves_the_map_by_b13_35_once_its_goal_is_accepted() {
    let mut b = board(11);
    accept_delayed(&mut b);
    at_the_exit(&mut b, &[]);
    b.pick_with(U, "3/3/5", &["Crawford", "Db-2"]);
    assert!(
        b.label(U, &Action::LeaveMap)
            .contains("Leave the map by B13.35")
    );
    b.act(U, Action::LeaveMap);
    for id in ["3/3/5", "Crawford", "Db-2"] {
        assert_eq!(
            testing::unit(&b.g, U, id).location(),
            Location::Exited { hex: h("B13.35") },
            "{id}"
        );
    }
    assert!(b.g.moving().is_none());
    b.g.check_invariants().expect("invariants");
    let union = b.read(Viewer::Seat(U)).join("\n");
    let rebel = b.read(Viewer::Seat(C)).join("\n");
    assert!(union.contains("Crawford"), "{union}");
    assert!(rebel.contains("leaves the map by B13.35"), "{rebel}");
    assert!(
        !rebel.contains("Crawford") && !rebel.contains("Db"),
        "{rebel}"
    );
    // Victory: 1 for the unwrecked brigade off the map (1/3/5 stayed).
    let awards = awards();
    let (score, lines) = b.g.scenario_points(&awards);
    assert_eq!(score.union, 1, "{lines:?}");
    assert!(
        lines.union[0].contains("1 unwrecked brigade off the map"),
        "{lines:?}"
    );
}

#[test]
fn rule_7_0_only_5_corps_units_leave_and_a_wrecked_brigade_scores_nothing() {
    let mut b = board(12);
    accept_delayed(&mut b);
    b.place(U, "1/2/6", "B13.35", Formation::Column, Vertex::N_NE);
    b.begin(U);
    b.pick(U, "1/2/6");
    assert!(!b.is_offered(U, &Action::LeaveMap), "2/6 is not 5 Corps");
    b.act(U, Action::EndMove);
    testing::remove(&mut b.g, U, "1/2/6");
    at_the_exit(&mut b, &["Hancock"]);
    b.pick_with(U, "Crawford", &["Hancock"]);
    assert!(!b.is_offered(U, &Action::LeaveMap), "Hancock is 2 Corps");
    b.act(U, Action::EndMove);
    wreck(&mut b.g, U, "3/3/5");
    b.pick_with(U, "3/3/5", &["Db-2"]);
    b.act(U, Action::LeaveMap);
    assert!(matches!(
        testing::unit(&b.g, U, "3/3/5").location(),
        Location::Exited { .. }
    ));
    b.g.check_invariants().expect("invariants");
    let (score, lines) = b.g.scenario_points(&awards());
    assert_eq!(
        score.union, 0,
        "wrecked off the map scores nothing: {lines:?}"
    );
    assert_eq!(
        score.confederate, 1,
        "it is a wrecked enemy brigade: {lines:?}"
    );
}

fn awards() -> Vec<bloody_roads_south::data::award::VictoryAward> {
    match &data::scenario(ScenarioId::PlankRoad).victory {
        data::scenario::VictoryRules::Points(a) => a.clone(),
        other => panic!("Scenario 3 has its own points: {other:?}"),
    }
}

/// Wrecks a brigade (casualties to its wreck line, rule 5.1a).
fn wreck(g: &mut BloodyRoadsSouth, side: Side, id: &str) {
    let k = testing::key(g, side, id);
    let w = data::order_of_battle()
        .side(side)
        .brigade(&UnitId::new(id))
        .unwrap()
        .wreck_after;
    g.test_set_losses(k, w, 0);
}

#[test]
fn rule_7_0_scenario_3_one_point_per_wrecked_enemy_brigade_and_division() {
    let mut b = board(13);
    let (score, _) = b.g.scenario_points(&awards());
    assert_eq!((score.union, score.confederate), (0, 0));
    wreck(&mut b.g, C, "C/H/3");
    let (score, lines) = b.g.scenario_points(&awards());
    assert_eq!(score.union, 1, "{lines:?}");
    let heth = data::order_of_battle()
        .side(C)
        .division(&f("H/3"))
        .unwrap()
        .clone();
    let in_play: Vec<&UnitId> = heth
        .brigades
        .iter()
        .filter(|id| b.g.key(C, id).is_some())
        .collect();
    for id in &in_play {
        wreck(&mut b.g, C, id.as_str());
    }
    assert!(b.g.division_wrecked(
        C,
        &f("H/3"),
        bloody_roads_south::victory::wrecks::WreckCount::Victory
    ));
    let (score, lines) = b.g.scenario_points(&awards());
    assert_eq!(score.union, in_play.len() as i64 + 1, "{lines:?}");
    // Stragglers never wreck for victory (5.1a).
    let k = testing::key(&b.g, U, "1/2/6");
    let w = data::order_of_battle()
        .side(U)
        .brigade(&UnitId::new("1/2/6"))
        .unwrap()
        .wreck_after;
    b.g.test_set_losses(k, 0, w);
    assert_eq!(b.g.scenario_points(&awards()).0.confederate, 0);
    wreck(&mut b.g, U, "1/2/6");
    assert_eq!(b.g.scenario_points(&awards()).0.confederate, 1);
}

#[test]
fn rule_7_0_scenario_3_one_point_per_place_occupied_by_a_combat_unit_at_the_end() {
    let mut b = board(14);
    b.place(U, "1/2/6", "B32.26", Formation::Line, Vertex::SW_NW);
    b.place(U, "Db-2", "B21.25", Formation::Unlimbered, Vertex::SW_NW);
    b.place(C, "M/W/3", "B2.21", Formation::Line, Vertex::NE_SE);
    b.place(C, "Hill", "B12.28", Formation::None, Vertex::NE_SE);
    let (score, lines) = b.g.scenario_points(&awards());
    assert_eq!(score.union, 2, "Brock Crossing and Tapp Farm: {lines:?}");
    assert_eq!(
        score.confederate, 1,
        "Parker's Store; a leader does not occupy: {lines:?}"
    );
    assert!(lines.union[0].contains("B32.26") && lines.union[0].contains("B21.25"));
}

#[test]
fn rule_3_2_hancock_moves_as_limbered_artillery() {
    let mut b = board(15);
    b.place(U, "Hancock", "B20.10", Formation::None, Vertex::N_NE);
    b.place(U, "Getty", "B22.10", Formation::None, Vertex::N_NE);
    b.begin(U);
    assert!(
        b.label(U, &pick("Hancock", &[])).contains("(7 MP"),
        "7 MP, as limbered artillery"
    );
    assert!(
        b.label(U, &pick("Getty", &[])).contains("(13 MP"),
        "other leaders 13"
    );
    b.pick(U, "Hancock");
    let labels: Vec<String> = b
        .offered(U)
        .iter()
        .filter(|a| matches!(a, Action::Step { .. }))
        .map(|a| b.label(U, a))
        .collect();
    assert!(
        labels.iter().any(|l| l.contains("(Wilderness, 5 MP;")),
        "Wilderness costs him 5 MP: {labels:?}"
    );
}

#[test]
fn rule_3_2_if_hancock_falls_3_5_stays_with_2nd_corps() {
    let mut b = board(16);
    b.place(U, "Hancock", "B32.26", Formation::None, Vertex::SW_NW);
    b.place(U, "Birney", "B33.25", Formation::None, Vertex::SW_NW);
    let k = testing::key(&b.g, U, "Hancock");
    testing::with_fx(&mut b.g, &mut b.dice, |g, fx| g.lose_leader(k, true, fx));
    // 2/6 is part of 2 Corps and 3/5 its only attached division: at most one attached
    // division stays with 2 Corps, so 3/5 stays and nothing returns (3.2).
    assert_eq!(b.g.corps_of_division(U, &f("3/5")), Some(f("2")));
    assert_eq!(b.g.corps_of_division(U, &f("2/6")), Some(f("2")));
    let successor = b.g.corps_commander(U, &f("2")).expect("a successor");
    assert_ne!(successor, k);
}

#[test]
fn rule_7_0_scenario_3_is_offered_in_the_catalog() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let s = info.scenario("plank-road").expect("offered");
    assert!(
        s.name.contains("Plank Road") && s.description.contains("Map B"),
        "{}",
        s.name
    );
    assert_eq!(s.turns, 16);
    let m: Match<BloodyRoadsSouth> = plank_road(20);
    assert!(m.outcome().is_none());
}
