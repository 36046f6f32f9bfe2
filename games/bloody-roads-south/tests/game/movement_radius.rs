//! Units out of command radius (series 10.5a; rule 6.0a; reference 2.3.11): 1/2/5 six
//! Wilderness hexes (12 leader MP) west of its division leader Robinson, beyond its 4.

use adjutant_engine::Side;
use bloody_roads_south::Action;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;

fn board(n: u64) -> Board {
    let mut b = Board::empty(n);
    b.place(U, "Robinson", "A30.06", Formation::None, Vertex::SW_NW);
    b.place(U, "1/2/5", "A24.06", Formation::Line, Vertex::SW_NW);
    b
}

#[test]
fn s10_5a_a_unit_out_of_radius_must_move_closer_to_its_leader() {
    let mut b = board(81);
    b.begin(U);
    b.pick(U, "1/2/5");
    let steps = b.steps(U);
    assert!(steps.contains(&hex("A25.06")), "{steps:?}");
    assert!(
        !steps.contains(&hex("A23.06")),
        "{steps:?}: away from Robinson"
    );
    assert!(!steps.contains(&hex("A24.07")), "{steps:?}");
    assert!(
        !b.is_offered(U, &Action::EndMove),
        "it spends its movement closing"
    );
    b.step(U, "A25.06");
    b.step(U, steps_closer(&b));
    assert!(b.is_offered(U, &Action::EndMove), "its MP are spent");
    b.act(U, Action::EndMove);
}

fn steps_closer(b: &Board) -> &'static str {
    // The first step closer offered from A25.06 (any of them will do).
    let steps = b.steps(U);
    for h in ["A26.06", "A26.07", "A25.07", "A26.05"] {
        if steps.contains(&hex(h)) {
            return h;
        }
    }
    panic!("no step closer from A25.06: {steps:?}");
}

#[test]
fn rule_6_0a_an_ocr_unit_holds_until_moved_then_moves_closer() {
    let mut b = board(82);
    let k = b.g.test_key(U, "1/2/5");
    b.g.test_set_ocr(k, true);
    b.begin(U);
    assert!(
        b.is_offered(U, &Action::FinishMovement),
        "an OCR unit may hold its hex"
    );
    b.pick(U, "1/2/5");
    assert!(!b.steps(U).contains(&hex("A23.06")));
}

#[test]
fn s10_5a_a_unit_in_radius_moves_freely() {
    let mut b = Board::empty(83);
    b.place(U, "Robinson", "A24.07", Formation::None, Vertex::SW_NW);
    b.place(U, "1/2/5", "A24.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "1/2/5");
    assert!(b.steps(U).contains(&hex("A23.06")));
    assert!(b.is_offered(U, &Action::EndMove));
}
