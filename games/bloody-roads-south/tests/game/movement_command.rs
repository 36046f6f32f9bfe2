//! What movement does for the command rules and under them (series 10.0, 28.0; rules 3.3a;
//! reference 2.3.1, 2.12.3): overrunning enemy leaders, HQs and wagons, touching base on the
//! way, and the 9th Corps' limits until its release.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, Location};
use bloody_roads_south::testing::state_json;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

#[test]
fn s10_0_units_entering_enemy_leaders_and_wagons_overrun_them() {
    let mut b = Board::empty(101);
    let ewell = b.place(C, "Ewell", "A20.07", Formation::None, Vertex::NE_SE);
    let hq = b.place(C, "2 Corps HQ", "A20.07", Formation::None, Vertex::NE_SE);
    let wagon = b.place(
        C,
        "2 Corps Supply",
        "A20.07",
        Formation::None,
        Vertex::NE_SE,
    );
    b.place(C, "J/J/2", "A15.10", Formation::Line, Vertex::NE_SE);
    b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.place(U, "Griffin", "A22.06", Formation::None, Vertex::SW_NW);
    b.begin(U);
    // A leader alone does not overrun.
    b.pick(U, "Griffin");
    b.step(U, "A21.07");
    assert!(!b.steps(U).contains(&hex("A20.07")));
    b.act(U, Action::EndMove);
    b.pick(U, "2/1/5");
    let step = Action::Step { to: hex("A20.07") };
    assert!(
        b.label(U, &step).contains("overrunning"),
        "{}",
        b.label(U, &step)
    );
    b.act(U, step);
    assert_eq!(
        b.unit(wagon).location(),
        Location::Gone,
        "wagons are destroyed"
    );
    assert_eq!(
        b.unit(ewell).hex(),
        Some(hex("A15.10")),
        "to the nearest friendly unit"
    );
    assert_eq!(b.unit(hq).hex(), Some(hex("A15.10")));
    let json = state_json(&b.g);
    let overrun = json["commands"]
        .as_array()
        .expect("commands")
        .iter()
        .any(|c| c["side"] == "confederate" && c["command"]["overrun"] == true);
    assert!(
        overrun,
        "the 2 Corps makes an emergency retreat next Command Phase"
    );
    assert!(
        b.read(Viewer::Spectator)
            .iter()
            .any(|t| t.contains("overrun and destroyed")),
        "{:?}",
        b.read(Viewer::Spectator)
    );
}

#[test]
fn s10_0_a_corps_leader_touches_base_passing_through_his_hq() {
    let mut b = Board::empty(102);
    b.place(U, "5 Corps HQ", "A22.06", Formation::None, Vertex::SW_NW);
    b.place(U, "Warren", "A20.06", Formation::None, Vertex::SW_NW);
    let no = b.g.test_set_corps_accepted(U, "5", OrderType::Simple);
    b.begin(U);
    let five = bloody_roads_south::model::order::Receiver::Corps(
        bloody_roads_south::data::FormationId::new("5"),
    );
    assert_eq!(b.g.command(U, &five).and_then(|c| c.accepted()), Some(no));
    b.pick(U, "Warren");
    b.step(U, "A21.07");
    b.step(U, "A22.06");
    b.step(U, "A23.07");
    assert_eq!(
        b.g.command(U, &five).and_then(|c| c.current()),
        Some(no),
        "passing through the HQ hex is enough"
    );
}

#[test]
fn rule_3_3a_the_ninth_corps_keeps_its_limits_until_a_confederate_comes_near() {
    let mut b = Board::empty_of("battle-of-the-wilderness", 103);
    b.place(U, "1/2/9", "A33.19", Formation::Column, Vertex::N_NE);
    b.place(U, "Potter", "A33.19", Formation::None, Vertex::N_NE);
    b.place(C, "J/J/2", "A33.23", Formation::Line, Vertex::S_SW);
    b.begin(U);
    b.pick(U, "1/2/9");
    let steps = b.steps(U);
    for south in ["A33.18", "A32.18", "A34.18"] {
        assert!(!steps.contains(&hex(south)), "{south}: south of Spottswood");
    }
    assert!(steps.contains(&hex("A33.20")));
    b.act(U, Action::EndMove);
    // A Confederate unit moving within 2 hexes of a 9 Corps unit releases the corps.
    b.begin(C);
    b.pick(C, "J/J/2");
    b.step(C, "A33.22");
    assert!(!b.g.ninth_corps_released());
    b.step(C, "A33.21");
    assert!(b.g.ninth_corps_released());
    assert!(
        b.read(Viewer::Seat(U))
            .iter()
            .any(|t| t.contains("release it from its restrictions")),
        "the release by contact is public"
    );
    b.begin(U);
    b.pick(U, "1/2/9");
    assert!(b.steps(U).contains(&hex("A33.18")));
}

#[test]
fn rule_4_4_the_1st_nc_cav_blocks_holds_and_goes_when_confederates_come_up() {
    let mut b = Board::empty_of("battles-of-may-5th", 104);
    let cav = b.g.test_key(C, "1 NC Cav");
    b.place(C, "1 NC Cav", "A24.16", Formation::None, Vertex::NE_SE);
    b.place(U, "1/2/5", "A26.16", Formation::Line, Vertex::SW_NW);
    b.place(C, "J/J/2", "A21.16", Formation::Line, Vertex::NE_SE);
    b.begin(U);
    b.pick(U, "1/2/5");
    let steps = b.steps(U);
    assert!(!steps.contains(&hex("A24.16")), "the cavalry blocks (4.4a)");
    // Its zone of control covers all six hexes (4.4b): A25.16 is one of them.
    b.step(U, "A25.16");
    assert!(b.steps(U).is_empty());
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Attack { .. })),
        "no close combat against it (4.4b)"
    );
    b.act(U, Action::EndMove);
    // A Confederate unit moving next to it removes it (4.4d).
    b.begin(C);
    b.pick(C, "J/J/2");
    b.step(C, "A22.16");
    assert!(b.unit(cav).on_map());
    b.step(C, "A23.16");
    assert_eq!(b.unit(cav).location(), Location::Gone);
}
