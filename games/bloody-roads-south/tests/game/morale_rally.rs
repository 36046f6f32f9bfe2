//! The Rally Phase (S24.5, S24.1b, S21.2; reference 2.10.6, 2.8.3; BRS 1.2b, 1.2f).

use adjutant_engine::Viewer;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::model::decision::{Question, RetreatCause};
use bloody_roads_south::model::unit::Location;
use bloody_roads_south::stragglers::StragglerTable;
use bloody_roads_south::testing;

use crate::fire_setup::*;

/// Griffin with the brigade in `at`, Warren and his HQ next to it: in command radius (S10.5).
fn in_command(g: &mut bloody_roads_south::BloodyRoadsSouth, at: &str) {
    let f = toward("A18.10", "A5.10");
    put(g, U, "Griffin", at, f);
    put(g, U, "Warren", "A19.11", f);
    put(g, U, "5 Corps HQ", "A19.11", f);
}

#[test]
fn s24_5_rally_phase_order() {
    let mut g = game();
    // The enemy: one brigade far in the west.
    put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
    let f = toward("A30.10", "A5.10");
    put(&mut g, U, "1/1/5", "A30.10", f);
    put(&mut g, U, "2/1/5", "A30.12", f);
    put(&mut g, U, "3/1/5", "A30.14", f);
    put(&mut g, U, "1/2/5", "A30.16", f);
    put(&mut g, U, "Robinson", "A30.16", f);
    put(&mut g, U, "2/2/5", "A30.18", f);
    put(&mut g, U, "3/2/5", "A9.10", toward("A9.10", "A5.10"));
    testing::morale(&mut g, U, "1/1/5", MoraleState::BloodLust);
    testing::morale(&mut g, U, "2/1/5", MoraleState::Shaken);
    testing::morale(&mut g, U, "3/1/5", MoraleState::Disorganized);
    testing::morale(&mut g, U, "1/2/5", MoraleState::Routed);
    testing::morale(&mut g, U, "2/2/5", MoraleState::Routed);
    testing::morale(&mut g, U, "3/2/5", MoraleState::Routed);
    // Routed stacks in hex order: A9.10 (5: stays, within 6: retreats), A30.16 (Robinson,
    // rating 2: 4 − 2 = 2 rallies), A30.18 (6: stays, 6 hexes or more away).
    testing::script_dice(&mut g, U, &[5, 4, 6]);
    let mut d = dice();
    let ev = testing::rally(&mut g, U, &mut d);
    assert_eq!(
        testing::unit(&g, U, "1/1/5").morale(),
        MoraleState::Normal,
        "(A) not adjacent"
    );
    assert_eq!(
        testing::unit(&g, U, "2/1/5").morale(),
        MoraleState::Normal,
        "(C)"
    );
    assert_eq!(
        testing::unit(&g, U, "3/1/5").morale(),
        MoraleState::Shaken,
        "(D) not Normal"
    );
    assert_eq!(
        testing::unit(&g, U, "1/2/5").morale(),
        MoraleState::Disorganized,
        "(E)"
    );
    assert_eq!(testing::unit(&g, U, "2/2/5").morale(), MoraleState::Routed);
    assert_eq!(testing::unit(&g, U, "3/2/5").morale(), MoraleState::Routed);
    assert_eq!(testing::scripted_left(&g, U), 0);
    let q = g.decisions().first().expect("the rout");
    let Question::Retreat {
        hexes_left, cause, ..
    } = q.question()
    else {
        panic!("{q:?}")
    };
    assert_eq!(*cause, RetreatCause::Rout);
    let map = bloody_roads_south::data::map();
    assert_eq!(
        u32::from(*hexes_left),
        6 - map.distance(hex("A9.10"), hex("A5.10")).unwrap()
    );
    assert!(
        read(&ev, Viewer::Seat(C)).is_empty(),
        "rally rolls are secret"
    );
}

#[test]
fn s24_5_blood_lust_next_to_the_enemy_is_checked() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::BloodLust);
    testing::script_dice(&mut g, U, &[5, 1]);
    let mut d = dice();
    testing::rally(&mut g, U, &mut d);
    assert_eq!(
        testing::unit(&g, U, "2/1/5").morale(),
        MoraleState::Normal,
        "51: BL removed"
    );
}

#[test]
fn s24_1b_a_routed_unit_that_cannot_get_away_is_eliminated_its_strength_casualties() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Routed);
    testing::losses(&mut g, U, "2/1/5", 2, 3);
    let units = g.stack_of(hex("A18.10"), U);
    for (h, id) in g
        .retreat_hexes(&units, hex("A17.10"), RetreatCause::Rout)
        .into_iter()
        .zip(["J/J/2", "Ste/J/2", "Sta/J/2", "B/R/2"])
    {
        testing::place(&mut g, C, id, &h.to_string());
    }
    testing::script_dice(&mut g, U, &[6]);
    let mut d = dice();
    testing::rally(&mut g, U, &mut d);
    let u = testing::unit(&g, U, "2/1/5");
    assert_eq!(u.location(), Location::Gone);
    assert_eq!(
        u.casualties(),
        19 - 3,
        "the rest becomes casualties; stragglers stay"
    );
    assert_eq!(u.stragglers(), 3);
}

#[test]
fn rule_1_2b_optional_union_units_without_a_leader_rally_on_1_2() {
    let mut g = game_with(&["union-rally-needs-leader"]);
    put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
    put(&mut g, U, "2/1/5", "A30.10", toward("A30.10", "A5.10"));
    put(&mut g, U, "3/1/5", "A30.12", toward("A30.10", "A5.10"));
    put(&mut g, U, "Griffin", "A30.12", toward("A30.10", "A5.10"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Shaken);
    testing::morale(&mut g, U, "3/1/5", MoraleState::Disorganized);
    testing::script_dice(&mut g, U, &[3]);
    let mut d = dice();
    testing::rally(&mut g, U, &mut d);
    assert_eq!(
        testing::unit(&g, U, "2/1/5").morale(),
        MoraleState::Shaken,
        "3: no rally"
    );
    assert_eq!(
        testing::unit(&g, U, "3/1/5").morale(),
        MoraleState::Shaken,
        "with a leader"
    );
    // The Confederates are never concerned.
    let mut g = game_with(&["union-rally-needs-leader"]);
    put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
    testing::morale(&mut g, C, "Stwl/J/2", MoraleState::Shaken);
    testing::rally(&mut g, C, &mut d);
    assert_eq!(
        testing::unit(&g, C, "Stwl/J/2").morale(),
        MoraleState::Normal
    );
}

#[test]
fn s21_2_recovery_markers_go_on_hour_turns_away_from_the_enemy_not_in_the_wilderness() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A5.10"));
    in_command(&mut g, "A18.10");
    put(&mut g, U, "3/1/5", "A15.05", toward("A15.05", "A5.10"));
    put(&mut g, U, "1/1/5", "A8.10", toward("A8.10", "A5.10"));
    put(&mut g, U, "1/2/5", "A18.11", toward("A18.11", "A5.10"));
    for id in ["2/1/5", "3/1/5", "1/1/5", "1/2/5"] {
        testing::losses(&mut g, U, id, 1, 2);
    }
    testing::morale(&mut g, U, "1/2/5", MoraleState::Shaken);
    let mut d = dice();
    testing::recovery_markers(&mut g, U, &mut d);
    assert!(testing::unit(&g, U, "2/1/5").marks().recovering);
    assert!(
        !testing::unit(&g, U, "3/1/5").marks().recovering,
        "1.2f: Wilderness"
    );
    assert!(
        !testing::unit(&g, U, "1/1/5").marks().recovering,
        "3 hexes from the enemy"
    );
    assert!(
        !testing::unit(&g, U, "1/2/5").marks().recovering,
        "not Normal"
    );
    // Not on a half-hour turn.
    testing::set_turn(&mut g, "5 May 1:30pm");
    testing::recovering(&mut g, U, "2/1/5", false);
    testing::recovery_markers(&mut g, U, &mut d);
    assert!(!testing::unit(&g, U, "2/1/5").marks().recovering);
}

#[test]
fn s21_2_recovery_rolls_come_first_in_the_rally_phase() {
    for (id, die, night, back) in [
        ("2/1/5", 4, false, 1),
        ("2/1/5", 3, false, 0),
        ("2/1/5", 2, true, 1),
        ("1/1/5", 6, false, 2),
    ] {
        let mut g = game();
        put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
        put(&mut g, U, id, "A18.10", toward("A18.10", "A5.10"));
        in_command(&mut g, "A18.10");
        testing::losses(&mut g, U, id, 1, 3);
        testing::recovering(&mut g, U, id, true);
        if night {
            testing::set_turn(&mut g, "5 May 9:00pm");
        }
        testing::script_dice(&mut g, U, &[die]);
        let mut d = dice();
        testing::rally(&mut g, U, &mut d);
        let u = testing::unit(&g, U, id);
        assert_eq!(u.stragglers(), 3 - back, "{id} die {die} night {night}");
        assert_eq!(u.casualties(), 1, "never casualties");
        assert!(!u.marks().recovering);
    }
}

#[test]
fn s21_1_straggler_check_modifiers() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A5.10"));
    let k = testing::key(&g, U, "2/1/5");
    assert_eq!(g.straggler_drm(k, false), 0);
    assert_eq!(g.straggler_drm(k, true), 1);
    testing::morale(&mut g, U, "2/1/5", MoraleState::Disorganized);
    assert_eq!(g.straggler_drm(k, true), 1, "DG and flank: one line");
    testing::morale(&mut g, U, "2/1/5", MoraleState::Routed);
    testing::set_turn(&mut g, "5 May 9:00pm");
    testing::losses(&mut g, U, "2/1/5", 8, 0);
    assert_eq!(
        g.straggler_drm(k, false),
        2,
        "Routed, wrecked and night: one line"
    );
    // A forced march check (S18) on the ½–1 table: C, die 5 + 2 = 7: 2 steps.
    testing::script_dice(&mut g, U, &[5]);
    let mut d = dice();
    let (steps, ev) = testing::with_fx(&mut g, &mut d, |g, fx| {
        g.straggler_check(k, StragglerTable::HalfToOne, false, fx)
    });
    assert_eq!(steps, 2);
    assert!(
        read(&ev, Viewer::Seat(C)).is_empty(),
        "straggler checks are secret"
    );
}
