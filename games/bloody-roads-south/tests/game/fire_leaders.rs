//! Leaders lost and replaced (S25.2, S25.4; reference 2.11).

use adjutant_engine::{Rules, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::FormationId;
use bloody_roads_south::model::decision::Question;
use bloody_roads_south::model::unit::{LeaderFate, Location};
use bloody_roads_south::testing;

use crate::fire_setup::*;

#[test]
fn s25_4_a_lost_division_leader_is_replaced_by_a_generic_leader() {
    let mut g = game();
    let f = toward("A18.10", "A17.10");
    put(&mut g, U, "Griffin", "A18.10", f);
    put(&mut g, U, "2/1/5", "A18.10", f);
    put(&mut g, U, "3/1/5", "A19.11", f);
    let griffin = testing::key(&g, U, "Griffin");
    let mut d = dice();
    let (_, ev) = testing::with_fx(&mut g, &mut d, |g, fx| g.lose_leader(griffin, true, fx));
    assert!(all(&ev, Viewer::Seat(C)).contains("replacement leader"));
    let division = FormationId::new("1/5");
    let r = g.commander_of(U, &division).expect("a replacement");
    assert_ne!(r, griffin);
    assert_eq!(g.unit(r).location(), Location::Waiting);
    assert_eq!(g.leader_data(r).map(|l| l.rating), Some(1));
    // He appears at the start of the next Union Command Phase with any unit of 1/5.
    testing::replacements_appear(&mut g, U, &mut d);
    assert!(matches!(
        g.decisions()[0].question(),
        Question::PlaceLeader { .. }
    ));
    let offered = g.legal_actions(U);
    let hexes: Vec<_> = offered
        .iter()
        .filter_map(|a| match a {
            Action::PlaceLeader { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect();
    assert_eq!(hexes, vec![hex("A18.10"), hex("A19.11")]);
    testing::play(&mut g, U, offered[1].clone(), &mut d);
    assert_eq!(g.unit(r).hex(), Some(hex("A19.11")));
    assert!(g.decisions().is_empty());
}

#[test]
fn s25_4_a_lost_corps_commander_is_replaced_by_the_first_successor_on_the_map() {
    let mut g = game();
    let f = toward("A18.10", "A17.10");
    put(&mut g, U, "Warren", "A20.10", f);
    // Succession: Wadsworth, Crawford, Robinson, Griffin; only Robinson and Griffin are here.
    put(&mut g, U, "Robinson", "A20.12", f);
    put(&mut g, U, "Griffin", "A20.14", f);
    put(&mut g, U, "1/2/5", "A20.12", f);
    let warren = testing::key(&g, U, "Warren");
    let mut d = dice();
    testing::with_fx(&mut g, &mut d, |g, fx| g.lose_leader(warren, false, fx));
    assert_eq!(testing::unit(&g, U, "Warren").fate(), LeaderFate::Wounded);
    let robinson = testing::key(&g, U, "Robinson");
    assert_eq!(g.leader_command(robinson), Some(FormationId::new("5")));
    assert_eq!(g.commander_of(U, &FormationId::new("5")), Some(robinson));
    let r = g
        .commander_of(U, &FormationId::new("2/5"))
        .expect("2/5 gets a replacement");
    assert_ne!(r, robinson);
}

#[test]
fn s25_4_a_leader_alone_where_the_enemy_enters_escapes_to_his_command() {
    let mut g = game();
    let f = toward("A18.10", "A17.10");
    put(&mut g, U, "Griffin", "A18.11", f);
    put(&mut g, U, "1/2/5", "A18.12", f);
    put(&mut g, U, "2/1/5", "A20.11", f);
    put(&mut g, C, "Stwl/J/2", "A18.11", f);
    let mut d = dice();
    testing::with_fx(&mut g, &mut d, |g, fx| {
        g.displace_lone_leaders(hex("A18.11"), fx)
    });
    assert_eq!(
        testing::unit(&g, U, "Griffin").hex(),
        Some(hex("A20.11")),
        "to his own division's stack, though another is nearer"
    );
}
