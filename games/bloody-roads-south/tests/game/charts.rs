//! Every series chart reads back exactly as printed in `series_tables.md` (copied from
//! cwbs-series-rules.md), and the lookups return the right cell.

use crate::printed::series_table_with_header;
use bloody_roads_south::data;
use bloody_roads_south::data::charts::cell::Halves;
use bloody_roads_south::data::charts::command::{AcceptanceResult, OrderMethod};
use bloody_roads_south::data::charts::fire::FireResult;
use bloody_roads_south::data::charts::morale::MoraleResult;
use bloody_roads_south::data::fire_level::FireLevel;
use bloody_roads_south::data::morale::{MoraleRating, MoraleState};
use bloody_roads_south::data::order::OrderType;

fn strings<T: ToString>(cells: &[T]) -> Vec<String> {
    cells.iter().map(ToString::to_string).collect()
}

#[test]
fn series_10_1b_command_points_read_back() {
    let c = &data::charts().command.command_points;
    let (header, rows) = series_table_with_header("command-points");
    assert_eq!(header[1..], c.columns[..]);
    assert_eq!(rows[0][1..], strings(&c.points)[..]);
    assert_eq!(
        (
            c.for_rating(4),
            c.for_rating(3),
            c.for_rating(1),
            c.for_rating(0)
        ),
        (Some(16), Some(16), Some(12), Some(8))
    );
}

#[test]
fn series_10_1f_acceptance_table_reads_back() {
    let a = &data::charts().command.acceptance;
    let (header, rows) = series_table_with_header("acceptance");
    assert_eq!(header[1..], a.columns[..]);
    assert_eq!(rows.len(), 11);
    for (printed, row) in rows.iter().zip(&a.rows) {
        assert_eq!(printed[0], row.roll.to_string());
        assert_eq!(printed[1..], strings(&row.cells)[..], "roll {}", row.roll);
    }
}

#[test]
fn series_10_1f_acceptance_lookup() {
    let a = &data::charts().command.acceptance;
    let costs = &data::charts().command.order_cost;
    // Grant (4) to Hancock (3), written, complex: 4 + 3 + 0 - 2 = 5, column "4 to 5"
    let v = a.value(4, 3, OrderMethod::AideWritten, OrderType::Complex);
    assert_eq!(v, 5);
    assert_eq!(a.columns[a.column(v, 0)], "4 to 5");
    assert_eq!(a.result(a.column(v, 0), 5), Some(AcceptanceResult::A));
    // BRS 3.1b: one column left for Grant directly to a corps commander
    assert_eq!(a.columns[a.column(v, 1)], "2 to 3");
    assert_eq!(a.result(a.column(v, 1), 5), Some(AcceptanceResult::D2));
    // off the table on both sides
    assert_eq!(a.column(-7, 0), 0);
    assert_eq!(a.column(-2, 3), 0);
    assert_eq!(a.column(12, 0), 6);
    assert_eq!(a.value(0, 2, OrderMethod::InPerson, OrderType::Simple), 4);
    assert_eq!(costs.cost(OrderMethod::AideWritten, OrderType::Complex), 8);
    assert_eq!(costs.cost(OrderMethod::InPerson, OrderType::Simple), 4);
    assert_eq!(costs.cost(OrderMethod::AideOral, OrderType::Complex), 6);
    let d = &data::charts().command.delay_reduction;
    assert_eq!(
        (d.d1_accepts_on.clone(), d.d2_accepts_on.clone()),
        (vec![1, 2], vec![1])
    );
}

#[test]
fn series_10_2_initiative_table_reads_back() {
    let i = &data::charts().command.initiative;
    let (header, rows) = series_table_with_header("initiative");
    assert_eq!(header[1..], i.columns[..]);
    let printed: Vec<String> = i
        .needed
        .iter()
        .map(|&n| {
            if n == 12 {
                "12".into()
            } else {
                format!("{n}+")
            }
        })
        .collect();
    assert_eq!(rows[0][1..], printed[..]);
    assert_eq!(
        (
            i.needed_for(4),
            i.needed_for(2),
            i.needed_for(1),
            i.needed_for(0)
        ),
        (9, 11, 11, 12)
    );
    assert_eq!((i.needed_for(-1), i.needed_for(6)), (12, 9));
    assert_eq!(i.loose_cannon_roll, 2);
}

#[test]
fn series_10_3_attack_stoppage_tables_read_back() {
    let s = &data::charts().command.attack_stoppage;
    let (header, rows) = series_table_with_header("attack-stoppage-1");
    assert_eq!(header[1..], s.step1_columns[..]);
    for (printed, row) in rows.iter().zip(&s.step1_rows) {
        assert_eq!(printed[0], row.wrecked.to_string());
        assert_eq!(printed[1..], strings(&row.cells)[..]);
    }
    let (header, rows) = series_table_with_header("attack-stoppage-2");
    assert_eq!(header[1..], s.step2_columns[..]);
    for (printed, row) in rows.iter().zip(&s.step2_rows) {
        assert_eq!(printed[0], row.label);
        assert_eq!(printed[1..], strings(&row.needed)[..]);
    }
    // series example: 3 divisions, none wrecked, leader 3: 3+; all wrecked and leader lost,
    // new leader rated 1: column 4, 11+ (14+ at night)
    assert_eq!(s.column(0, 3).and_then(|c| s.needed(c, 3)), Some(3));
    assert_eq!(s.column(4, 3), Some(4));
    assert_eq!(s.needed(4, 1), Some(11));
    assert_eq!(s.night_drm, -3);
    // BRS 3.1c: a four-brigade division with one wrecked brigade uses column 2
    assert_eq!(s.column(1, 4), Some(2));
    assert_eq!(s.column(3, 1), None);
    // BRS 3.1d: 5, 6 and 9 Corps one column right; 2 Corps none
    let shift = &data::charts().command.attack_stoppage_shift;
    let id = bloody_roads_south::data::FormationId::new;
    assert_eq!(
        (
            shift.shifted(&id("2"), 3),
            shift.shifted(&id("5"), 3),
            shift.shifted(&id("9"), 4)
        ),
        (3, 4, 4)
    );
}

#[test]
fn series_20_fire_determination_reads_back() {
    let f = &data::charts().fire;
    let (header, rows) = series_table_with_header("small-arms");
    assert_eq!(header[1..], f.small_arms.columns[..]);
    for (printed, row) in rows.iter().zip(&f.small_arms.rows) {
        assert_eq!(printed[0], row.level.to_string());
        assert_eq!(printed[1..], strings(&row.cells)[..]);
    }
    let (header, rows) = series_table_with_header("artillery");
    assert_eq!(header[1..], f.artillery.columns[..]);
    for (printed, row) in rows.iter().zip(&f.artillery.rows) {
        assert_eq!(printed[0], row.gun_points.to_string());
        assert_eq!(printed[1..], strings(&row.cells)[..]);
    }
    assert_eq!(
        f.small_arms.level_points(FireLevel::AB, 1, false),
        Some(Halves(12)),
        "A 4 + B 2 at range 1"
    );
    assert_eq!(f.small_arms.points(FireLevel::C, 2, false), Some(Halves(1)));
    assert_eq!(f.small_arms.points(FireLevel::A, 0, true), Some(Halves(24)));
    assert_eq!(
        f.artillery.points(4, 5),
        Some(Halves(2)),
        "4 GP at 5 hexes: 1"
    );
    assert_eq!(f.artillery.points(3, 10), Some(Halves(0)));
    assert_eq!(f.artillery.points(5, 11), None, "beyond 10 hexes");
}

#[test]
fn series_20_fire_combat_table_reads_back() {
    let t = &data::charts().fire.table;
    let (header, rows) = series_table_with_header("fire-combat");
    assert_eq!(header[1..], t.columns[..]);
    assert_eq!(rows.len(), 11);
    for (printed, row) in rows.iter().zip(&t.rows) {
        assert_eq!(printed[0], row.roll.to_string());
        assert_eq!(printed[1..], strings(&row.cells)[..], "roll {}", row.roll);
    }
}

#[test]
fn series_20_fire_columns_and_brs_1_2e_accidental_flank_fire_example() {
    let f = &data::charts().fire;
    let t = &f.table;
    let col = |halves: u16| t.columns[t.column(Halves(halves)).expect("fire")].clone();
    assert_eq!(col(1), "<1");
    assert_eq!(col(3), "1", "1½ rounds down");
    assert_eq!(col(8), "3–4");
    assert_eq!(col(42), ">20");
    assert_eq!(t.column(Halves(0)), None);
    // 1.2e example: the 3-4 column with a roll of 10 becomes the 7-8 column
    let flank = f.accidental_flank_fire.columns;
    assert_eq!(
        f.shift_columns("column-limbered-flank-dg-routed"),
        Some(flank)
    );
    let c = t.shifted(t.column(Halves(8)).expect("fire"), i32::from(flank));
    assert_eq!(t.columns[c], "7–8");
    assert!(
        f.accidental_flank_fire.rolls.contains(&10) && f.accidental_flank_fire.rolls.contains(&2)
    );
    assert_eq!(t.result(c, 10), Some(FireResult::Casualties(Halves(4))));
    assert_eq!(t.shifted(0, -2), 0);
    assert_eq!(t.shifted(10, 3), 10);
    assert_eq!(t.result(0, 9), Some(FireResult::MoraleCheck(0)));
    assert_eq!(t.low_ammo_rolls, vec![11, 12]);
    assert_eq!(f.shift_columns("night"), Some(-2));
}

#[test]
fn series_25_2_leader_loss_and_20_0_half_rounding() {
    use bloody_roads_south::data::charts::fire::LeaderLossResult::*;
    let f = &data::charts().fire;
    let results: Vec<_> = (2..=12)
        .map(|r| f.leader_loss.result(r).expect("roll"))
        .collect();
    assert_eq!(
        results,
        vec![
            Killed, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect,
            Wounded, Wounded
        ]
    );
    assert_eq!(
        (
            f.half_rounding.down_on.clone(),
            f.half_rounding.up_on.clone()
        ),
        (vec![1, 2, 3], vec![4, 5, 6])
    );
}

#[test]
fn series_21_straggler_tables_read_back() {
    let s = &data::charts().straggler;
    for (name, table) in [
        ("straggler-half-to-one", &s.loss_half_to_one),
        ("straggler-one-and-half", &s.loss_one_and_half_or_more),
    ] {
        let (header, rows) = series_table_with_header(name);
        assert_eq!(header[1..], table.columns[..]);
        assert_eq!(rows.len(), 8);
        for (printed, row) in rows.iter().zip(&table.rows) {
            assert_eq!(printed[0], row.roll.to_string());
            assert_eq!(
                printed[1..],
                strings(&row.cells)[..],
                "{name} roll {}",
                row.roll
            );
        }
    }
    assert_eq!(s.loss_half_to_one.steps(MoraleRating::C, 3), 1);
    assert_eq!(
        s.loss_one_and_half_or_more.steps(MoraleRating::E, 11),
        4,
        "modified rolls above 8 read row 8"
    );
    assert_eq!(s.loss_half_to_one.steps(MoraleRating::A, -1), 0);
    let (header, rows) = series_table_with_header("straggler-recovery");
    assert_eq!(header[1..], s.recovery.columns[..]);
    for (printed, row) in rows.iter().zip(&s.recovery.rows) {
        assert_eq!(printed[0], row.morale);
        assert_eq!(printed[1..], strings(&row.cells)[..]);
    }
    assert_eq!(s.recovery.steps(MoraleRating::A, 6), 2);
    assert_eq!(s.recovery.steps(MoraleRating::E, 5), 1);
    assert_eq!(s.recovery.steps(MoraleRating::C, 8), 1, "night +2 reads 6");
    assert_eq!(s.recovery.min_distance_from_enemy, 4);
}

#[test]
fn series_23_close_combat_tables_read_back() {
    let c = &data::charts().close_combat;
    let (header, rows) = series_table_with_header("close-combat-strength");
    assert_eq!(header[1..], c.strength.columns[..]);
    assert_eq!(rows[0][1..], strings(&c.strength.points)[..]);
    let (header, rows) = series_table_with_header("odds");
    assert_eq!(header[1..], c.odds.columns[..]);
    for (printed, row) in rows.iter().zip(&c.odds.rows) {
        assert_eq!(printed[0], row.roll);
        assert_eq!(printed[1..], strings(&row.cells)[..]);
    }
    assert_eq!(c.odds.column(7, 4), 1, "7 to 4 rounds down to 1-1");
    assert_eq!(c.odds.column(1, 2), 0);
    assert_eq!(c.odds.column(9, 2), 4);
    assert_eq!(
        c.odds.result(2, 4).map(|r| r.to_string()),
        Some("½A".into())
    );
    assert_eq!(
        c.odds.result(0, 9).map(|r| r.to_string()),
        Some("A".into()),
        "6+"
    );
    assert_eq!(
        c.odds.result(4, -1).map(|r| r.to_string()),
        Some("D".into())
    );
    let lost: Vec<u8> = (1..=6).map(|r| c.gun_loss.lost(r).expect("roll")).collect();
    assert_eq!(lost, vec![0, 0, 1, 1, 2, 3]);
}

#[test]
fn series_24_morale_table_reads_back() {
    let m = &data::charts().morale;
    let (header, rows) = series_table_with_header("morale");
    assert_eq!(header[1..], m.table.columns[..]);
    assert_eq!(rows.len(), 15);
    for (printed, row) in rows.iter().zip(&m.table.rows) {
        let label = match row.rating {
            Some(r) => format!("{} ({r})", row.row),
            None => row.row.to_string(),
        };
        assert_eq!(printed[0], label);
        assert_eq!(printed[1..], strings(&row.cells)[..], "row {}", row.row);
    }
}

#[test]
fn series_24_morale_lookups() {
    let m = &data::charts().morale;
    let t = &m.table;
    assert_eq!(t.row_for(MoraleRating::C, 0), 6);
    assert_eq!(
        t.row_for(MoraleRating::B, -6),
        10,
        "column or flank target: six rows down"
    );
    assert_eq!(t.row_for(MoraleRating::E, -9), 15, "stops at the last row");
    assert_eq!(t.row_for(MoraleRating::A, 4), 1, "stops at the first row");
    assert_eq!(t.result(6, 42), Some(MoraleResult::NoEffect));
    assert_eq!(t.result(6, 66), Some(MoraleResult::RoutedBack2Straggle3));
    assert_eq!(
        t.result(2, 66),
        Some(MoraleResult::DisorganizedBack2Straggle1)
    );
    assert_eq!(t.result(15, 11), Some(MoraleResult::Shaken));
    // every d66 roll gives exactly one result on every row
    for row in 1..=15u8 {
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                let hits = t.rows[usize::from(row) - 1]
                    .cells
                    .iter()
                    .filter(|c| c.0.is_some_and(|r| r.contains(10 * a + b)))
                    .count();
                assert_eq!(hits, 1, "row {row} roll {a}{b}");
            }
        }
    }
    let r = MoraleResult::DisorganizedBack2Straggle1;
    assert_eq!(
        (
            r.state(),
            r.retreat(),
            r.stragglers(),
            r.retreat_may_be_ignored()
        ),
        (Some(MoraleState::Disorganized), 2, 1, false)
    );
    assert_eq!(m.shift_rows("routed"), Some(-6));
    assert_eq!(
        m.shift_rows("wrecked-brigade-of-wrecked-division"),
        Some(-6)
    );
    assert_eq!(
        m.additive
            .combine(MoraleState::Disorganized, MoraleState::Disorganized),
        MoraleState::Routed
    );
    assert_eq!(
        m.additive
            .combine(MoraleState::Routed, MoraleState::BloodLust),
        MoraleState::Shaken
    );
    assert_eq!(
        m.additive
            .combine(MoraleState::Shaken, MoraleState::Disorganized),
        MoraleState::Disorganized
    );
    assert!(
        m.blood_lust_check.no_effect.contains(43)
            && m.blood_lust_check.blood_lust_removed.contains(44)
    );
    assert_eq!(m.leader_shift.subtract_from_rating, 1);
}

#[test]
fn series_limits() {
    let l = &data::charts().limits;
    assert_eq!(
        (l.stacking.max_a_fire_levels, l.stacking.max_gun_points),
        (3, 10)
    );
    assert_eq!(
        (
            l.stacking.fire_max_a_fire_levels,
            l.stacking.fire_max_gun_points
        ),
        (1, 5)
    );
    assert_eq!((l.range.small_arms, l.range.artillery), (2, 10));
    assert_eq!(l.extended_line.min_fire_level, FireLevel::B);
    assert_eq!(l.extended_line.two_lines_min_fire_level, FireLevel::AA);
    assert_eq!(l.forced_march.max_extra_mp, 4);
    assert_eq!(l.night.visibility, 1);
    let c = &data::charts().command;
    assert_eq!(
        (
            c.command_radius.brigade_to_division_leader,
            c.command_radius.division_leader_to_corps_hq
        ),
        (4, 8)
    );
    assert_eq!(c.aide_delivery.turns(21), 2, "10½ leader MP: two turns");
    assert_eq!(c.aide_delivery.turns(20), 1);
}
