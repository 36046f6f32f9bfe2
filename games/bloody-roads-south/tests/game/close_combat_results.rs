//! Close combat (S23; reference 2.9).

use adjutant_engine::{Rules, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::close_combat::CloseCombatEnd;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::decision::{Question, RetreatCause};
use bloody_roads_south::testing;

use crate::fire_setup::*;

/// Stwl/J/2 (A, AB: 5 strength points) in A17.10 attacks 2/1/5 (C, AA: 6) in A18.10.
fn fight(union: &str) -> bloody_roads_south::BloodyRoadsSouth {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, union, "A18.10", toward("A18.10", "A17.10"));
    g
}

fn retreat_of(
    g: &bloody_roads_south::BloodyRoadsSouth,
) -> Option<(adjutant_engine::Side, u8, RetreatCause)> {
    g.decisions().first().and_then(|d| match d.question() {
        Question::Retreat {
            hexes_left, cause, ..
        } => Some((d.side(), *hexes_left, *cause)),
        _ => None,
    })
}

#[test]
fn s23_attacker_retreats_one_hex_on_a_d_result() {
    let mut g = fight("2/1/5");
    // Both fires: column 7–8, roll 2: ½, rounded down; odds 5 to 6 = 1-2 or less, die 1: D.
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 1, 1]);
    testing::script_dice(&mut g, C, &[1, 1, 2]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let mut d = dice();
    let (end, ev) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::AttackerRetreats);
    assert_eq!(
        retreat_of(&g),
        Some((C, 1, RetreatCause::CloseCombatAttacker))
    );
    assert_eq!(testing::shared_left(&g), 0, "eight shared dice");
    for side in [C, U] {
        let text = all(&ev, Viewer::Seat(side));
        assert!(
            text.contains("odds 1-2 or less, die 1 (5 to 6): D"),
            "{side}: {text}"
        );
    }
    let public = all(&ev, Viewer::Spectator);
    assert!(public.contains("The attackers retreat."), "{public}");
    assert!(!public.contains("odds"), "{public}");
    // The retreat goes away from the defender.
    let offered = g.legal_actions(C);
    let map = bloody_roads_south::data::map();
    for a in offered {
        let Action::Retreat { to } = a else { panic!() };
        assert_eq!(map.distance(to, hex("A18.10")), Some(2));
    }
}

#[test]
fn s23_defender_retreats_two_hexes_on_an_a_result_and_checks_again() {
    let mut g = fight("2/1/5");
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 6, 1]);
    testing::script_dice(&mut g, C, &[1, 1, 2]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 2, 1]);
    let mut d = dice();
    let (end, _) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::DefenderRetreats);
    assert_eq!(
        retreat_of(&g),
        Some((U, 2, RetreatCause::CloseCombatDefender))
    );
    for _ in 0..2 {
        let a = g.legal_actions(U)[0].clone();
        testing::play(&mut g, U, a, &mut d);
    }
    assert!(g.decisions().is_empty());
    assert_eq!(
        testing::scripted_left(&g, U),
        0,
        "the second check was rolled"
    );
    let map = bloody_roads_south::data::map();
    let at = testing::unit(&g, U, "2/1/5").hex().unwrap();
    assert_eq!(map.distance(at, hex("A17.10")), Some(3));
}

#[test]
fn s23_half_a_is_decided_by_a_second_die() {
    // 1/2/5 (AB: 5) against Stwl/J/2 (5): 1-1; die 5: ½A; second die 4: A.
    let mut g = fight("1/2/5");
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 5, 4]);
    testing::script_dice(&mut g, C, &[1, 1, 2]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let mut d = dice();
    let (end, ev) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::DefenderRetreats);
    assert!(all(&ev, Viewer::Seat(U)).contains("odds 1-1, die 5 (5 to 5): ½A, second die 4: A"));
}

#[test]
fn s23_a_routed_defender_routs_without_a_roll() {
    let mut g = fight("2/1/5");
    testing::morale(&mut g, U, "2/1/5", MoraleState::Routed);
    // The defender cannot fire (so no attacker check); the attacker's fire: column 7–8 +2
    // (Routed) = 12–14, roll 2: 1 casualty; straggler check 1 + 2 (Routed) = 3: 1.
    testing::script_shared(&mut g, &[6, 6, 6, 1, 1, 1, 6, 6]);
    testing::script_dice(&mut g, U, &[1]);
    let mut d = dice();
    let (end, _) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::DefenderRetreats);
    let u = testing::unit(&g, U, "2/1/5");
    assert_eq!(u.casualties(), 1);
    assert_eq!(u.stragglers(), 1 + 3, "the rout straggles 3");
    assert_eq!(
        retreat_of(&g),
        Some((U, 2, RetreatCause::CloseCombatDefender))
    );
    assert_eq!(testing::scripted_left(&g, C), 0, "no attacker morale check");
}

#[test]
fn s23_an_attacker_morale_retreat_ends_the_combat() {
    let mut g = fight("2/1/5");
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 6, 6]);
    // A row 2 − 6 = 8: d66 66 = R back 2, straggle 3.
    testing::script_dice(&mut g, C, &[1, 6, 6]);
    testing::script_dice(&mut g, U, &[1]);
    let mut d = dice();
    let (end, _) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::AttackerRetreats);
    assert_eq!(
        retreat_of(&g),
        Some((C, 2, RetreatCause::CloseCombatAttacker))
    );
    assert_eq!(
        testing::unit(&g, C, "Stwl/J/2").morale(),
        MoraleState::Routed
    );
    assert_eq!(testing::scripted_left(&g, U), 0, "no defender check");
}

#[test]
fn s23_defender_fire_is_three_columns_left_when_attacked_through_its_flank() {
    let mut g = fight("2/1/5");
    testing::face(&mut g, U, "2/1/5", away("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[3, 3, 1, 3, 3, 1, 1, 1]);
    testing::script_dice(&mut g, C, &[1, 1, 2, 1, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 1]);
    let mut d = dice();
    let (_, ev) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    let union = all(&ev, Viewer::Seat(U));
    assert!(
        union.contains("-3 defender attacked through its flank: column 2"),
        "{union}"
    );
    let conf = all(&ev, Viewer::Seat(C));
    assert!(
        conf.contains("+2 target in column, limbered, flank, DG or Routed: column 12–14"),
        "{conf}"
    );
}
