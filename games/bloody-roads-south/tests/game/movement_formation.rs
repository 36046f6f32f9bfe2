//! Formation changes and forced march during movement (series 11.0, 15.0, 16.1b, 18.0, 26.1;
//! reference 2.4, 2.5).

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::Board;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn change(formation: Formation) -> Action {
    Action::ChangeFormation { formation }
}

#[test]
fn s11_infantry_changes_to_column_for_one_mp() {
    let mut b = Board::empty(51);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    assert_eq!(
        b.label(U, &change(Formation::Column)),
        "Change to column (1 MP; 5 left)"
    );
    b.act(U, change(Formation::Column));
    assert_eq!(b.unit(k).formation(), Formation::Column);
    assert_eq!(b.unit(k).marks().mp_spent, 2);
    assert!(b.is_offered(U, &change(Formation::Line)));
}

#[test]
fn s15_artillery_may_not_unlimber_in_an_enemy_zone_of_control() {
    let mut b = Board::empty(52);
    // J/J/2 in A18.07 facing east: A19.07 is in its zone of control.
    b.place(C, "J/J/2", "A18.07", Formation::Line, Vertex::NE_SE);
    b.place(U, "Db-1", "A19.07", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "Db-1");
    assert!(!b.is_offered(U, &change(Formation::Unlimbered)));
}

#[test]
fn s15_artillery_unlimbers_for_three_mp_out_of_enemy_zones() {
    let mut b = Board::empty(53);
    let k = b.place(U, "Db-1", "A22.06", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "Db-1");
    b.act(U, change(Formation::Unlimbered));
    assert_eq!(b.unit(k).formation(), Formation::Unlimbered);
    assert_eq!(b.unit(k).marks().mp_spent, 6);
    assert!(b.steps(U).is_empty(), "unlimbered artillery does not move");
}

#[test]
fn s18_forced_march_adds_two_mp_after_a_straggler_check() {
    let mut b = Board::empty(54);
    let k = b.place(U, "2/1/5", "A20.06", Formation::Column, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/1/5");
    assert!(b.is_offered(U, &Action::ForceMarch));
    assert!(b.label(U, &Action::ForceMarch).contains("½–1 table"));
    b.act(U, Action::ForceMarch);
    assert_eq!(b.unit(k).marks().mp_bonus, 4, "+2 MP, in halves");
    let own = b.read(Viewer::Seat(U));
    assert!(own.iter().any(|t| t.contains("Straggler check")), "{own:?}");
    assert!(
        !b.read(Viewer::Seat(C))
            .iter()
            .any(|t| t.contains("Straggler")),
        "straggler checks are secret"
    );
    // A second time, on the 1½+ table; then no more (at most +4).
    assert!(b.label(U, &Action::ForceMarch).contains("1½ or more"));
    b.act(U, Action::ForceMarch);
    assert_eq!(b.unit(k).marks().mp_bonus, 8);
    assert!(!b.is_offered(U, &Action::ForceMarch));
    // 10 MP: three Wilderness hexes.
    b.step(U, "A20.07");
    b.step(U, "A20.08");
    b.step(U, "A20.09");
    assert!(
        !b.is_offered(U, &change(Formation::Line)),
        "no line after a forced march"
    );
}

#[test]
fn s18_only_columns_that_began_the_phase_in_column_and_not_dg() {
    let mut b = Board::empty(55);
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    let dg = b.place(U, "3/1/5", "A22.06", Formation::Column, Vertex::SW_NW);
    b.g.test_set_morale(dg, MoraleState::Disorganized);
    b.begin(U);
    b.pick(U, "2/1/5");
    b.act(U, change(Formation::Column));
    assert!(
        !b.is_offered(U, &Action::ForceMarch),
        "it began the phase in line"
    );
    b.act(U, Action::EndMove);
    b.pick(U, "3/1/5");
    assert!(!b.is_offered(U, &Action::ForceMarch), "not when DG");
}
