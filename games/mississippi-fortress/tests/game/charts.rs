//! Every chart: printed rows read back exactly as printed; completed cells are marked and follow
//! the printed pattern (reference Part C).

use mississippi_fortress::data::charts::{
    AttackerOrder, BorderFeature, CombatOrder, CombatStrength, DefenderOrder, FcrtGroup,
    FcrtResult, LandCrossing, NavalColumn, NavalResult, ProbeColumn, RatioColumn, ShipHit,
    StragglerColumn, StrengthBand,
};
use mississippi_fortress::data::map::Terrain;
use mississippi_fortress::data::{Charts, Provenance, Side, Weather};
use proptest::prelude::*;

fn charts() -> &'static Charts {
    Charts::get()
}

#[test]
fn cic_a_printed_cells_read_back() {
    use AttackerOrder::*;
    use DefenderOrder::*;
    let printed = [
        (Withdraw, [0, 1, 2]),
        (Stand, [1, 2, 3]),
        (Counterattack, [2, 3, 4]),
    ];
    for (def, row) in printed {
        for (att, level) in [Diversion, Advance, Assault].into_iter().zip(row) {
            assert_eq!(charts().cic_a(def, att), level, "{def:?} vs {att:?}");
        }
    }
}

#[test]
fn rule_3_2c_rain_example_assault_against_counterattack_drops_to_3() {
    let cic = &charts().cic_a;
    let (d, a) = (DefenderOrder::Counterattack, AttackerOrder::Assault);
    assert_eq!(cic.level_in_weather(d, a, false), 4);
    assert_eq!(cic.level_in_weather(d, a, true), 3);
    assert_eq!(
        cic.level_in_weather(DefenderOrder::Withdraw, AttackerOrder::Diversion, true),
        0,
        "never below 0"
    );
}

const CIC_B_PRINTED: [(u8, &[&str]); 3] = [
    (4, &["2/-", "2/-", "2/2", "2/2", "2/2", "1/2", "1/2", "-/2"]),
    (3, &["2/-", "2/-", "2/1", "1/1", "1/1", "1/1", "1/1", "-/2"]),
    (2, &["2/-", "1/-", "1/-", "1/-"]),
];

#[test]
fn cic_b_printed_rows_read_back() {
    for (level, cells) in CIC_B_PRINTED {
        for (i, printed) in cells.iter().enumerate() {
            let cell = charts().cic_b(level, RatioColumn::ALL[i]).unwrap();
            assert_eq!(
                cell.label(),
                *printed,
                "level {level} column {}",
                RatioColumn::ALL[i].label()
            );
            assert_eq!(cell.status, Provenance::Printed);
        }
    }
}

#[test]
fn cic_b_completed_cells_are_marked_and_keep_the_printed_trends() {
    let mut completed = 0;
    for level in 0..=4u8 {
        let printed = CIC_B_PRINTED
            .iter()
            .find(|(l, _)| *l == level)
            .map_or(0, |(_, c)| c.len());
        let row: Vec<_> = RatioColumn::ALL
            .iter()
            .map(|&c| charts().cic_b(level, c).unwrap())
            .collect();
        for (i, cell) in row.iter().enumerate() {
            let expected = if i < printed {
                Provenance::Printed
            } else {
                Provenance::Reconstructed
            };
            assert_eq!(cell.status, expected);
            completed += usize::from(i >= printed);
        }
        for w in row.windows(2) {
            assert!(
                w[1].defender_fires <= w[0].defender_fires,
                "x never rises with the odds"
            );
            assert!(
                w[1].attacker_fires >= w[0].attacker_fires,
                "y never falls with the odds"
            );
        }
        if level > 0 {
            for &c in &RatioColumn::ALL {
                let (hi, lo) = (
                    charts().cic_b(level, c).unwrap(),
                    charts().cic_b(level - 1, c).unwrap(),
                );
                assert!(
                    lo.defender_fires <= hi.defender_fires
                        && lo.attacker_fires <= hi.attacker_fires
                );
            }
        }
    }
    assert_eq!(completed, 4 + 8 + 8, "Level 2 from 2:1, Levels 1 and 0");
    assert!(charts().cic_b(5, RatioColumn::OneToOne).is_none());
    assert_eq!(charts().cic_b.max_level(), 4);
    let level0_silent = RatioColumn::ALL.iter().all(|&c| {
        let cell = charts().cic_b(0, c).unwrap();
        cell.defender_fires == 0 && cell.attacker_fires == 0
    });
    assert!(level0_silent, "Level 0 means no fire (reference C9)");
}

#[test]
fn cic_b_printed_modifiers() {
    let m = charts().cic_b.modifiers;
    assert_eq!(
        (
            m.mountain_defender_factor,
            m.crossed_or_force_marched_divisor,
            m.cavalry_divisor,
            m.terrain_left_shift
        ),
        (3, 2, 2, 1)
    );
}

type FcrtPrinted = (FcrtGroup, [&'static [&'static str]; 4]);

const FCRT_PRINTED: [FcrtPrinted; 3] = [
    (
        FcrtGroup::DiversionWithdraw,
        [
            &["*", "-", "-", "-", "-", "-"],
            &["1", "*", "-", "-", "-", "-"],
            &["1", "1", "*", "-", "-", "-"],
            &["1", "1", "1"],
        ],
    ),
    (
        FcrtGroup::AdvanceStand,
        [
            &["1", "*", "-", "-", "-", "-"],
            &["1", "1", "*", "-", "-", "-"],
            &["1", "1", "1", "-", "-", "-"],
            &["1", "1", "1"],
        ],
    ),
    (
        FcrtGroup::AssaultCounterattack,
        [
            &["1", "1", "*", "-", "-", "-"],
            &["1", "1", "1", "-", "-", "-"],
            &["1", "1", "1", "*", "-", "-"],
            &["1", "1", "1"],
        ],
    ),
];

#[test]
fn fcrt_printed_rows_read_back() {
    for (group, rows) in FCRT_PRINTED {
        for (band, cells) in StrengthBand::ALL.iter().zip(rows) {
            for (i, printed) in cells.iter().enumerate() {
                let die = u8::try_from(i + 1).unwrap();
                let cell = charts().fcrt(group, *band, die).unwrap();
                assert_eq!(
                    cell.result.label(),
                    *printed,
                    "{group:?} {} die {die}",
                    band.label()
                );
                assert_eq!(cell.status, Provenance::Printed);
            }
            for die in u8::try_from(cells.len() + 1).unwrap()..=6 {
                let cell = charts().fcrt(group, *band, die).unwrap();
                assert_eq!(cell.status, Provenance::Reconstructed);
            }
        }
        for band in [StrengthBand::B15To20, StrengthBand::B21Plus] {
            for die in 1..=6 {
                assert_eq!(
                    charts().fcrt(group, band, die).unwrap().status,
                    Provenance::Reconstructed
                );
            }
        }
    }
    assert!(
        charts()
            .fcrt(FcrtGroup::AdvanceStand, StrengthBand::B1To3, 0)
            .is_none()
    );
    assert!(
        charts()
            .fcrt(FcrtGroup::AdvanceStand, StrengthBand::B1To3, 7)
            .is_none()
    );
}

fn row(group: FcrtGroup, band: usize) -> Vec<FcrtResult> {
    (1..=6)
        .map(|d| {
            charts()
                .fcrt(group, StrengthBand::ALL[band], d)
                .unwrap()
                .result
        })
        .collect()
}

#[test]
fn fcrt_completion_continues_the_single_ladder() {
    // Advance/Stand runs one step ahead of Diversion/Withdraw and Assault/Counterattack two
    // steps ahead (reference C10): row b of a group equals row b+k of the weaker group.
    for b in 0..5 {
        assert_eq!(
            row(FcrtGroup::AdvanceStand, b),
            row(FcrtGroup::DiversionWithdraw, b + 1)
        );
        assert_eq!(
            row(FcrtGroup::AssaultCounterattack, b),
            row(FcrtGroup::AdvanceStand, b + 1)
        );
    }
    let strongest = row(FcrtGroup::AssaultCounterattack, 5);
    assert_eq!(
        strongest[0],
        FcrtResult::Loss(2),
        "the key's '2' appears only here"
    );
    let twos = FcrtGroup::ALL
        .iter()
        .flat_map(|&g| (0..6).flat_map(move |b| row(g, b)))
        .filter(|r| *r == FcrtResult::Loss(2))
        .count();
    assert_eq!(twos, 1);
}

#[test]
fn fcrt_key_roll_again_costs_one_sp_on_a_1_or_2() {
    let f = &charts().fcrt;
    assert_eq!(
        (1..=6).map(|d| f.reroll_loss(d)).collect::<Vec<_>>(),
        vec![1, 1, 0, 0, 0, 0]
    );
}

#[test]
fn fcrt_printed_odds_column_modifiers() {
    let m = charts().fcrt.modifiers;
    assert_eq!(
        (m.defender_mixed_formations, m.defender_higher_officer),
        (-1, 1)
    );
    assert_eq!(
        (
            m.attacker_mixed_formations,
            m.attacker_per_adjacent_unengaged,
            m.attacker_higher_officer,
            m.attacker_target_militia_only,
            m.attacker_target_beside_withdraw
        ),
        (-2, -1, 1, 1, 1)
    );
}

#[test]
fn artillery_strength_multiplier_printed_cells_read_back() {
    let printed = [
        (CombatOrder::Diversion, 1, 1),
        (CombatOrder::Advance, 2, 2),
        (CombatOrder::Assault, 2, 1),
        (CombatOrder::Withdraw, 2, 2),
        (CombatOrder::Stand, 4, 3),
        (CombatOrder::Counterattack, 2, 1),
    ];
    for (order, union, confederate) in printed {
        assert_eq!(
            charts().artillery_multiplier(Side::Union, order),
            union,
            "{order:?}"
        );
        assert_eq!(
            charts().artillery_multiplier(Side::Confederate, order),
            confederate,
            "{order:?}"
        );
    }
}

#[test]
fn straggler_loss_printed_columns_read_back() {
    let printed = [[0, 0], [0, 0], [0, 1], [1, 1], [1, 1], [1, 2]];
    for (i, [a, b]) in printed.into_iter().enumerate() {
        let roll = i32::try_from(i + 1).unwrap();
        let c1 = charts().straggler_loss(StragglerColumn::S1To5, roll);
        let c2 = charts().straggler_loss(StragglerColumn::S6To10, roll);
        assert_eq!((c1.loss, c2.loss), (a, b), "roll {roll}");
        assert_eq!(
            (c1.status, c2.status),
            (Provenance::Printed, Provenance::Printed)
        );
        assert_eq!(
            charts()
                .straggler_loss(StragglerColumn::S11Plus, roll)
                .status,
            Provenance::Reconstructed
        );
    }
}

#[test]
fn straggler_loss_11_plus_column_shifts_the_6_10_results_one_row_up() {
    let col = |c, r| charts().straggler_loss(c, r).loss;
    for r in 1..=5 {
        assert_eq!(
            col(StragglerColumn::S11Plus, r),
            col(StragglerColumn::S6To10, r + 1)
        );
    }
    assert_eq!(
        col(StragglerColumn::S11Plus, 6),
        2,
        "the 6+ row stays 2 (reference C4)"
    );
}

#[test]
fn straggler_loss_rows_are_1_or_less_and_6_plus() {
    let c = StragglerColumn::S6To10;
    assert_eq!(
        charts().straggler_loss(c, -1),
        charts().straggler_loss(c, 1)
    );
    assert_eq!(charts().straggler_loss(c, 9), charts().straggler_loss(c, 6));
    assert_eq!(
        StragglerColumn::from_present_strength(5),
        StragglerColumn::S1To5
    );
    assert_eq!(
        StragglerColumn::from_present_strength(6),
        StragglerColumn::S6To10
    );
    assert_eq!(
        StragglerColumn::from_present_strength(12),
        StragglerColumn::S11Plus
    );
}

#[test]
fn straggler_loss_note_one_point_artillery_checks_at_minus_2() {
    let m = charts().straggler_loss.modifiers;
    assert_eq!(m.cavalry_or_artillery + m.strength_one, -2);
    assert_eq!(
        (
            m.heat_or_rain,
            m.continuing_rain,
            m.repeated_force_march,
            m.stragglers_previous_turn
        ),
        (1, 2, 1, 1)
    );
}

#[test]
fn cavalry_probe_printed_rows_read_back() {
    let printed = [
        [0, 0, 0, 2],
        [0, 0, 1, 2],
        [0, 1, 1, 3],
        [0, 1, 2, 3],
        [1, 2, 2, 4],
    ];
    for (i, cells) in printed.into_iter().enumerate() {
        let roll = i32::try_from(i + 1).unwrap();
        for (col, n) in ProbeColumn::ALL.into_iter().zip(cells) {
            let cell = charts().cavalry_probe(col, roll);
            assert_eq!(cell.revealed, n, "roll {roll} {col:?}");
            assert_eq!(cell.status, Provenance::Printed);
        }
    }
}

#[test]
fn cavalry_probe_row_6_is_completed_and_never_below_row_5() {
    let row6: Vec<u8> = ProbeColumn::ALL
        .iter()
        .map(|&c| {
            let cell = charts().cavalry_probe(c, 6);
            assert_eq!(cell.status, Provenance::Reconstructed);
            cell.revealed
        })
        .collect();
    assert_eq!(row6, vec![1, 2, 3, 4]);
    for &c in &ProbeColumn::ALL {
        for r in 1..6 {
            assert!(
                charts().cavalry_probe(c, r + 1).revealed >= charts().cavalry_probe(c, r).revealed
            );
        }
        assert_eq!(charts().cavalry_probe(c, 8), charts().cavalry_probe(c, 6));
        assert_eq!(charts().cavalry_probe(c, -2), charts().cavalry_probe(c, 1));
    }
    assert_eq!(ProbeColumn::from_differential(0), None, "the probe fails");
    assert_eq!(ProbeColumn::from_differential(3), Some(ProbeColumn::D1To3));
    assert_eq!(
        ProbeColumn::from_differential(11),
        Some(ProbeColumn::D11Plus)
    );
}

#[test]
fn shore_battery_crt_a_and_b_printed_rows_read_back() {
    for roll in 1..=5 {
        assert!(!charts().shore_battery_a(roll), "CRT A {roll}: no loss");
        assert_eq!(charts().shore_battery_b(roll), ShipHit::Top);
    }
    assert!(charts().shore_battery_a(6));
    assert_eq!(charts().shore_battery_b(6), ShipHit::Bottom);
    let m = charts().shore_battery.modifiers;
    assert!(
        charts().shore_battery_a(5 + i32::from(m.wooden_target)),
        "4.23b: +1 against wood"
    );
    assert!(charts().shore_battery_a(6 + i32::from(m.wooden_target + m.arkansas_support)));
}

#[test]
fn optional_weather_table_printed_rows_read_back() {
    let printed = [
        Weather::Heat,
        Weather::Clear,
        Weather::Clear,
        Weather::Clear,
        Weather::Clear,
        Weather::Rain,
    ];
    for (die, w) in (1..=6).zip(printed) {
        assert_eq!(charts().optional_weather(die), Some(w));
    }
    assert_eq!(charts().optional_weather(7), None);
}

#[test]
fn optional_troop_density_table_printed_rows_read_back() {
    assert_eq!(charts().troop_density(Terrain::Clear), 70);
    assert_eq!(charts().troop_density(Terrain::Defensible), 56);
    assert_eq!(charts().troop_density(Terrain::Mountainous), 24);
    assert_eq!(charts().troop_density(Terrain::Swamp), 42);
}

#[test]
fn rule_7_21b_naval_crt_printed_rows_read_back() {
    use NavalResult::{Damaged as D, NoEffect as N, Sunk as S};
    let printed = [
        [N, N, N],
        [N, N, D],
        [N, D, D],
        [D, D, S],
        [D, S, S],
        [S, S, S],
    ];
    for (i, cells) in printed.into_iter().enumerate() {
        let roll = i32::try_from(i + 1).unwrap();
        for (col, r) in NavalColumn::ALL.into_iter().zip(cells) {
            assert_eq!(charts().naval_crt(col, roll), r, "roll {roll} {col:?}");
        }
    }
    assert_eq!(charts().naval_crt(NavalColumn::N1To2, 0), N, "1 or less");
    assert_eq!(charts().naval_crt(NavalColumn::N1To2, 8), S, "6+");
    let m = charts().naval_crt.modifiers;
    assert_eq!(
        (
            m.enemy_wooden,
            m.enemy_wooden_with_farragut,
            m.farragut_alone,
            m.arkansas_present
        ),
        (2, 0, -1, -2)
    );
    assert_eq!(NavalColumn::from_firing_ships(0), None);
    assert_eq!(NavalColumn::from_firing_ships(4), Some(NavalColumn::N3To5));
}

#[test]
fn terrain_effects_chart_entries() {
    let t = |x| charts().terrain(x);
    assert!(t(Terrain::Clear).force_march && !t(Terrain::Clear).cic_b_left_shift);
    assert!(t(Terrain::Defensible).force_march && t(Terrain::Defensible).cic_b_left_shift);
    let m = t(Terrain::Mountainous);
    assert!(!m.force_march && m.defender_tripled && m.cic_b_left_shift);
    let s = t(Terrain::Swamp);
    assert!(!s.force_march && s.swamp_limits && !s.defender_tripled);
    let ridge = charts().border(BorderFeature::Ridge);
    assert!(
        !ridge.force_march && ridge.land_crossing == LandCrossing::Always && !ridge.attacker_halved
    );
    let major = charts().border(BorderFeature::MajorRiver);
    assert!(
        !major.force_march
            && major.land_crossing == LandCrossing::CrossingPoints
            && major.attacker_halved
    );
    assert_eq!(
        charts()
            .border(BorderFeature::MississippiYazoo)
            .land_crossing,
        LandCrossing::SteamersOnly
    );
}

#[test]
fn s9_4b_ratio_column_rounds_in_the_defenders_favour() {
    let sp = CombatStrength::from_sp;
    let col = RatioColumn::from_strengths;
    assert_eq!(col(sp(12), sp(10)), RatioColumn::OneToOne);
    assert_eq!(col(sp(7), sp(10)), RatioColumn::OneToTwo);
    assert_eq!(col(sp(9), sp(2)), RatioColumn::FourToOne);
    assert_eq!(col(sp(7).halved(), sp(14)), RatioColumn::OneToFour);
    assert_eq!(col(sp(30), sp(2)), RatioColumn::FiveToOnePlus);
    assert_eq!(col(sp(1), sp(30)), RatioColumn::OneToFour);
    assert_eq!(col(sp(3), CombatStrength::ZERO), RatioColumn::FiveToOnePlus);
    assert_eq!(RatioColumn::OneToOne.shifted(-1), RatioColumn::OneToTwo);
    assert_eq!(
        RatioColumn::OneToFour.shifted(-1),
        RatioColumn::OneToFour,
        "never beyond 1:4"
    );
}

#[test]
fn s9_5a_strength_band_uses_whole_sp_with_a_minimum_of_one() {
    let band = |q| StrengthBand::from_strength(CombatStrength::from_sixteenths(q));
    assert_eq!(
        band(4),
        StrengthBand::B1To3,
        "a quarter SP still fires on 1-3"
    );
    assert_eq!(
        band(16 * 6 + 15),
        StrengthBand::B4To6,
        "6.94 rounds down to 6"
    );
    assert_eq!(band(16 * 7), StrengthBand::B7To10);
    assert_eq!(band(16 * 21), StrengthBand::B21Plus);
    assert_eq!(StrengthBand::B21Plus.shifted(2), StrengthBand::B21Plus);
    assert_eq!(StrengthBand::B4To6.shifted(-3), StrengthBand::B1To3);
    let s = CombatStrength::from_sp(3).times(4).halved();
    assert_eq!(s, CombatStrength::from_sp(6), "artillery x4 then halved");
    assert_eq!(
        [
            CombatStrength::from_sp(1).halved(),
            CombatStrength::from_sp(2).halved().halved()
        ]
        .into_iter()
        .sum::<CombatStrength>(),
        CombatStrength::from_sp(1)
    );
}

proptest! {
    #[test]
    fn s9_4b_ratio_column_rises_with_attacker_and_falls_with_defender(a in 1u32..2000, d in 1u32..2000, extra in 0u32..500) {
        let (s, sd) = (CombatStrength::from_sixteenths, CombatStrength::from_sixteenths(d));
        prop_assert!(RatioColumn::from_strengths(s(a + extra), sd) >= RatioColumn::from_strengths(s(a), sd));
        prop_assert!(RatioColumn::from_strengths(s(a), s(d + extra)) <= RatioColumn::from_strengths(s(a), sd));
    }

    #[test]
    fn s9_5a_strength_band_is_monotone(a in 0u32..1000, extra in 0u32..500) {
        let band = |q| StrengthBand::from_strength(CombatStrength::from_sixteenths(q));
        prop_assert!(band(a + extra) >= band(a));
    }
}
