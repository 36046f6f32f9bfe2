//! Reinforcements (series 16.3; rules 6.0d, 7.0 Scenario 1; reference 2.5): 3/5 with Db(2)
//! at 2:00pm at Entry Hex A (A19.01, on Parker's Store Road, a trail: 1 MP a hex for a
//! column, ½ for a leader, 2 for limbered artillery).

use adjutant_engine::Side;
use bloody_roads_south::Action;
use bloody_roads_south::data::UnitId;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn enter(id: &str) -> Action {
    Action::Enter {
        unit: UnitId::new(id),
        hex: hex("A19.01"),
    }
}

fn at_two(n: u64) -> Board {
    let mut b = Board::empty(n);
    b.g.test_set_turn("5 May 2:00pm");
    b.begin(U);
    b
}

#[test]
fn s16_3_reinforcements_enter_as_a_column_at_entry_a() {
    let mut b = at_two(71);
    for id in ["Crawford", "1/3/5", "3/3/5", "Db-2"] {
        assert!(b.is_offered(U, &enter(id)), "{id}");
    }
    assert!(
        !b.is_offered(U, &Action::FinishMovement),
        "reinforcements cannot be delayed on purpose"
    );
    assert_eq!(
        b.label(U, &enter("1/3/5")),
        "Bring 1/3/5 (1st Bde, Pennsylvania Reserves) onto the map at A19.01 (1 MP of road to enter)"
    );
    b.act(U, enter("1/3/5"));
    let k = b.g.test_key(U, "1/3/5");
    assert_eq!(b.unit(k).hex(), Some(hex("A19.01")));
    assert_eq!(b.unit(k).formation(), Formation::Column);
    assert_eq!(b.unit(k).marks().mp_spent, 2);
    assert!(b.unit(k).marks().road_moved);
    // It is picked up: it marches on.
    b.step(U, "A19.02");
    b.act(U, Action::EndMove);
    // The next one queued one road hex further back.
    assert!(
        b.label(U, &enter("3/3/5"))
            .ends_with("(2 MP of road to enter)")
    );
    b.act(U, enter("3/3/5"));
    assert_eq!(b.unit(b.g.test_key(U, "3/3/5")).marks().mp_spent, 4);
    b.act(U, Action::EndMove);
    b.act(U, enter("Crawford"));
    assert_eq!(
        b.unit(b.g.test_key(U, "Crawford")).marks().mp_spent,
        3,
        "½ × 3"
    );
    b.step(U, "A19.02");
    b.act(U, Action::EndMove);
    // The battery fourth in the queue would need 4 × 2 = 8 MP of its 7: it waits.
    assert!(!b.is_offered(U, &enter("Db-2")));
    assert!(b.is_offered(U, &Action::FinishMovement));
}

#[test]
fn s16_3_an_entry_hex_held_by_the_enemy_is_blocked() {
    let mut b = Board::empty(72);
    b.g.test_set_turn("5 May 2:00pm");
    b.place(C, "J/J/2", "A19.01", Formation::Line, Vertex::N_NE);
    b.begin(U);
    assert!(!b.is_offered(U, &enter("1/3/5")));
}

#[test]
fn s16_3_reinforcements_wait_for_their_turn() {
    let mut b = Board::empty(73);
    b.begin(U);
    assert!(
        !b.offered(U)
            .iter()
            .any(|a| matches!(a, Action::Enter { .. }))
    );
    assert!(b.is_offered(U, &Action::FinishMovement));
}

#[test]
fn s16_3_s12_0_a_reinforcement_waits_while_its_entry_hex_cannot_take_it() {
    let mut b = Board::empty(74);
    b.g.test_set_turn("5 May 2:00pm");
    // 1/3/5 is AAB (10 C units); 1/2/5 at B (2) leaves room for it, at AB (6) not.
    let k = b.place(U, "1/2/5", "A19.01", Formation::Line, Vertex::N_NE);
    b.g.test_set_losses(k, 9, 0);
    b.begin(U);
    assert!(b.is_offered(U, &enter("1/3/5")), "room for it beside 2 C");
    b.g.test_set_losses(k, 0, 0);
    assert!(!b.is_offered(U, &enter("1/3/5")), "it waits on the road");
    assert!(
        b.is_offered(U, &enter("Crawford")),
        "a leader does not count"
    );
}
