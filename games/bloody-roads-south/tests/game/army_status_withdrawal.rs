//! The route of a withdrawing army (reference 3A.7): along trails, roads or pikes toward its
//! edges, across country only where it has no such step, by the Brock Road to F only while
//! no Confederate unit or zone of control stands on it, and spending its movement.
//!
//! 5b-1 (a battery of the A Pot reserve, army troops) withdraws as soon as Grant panics.

use adjutant_engine::{Dice, Match, Rules, Side};
use bloody_roads_south::data::{self, HexId};
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, Location};
use bloody_roads_south::{BloodyRoadsSouth, testing};

use crate::army_status::{C, S4, U, turn_end_at};
use crate::movement_board::{Board, hex};
use crate::support::{Rng, play_state_to_end, seed, set_up_quickly, setup_for};

/// Scenario 4's maps, nothing on them and no reinforcement to come, Grant in a panic, 5b-1
/// limbered in `at`.
fn withdrawing_battery(at: &str) -> Board {
    let mut b = Board::empty_of(S4, 1);
    b.g.test_clear_reinforcements();
    let k = b.place(U, "5b-1", at, Formation::Limbered, Vertex::SW_NW);
    testing::set_panicked(&mut b.g, "Grant", true);
    assert!(b.g.under_withdrawal(k));
    b
}

fn road_along(a: HexId, b: HexId) -> bool {
    data::map().road_along(a, b).is_some()
}

#[test]
fn rule_3a_7_withdrawing_units_follow_trails_roads_and_pikes_toward_their_edge() {
    // On the Orange Turnpike: only the pike's next hex east, not the hexes beside it.
    let mut b = withdrawing_battery("A30.08");
    b.begin(U);
    b.pick(U, "5b-1");
    assert_eq!(b.steps(U), vec![hex("A31.08")]);
    // On the Germanna Plank Road north of the Turnpike: the road runs south to the Turnpike
    // and on east, so the withdrawal follows it south (no further east) and does not strike
    // east through the woods.
    let mut b = withdrawing_battery("A33.17");
    b.begin(U);
    b.pick(U, "5b-1");
    assert_eq!(b.steps(U), vec![hex("A33.16")]);
    // Off the roads: across country, each step further east.
    let from = hex("A30.14");
    assert!(
        data::map().roads_at(from).is_empty(),
        "A30.14 is off the roads"
    );
    let mut b = withdrawing_battery("A30.14");
    b.begin(U);
    b.pick(U, "5b-1");
    let steps = b.steps(U);
    let x = |h: HexId| data::map().cell(h).expect("a cell").x;
    assert!(!steps.is_empty());
    assert!(
        steps
            .iter()
            .all(|&to| x(to) > x(from) && !road_along(from, to))
    );
    // Not withdrawing, the same battery may go any way the roads and woods allow.
    let mut b = Board::empty_of(S4, 1);
    b.place(U, "5b-1", "A30.08", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "5b-1");
    assert!(b.steps(U).contains(&hex("A29.08")));
}

#[test]
fn rule_3a_7_a_road_leads_toward_the_edge_by_its_distance_along_the_roads() {
    let b = Board::empty_of(S4, 1);
    let d = |side: Side, h: &str| b.g.road_distance_to_edge(side, hex(h));
    // The Turnpike leaves Map A's west edge at A1.10 (the Confederates' edge).
    assert_eq!(d(C, "A1.10"), Some(0));
    assert_eq!(d(C, "A2.10"), Some(1));
    let (Some(a), Some(b2)) = (d(U, "A30.08"), d(U, "A31.08")) else {
        panic!("the Turnpike leads east");
    };
    assert_eq!(a, b2 + 1);
    assert_eq!(d(U, "A30.14"), None, "off the roads");
    let g = &b.g;
    assert!(g.withdrawal_road_step(C, hex("A20.09"), hex("A19.09"), None));
    assert!(!g.withdrawal_road_step(C, hex("A20.09"), hex("A21.09"), None));
    assert!(g.withdrawal_road_step(U, hex("A20.09"), hex("A21.09"), None));
}

#[test]
fn rule_3a_7_withdrawing_units_must_spend_their_movement() {
    let mut b = withdrawing_battery("A30.08");
    b.begin(U);
    assert!(
        !b.is_offered(U, &Action::FinishMovement),
        "a unit under withdrawal has still to move"
    );
    b.pick(U, "5b-1");
    assert!(!b.is_offered(U, &Action::EndMove), "it may not stay");
    let mut moved = 0;
    loop {
        let offered = b.offered(U);
        let step = offered.iter().find(|a| matches!(a, Action::Step { .. }));
        if let Some(step) = step.cloned() {
            assert!(!offered.contains(&Action::EndMove), "stopped after {moved}");
            b.act(U, step);
            moved += 1;
        } else if offered.contains(&Action::LeaveMap) {
            assert!(!offered.contains(&Action::EndMove), "it must leave");
            b.act(U, Action::LeaveMap);
            break;
        } else {
            assert!(offered.contains(&Action::EndMove), "spent, it stops");
            b.act(U, Action::EndMove);
            break;
        }
    }
    assert!(moved >= 4, "it went {moved} hexes along the Turnpike");
    assert!(
        b.is_offered(U, &Action::FinishMovement),
        "now the phase may end: {:?}",
        b.offered(U)
    );
    // Not withdrawing, a group may stay where it is and the phase may end at once.
    let mut b = Board::empty_of(S4, 1);
    b.g.test_clear_reinforcements();
    b.place(U, "5b-1", "A30.08", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    assert!(b.is_offered(U, &Action::FinishMovement));
    b.pick(U, "5b-1");
    assert!(b.is_offered(U, &Action::EndMove));
}

#[test]
fn rule_3a_7_a_withdrawing_group_on_its_edge_must_leave_the_map() {
    let mut b = withdrawing_battery("A50.10");
    let k = testing::key(&b.g, U, "5b-1");
    b.begin(U);
    b.pick(U, "5b-1");
    assert!(b.is_offered(U, &Action::LeaveMap));
    assert!(!b.is_offered(U, &Action::EndMove));
    b.act(U, Action::LeaveMap);
    assert!(matches!(b.unit(k).location(), Location::Exited { .. }));
}

#[test]
fn rule_3a_7_the_brock_road_is_open_only_without_a_confederate_unit_or_ezoc_on_it() {
    // 5b-1 on the Brock Road at B39.06: south by the road to F (B39.01) while it is open;
    // north along it toward the Orange Plank Road and the east edge in any case.
    let open = |b: &mut Board| {
        b.begin(U);
        b.pick(U, "5b-1");
        b.steps(U)
    };
    let mut b = withdrawing_battery("B39.06");
    let steps = open(&mut b);
    assert!(steps.contains(&hex("B39.05")), "{steps:?}");
    assert!(steps.contains(&hex("B39.07")), "{steps:?}");
    // A Confederate brigade on the road between it and F closes it (in column: it has no
    // zone of control, S14.0, so the unit itself does).
    let mut b = withdrawing_battery("B39.06");
    b.place(C, "J/J/2", "B39.02", Formation::Column, Vertex::NE_SE);
    let steps = open(&mut b);
    assert!(!steps.contains(&hex("B39.05")), "{steps:?}");
    assert!(steps.contains(&hex("B39.07")), "{steps:?}");
    // So does its zone of control: a brigade in line beside the road facing it.
    let mut b = withdrawing_battery("B39.06");
    b.place(C, "J/J/2", "B40.03", Formation::Line, Vertex::SW_NW);
    let steps = open(&mut b);
    assert!(!steps.contains(&hex("B39.05")), "{steps:?}");
    // Facing away, it projects no zone onto the road: open again.
    let mut b = withdrawing_battery("B39.06");
    b.place(C, "J/J/2", "B40.03", Formation::Line, Vertex::NE_SE);
    let steps = open(&mut b);
    assert!(steps.contains(&hex("B39.05")), "{steps:?}");
}

/// Scenario 4 set up in full, both commanders at status 1 with a 6+6 scripted for each: both
/// panic at the 3:00pm Status Check and their withdrawal orders go out by aide.
fn both_armies_withdrawing(n: u64) -> BloodyRoadsSouth {
    let mut m = Match::new(&setup_for(S4, &[]), &seed(n)).expect("Scenario 4 sets up");
    set_up_quickly(&mut m);
    let mut g = m.state().clone();
    for (sheet, side) in [("Grant", U), ("Lee", C)] {
        testing::set_status(&mut g, sheet, 1);
        testing::script_dice(&mut g, side, &[6, 6]);
    }
    turn_end_at(&mut g, "5 May 3:00pm");
    assert!(g.withdrawing(U) && g.withdrawing(C));
    g
}

#[test]
fn rule_3a_7_bot_games_with_both_armies_withdrawing_play_to_their_result() {
    let mut exits = 0;
    for n in 0..2 {
        let mut g = both_armies_withdrawing(n);
        let mut dice = Dice::new(&seed(n));
        let mut rng = Rng(n ^ 0x3a7);
        let actions = play_state_to_end(&mut g, &mut dice, &mut rng, n, 100_000, |action, _| {
            if *action == Action::LeaveMap {
                exits += 1;
            }
        });
        eprintln!(
            "withdrawing game {n}: {actions} actions to {}, {exits} exits so far: {}",
            g.time_of(g.turn_index()),
            g.outcome().map(|o| o.summary).unwrap_or_default()
        );
    }
    assert!(exits > 0, "withdrawing groups left the map");
}
