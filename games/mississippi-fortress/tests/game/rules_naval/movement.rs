//! Naval movement (4.11, 4.11a, 4.15): upstream and downstream, two ships an arrow, off the map.

use super::*;

#[test]
fn rule_4_11_downstream_any_distance_upstream_two_arrows_a_phase() {
    let (mut game, mut dice) = harbour(40, |_| {}, Step::Movement(Side::Union));
    sail(&mut game, &mut dice, Side::Union, "A7", &["transport-3"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A6") },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A5") },
    );
    assert_eq!(sails(&game), ["A6"], "a third upstream arrow is refused");
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    // Downstream the whole river, off the south edge.
    sail(&mut game, &mut dice, Side::Union, "A8", &["transport-1"]);
    assert_eq!(sails(&game), ["south-edge", "A7"]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: Node::South },
    );
    assert!(texts(&events).contains("off the map (south edge)"));
    assert!(
        game.sailing().is_none(),
        "a ship leaving the map ends its move"
    );
}

#[test]
fn rule_4_15_ships_off_the_map_come_back_at_their_edge_in_a_later_phase() {
    let (mut game, mut dice) = harbour(
        41,
        |g| {
            put_ship(g, "transport-1", "south-edge");
        },
        Step::Movement(Side::Union),
    );
    sail(
        &mut game,
        &mut dice,
        Side::Union,
        "south-edge",
        &["transport-1"],
    );
    assert_eq!(sails(&game), ["A8"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A8") },
    );
    let i = game.ship_index("transport-1").expect("ship");
    assert_eq!(
        game.ships()[i].rec().upstream(),
        1,
        "entering from the south edge is upstream (S12.1b)"
    );
}

#[test]
fn rule_4_11a_at_most_two_ships_an_arrow_at_the_end_of_the_movement_phase() {
    let (mut game, mut dice) = harbour(42, |_| {}, Step::Movement(Side::Union));
    sail(
        &mut game,
        &mut dice,
        Side::Union,
        "A7",
        &["transport-3", "transport-4"],
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A8") },
    );
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert!(
        game.check_invariants().is_ok(),
        "any number may pass during the phase"
    );
    play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::OffMap { .. })
    ));
    assert!(
        game.prompt(Side::Union)
            .unwrap()
            .contains("more than two ships")
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SendOffMap {
            ship: "transport-1".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SendOffMap {
            ship: "transport-2".into(),
        },
    );
    for id in ["transport-1", "transport-2"] {
        let i = game.ship_index(id).expect("ship");
        assert_eq!(
            game.ships()[i].at(),
            Some(Node::South),
            "the nearer edge (R7)"
        );
    }
    assert!(game.check_invariants().is_ok());
}
