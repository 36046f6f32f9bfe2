//! The over-stacking penalty and the split it orders (series 12.0, 24.4; reference 2.4):
//! 1/2/5 (AB, 6 C units) and 2/2/5 (AA, 8) together hold 14 C, over the 12 of 3 A.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::testing;

use crate::fire_setup::{all, dice, game, put, toward};
use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

#[test]
fn s12_0_an_over_stacked_stack_becomes_dg_at_the_end_of_the_phase_told_to_its_owner_alone() {
    let mut b = Board::empty(81);
    let k1 = b.place(U, "1/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    let k2 = b.place(U, "2/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    let ev = testing::phase_end(&mut b.g, None, &mut dice());
    for k in [k1, k2] {
        assert_eq!(b.morale(k), MoraleState::Disorganized);
        assert!(b.unit(k).marks().must_split);
    }
    assert!(all(&ev, Viewer::Seat(U)).contains("over the stacking limits"));
    assert!(all(&ev, Viewer::Seat(C)).is_empty());
    assert!(all(&ev, Viewer::Spectator).is_empty());
    b.g.check_invariants()
        .expect("penalised, so allowed at rest");
    // Found again at the end of another phase that is not its Movement Phase: once is enough.
    testing::phase_end(&mut b.g, None, &mut dice());
    assert_eq!(b.morale(k1), MoraleState::Disorganized);
    // Still over the limits at the end of its own Movement Phase: again, DG + DG = Routed.
    testing::phase_end(&mut b.g, Some(U), &mut dice());
    assert_eq!(b.morale(k1), MoraleState::Routed);
    assert_eq!(b.morale(k2), MoraleState::Routed);
}

#[test]
fn s12_0_a_stack_that_must_split_splits_in_its_next_movement_phase() {
    let mut b = Board::empty(82);
    let k1 = b.place(U, "1/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    b.place(U, "2/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    testing::phase_end(&mut b.g, None, &mut dice());
    b.begin(U);
    assert!(
        !b.is_offered(U, &Action::FinishMovement),
        "the stack must split first"
    );
    b.pick(U, "1/2/5");
    assert!(
        !b.is_offered(U, &Action::EndMove),
        "not put down in the over-stacked hex while it can step out"
    );
    b.step(U, "A23.12");
    assert!(b.is_offered(U, &Action::EndMove));
    b.act(U, Action::EndMove);
    assert_eq!(b.unit(k1).hex(), Some(hex("A23.12")));
    assert!(b.is_offered(U, &Action::FinishMovement), "split");
    b.act(U, Action::FinishMovement);
    assert!(!b.unit(k1).marks().must_split, "within the limits again");
}

#[test]
fn s12_0_a_retreat_that_stood_fast_over_the_limits_is_penalised_when_the_fire_phase_ends() {
    // The Union Fire Combat Phase, the Confederates firing: a retreat left 14 C in A18.10.
    let mut g = game();
    let k1 = put(&mut g, U, "1/2/5", "A18.10", toward("A18.10", "A17.10"));
    let k2 = put(&mut g, U, "2/2/5", "A18.10", toward("A18.10", "A17.10"));
    assert!(g.check_invariants().is_ok(), "momentary within the phase");
    let mut d = dice();
    testing::play(&mut g, C, Action::FinishFire, &mut d);
    assert_eq!(g.unit(k1).morale(), MoraleState::Disorganized);
    assert_eq!(g.unit(k2).morale(), MoraleState::Disorganized);
    assert!(g.unit(k1).marks().must_split);
    assert!(
        g.legal_actions(U).contains(&Action::FinishFire),
        "the Union fires next"
    );
}

#[test]
fn s12_0_a_contraction_may_not_over_stack_the_parent_hex() {
    let mut b = Board::empty(83);
    let k = b.place(U, "2/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    b.g.test_extend(k, "A23.12");
    // 2/2/5 keeps 4 C of its 8 in A23.11; 1/2/5 brings the hex to 10.
    b.place(U, "1/2/5", "A23.11", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "2/2/5");
    assert!(!b.is_offered(U, &Action::Contract), "8 + 6 would be 14 C");
}

#[test]
fn s12_0_s17_2a_a_line_collapsed_by_the_penalty_over_stacking_its_parent_hex_is_penalised_too() {
    // 2/2/5 (AA, 8 C) stands in A23.13 with 2/1/5 (AA, 8 C) and has extended a part into
    // A23.12: 4 + 8 = 12 C there, within the limits. The part's hex holds 1/2/5 (6) and 3/2/5
    // (8): 18 C, over them, and DG already, so the penalty routs it; the routed part collapses
    // its brigade into A23.13 (S17.2a), which then holds 16 C. Found at game 83 of Scenario 6:
    // that hex was left over the limits at rest, unpenalised.
    let mut b = Board::empty(84);
    let parent = b.place(U, "2/2/5", "A23.13", Formation::Line, Vertex::SW_NW);
    let mate = b.place(U, "2/1/5", "A23.13", Formation::Line, Vertex::SW_NW);
    let part = b.g.test_extend(parent, "A23.12");
    let r1 = b.place(U, "1/2/5", "A23.12", Formation::Line, Vertex::SW_NW);
    let r2 = b.place(U, "3/2/5", "A23.12", Formation::Line, Vertex::SW_NW);
    for k in [part, r1, r2] {
        b.g.test_set_morale(k, MoraleState::Disorganized);
    }
    let ev = testing::phase_end(&mut b.g, None, &mut dice());
    assert_eq!(b.morale(r1), MoraleState::Routed, "DG + DG (24.4)");
    assert!(
        !b.unit(part).on_map(),
        "the routed part collapsed into its parent's hex"
    );
    for k in [parent, mate] {
        assert_eq!(b.morale(k), MoraleState::Routed);
        assert!(
            b.unit(k).marks().must_split,
            "A23.13 is over the limits after the collapse and must split"
        );
    }
    let union = all(&ev, Viewer::Seat(U));
    assert!(
        union.contains("The stack in A23.13 is over the stacking limits"),
        "{union}"
    );
    b.g.check_invariants()
        .expect("every stack over the limits at rest is penalised");
}
