//! Moving groups, movement points, roads and stacking (series 12.0, 13.0, 16.0, 16.2; rules
//! 1.1, 1.2a; reference 2.4, 2.5), played on a cleared Sander's Field.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::UnitId;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;

#[test]
fn s16_a_step_pays_the_movement_chart_cost_of_the_hex_entered() {
    let mut b = Board::empty(1);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    let step = Action::Step { to: hex("A20.07") };
    assert_eq!(
        b.label(U, &step),
        "Move to A20.07 (Wilderness, 3 MP; 3 left)"
    );
    b.act(U, step);
    assert_eq!(b.unit(k).hex(), Some(hex("A20.07")));
    assert_eq!(b.unit(k).marks().mp_spent, 6, "3 MP, in halves");
    // 3 MP left: one more Wilderness hex, then nothing.
    b.step(U, "A20.08");
    assert!(b.steps(U).is_empty());
    assert!(b.is_offered(U, &Action::EndMove));
}

#[test]
fn s16_a_unit_may_always_move_one_hex() {
    let mut b = Board::empty(2);
    // A Disorganized limbered battery has 3½ MP (S24.1: half of 7); a Wilderness hex costs
    // limbered artillery 5, yet with its whole allowance it may move one hex.
    let k = b.place(U, "Db-1", "A20.06", Formation::Limbered, Vertex::SW_NW);
    b.g.test_set_morale(k, MoraleState::Disorganized);
    b.begin(U);
    b.pick(U, "Db-1");
    let step = Action::Step { to: hex("A20.07") };
    assert!(
        b.label(U, &step).contains("whole allowance"),
        "{}",
        b.label(U, &step)
    );
    b.act(U, step);
    assert!(b.steps(U).is_empty(), "only one hex beyond its allowance");
}

#[test]
fn s16_a_unit_without_its_whole_allowance_needs_the_mp() {
    let mut b = Board::empty(3);
    b.place(U, "Db-1", "A20.06", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "Db-1");
    b.step(U, "A20.07"); // 5 of 7
    assert!(b.steps(U).is_empty(), "2 MP left: no Wilderness hex (5)");
}

#[test]
fn s16_each_unit_is_picked_once_a_phase() {
    let mut b = Board::empty(4);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.act(U, Action::EndMove);
    assert!(b.unit(k).marks().moved);
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Pick { .. }))
    );
    assert!(b.is_offered(U, &Action::FinishMovement));
}

#[test]
fn s16_stack_mates_join_before_the_group_leaves_and_move_at_the_slowest_pace() {
    let mut b = Board::empty(5);
    let brigade = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let leader = b.place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
    b.begin(U);
    b.pick_with(U, "Griffin", &["2/1/5"]);
    b.step(U, "A20.07");
    assert_eq!(b.unit(leader).hex(), Some(hex("A20.07")));
    assert_eq!(b.unit(brigade).hex(), Some(hex("A20.07")));
    // The leader paid 2 of 13, the brigade 3 of 6.
    assert_eq!(b.unit(leader).marks().mp_spent, 4);
    assert_eq!(b.unit(brigade).marks().mp_spent, 6);
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Pick { .. })),
        "no picking while a group moves"
    );
    b.step(U, "A20.08");
    assert!(b.steps(U).is_empty(), "the brigade has nothing left");
}

#[test]
fn s13_turning_is_free_and_turns_the_whole_stack_in_the_starting_hex() {
    let mut b = Board::empty(6);
    let a = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let c = b.place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.act(
        U,
        Action::Turn {
            facing: Vertex::N_NE,
        },
    );
    assert_eq!(b.unit(a).facing(), Vertex::N_NE);
    assert_eq!(b.unit(c).facing(), Vertex::N_NE, "one facing per hex");
    assert_eq!(b.unit(a).marks().mp_spent, 0);
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Turn { .. })),
        "one turn a hex: the facing chosen is any of the five others"
    );
}

#[test]
fn s16_2_a_column_moves_along_the_turnpike_at_half_a_mp_and_is_marked_road_moved() {
    let mut b = Board::empty(7);
    let k = b.place(U, "2/2/5", "A24.09", Formation::Column, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    let step = Action::Step { to: hex("A23.09") };
    assert_eq!(
        b.label(U, &step),
        "Move to A23.09 (along the Orange Turnpike, ½ MP; 5½ left)"
    );
    b.act(U, step);
    assert_eq!(b.unit(k).marks().mp_spent, 1);
    assert!(b.unit(k).marks().road_moved);
}

#[test]
fn rule_1_2a_a_line_pays_the_wilderness_cost_even_along_the_turnpike() {
    let mut b = Board::empty(8);
    let k = b.place(U, "2/2/5", "A24.09", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    b.step(U, "A23.09");
    assert_eq!(b.unit(k).marks().mp_spent, 6);
    assert!(!b.unit(k).marks().road_moved);
}

#[test]
fn s12_two_columns_moving_together_pay_the_terrain_not_the_road() {
    let mut b = Board::empty(9);
    let a = b.place(U, "2/2/5", "A24.09", Formation::Column, Vertex::SW_NW);
    let c = b.place(U, "1/2/5", "A24.09", Formation::Column, Vertex::SW_NW);
    // AB (6) and A (4): within the 12 C units of a stack.
    b.g.test_set_losses(a, 3, 0);
    b.g.test_set_losses(c, 4, 0);
    b.begin(U);
    b.pick_with(U, "2/2/5", &["1/2/5"]);
    b.step(U, "A23.09");
    assert_eq!(
        b.unit(a).marks().mp_spent,
        6,
        "road movement is one unit at a time"
    );
    assert!(!b.unit(a).marks().road_moved);
}

#[test]
fn s12_road_moved_columns_may_not_stop_stacked_together() {
    let mut b = Board::empty(10);
    b.place(U, "2/2/5", "A23.09", Formation::Column, Vertex::SW_NW);
    b.place(U, "1/2/5", "A24.09", Formation::Column, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    b.step(U, "A22.09");
    b.act(U, Action::EndMove);
    b.pick(U, "1/2/5");
    b.step(U, "A23.09");
    b.step(U, "A22.09");
    assert!(
        !b.is_offered(U, &Action::EndMove),
        "two road-moved columns in one hex"
    );
    b.step(U, "A21.09");
    assert!(b.is_offered(U, &Action::EndMove));
}

#[test]
fn s12_a_stop_that_over_stacks_is_not_offered() {
    let mut b = Board::empty(11);
    // 2/1/5 and 3/1/5 are AA each: 8 + 8 C units, over the 12 of three A.
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.place(U, "3/1/5", "A20.07", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "3/1/5");
    b.step(U, "A20.06");
    assert!(!b.is_offered(U, &Action::EndMove));
    assert!(!b.steps(U).is_empty());
}

#[test]
fn s12_a_stack_over_the_limits_at_the_end_of_movement_becomes_disorganized() {
    let mut b = Board::empty(12);
    let a = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let c = b.place(U, "3/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let lone = b.place(U, "1/2/5", "A22.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.act(U, Action::FinishMovement);
    assert_eq!(b.morale(a), MoraleState::Disorganized);
    assert_eq!(b.morale(c), MoraleState::Disorganized);
    assert_eq!(b.morale(lone), MoraleState::Normal);
    assert!(
        b.read(Viewer::Seat(U))
            .iter()
            .any(|t| t.contains("stacking limits")),
        "{:?}",
        b.read(Viewer::Seat(U))
    );
    assert!(
        !b.read(Viewer::Seat(Side::Confederate))
            .iter()
            .any(|t| t.contains("stacking limits")),
        "morale states are secret"
    );
}

#[test]
fn s12_a_group_stopping_in_a_friendly_stack_goes_on_top_and_shares_its_facing_and_worst_morale() {
    let mut b = Board::empty(13);
    let below = b.place(U, "Db-1", "A20.07", Formation::Unlimbered, Vertex::N_NE);
    b.g.test_set_morale(below, MoraleState::Shaken);
    let mover = b.place(U, "Griffin", "A20.06", Formation::None, Vertex::SW_NW);
    let brig = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_morale(brig, MoraleState::BloodLust);
    b.begin(U);
    b.pick_with(U, "2/1/5", &["Griffin"]);
    b.step(U, "A20.07");
    b.act(U, Action::EndMove);
    let stack = b.g.at(hex("A20.07"));
    assert_eq!(stack[0], brig, "the first picked on top");
    assert_eq!(stack[1], mover);
    assert_eq!(b.unit(below).facing(), Vertex::SW_NW);
    assert_eq!(
        b.morale(brig),
        MoraleState::Shaken,
        "one state a stack: the worst"
    );
}

#[test]
fn s26_unlimbered_artillery_moves_only_after_limbering() {
    let mut b = Board::empty(14);
    let k = b.place(U, "Db-1", "A20.06", Formation::Unlimbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "Db-1");
    assert!(b.steps(U).is_empty());
    b.act(
        U,
        Action::ChangeFormation {
            formation: Formation::Limbered,
        },
    );
    assert_eq!(b.unit(k).formation(), Formation::Limbered);
    assert_eq!(b.unit(k).marks().mp_spent, 6, "3 MP to limber");
    // 4 MP left: a clear hex (1) but no Wilderness hex (5).
    assert!(b.steps(U).is_empty());
}

#[test]
fn s16_routed_units_are_not_picked_and_hqs_move_only_under_orders() {
    let mut b = Board::empty(15);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_morale(k, MoraleState::Routed);
    b.place(U, "5 Corps HQ", "A22.06", Formation::None, Vertex::SW_NW);
    b.place(U, "Warren", "A22.06", Formation::None, Vertex::SW_NW);
    b.begin(U);
    let picks: Vec<String> = b
        .offered(U)
        .into_iter()
        .filter_map(|a| match a {
            Action::Pick { unit, .. } => Some(unit.to_string()),
            _ => None,
        })
        .collect();
    assert!(
        !picks.contains(&"2/1/5".to_string()),
        "routed units retreat only"
    );
    assert!(picks.contains(&"Warren".to_string()));
    assert!(
        picks.contains(&"5 Corps HQ".to_string()),
        "5 Corps has an order in force"
    );
    b.g.test_set_corps_order(U, "5", None);
    assert!(!b.offered(U).contains(&Action::Pick {
        unit: UnitId::new("5 Corps HQ"),
        part: None,
        with: Vec::new(),
    }));
}

#[test]
fn s12_no_step_into_a_stack_the_group_could_neither_stop_in_nor_leave() {
    let mut b = Board::empty(16);
    b.place(U, "2/1/5", "A20.07", Formation::Line, Vertex::SW_NW);
    // Disorganized, 3/1/5 has 3 MP: all of them to enter A20.07, where 8 + 8 C units would
    // over-stack, with none left to go on.
    let k = b.place(U, "3/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_morale(k, MoraleState::Disorganized);
    b.begin(U);
    b.pick(U, "3/1/5");
    let steps = b.steps(U);
    assert!(!steps.contains(&hex("A20.07")), "{steps:?}");
    assert!(steps.contains(&hex("A20.05")), "{steps:?}");
}
