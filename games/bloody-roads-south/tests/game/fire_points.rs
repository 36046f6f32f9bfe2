//! Fire points (S20.0 step 1, S12.0, S26.3; reference 2.7 step 1; BRS 1.2i).

use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::testing;

use crate::fire_setup::*;

/// Fire points of Confederate firers at `target`, in eighths.
fn eighths(
    g: &bloody_roads_south::BloodyRoadsSouth,
    ids: &[&str],
    target: &str,
    guns: bool,
    cc: bool,
) -> u32 {
    let keys: Vec<_> = ids.iter().map(|id| testing::key(g, C, id)).collect();
    g.fire_points(&keys, hex(target), guns, cc).eighths
}

#[test]
fn s20_fire_points_by_level_and_range() {
    let mut g = game();
    // Stwl/J/2: AB2 A5 B3 C3 (13 steps). Only 1 A fires out of a hex (S12.0).
    put(&mut g, C, "Stwl/J/2", "A17.09", toward("A17.09", "A17.11"));
    put(&mut g, U, "2/1/5", "A17.11", toward("A17.11", "A17.09"));
    assert_eq!(
        eighths(&g, &["Stwl/J/2"], "A17.11", false, false),
        2 * 8,
        "A at range 2 = 2"
    );
    assert_eq!(
        eighths(&g, &["Stwl/J/2"], "A17.11", false, true),
        8 * 8,
        "A in close combat = 8"
    );
    put(&mut g, U, "2/1/5", "A17.10", toward("A17.10", "A17.09"));
    assert_eq!(
        eighths(&g, &["Stwl/J/2"], "A17.10", false, false),
        4 * 8,
        "A at range 1 = 4"
    );
    // Down to B (7 boxes filled): B 4/2/1.
    testing::losses(&mut g, C, "Stwl/J/2", 5, 2);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A17.10", false, false), 2 * 8);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A17.11", false, false), 8);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A17.11", false, true), 4 * 8);
    // Down to C (10 boxes): C 2/1/½ — a ½ total is the "<1" column.
    testing::losses(&mut g, C, "Stwl/J/2", 10, 0);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A17.10", false, false), 8);
    let keys = [testing::key(&g, C, "Stwl/J/2")];
    let p = g.fire_points(&keys, hex("A17.11"), false, false);
    assert_eq!(p.eighths, 4);
    assert_eq!(p.halves_for_table().map(|h| h.0), Some(1), "½ reads <1");
}

#[test]
fn s12_only_one_a_and_five_gun_points_fire_out_of_a_hex_top_down() {
    let mut g = game();
    let f = toward("A17.10", "A18.10");
    put(&mut g, C, "J/J/2", "A17.10", f);
    put(&mut g, C, "Stwl/J/2", "A17.10", f);
    put(&mut g, C, "2b-1", "A17.10", f);
    put(&mut g, C, "2b-2", "A17.10", f);
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    // Two brigades of AB: still 1 A = 4 points at range 1; two 5-GP batteries: 5 GP = 5.
    assert_eq!(
        eighths(&g, &["Stwl/J/2", "J/J/2"], "A18.10", false, false),
        4 * 8
    );
    assert_eq!(
        eighths(&g, &["2b-1", "2b-2"], "A18.10", false, false),
        5 * 8
    );
    // Two B brigades make the A together (2 + 2 C units).
    testing::losses(&mut g, C, "Stwl/J/2", 7, 0);
    testing::losses(&mut g, C, "J/J/2", 9, 0);
    assert_eq!(
        eighths(&g, &["Stwl/J/2", "J/J/2"], "A18.10", false, false),
        4 * 8
    );
}

#[test]
fn s26_3_artillery_points_by_range_halved_at_four_hexes_but_not_at_artillery() {
    let mut g = game();
    put(&mut g, C, "2b-1", "A15.10", toward("A15.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A15.10"));
    // 5 GP at 3 hexes: 3 points.
    assert_eq!(eighths(&g, &["2b-1"], "A18.10", false, false), 3 * 8);
    // At 5 hexes: 1 point, halved against infantry (26.3a), whole against artillery.
    testing::place(&mut g, C, "2b-1", "A13.10");
    assert_eq!(eighths(&g, &["2b-1"], "A18.10", false, false), 4);
    assert_eq!(eighths(&g, &["2b-1"], "A18.10", true, false), 8);
}

#[test]
fn s26_3_gun_points_are_totalled_per_range_bracket() {
    let mut g = game();
    // Two 1-GP units at 7 hexes: 0 each, but 2 GP together read ½ (halved: ¼ at infantry).
    put(&mut g, C, "2b-1", "A11.10", toward("A11.10", "A18.10"));
    put(&mut g, C, "2b-2", "A11.11", toward("A11.11", "A18.10"));
    testing::gun_points(&mut g, C, "2b-1", 1);
    testing::gun_points(&mut g, C, "2b-2", 1);
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A11.10"));
    assert_eq!(eighths(&g, &["2b-1"], "A18.10", true, false), 0);
    assert_eq!(eighths(&g, &["2b-1", "2b-2"], "A18.10", true, false), 4);
    assert_eq!(eighths(&g, &["2b-1", "2b-2"], "A18.10", false, false), 2);
}

#[test]
fn s20_dg_firers_count_half_and_rule_1_2i_shaken_half_dg_quarter_in_the_wilderness() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A15.05", toward("A15.05", "A16.05"));
    put(&mut g, U, "2/1/5", "A16.05", toward("A16.05", "A15.05"));
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Disorganized);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A16.05", false, false), 2 * 8);
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Shaken);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A16.05", false, false), 4 * 8);
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Routed);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A16.05", false, false), 0);

    let mut g = game_with(&["wilderness-fire-penalty"]);
    put(&mut g, C, "Stwl/J/2", "A15.05", toward("A15.05", "A16.05"));
    put(&mut g, U, "2/1/5", "A16.05", toward("A16.05", "A15.05"));
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Shaken);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A16.05", false, false), 2 * 8);
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Disorganized);
    assert_eq!(eighths(&g, &["Stwl/J/2"], "A16.05", false, false), 8);
}

#[test]
fn s11_columns_limbered_artillery_and_routed_units_cannot_fire() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, C, "2b-1", "A17.09", toward("A17.09", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let s = testing::key(&g, C, "Stwl/J/2");
    let b = testing::key(&g, C, "2b-1");
    assert!(g.may_fire_at(s, hex("A18.10")));
    assert!(g.may_fire_at(b, hex("A18.10")));
    testing::form(&mut g, C, "Stwl/J/2", Formation::Column);
    testing::form(&mut g, C, "2b-1", Formation::Limbered);
    assert!(!g.may_fire_at(s, hex("A18.10")));
    assert!(!g.may_fire_at(b, hex("A18.10")));
    testing::form(&mut g, C, "Stwl/J/2", Formation::Line);
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Routed);
    assert!(!g.may_fire_at(s, hex("A18.10")));
}
