//! Zones of control met in movement (series 14.0; reference 2.4), and what the mover may
//! learn of them (reference 5: morale states and the counters beneath an enemy stack's top
//! are secret).
//!
//! The Confederate brigade J/J/2 stands in A18.07 in line facing east (NE-SE): its frontal
//! hexes, its zone of control, are A19.08 and A19.07.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, UnitKey};

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// J/J/2 in line in A18.07 facing east; 2/1/5 in line in `union_at`.
fn board(n: u64, union_at: &str) -> (Board, UnitKey, UnitKey) {
    let mut b = Board::empty(n);
    let enemy = b.place(C, "J/J/2", "A18.07", Formation::Line, Vertex::NE_SE);
    let own = b.place(U, "2/1/5", union_at, Formation::Line, Vertex::SW_NW);
    b.begin(U);
    (b, enemy, own)
}

#[test]
fn s14_entering_an_enemy_zoc_ends_movement() {
    let (mut b, _, own) = board(21, "A20.07");
    b.pick(U, "2/1/5");
    let step = Action::Step { to: hex("A19.07") };
    assert!(b.label(U, &step).ends_with("into an enemy zone of control"));
    b.act(U, step);
    assert_eq!(b.unit(own).hex(), Some(hex("A19.07")));
    assert!(
        b.steps(U).is_empty(),
        "movement ends in the zone of control"
    );
    assert!(b.is_offered(U, &Action::EndMove));
    assert!(
        !b.revealed,
        "the zone of control was as the top counter showed"
    );
}

#[test]
fn s14_a_flank_hex_of_the_enemy_is_no_zone_of_control() {
    // A18.06 is next to A18.07 but beyond its rear hexside.
    let (mut b, _, _) = board(22, "A19.06");
    b.pick(U, "2/1/5");
    b.step(U, "A18.06");
    assert!(!b.steps(U).is_empty(), "the group may go on");
}

#[test]
fn s14_units_in_column_exert_no_zone_of_control() {
    let (mut b, enemy, _) = board(23, "A20.07");
    b.g.test_place(C, "J/J/2", "A18.07", Formation::Column, Vertex::NE_SE);
    let _ = enemy;
    b.pick(U, "2/1/5");
    b.step(U, "A19.07");
    assert!(!b.steps(U).is_empty());
}

#[test]
fn s14_leaving_a_zone_of_control_straight_into_another_is_not_offered() {
    // A19.07 and A19.08 are both in J/J/2's zone of control.
    let (mut b, _, _) = board(24, "A19.07");
    b.pick(U, "2/1/5");
    let steps = b.steps(U);
    assert!(!steps.contains(&hex("A19.08")), "{steps:?}");
    assert!(
        steps.contains(&hex("A20.07")),
        "leaving into a free hex is free"
    );
}

#[test]
fn s14_a_routed_enemy_shows_a_zone_of_control_until_the_mover_enters_it() {
    let (mut plain, _, _) = board(25, "A20.07");
    let (mut b, enemy, _) = board(25, "A20.07");
    b.g.test_set_morale(enemy, MoraleState::Routed);
    plain.pick(U, "2/1/5");
    b.pick(U, "2/1/5");
    assert_eq!(
        b.offered(U),
        plain.offered(U),
        "the offers may not tell a routed enemy"
    );
    let step = Action::Step { to: hex("A19.07") };
    assert_eq!(b.label(U, &step), plain.label(U, &step));
    b.act(U, step);
    assert!(b.revealed, "the mover learnt something hidden");
    assert!(
        !b.steps(U).is_empty(),
        "no real zone of control: the move goes on"
    );
    let union_reads = b.read(Viewer::Seat(U));
    assert!(
        union_reads
            .iter()
            .any(|t| t.contains("exerts no zone of control")),
        "{union_reads:?}"
    );
    assert!(
        !b.read(Viewer::Spectator)
            .iter()
            .any(|t| t.contains("zone of control")),
        "spectators learn nothing of it"
    );
}

#[test]
fn s14_a_unit_in_line_beneath_a_column_stops_the_mover_when_found() {
    let (mut b, _, _) = board(26, "A20.07");
    // A column on top hides the brigade in line beneath it.
    b.g.test_place(C, "Ste/J/2", "A18.07", Formation::Column, Vertex::NE_SE);
    b.pick(U, "2/1/5");
    let step = Action::Step { to: hex("A19.07") };
    assert!(!b.label(U, &step).contains("zone of control"));
    b.act(U, step);
    assert!(b.revealed);
    assert!(b.steps(U).is_empty(), "the hidden zone of control holds");
}
