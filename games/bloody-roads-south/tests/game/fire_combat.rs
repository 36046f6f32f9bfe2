//! The Fire Combat Phase played through actions (S20; reference 2.7; BRS 1.2e, 2.4).

use adjutant_engine::{Rules, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::UnitId;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::decision::Question;
use bloody_roads_south::model::unit::{Formation, LeaderFate, Location};
use bloody_roads_south::testing;

use crate::fire_setup::*;

fn target(h: &str) -> Action {
    Action::Target { hex: hex(h) }
}

/// The `Fire` of these units (one action, reference 5.2).
pub fn fire_with(ids: &[&str]) -> Action {
    Action::Fire {
        firers: ids.iter().map(|id| UnitId::new(id)).collect(),
    }
}

/// The units the offered `Fire` names (every unit that may fire), by id.
pub fn offered_firers(g: &bloody_roads_south::BloodyRoadsSouth) -> Vec<String> {
    g.legal_actions(C)
        .into_iter()
        .find_map(|a| match a {
            Action::Fire { firers } => Some(firers.iter().map(|u| u.to_string()).collect()),
            _ => None,
        })
        .unwrap_or_default()
}

/// Stwl/J/2 (A-rated, AB) in A17.10 and 2/1/5 (C-rated, AA) in A18.10, face to face.
fn duel() -> bloody_roads_south::BloodyRoadsSouth {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    g
}

/// The Confederates fire Stwl/J/2 at A18.10.
fn fire(g: &mut bloody_roads_south::BloodyRoadsSouth) -> Vec<bloody_roads_south::Event> {
    fire_at(g, "A18.10")
}

/// The Confederates fire Stwl/J/2 at `at`.
fn fire_at(
    g: &mut bloody_roads_south::BloodyRoadsSouth,
    at: &str,
) -> Vec<bloody_roads_south::Event> {
    let mut d = dice();
    let mut ev = testing::play(g, C, target(at), &mut d);
    ev.extend(testing::play(g, C, fire_with(&["Stwl/J/2"]), &mut d));
    ev
}

#[test]
fn s20_fire_resolves_column_roll_and_casualties() {
    let mut g = duel();
    // 4 points: column 3–4; roll 5+4 = 9 reads 1: one casualty step.
    testing::script_shared(&mut g, &[5, 4, 1]);
    testing::script_dice(&mut g, U, &[3, 1, 1]);
    let ev = fire(&mut g);
    let text = all(&ev, Viewer::Seat(C));
    assert!(text.contains("4 fire points, column 3–4"), "{text}");
    assert!(text.contains("Result: 1."), "{text}");
    assert_eq!(testing::unit(&g, U, "2/1/5").casualties(), 1);
    assert_eq!(testing::shared_left(&g), 0);
    assert_eq!(
        testing::scripted_left(&g, U),
        0,
        "a straggler die and a morale d66"
    );
}

#[test]
fn rule_1_2e_accidental_flank_fire_example_3_4_roll_10_reads_7_8() {
    // The book's example: column 3–4, natural 10 against a Shaken unit in the Wilderness:
    // two columns right, 7–8, the same roll: 2.
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A15.05", toward("A15.05", "A16.05"));
    put(&mut g, U, "2/1/5", "A16.05", toward("A16.05", "A15.05"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Shaken);
    testing::script_shared(&mut g, &[4, 6, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let ev = fire_at(&mut g, "A16.05");
    let text = all(&ev, Viewer::Seat(C));
    assert!(text.contains("column 3–4"), "{text}");
    assert!(
        text.contains("natural 10: accidental flank fire (1.2e), column 7–8"),
        "{text}"
    );
    assert!(text.contains("Result: 2."), "{text}");
    assert_eq!(testing::unit(&g, U, "2/1/5").casualties(), 2);
    // The straggler check has the flank +1: 1 + 1 = 2 on the 1½+ table, C: 1 step.
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 1);
    let own = all(&ev, Viewer::Seat(U));
    assert!(own.contains("roll 1 +1 = 2"), "{own}");
    assert!(
        own.contains("column, limbered or flank"),
        "the morale check has the flank −6: {own}"
    );
}

#[test]
fn rule_1_2e_not_on_other_rolls_nor_in_a_hex_with_a_road_nor_against_normal_units() {
    for (morale, at, roll) in [
        (MoraleState::Shaken, "A16.05", (5, 6)),
        (MoraleState::Normal, "A16.05", (4, 6)),
        (MoraleState::Shaken, "A14.10", (4, 6)),
    ] {
        let mut g = game();
        let from = if at == "A14.10" { "A14.09" } else { "A15.05" };
        put(&mut g, C, "Stwl/J/2", from, toward(from, at));
        put(&mut g, U, "2/1/5", at, toward(at, from));
        testing::morale(&mut g, U, "2/1/5", morale);
        testing::script_shared(&mut g, &[roll.0, roll.1, 1]);
        testing::script_dice(&mut g, U, &[1, 1, 1, 1, 1]);
        let text = all(&fire_at(&mut g, at), Viewer::Seat(C));
        assert!(!text.contains("1.2e"), "{morale:?} {at} {roll:?}: {text}");
    }
}

#[test]
fn s20_column_shifts_night_low_ammo_and_target_in_column() {
    let mut g = duel();
    testing::set_turn(&mut g, "5 May 9:00pm");
    testing::low_ammo(&mut g, C, "Stwl/J/2", true);
    testing::form(&mut g, U, "2/1/5", Formation::Column);
    testing::script_shared(&mut g, &[3, 3, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 1]);
    let text = all(&fire(&mut g), Viewer::Seat(C));
    assert!(
        text.contains(
            "-2 night, -1 Low Ammo, +2 target in column, limbered, flank, DG or Routed: column 2"
        ),
        "{text}"
    );
}

#[test]
fn s20_flank_fire_shifts_two_columns_right() {
    let mut g = duel();
    testing::face(&mut g, U, "2/1/5", away("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[3, 3, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 1]);
    let text = all(&fire(&mut g), Viewer::Seat(C));
    assert!(
        text.contains("+2 target in column, limbered, flank, DG or Routed: column 7–8"),
        "{text}"
    );
}

#[test]
fn s20_natural_11_makes_small_arms_firers_low_ammo() {
    let mut g = duel();
    testing::script_shared(&mut g, &[5, 6, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 1]);
    fire(&mut g);
    assert!(testing::unit(&g, C, "Stwl/J/2").low_ammo());
    let mut g = duel();
    testing::script_shared(&mut g, &[4, 6, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 1]);
    fire(&mut g);
    assert!(!testing::unit(&g, C, "Stwl/J/2").low_ammo());
}

#[test]
fn s20_a_half_result_is_rounded_with_a_die_and_still_checks() {
    for (die, steps) in [(3, 0), (4, 1)] {
        let mut g = duel();
        // Column 3–4, roll 4: ½.
        testing::script_shared(&mut g, &[2, 2, die]);
        testing::script_dice(&mut g, U, &[1, 1, 1]);
        let ev = fire(&mut g);
        assert_eq!(testing::unit(&g, U, "2/1/5").casualties(), steps);
        let own = all(&ev, Viewer::Seat(U));
        assert!(own.contains("Straggler check"), "{own}");
        assert!(own.contains("Morale check"), "{own}");
    }
}

#[test]
fn s21_straggler_check_on_the_half_to_one_table() {
    // Result ½ (column 3–4, roll 4); C-rated target; die 6 on the ½–1 table: 1 step.
    let mut g = duel();
    testing::script_shared(&mut g, &[2, 2, 1]);
    testing::script_dice(&mut g, U, &[6, 1, 1]);
    fire(&mut g);
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 1);
    // Die 2: none.
    let mut g = duel();
    testing::script_shared(&mut g, &[2, 2, 1]);
    testing::script_dice(&mut g, U, &[2, 1, 1]);
    fire(&mut g);
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 0);
}

#[test]
fn s21_straggler_check_on_the_one_and_half_table_with_night_modifier() {
    // Column 3–4 roll 10: 1½ (before rounding) reads the 1½+ table; at night +2.
    let mut g = duel();
    testing::set_turn(&mut g, "5 May 9:00pm");
    // Night: −2 columns, 3–4 → 1; roll 12 on column 1 reads 1: the ½–1 table.
    testing::script_shared(&mut g, &[6, 6, 1]);
    testing::script_dice(&mut g, U, &[2, 1, 1]);
    fire(&mut g);
    // C column, die 2 + 2 (night) = 4: 1 step.
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 1);
    let mut g = duel();
    testing::script_shared(&mut g, &[5, 5, 1]);
    testing::script_dice(&mut g, U, &[4, 1, 1]);
    fire(&mut g);
    // 1½: C column of the 1½+ table, die 4: 2 steps.
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 2);
}

#[test]
fn s25_2_leader_loss_is_rolled_only_when_a_casualty_is_taken() {
    let mut g = duel();
    put(&mut g, U, "Griffin", "A18.10", toward("A18.10", "A17.10"));
    testing::place(&mut g, U, "2/1/5", "A18.10");
    // Result 1: a casualty; Griffin rolls 1+1 = 2: killed.
    testing::script_shared(&mut g, &[5, 4, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 3, 1, 1]);
    let ev = fire(&mut g);
    let griffin = testing::unit(&g, U, "Griffin");
    assert_eq!(griffin.fate(), LeaderFate::Killed);
    assert_eq!(griffin.location(), Location::Gone);
    assert!(
        all(&ev, Viewer::Seat(C)).contains("Charles Griffin is killed")
            || all(&ev, Viewer::Seat(C)).contains("is killed")
    );
    assert!(!all(&ev, Viewer::Seat(C)).contains("Leader loss roll"));
    assert!(all(&ev, Viewer::Seat(U)).contains("Leader loss roll"));
    // Result ½ rounded down: no leader loss roll at all.
    let mut g = duel();
    put(&mut g, U, "Griffin", "A18.10", toward("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[2, 2, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let ev = fire(&mut g);
    assert!(!all(&ev, Viewer::Seat(U)).contains("Leader loss roll"));
    assert_eq!(testing::unit(&g, U, "Griffin").fate(), LeaderFate::Active);
}

#[test]
fn s20_3_each_unit_fires_once_and_a_hex_is_a_target_once_for_its_top_unit() {
    let mut g = duel();
    put(&mut g, C, "J/J/2", "A16.10", toward("A16.10", "A17.11"));
    put(&mut g, U, "3/1/5", "A17.11", toward("A17.11", "A17.10"));
    testing::script_shared(&mut g, &[1, 1, 1]);
    testing::script_dice(&mut g, U, &[2, 1]);
    fire(&mut g);
    let offered = g.legal_actions(C);
    assert!(!offered.contains(&target("A18.10")), "{offered:?}");
    // Stwl/J/2 has fired: it may not join a fire at another hex either.
    let mut d = dice();
    testing::play(&mut g, C, target("A17.11"), &mut d);
    assert!(!offered_firers(&g).contains(&"Stwl/J/2".to_string()));
}

#[test]
fn s20_3_artillery_may_aim_at_artillery_beneath_the_top_unit() {
    let mut g = duel();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    testing::place(&mut g, U, "2/1/5", "A18.10");
    put(&mut g, C, "2b-1", "A17.10", toward("A17.10", "A18.10"));
    testing::place(&mut g, C, "Stwl/J/2", "A17.10");
    let mut d = dice();
    testing::play(&mut g, C, target("A18.10"), &mut d);
    assert!(g.legal_actions(C).contains(&Action::TargetArtillery));
    testing::play(&mut g, C, Action::TargetArtillery, &mut d);
    let offered = offered_firers(&g);
    assert!(offered.contains(&"2b-1".to_string()));
    assert!(
        !offered.contains(&"Stwl/J/2".to_string()),
        "only artillery aims at artillery"
    );
}

#[test]
fn s19_no_fire_out_of_the_frontal_arc_or_beyond_range() {
    let mut g = duel();
    testing::face(&mut g, C, "Stwl/J/2", away("A17.10", "A18.10"));
    assert!(!g.legal_actions(C).contains(&target("A18.10")));
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A15.10", toward("A15.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A15.10"));
    assert!(
        !g.legal_actions(C).contains(&target("A18.10")),
        "3 hexes is beyond small arms"
    );
    // Low Ammo: no fire at range 2.
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.09", toward("A17.09", "A17.11"));
    put(&mut g, U, "2/1/5", "A17.11", toward("A17.11", "A17.09"));
    assert!(g.legal_actions(C).contains(&target("A17.11")));
    testing::low_ammo(&mut g, C, "Stwl/J/2", true);
    assert!(!g.legal_actions(C).contains(&target("A17.11")));
}

#[test]
fn s10_3_small_arms_fire_marks_the_target_fired_on_by_infantry() {
    let mut g = duel();
    testing::script_shared(&mut g, &[1, 1, 1]);
    fire(&mut g);
    assert!(testing::unit(&g, U, "2/1/5").marks().fired_on_by_infantry);
    let mut g = game();
    put(&mut g, C, "2b-1", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::script_shared(&mut g, &[1, 1, 1]);
    let mut d = dice();
    testing::play(&mut g, C, target("A18.10"), &mut d);
    testing::play(&mut g, C, fire_with(&["2b-1"]), &mut d);
    assert!(!testing::unit(&g, U, "2/1/5").marks().fired_on_by_infantry);
}

#[test]
fn brs_2_4_breastworks_take_one_from_the_roll_unless_flank_fire() {
    let mut g = duel();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    testing::place(&mut g, U, "2/1/5", "A18.10");
    testing::script_shared(&mut g, &[4, 4, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let text = all(&fire(&mut g), Viewer::Seat(C));
    assert!(text.contains("−1 for breastworks (2.4) = 7"), "{text}");
    assert!(text.contains("Result: 1."), "column 3–4, roll 7: 1: {text}");
}

#[test]
fn s20_casualties_overflow_down_the_stack_and_spent_units_are_eliminated() {
    let mut g = duel();
    put(&mut g, U, "1/2/5", "A18.10", toward("A18.10", "A17.10"));
    // 1/2/5 on top, with 1 box left; 2/1/5 beneath.
    testing::losses(&mut g, U, "1/2/5", 14, 0);
    testing::script_shared(&mut g, &[6, 6, 1]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let ev = fire(&mut g);
    // Column 3–4 roll 12: 2 steps: one eliminates 1/2/5, the other falls on 2/1/5.
    assert_eq!(testing::unit(&g, U, "1/2/5").location(), Location::Gone);
    assert_eq!(testing::unit(&g, U, "2/1/5").casualties(), 1);
    assert!(all(&ev, Viewer::Spectator).contains("is eliminated"));
}

#[test]
fn s26_2_artillery_targets_lose_gun_points() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    let gp = testing::unit(&g, U, "Db-1").gun_points();
    testing::script_shared(&mut g, &[5, 4, 1]);
    testing::script_dice(&mut g, U, &[1, 1]);
    fire(&mut g);
    assert_eq!(testing::unit(&g, U, "Db-1").gun_points(), gp - 1);
}

#[test]
fn s24_2_a_retreat_result_asks_the_target_owner_for_each_hex() {
    let mut g = duel();
    // C row 6, no shifts; d66 66: R back 2 straggle 3.
    testing::script_shared(&mut g, &[1, 1, 1]);
    testing::script_dice(&mut g, U, &[6, 6]);
    fire(&mut g);
    assert_eq!(testing::unit(&g, U, "2/1/5").morale(), MoraleState::Routed);
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 3);
    let q = g.decisions().first().expect("a retreat question");
    assert_eq!(q.side(), U);
    assert!(matches!(
        q.question(),
        Question::Retreat { hexes_left: 2, .. }
    ));
    assert!(g.legal_actions(C).is_empty());
    assert!(
        g.legal_actions(U)
            .iter()
            .all(|a| matches!(a, Action::Retreat { .. }))
    );
}
