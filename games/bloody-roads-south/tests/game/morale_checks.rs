//! Morale checks (S24.2, S24.2c, S24.4, S25.3a; reference 2.10.2-2.10.4; BRS 2.4).

use adjutant_engine::Viewer;
use bloody_roads_south::data::charts::morale::MoraleResult;
use bloody_roads_south::data::morale::{MoraleRating, MoraleState};
use bloody_roads_south::model::decision::{Question, RetreatCause};
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::morale::check::{CloseCombatRole, MoraleContext};
use bloody_roads_south::testing;

use crate::fire_setup::*;

fn ctx() -> MoraleContext {
    MoraleContext::after_fire(hex("A17.10"))
}

fn shifts(
    g: &bloody_roads_south::BloodyRoadsSouth,
    ctx: &MoraleContext,
) -> (MoraleRating, Vec<(i32, &'static str)>) {
    let units = g.stack_of(hex("A18.10"), U);
    g.morale_shifts(&units, ctx)
        .expect("a stack with a combat unit")
}

#[test]
fn s24_2_morale_row_shifts() {
    let mut g = game();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "Griffin", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let (rating, s) = shifts(&g, &ctx());
    assert_eq!(rating, MoraleRating::C);
    // Griffin rates 2: +1; unlimbered artillery in the stack: +1.
    assert_eq!(
        s,
        vec![
            (1, "stacked with unlimbered artillery"),
            (1, "leader in the hex")
        ]
    );
    testing::morale(&mut g, U, "2/1/5", MoraleState::Shaken);
    testing::low_ammo(&mut g, U, "2/1/5", true);
    testing::set_turn(&mut g, "5 May 9:00pm");
    let c = MoraleContext {
        rows_up: 2,
        flank: true,
        breastworks: false,
        close_combat: Some(CloseCombatRole::Defender),
        ..ctx()
    };
    let (_, s) = shifts(&g, &c);
    let total: i32 = s.iter().map(|x| x.0).sum();
    // +2 m-2, +1 artillery, +1 leader, −1 Low Ammo, −1 Shaken, −3 night, −4 defender, −6 flank.
    assert_eq!(total, 2 + 1 + 1 - 1 - 1 - 3 - 4 - 6, "{s:?}");
    testing::morale(&mut g, U, "2/1/5", MoraleState::Disorganized);
    let (_, s) = shifts(&g, &ctx());
    assert!(s.contains(&(-3, "DG")));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Routed);
    let (_, s) = shifts(&g, &ctx());
    assert!(s.contains(&(-6, "Routed")));
    let c = MoraleContext {
        close_combat: Some(CloseCombatRole::Attacker),
        breastworks: true,
        ..ctx()
    };
    let (_, s) = shifts(&g, &c);
    assert!(s.contains(&(-6, "close combat attacker")));
    assert!(s.contains(&(1, "breastworks (2.4)")));
}

#[test]
fn s24_2_column_limbered_and_artillery_on_top_rated_c() {
    let mut g = game();
    put(&mut g, U, "1/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::form(&mut g, U, "1/1/5", Formation::Column);
    let (rating, s) = shifts(&g, &ctx());
    assert_eq!(rating, MoraleRating::B);
    assert_eq!(s, vec![(-6, "column, limbered or flank")]);
    let mut g = game();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    let (rating, s) = shifts(&g, &ctx());
    assert_eq!(rating, MoraleRating::C, "artillery on top counts as C");
    assert!(
        s.is_empty(),
        "artillery alone gets no artillery bonus: {s:?}"
    );
}

#[test]
fn s24_2_wrecked_brigade_and_wrecked_division_shifts() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "1/1/5", "A19.10", toward("A19.10", "A17.10"));
    put(&mut g, U, "3/1/5", "A19.11", toward("A19.11", "A17.10"));
    // 2/1/5 wrecks after 8 boxes (casualties and stragglers both count in play).
    testing::losses(&mut g, U, "2/1/5", 5, 3);
    let (_, s) = shifts(&g, &ctx());
    assert_eq!(s, vec![(-4, "wrecked brigade")]);
    // A second wrecked brigade wrecks 1/5.
    testing::losses(&mut g, U, "1/1/5", 12, 0);
    let (_, s) = shifts(&g, &ctx());
    assert_eq!(s, vec![(-6, "wrecked brigade of a wrecked division")]);
}

#[test]
fn s24_2_rows_are_kept_on_the_table() {
    let table = &bloody_roads_south::data::charts().morale.table;
    assert_eq!(table.row_for(MoraleRating::A, 5), 1);
    assert_eq!(table.row_for(MoraleRating::E, -20), 15);
    assert_eq!(table.row_for(MoraleRating::C, -3), 9);
}

#[test]
fn s24_2_the_result_applies_to_the_whole_stack_with_stragglers_on_its_top_brigade() {
    let mut g = game();
    put(&mut g, U, "3/1/5", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    // C row 6, d66 64: DG back 2, straggle 1.
    testing::script_dice(&mut g, U, &[6, 4]);
    let units = g.stack_of(hex("A18.10"), U);
    let mut d = dice();
    let (out, ev) = testing::with_fx(&mut g, &mut d, |g, fx| g.morale_check(&units, &ctx(), fx));
    assert_eq!(out.result, Some(MoraleResult::DisorganizedBack2Straggle1));
    assert_eq!(out.retreat, 2);
    assert_eq!(
        testing::unit(&g, U, "2/1/5").morale(),
        MoraleState::Disorganized
    );
    assert_eq!(
        testing::unit(&g, U, "3/1/5").morale(),
        MoraleState::Disorganized
    );
    assert_eq!(testing::unit(&g, U, "2/1/5").stragglers(), 1);
    assert_eq!(testing::unit(&g, U, "3/1/5").stragglers(), 0);
    assert!(matches!(
        g.decisions()[0].question(),
        Question::Retreat {
            hexes_left: 2,
            cause: RetreatCause::Morale,
            ..
        }
    ));
    // Secret: the opponent and spectators read nothing of the check.
    assert!(read(&ev, Viewer::Seat(C)).is_empty());
    assert!(read(&ev, Viewer::Spectator).is_empty());
    assert!(all(&ev, Viewer::Seat(U)).contains("d66 64"));
}

#[test]
fn s24_4_additive_effects_of_a_second_check() {
    let mut g = game();
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::morale(&mut g, U, "2/1/5", MoraleState::Disorganized);
    // DG: row 6 − 3 = 9; d66 55: DG back 1 → DG + DG = Routed.
    testing::script_dice(&mut g, U, &[5, 5]);
    let units = g.stack_of(hex("A18.10"), U);
    let mut d = dice();
    testing::with_fx(&mut g, &mut d, |g, fx| g.morale_check(&units, &ctx(), fx));
    assert_eq!(testing::unit(&g, U, "2/1/5").morale(), MoraleState::Routed);
}

#[test]
fn s24_2c_blood_lust_units_roll_2d6_as_d66_without_modifiers() {
    for (dice_, after) in [
        ([4, 3], MoraleState::BloodLust),
        ([4, 4], MoraleState::Normal),
    ] {
        let mut g = game();
        put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
        testing::morale(&mut g, U, "2/1/5", MoraleState::BloodLust);
        testing::form(&mut g, U, "2/1/5", Formation::Column);
        testing::script_dice(&mut g, U, &dice_);
        let units = g.stack_of(hex("A18.10"), U);
        let mut d = dice();
        let (out, _) = testing::with_fx(&mut g, &mut d, |g, fx| g.morale_check(&units, &ctx(), fx));
        assert_eq!(out.retreat, 0);
        assert_eq!(testing::unit(&g, U, "2/1/5").morale(), after);
    }
}

#[test]
fn s24_2_star_retreats_are_ignored_with_unlimbered_artillery() {
    let mut g = game();
    put(&mut g, U, "Db-1", "A18.10", toward("A18.10", "A17.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    // Row 6 + 1 (artillery) = 5; d66 56: Sh back 1*.
    testing::script_dice(&mut g, U, &[5, 6]);
    let units = g.stack_of(hex("A18.10"), U);
    let mut d = dice();
    let (out, ev) = testing::with_fx(&mut g, &mut d, |g, fx| g.morale_check(&units, &ctx(), fx));
    assert_eq!(out.result, Some(MoraleResult::ShakenBack1));
    assert_eq!(out.retreat, 0);
    assert!(g.decisions().is_empty());
    assert_eq!(testing::unit(&g, U, "2/1/5").morale(), MoraleState::Shaken);
    assert!(all(&ev, Viewer::Seat(U)).contains("the retreat is ignored"));
    // The ** retreats are not: d66 65 on row 5 is DG back 2, straggle 1.
    testing::script_dice(&mut g, U, &[6, 5]);
    testing::morale(&mut g, U, "2/1/5", MoraleState::Normal);
    testing::morale(&mut g, U, "Db-1", MoraleState::Normal);
    let (out, _) = testing::with_fx(&mut g, &mut d, |g, fx| g.morale_check(&units, &ctx(), fx));
    assert_eq!(out.retreat, 2);
}

#[test]
fn s24_2_every_d66_roll_reads_exactly_one_result_on_every_row() {
    let table = &bloody_roads_south::data::charts().morale.table;
    for row in 1..=15u8 {
        for tens in 1..=6u8 {
            for units in 1..=6u8 {
                let d66 = tens * 10 + units;
                let hits = table
                    .rows
                    .iter()
                    .find(|r| r.row == row)
                    .unwrap()
                    .cells
                    .iter()
                    .filter(|c| c.0.is_some_and(|r| r.contains(d66)))
                    .count();
                assert_eq!(hits, 1, "row {row}, d66 {d66}");
                assert!(table.result(row, d66).is_some());
            }
        }
    }
}

#[test]
fn s24_2_results_by_row_for_each_rating() {
    let table = &bloody_roads_south::data::charts().morale.table;
    // The rating rows of the printed table, read at their edges.
    for (rating, worst_free, first_retreat) in [
        (MoraleRating::A, 62, 63),
        (MoraleRating::B, 55, 56),
        (MoraleRating::C, 53, 54),
        (MoraleRating::D, 44, 45),
        (MoraleRating::E, 36, 41),
    ] {
        let row = table.row_for(rating, 0);
        let r = table.result(row, worst_free).unwrap();
        assert_eq!(r.retreat(), 0, "{rating}: {worst_free}");
        let r = table.result(row, first_retreat).unwrap();
        assert_eq!(r, MoraleResult::ShakenBack1, "{rating}: {first_retreat}");
    }
}
