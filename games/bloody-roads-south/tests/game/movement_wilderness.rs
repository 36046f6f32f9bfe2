//! The Wilderness entered (rules 1.2a, 1.2c, 1.2h; series 24.4; reference 2.5), in the
//! Wilderness east of Sander's Field (A20.06-A20.08, no roads) and on the Orange Turnpike.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::Board;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

#[test]
fn rule_1_2c_a_union_unit_entering_wilderness_becomes_shaken() {
    let mut b = Board::empty(41);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.step(U, "A20.07");
    assert_eq!(b.morale(k), MoraleState::Shaken);
    let own = b.read(Viewer::Seat(U));
    assert!(
        own.iter().any(|t| t.contains("becomes Sh (1.2c)")),
        "{own:?}"
    );
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        assert!(
            !b.read(viewer).iter().any(|t| t.contains("1.2c")),
            "a morale state is secret from {viewer:?}"
        );
    }
}

#[test]
fn rule_1_2c_only_normal_units_and_only_union_units() {
    let mut b = Board::empty(42);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_morale(k, MoraleState::BloodLust);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.step(U, "A20.07");
    assert_eq!(b.morale(k), MoraleState::BloodLust);

    let mut b = Board::empty(43);
    let k = b.place(C, "J/J/2", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(C);
    b.pick(C, "J/J/2");
    b.step(C, "A20.07");
    assert_eq!(b.morale(k), MoraleState::Normal, "1.2c is a Union rule");
}

#[test]
fn rule_1_2a_a_road_hex_negates_the_wilderness_effects() {
    let mut b = Board::empty(44);
    // A24.10 -> A24.09: a Wilderness hex of the Orange Turnpike, entered in line across
    // country (the line pays the Wilderness cost, but the hex has a road).
    let k = b.place(U, "2/2/5", "A24.10", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    b.step(U, "A24.09");
    assert_eq!(b.morale(k), MoraleState::Normal);
}

#[test]
fn rule_1_2h_entering_wilderness_at_night_disorganizes() {
    let mut b = Board::empty(45);
    b.g.test_set_turn("5 May 9:00pm");
    let u = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let c = b.place(C, "J/J/2", "A22.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.step(U, "A20.07");
    assert_eq!(
        b.morale(u),
        MoraleState::Disorganized,
        "1.2h, not 1.2c, at night"
    );
    b.begin(C);
    b.pick(C, "J/J/2");
    b.step(C, "A22.07");
    assert_eq!(b.morale(c), MoraleState::Disorganized);
}

#[test]
fn rule_1_2h_a_dg_unit_entering_wilderness_at_night_routs() {
    let mut b = Board::empty(46);
    b.g.test_set_turn("5 May 9:00pm");
    let c = b.place(C, "J/J/2", "A22.06", Formation::Line, Vertex::SW_NW);
    b.g.test_set_morale(c, MoraleState::Disorganized);
    b.begin(C);
    b.pick(C, "J/J/2");
    b.step(C, "A22.07"); // DG: 3 MP, all of it
    assert_eq!(b.morale(c), MoraleState::Routed, "DG + DG = R (24.4)");
    assert!(b.steps(C).is_empty(), "a routed unit moves no further");
    assert!(b.is_offered(C, &bloody_roads_south::Action::EndMove));
}
