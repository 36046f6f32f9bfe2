//! The Unfinished Railroad's discovery (rules 1.3b-d) on Map B, in play in Scenario 3: the
//! Union condition at B39.06, the Union's roll, and Hill's corps that can never meet the
//! Confederate condition.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::data::{self, HexId};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::{Action, testing};

use crate::scenario3::board;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

#[test]
fn rule_1_3b_the_union_condition_is_a_combat_unit_entering_b39_06() {
    let mut b = board(17);
    b.place(U, "Birney", "B39.05", Formation::None, Vertex::N_NE);
    b.place(U, "1/3/2", "B39.04", Formation::Column, Vertex::N_NE);
    b.begin(U);
    b.pick(U, "Birney");
    b.step(U, "B39.06");
    b.act(U, Action::EndMove);
    assert!(
        !testing::railroad_condition_met(&b.g, U),
        "a leader does not"
    );
    b.pick(U, "1/3/2");
    b.step(U, "B39.05");
    assert!(!testing::railroad_condition_met(&b.g, U));
    b.step(U, "B39.06");
    assert!(testing::railroad_condition_met(&b.g, U));
}

#[test]
fn rule_1_3b_hill_s_corps_never_meets_the_confederate_condition() {
    let mut b = board(18);
    let railroad = data::map().railroad().path.clone();
    let on = railroad
        .iter()
        .find(|x| **x == h("B6.20"))
        .copied()
        .expect("B6.20 is on the grade");
    b.place(C, "T/W/3", "B5.20", Formation::Column, Vertex::NE_SE);
    b.begin(C);
    b.pick(C, "T/W/3");
    b.step(C, &on.to_string());
    assert!(
        !testing::railroad_condition_met(&b.g, C),
        "only 1 Corps finds it"
    );
}

#[test]
fn rule_1_3c_d_the_union_finds_the_railroad_on_a_2_and_only_it_reads_the_roll() {
    for (dice, found) in [([1, 1], true), ([1, 2], false)] {
        let mut b = board(19);
        b.place(U, "1/3/2", "B39.05", Formation::Column, Vertex::N_NE);
        b.begin(U);
        b.pick(U, "1/3/2");
        b.step(U, "B39.06");
        b.act(U, Action::EndMove);
        testing::script_dice(&mut b.g, U, &dice);
        let said = testing::railroad_discovery(&mut b.g, U, &mut b.dice);
        assert_eq!(b.g.railroad_found(U), found, "{dice:?}");
        assert!(!b.g.railroad_found(C));
        let union: Vec<_> = said
            .iter()
            .filter_map(|e| e.sentence(Viewer::Seat(U)))
            .collect();
        let others: Vec<_> = said
            .iter()
            .filter_map(|e| {
                e.sentence(Viewer::Seat(C))
                    .or(e.sentence(Viewer::Spectator))
            })
            .collect();
        assert!(union[0].contains("discovery roll"), "{union:?}");
        assert!(others.is_empty(), "{others:?}");
    }
}
