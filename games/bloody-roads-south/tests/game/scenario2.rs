//! Scenario 2, Warren and Sedgwick vs. Ewell (book 7.0): its set-up from Scenario 4, its
//! pre-set orders (6.0b) with 3/6's start time, and the 1st NC Cav falling back along the
//! Culpepper Mine Road (4.4c, 4.4d).

use std::collections::BTreeSet;

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::data::placement::SetupLocation;
use bloody_roads_south::data::{self, FormationId, HexId, ScenarioId, UnitId};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::order::{OrderStatus, Receiver};
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::model::unit::{Formation, UnitKey};
use bloody_roads_south::{Action, BloodyRoadsSouth, testing};

use crate::movement_board::Board;
use crate::support::{finish_until, set_up_quickly, warren_and_sedgwick};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

/// The counter is a unit of `formation` (its division or its corps), not one of `except`.
fn of_formation(g: &BloodyRoadsSouth, k: UnitKey, f: &FormationId, except: &[UnitId]) -> bool {
    !except.contains(g.unit(k).id())
        && (g.division_of(k).as_ref() == Some(f) || g.corps_of(k).as_ref() == Some(f))
}

/// Every listed unit of `s` (and only they) is on the map where its set-up line allows (7.0,
/// 6.0), play having begun: the check of Scenarios 2 and 3 after both players set up.
pub(crate) fn assert_set_up_as_listed(g: &BloodyRoadsSouth, s: &data::Scenario, n: u64) {
    assert!(
        matches!(g.step(), Step::Command { .. } | Step::Movement { .. }),
        "game {n}: play has begun"
    );
    let map = data::map();
    for side in Side::BOTH {
        let data = s.side(side);
        // A variant's set-up line (4.5c) only when the variant is in play; a line deleted by
        // one (3.8b: Scenario 6's 9th Corps) only when it is not.
        let in_play = |p: &&bloody_roads_south::data::placement::Placement| {
            p.variant.is_none_or(|v| g.variant(v)) && p.unless_variant.is_none_or(|v| !g.variant(v))
        };
        let listed: BTreeSet<UnitId> = data
            .placements
            .iter()
            .filter(in_play)
            .flat_map(|p| p.units.iter().cloned())
            .collect();
        let on_map: BTreeSet<UnitId> = g
            .units()
            .iter()
            .filter(|u| u.side() == side && u.on_map() && u.part_of().is_none())
            .map(|u| u.id().clone())
            .collect();
        assert_eq!(on_map, listed, "{side}: the listed units, and only they");
        for p in data.placements.iter().filter(in_play) {
            for id in &p.units {
                let k = g.key(side, id).expect("in play");
                let at = g.unit(k).hex().expect("on the map");
                let near = |of: HexId, r: u32| map.distance(at, of).is_some_and(|d| d <= r);
                let ok = match &p.location {
                    // Either id of a hex where the maps join (A35.01 = B29.35).
                    SetupLocation::At(x) => near(*x, 0),
                    SetupLocation::Within { radius, of } => near(*of, u32::from(*radius)),
                    SetupLocation::WithinOfUnit { radius, unit } => {
                        let o = g.key(side, unit).and_then(|o| g.unit(o).hex());
                        o.is_some_and(|o| near(o, u32::from(*radius)))
                    }
                    SetupLocation::WithUnitOf { formation, except } => g
                        .at(at)
                        .into_iter()
                        .any(|o| o != k && of_formation(g, o, formation, except)),
                    SetupLocation::WithOrAdjacentToUnitOf { formation, except } => {
                        g.keys().any(|o| {
                            o != k
                                && g.unit(o)
                                    .hex()
                                    .is_some_and(|x| map.distance(x, at).is_some_and(|d| d <= 1))
                                && of_formation(g, o, formation, except)
                        })
                    }
                    SetupLocation::Along { roads, from, to } => map
                        .path_along(roads, *from, *to)
                        .is_some_and(|path| path.contains(&at)),
                };
                assert!(ok, "game {n}: {side} {id} in {at}, not {:?}", p.location);
            }
        }
    }
}

#[test]
fn rule_7_0_scenario_2_sets_up_every_listed_unit_where_the_data_says() {
    let s = data::scenario(ScenarioId::WarrenAndSedgwickVsEwell);
    for n in [1, 2, 3] {
        let mut m = warren_and_sedgwick(n);
        set_up_quickly(&mut m);
        let g = m.state();
        assert_set_up_as_listed(g, s, n);
        // The units the book names, spot-checked against Scenario 4's hexes.
        for (id, hex) in [
            ("1/1/6", "A28.18"),
            ("2/1/6", "A26.17"),
            ("3/1/6", "A30.19"),
            ("3/2/6", "A33.20"),
        ] {
            assert_eq!(testing::unit(g, U, id).hex(), Some(h(hex)), "{id}");
        }
        assert_eq!(testing::unit(g, C, "1 NC Cav").hex(), Some(h("A24.16")));
        for id in [
            "Sedgwick",
            "6 Corps HQ",
            "6 Corps Supply",
            "Wright",
            "Ricketts",
        ] {
            assert!(testing::unit(g, U, id).on_map(), "{id}");
        }
        for absent in ["4/1/6", "1/2/6", "Getty", "Hancock", "1/1/2"] {
            assert!(g.key(U, &UnitId::new(absent)).is_none(), "{absent}");
        }
        let k = testing::key(g, U, "3/2/6");
        assert_eq!(
            g.division_of(k),
            Some(FormationId("1/6".into())),
            "attached"
        );
        // 3/5 and Db(2) arrive at 2:00pm by Entry A.
        for id in ["Crawford", "1/3/5", "3/3/5", "Db-2"] {
            assert!(!testing::unit(g, U, id).on_map(), "{id} is a reinforcement");
        }
    }
}

#[test]
fn rule_6_0b_scenario_2_pre_set_orders_are_scenario_4_s() {
    let s = data::scenario(ScenarioId::WarrenAndSedgwickVsEwell);
    let four = data::scenario(ScenarioId::BattlesOfMay5th);
    let m = warren_and_sedgwick(4);
    let g = m.state();
    let printed = &s.union.orders;
    assert_eq!(
        printed
            .iter()
            .map(|o| o.receiver.as_str())
            .collect::<Vec<_>>(),
        vec!["5", "4/5", "3/6", "6"]
    );
    for o in printed {
        assert!(
            four.union.orders.iter().any(|f| f.receiver == o.receiver
                && f.text == o.text
                && f.kind == o.kind
                && f.order_type == o.order_type
                && f.not_before == o.not_before),
            "{}: as in Scenario 4",
            o.receiver
        );
        let receiver = BloodyRoadsSouth::preset_receiver(U, o);
        let no = g
            .command(U, &receiver)
            .and_then(|c| c.current())
            .unwrap_or_else(|| panic!("{receiver:?} has an order in force"));
        let order = g.order(U, no).expect("in the log");
        assert_eq!(order.text(), o.text);
        assert_eq!(order.status(), OrderStatus::Implemented);
    }
    let goal = g
        .command(U, &Receiver::Division(FormationId("3/6".into())))
        .and_then(|c| c.current())
        .and_then(|no| g.order(U, no))
        .expect("3/6's goal");
    let half_past = data::turn_record()
        .index_of("5 May 1:30pm".parse().unwrap())
        .unwrap() as u16;
    assert_eq!(goal.not_before(), Some(half_past));
    assert!(
        g.orders(C).is_empty(),
        "the Confederates write their own (6.0c)"
    );
}

/// The Union's Move segment of the turn numbered `turn`.
fn union_moves(m: &mut Match<BloodyRoadsSouth>, turn: u16) {
    finish_until(m, |g| {
        g.turn_number() == turn
            && g.step()
                == Step::Movement {
                    side: U,
                    segment: MovementSegment::Move,
                }
    });
}

fn may_pick(m: &Match<BloodyRoadsSouth>, id: &str) -> bool {
    m.state()
        .legal_actions(U)
        .iter()
        .any(|a| matches!(a, Action::Pick { unit, .. } if unit.as_str() == id))
}

#[test]
fn rule_6_0b_3_6_does_not_move_before_1_30pm() {
    let mut m = warren_and_sedgwick(5);
    set_up_quickly(&mut m);
    union_moves(&mut m, 1);
    for id in ["1/3/6", "2/3/6"] {
        assert!(!may_pick(&m, id), "{id} waits at 1:00pm");
        let k = testing::key(m.state(), U, id);
        assert!(m.state().waits_for_start_time(k));
    }
    assert!(may_pick(&m, "Ricketts"), "leaders move without orders");
    assert!(may_pick(&m, "1/1/6"), "1/6 attacks under the corps order");
    union_moves(&mut m, 2);
    for id in ["1/3/6", "2/3/6"] {
        assert!(may_pick(&m, id), "{id} moves from 1:30pm");
    }
}

/// An empty Scenario 2 with the 1st NC Cav in `cav` and Union brigades where `union` says.
fn cavalry_board(n: u64, cav: &str, union: &[(&str, &str)]) -> Board {
    let mut b = Board::empty_of("warren-and-sedgwick-vs-ewell", n);
    b.place(C, "1 NC Cav", cav, Formation::None, Vertex::NE_SE);
    for (id, at) in union {
        b.place(U, id, at, Formation::Line, Vertex::SW_NW);
    }
    b
}

fn falls_back(b: &mut Board, dice: &[u8]) -> String {
    testing::script_shared(&mut b.g, dice);
    let ev = testing::cavalry_falls_back(&mut b.g, &mut b.dice);
    crate::fire_setup::all(&ev, adjutant_engine::Viewer::Spectator)
}

#[test]
fn rule_4_4c_the_cavalry_rolls_only_with_a_union_unit_adjacent() {
    let mut b = cavalry_board(71, "A24.16", &[("1/1/6", "A26.17")]);
    let said = falls_back(&mut b, &[6, 6]);
    assert!(said.is_empty(), "{said}");
    assert_eq!(testing::shared_left(&b.g), 2, "no roll");
    assert_eq!(testing::unit(&b.g, C, "1 NC Cav").hex(), Some(h("A24.16")));
}

#[test]
fn rule_4_4c_the_cavalry_falls_back_along_the_culpepper_mine_road() {
    // 2d6 on the 1st NC Cav Table: 2-5 hold, 6-8 one hex, 12 four hexes (toward A16.10).
    for (dice, to) in [
        ([2, 3], "A24.16"),
        ([3, 3], "A23.16"),
        ([5, 4], "A22.15"),
        ([6, 6], "A20.14"),
    ] {
        let mut b = cavalry_board(72, "A24.16", &[("1/1/6", "A25.17")]);
        let said = falls_back(&mut b, &dice);
        assert!(said.contains("1st NC Cav Table (4.4c)"), "{said}");
        assert_eq!(
            testing::unit(&b.g, C, "1 NC Cav").hex(),
            Some(h(to)),
            "{dice:?}: {said}"
        );
        assert_eq!(testing::unit(&b.g, U, "1/1/6").hex(), Some(h("A25.17")));
        b.g.check_invariants().expect("invariants");
    }
}

#[test]
fn rule_4_4c_a_union_unit_in_the_way_makes_room_to_the_east() {
    let mut b = cavalry_board(73, "A24.16", &[("2/1/6", "A25.17"), ("1/1/6", "A23.16")]);
    let said = falls_back(&mut b, &[4, 3]);
    assert_eq!(testing::unit(&b.g, C, "1 NC Cav").hex(), Some(h("A23.16")));
    assert_eq!(
        testing::unit(&b.g, U, "1/1/6").hex(),
        Some(h("A24.16")),
        "the road hex next to the cavalry on its east side: {said}"
    );
    assert!(said.contains("makes way"), "{said}");
    b.g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_4d_the_cavalry_leaves_play_at_the_junction() {
    let mut b = cavalry_board(74, "A19.13", &[("1/1/6", "A20.13")]);
    let said = falls_back(&mut b, &[6, 6]);
    assert!(!testing::unit(&b.g, C, "1 NC Cav").on_map(), "{said}");
    assert!(said.contains("leaves play (4.4d)"), "{said}");
}

#[test]
fn rule_4_4c_the_roll_comes_at_the_start_of_the_confederate_player_turn() {
    let mut m = warren_and_sedgwick(75);
    set_up_quickly(&mut m);
    let m = crate::support::edit(&m, 75, |g| {
        testing::place(g, U, "2/1/6", "A25.17");
    });
    let mut m = m;
    let mut said = Vec::new();
    while m.state().turn_number() == 1 {
        let side = m.to_act()[0];
        let action = crate::support::next_finish(&m, side);
        let played = crate::support::play_got(&mut m, side, &action);
        said.extend(crate::support::texts(
            &m,
            &played,
            adjutant_engine::Viewer::Seat(U),
        ));
    }
    let said = said.join("\n");
    assert!(said.contains("1st NC Cav Table (4.4c)"), "{said}");
    let turn = said.find("Turn 2 of 16").expect("turn 2");
    let phase = said
        .find("5 May 1:30pm, Confederate player turn.")
        .expect("the Confederate player turn");
    let roll = said.find("1st NC Cav Table (4.4c)").expect("the roll");
    assert!(turn < phase && phase < roll, "{said}");
}
