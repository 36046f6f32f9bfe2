//! Extended lines (series 17.0; reference 2.5): 2/2/5 (AA, 8 C units) and 1/2/5 (AB, 6).

use adjutant_engine::{Rules, Side};
use bloody_roads_south::Action;
use bloody_roads_south::data::UnitId;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;

fn extend(to: &str) -> Action {
    Action::Extend { hex: hex(to) }
}

#[test]
fn s17_a_brigade_with_b_extends_one_part() {
    let mut b = Board::empty(61);
    let k = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "1/2/5");
    assert!(b.is_offered(U, &extend("A20.07")));
    b.act(U, extend("A20.07"));
    let parts = b.g.parts_of(k);
    assert_eq!(parts.len(), 1);
    let part = parts[0];
    assert_eq!(b.unit(part).hex(), Some(hex("A20.07")));
    assert_eq!(b.unit(part).id(), b.unit(k).id(), "a part of its brigade");
    assert_eq!(b.unit(part).part_of(), Some(k));
    // AB = 6 C units: 3 and 3.
    assert_eq!(b.g.c_units(part), 3);
    assert_eq!(b.g.c_units(k), 3);
    assert_eq!(
        b.unit(k).marks().mp_spent,
        6,
        "the Wilderness hex the part entered"
    );
    // An AB brigade may not extend a second part.
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    // The enemy sees the part as part of its brigade.
    let view = b.g.view(adjutant_engine::Viewer::Seat(Side::Confederate));
    let part_stack = view["stacks"]
        .as_array()
        .expect("stacks")
        .iter()
        .find(|s| s["hex"] == "A20.07")
        .expect("the part's stack");
    assert_eq!(part_stack["counters"][0]["id"], "1/2/5");
    assert_eq!(part_stack["counters"][0]["extended_part"], true);
}

#[test]
fn s17_an_aa_brigade_extends_two_parts_and_splits_its_fire_evenly() {
    let mut b = Board::empty(62);
    let k = b.place(U, "2/2/5", "A21.07", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    b.act(U, extend("A21.08"));
    assert!(
        b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
    b.act(U, extend("A22.07"));
    let parts = b.g.parts_of(k);
    assert_eq!(parts.len(), 2);
    // AA = 8 C units over three: 2 and 2, the remainder 4 with the parent.
    assert_eq!(b.g.c_units(parts[0]), 2);
    assert_eq!(b.g.c_units(parts[1]), 2);
    assert_eq!(b.g.c_units(k), 4);
}

#[test]
fn s17_parts_stop_next_to_their_parent_and_move_on_their_own() {
    let mut b = Board::empty(63);
    // The clearing of A23.11, A24.11, A23.12 (clear hexes cost 1).
    let k = b.place(U, "1/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "1/2/5");
    b.act(U, extend("A24.11"));
    b.step(U, "A23.12");
    assert!(b.is_offered(U, &Action::EndMove), "next to its part");
    b.step(U, "A23.13");
    assert!(
        !b.is_offered(U, &Action::EndMove),
        "two hexes from its part, with a step left"
    );
    b.step(U, "A23.12");
    b.act(U, Action::EndMove);
    // The part is a counter of its own, named by its hex; it has moved this phase.
    let part = b.g.parts_of(k)[0];
    assert!(b.unit(part).marks().moved);
    let pick_part = Action::Pick {
        unit: UnitId::new("1/2/5"),
        part: Some(hex("A24.11")),
        with: Vec::new(),
    };
    assert!(!b.is_offered(U, &pick_part));
    // Next phase it may move apart from its parent.
    b.begin(U);
    assert!(b.is_offered(U, &pick_part));
    b.act(U, pick_part);
    let steps = b.steps(U);
    assert!(steps.contains(&hex("A24.12")), "{steps:?}");
}

#[test]
fn s17_a_line_contracts_before_changing_formation() {
    let mut b = Board::empty(64);
    let k = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "1/2/5");
    b.act(U, extend("A20.07"));
    assert!(!b.is_offered(
        U,
        &Action::ChangeFormation {
            formation: Formation::Column
        }
    ));
    b.act(U, Action::Contract);
    assert!(b.g.parts_of(k).is_empty());
    assert_eq!(b.g.c_units(k), 6, "the whole AB again");
    assert!(b.is_offered(
        U,
        &Action::ChangeFormation {
            formation: Formation::Column
        }
    ));
}

#[test]
fn s17_a_c_brigade_does_not_extend() {
    let mut b = Board::empty(65);
    let k = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    // 1/2/5: AB4 A5 B3 C3 — 12 losses leave it at C.
    b.g.test_set_losses(k, 12, 0);
    b.begin(U);
    b.pick(U, "1/2/5");
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Extend { .. }))
    );
}

#[test]
fn s24_1b_a_part_that_cannot_make_its_rout_takes_its_whole_brigade_with_it() {
    let mut b = Board::empty(63);
    let k = b.place(U, "1/2/5", "A20.06", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "1/2/5");
    b.act(U, extend("A20.07"));
    b.act(U, Action::EndMove);
    let part = b.g.parts_of(k)[0];
    // Enemy brigades on every other side of the part: it cannot rout away (S24.1b).
    let map = bloody_roads_south::data::map();
    let around: Vec<_> = map
        .neighbours(hex("A20.07"), b.g.maps())
        .into_iter()
        .map(|(_, h)| h)
        .filter(|&h| h != hex("A20.06"))
        .collect();
    for (h, id) in around
        .iter()
        .zip(["Stwl/J/2", "J/J/2", "Ste/J/2", "Sta/J/2", "B/R/2"])
    {
        b.place(
            Side::Confederate,
            id,
            &h.to_string(),
            Formation::Line,
            Vertex::N_NE,
        );
    }
    let mut dice = adjutant_engine::Dice::new(&adjutant_engine::Seed::from_bytes([1; 32]));
    let cause = bloody_roads_south::model::decision::RetreatCause::Rout;
    bloody_roads_south::testing::with_fx(&mut b.g, &mut dice, |g, fx| {
        g.begin_retreat(&[part], 2, hex("A19.07"), cause, fx)
    });
    assert!(!b.unit(part).on_map());
    assert!(
        !b.unit(k).on_map(),
        "the parent leaves with it: its chart is full"
    );
    assert_eq!(b.unit(k).casualties() + b.unit(k).stragglers(), 15);
    b.g.check_invariants()
        .expect("no brigade on the map without a fire level");
}
