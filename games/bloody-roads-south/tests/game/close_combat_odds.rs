//! Close-combat strength points, odds and modifiers (S23.0 step F; reference 2.9 step 5).

use bloody_roads_south::testing;

use crate::fire_setup::*;

#[test]
fn s23_odds_are_rounded_down_in_the_defenders_favour() {
    let odds = &bloody_roads_south::data::charts().close_combat.odds;
    assert_eq!(odds.column(7, 4), 1, "7 to 4 is 1-1");
    assert_eq!(odds.column(3, 4), 0, "below 1-1: 1-2 or less");
    assert_eq!(odds.column(8, 4), 2);
    assert_eq!(odds.column(11, 4), 2);
    assert_eq!(odds.column(12, 4), 3);
    assert_eq!(odds.column(30, 4), 4, "4-1 or more");
}

#[test]
fn s23_strength_points_by_fire_level() {
    let mut g = game();
    put(&mut g, U, "1/1/5", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "Db-1", "A18.11", toward("A18.10", "A17.10"));
    let k = testing::key(&g, U, "1/1/5");
    // AAA4 AAB5 AA5 AB5 A5 B3 C3.
    for (losses, points) in [(0, 6), (9, 6), (14, 5), (19, 4), (24, 2), (27, 1), (30, 0)] {
        testing::losses(&mut g, U, "1/1/5", losses, 0);
        assert_eq!(g.strength_points(k), points, "{losses} boxes");
    }
    assert_eq!(
        g.strength_points(testing::key(&g, U, "Db-1")),
        1,
        "artillery: 1"
    );
}

#[test]
fn s23_odds_die_modifiers_for_wrecked_brigades() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "1/1/5", "A30.10", toward("A18.10", "A17.10"));
    let a = vec![testing::key(&g, C, "Stwl/J/2")];
    let d = vec![testing::key(&g, U, "2/1/5")];
    assert_eq!(g.odds_and_drm(&a, &d, false).1, 0);
    testing::losses(&mut g, U, "2/1/5", 8, 0);
    assert_eq!(g.odds_and_drm(&a, &d, false).1, 1, "wrecked defender");
    testing::losses(&mut g, U, "1/1/5", 12, 0);
    assert_eq!(g.odds_and_drm(&a, &d, false).1, 2, "of a wrecked division");
    assert_eq!(
        g.odds_and_drm(&a, &d, true).1,
        0,
        "the attacker became wrecked: −2"
    );
}
