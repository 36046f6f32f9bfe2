//! Starting close combats during movement (series 23.0, 23.1, 14.0; reference 2.9), in
//! Sander's Field: J/J/2 in line in the clear hex A17.09 facing east (its zone of control
//! A18.09 and A18.08); 2/1/5 of 5 Corps (on a complex order) in line in A18.10 facing west,
//! its division leader Griffin next to it (in command radius, S23.1b).

use adjutant_engine::Side;
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::data::order::OrderType;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, UnitKey};

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn board(n: u64) -> (Board, UnitKey) {
    let mut b = Board::empty(n);
    b.place(C, "J/J/2", "A17.09", Formation::Line, Vertex::NE_SE);
    b.place(U, "Griffin", "A19.10", Formation::None, Vertex::SW_NW);
    let own = b.place(U, "2/1/5", "A18.10", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    (b, own)
}

fn attack() -> Action {
    Action::Attack { hex: hex("A17.09") }
}

#[test]
fn s23_an_attack_through_a_frontal_hexside_costs_the_hex_plus_one() {
    let (mut b, own) = board(31);
    b.pick(U, "2/1/5");
    b.step(U, "A18.09"); // clear, 1 MP, into the zone of control
    assert!(b.is_offered(U, &attack()));
    assert_eq!(
        b.label(U, &attack()),
        "Attack A17.09 in close combat (2 MP with the +1; 3 left)"
    );
    b.act(U, attack());
    assert_eq!(b.unit(own).marks().mp_spent, 6, "1 + 1 + 1 MP");
    assert!(
        b.read(adjutant_engine::Viewer::Spectator)
            .iter()
            .any(|t| t.contains("attacks A17.09 in close combat")),
        "an attack is public"
    );
    // The attacker keeps its remaining MP and may attack again (S23.1): whole where it
    // attacked from, with the defender still there, it is offered the attack again.
    b.settle_questions();
    let whole = b.g.moving().is_some()
        && b.unit(own).hex() == Some(hex("A18.09"))
        && b.morale(own) != MoraleState::Routed;
    let defender_stays = b.g.occupant(hex("A17.09")) == Some(C);
    if whole && defender_stays {
        assert!(b.is_offered(U, &attack()));
    } else if b.g.moving().is_some() {
        assert!(b.is_offered(U, &Action::EndMove));
    }
}

#[test]
fn s23_after_any_close_combat_the_mover_can_go_on() {
    // Whatever the close combat's result, the attacker is never left without a way on.
    for n in 0..12 {
        let (mut b, _) = board(200 + n);
        b.pick(U, "2/1/5");
        b.step(U, "A18.09");
        b.act(U, attack());
        b.settle_questions();
        if b.g.moving().is_some() {
            assert!(!b.offered(U).is_empty(), "game {n}");
        }
    }
}

#[test]
fn s23_no_attack_through_a_flank_hexside() {
    let (mut b, _) = board(32);
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    b.act(
        U,
        Action::Turn {
            facing: Vertex::NE_SE,
        },
    );
    assert!(!b.is_offered(U, &attack()));
}

#[test]
fn s14_one_zone_of_control_may_be_crossed_on_the_way_into_a_close_combat() {
    // All in Sander's Field (clear): J/J/2 in A17.10 facing east, its zone of control A18.10
    // and A18.09; 2/1/5 comes from A18.11.
    let mut b = Board::empty(33);
    b.place(C, "J/J/2", "A17.10", Formation::Line, Vertex::NE_SE);
    b.place(U, "Griffin", "A19.11", Formation::None, Vertex::SW_NW);
    b.place(U, "2/1/5", "A18.11", Formation::Line, Vertex::SW_NW);
    b.begin(U);
    let attack = Action::Attack { hex: hex("A17.10") };
    b.pick(U, "2/1/5");
    b.step(U, "A18.10");
    assert!(b.is_offered(U, &attack));
    let steps = b.steps(U);
    assert!(
        steps.contains(&hex("A18.09")),
        "{steps:?}: from there it could attack"
    );
    assert!(
        !steps.contains(&hex("A18.11")),
        "{steps:?}: no going on otherwise"
    );
    b.step(U, "A18.09");
    assert!(b.is_offered(U, &attack));
    assert!(
        !b.is_offered(U, &Action::EndMove),
        "having crossed, the group must attack"
    );
    b.act(U, attack.clone());
    b.settle_questions();
    if b.g.moving().is_some() {
        assert!(b.is_offered(U, &Action::EndMove), "the attack was made");
    }
}

#[test]
fn s14_no_crossing_into_the_wilderness_where_rule_1_2c_would_forbid_the_attack() {
    // From A18.09 the Wilderness hex A18.08 is next to J/J/2 in A17.09, but a Union brigade
    // entering it becomes Shaken (1.2c) and could not attack: the crossing is not offered.
    let (mut b, _) = board(39);
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    assert!(!b.steps(U).contains(&hex("A18.08")));
}

#[test]
fn s23_shaken_units_and_columns_do_not_attack() {
    let (mut b, own) = board(34);
    b.g.test_set_morale(own, MoraleState::Shaken);
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    assert!(!b.is_offered(U, &attack()));

    let (mut b, own) = board(35);
    b.g.test_place(U, "2/1/5", "A18.10", Formation::Column, Vertex::SW_NW);
    let _ = own;
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    assert!(!b.is_offered(U, &attack()));
}

#[test]
fn s23_artillery_does_not_attack() {
    let (mut b, _) = board(36);
    b.place(U, "Db-1", "A18.10", Formation::Limbered, Vertex::SW_NW);
    b.begin(U);
    b.pick(U, "Db-1");
    b.step(U, "A18.09");
    assert!(!b.is_offered(U, &attack()));
}

#[test]
fn s10_1a_without_a_complex_order_only_a_counterattack_is_allowed() {
    let (mut b, _) = board(37);
    b.g.test_set_corps_order(U, "5", Some(OrderType::Simple));
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    assert!(
        !b.is_offered(U, &attack()),
        "a simple order allows no attack"
    );
}

#[test]
fn s22_a_wrecked_brigade_does_not_attack() {
    let (mut b, own) = board(38);
    b.g.test_set_losses(own, 6, 4); // 2/1/5: wrecked once 8 boxes are filled
    b.pick(U, "2/1/5");
    b.step(U, "A18.09");
    assert!(!b.is_offered(U, &attack()));
}
