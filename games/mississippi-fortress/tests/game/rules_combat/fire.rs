//! Fire (S9.3-S9.5): Line Position strengths, CIC B columns, the FCRT and its shifts.

use super::*;

#[test]
fn rule_s9_3_line_position_strengths() {
    let case = |kind, present, order, attacking, mountainous, crossed, regulars| {
        unit_strength(StrengthCase {
            side: Side::Union,
            kind,
            present,
            order,
            attacking,
            mountainous,
            crossed_or_marched: crossed,
            against_regulars: regulars,
        })
    };
    use CombatOrder::*;
    // S9.3a: Union artillery on Stand x4, Assault x2; Confederate on Stand x3.
    assert_eq!(
        case(Kind::Artillery, 3, Stand, false, false, false, true),
        CombatStrength::from_sp(12)
    );
    assert_eq!(
        case(Kind::Artillery, 3, Assault, true, false, false, true),
        CombatStrength::from_sp(6)
    );
    let confederate = unit_strength(StrengthCase {
        side: Side::Confederate,
        kind: Kind::Artillery,
        present: 3,
        order: Stand,
        attacking: false,
        mountainous: true,
        crossed_or_marched: false,
        against_regulars: true,
    });
    assert_eq!(
        confederate,
        CombatStrength::from_sp(9),
        "artillery is never tripled (G16)"
    );
    // S9.3b: Defender non-artillery x3 in the mountains unless counterattacking.
    assert_eq!(
        case(Kind::Division, 6, Stand, false, true, false, true),
        CombatStrength::from_sp(18)
    );
    assert_eq!(
        case(Kind::Division, 6, Counterattack, false, true, false, true),
        CombatStrength::from_sp(6)
    );
    // S9.3c: an Attacker that crossed a Major River or force marched is halved.
    assert_eq!(
        case(Kind::Division, 7, Assault, true, false, true, true),
        CombatStrength::from_sixteenths(56)
    );
    // S9.3d: cavalry halved against anything but militia; halvings combine exactly (G13).
    assert_eq!(
        case(Kind::Cavalry, 2, Advance, true, false, false, true),
        CombatStrength::from_sp(1)
    );
    assert_eq!(
        case(Kind::Cavalry, 2, Advance, true, false, false, false),
        CombatStrength::from_sp(2)
    );
    assert_eq!(
        case(Kind::Cavalry, 3, Advance, true, false, true, true),
        CombatStrength::from_sixteenths(12)
    );
}

#[test]
fn rule_s9_4_cic_b_columns_round_in_the_defenders_favour_and_terrain_shifts_left() {
    let sp = |x: u32| CombatStrength::from_sp(x);
    assert_eq!(
        RatioColumn::from_strengths(sp(12), sp(10)),
        RatioColumn::OneToOne
    );
    assert_eq!(
        RatioColumn::from_strengths(sp(7), sp(10)),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        RatioColumn::from_strengths(sp(9), sp(2)),
        RatioColumn::FourToOne
    );
    assert_eq!(
        RatioColumn::from_strengths(CombatStrength::from_sixteenths(56), sp(14)),
        RatioColumn::OneToFour
    );
    use CombatOrder::*;
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Defensible, Stand),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Mountainous, Withdraw),
        RatioColumn::OneToTwo
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Defensible, Counterattack),
        RatioColumn::OneToOne
    );
    assert_eq!(
        cic_b_column(sp(12), sp(10), Terrain::Clear, Stand),
        RatioColumn::OneToOne
    );
    assert_eq!(
        cic_b_column(sp(1), sp(10), Terrain::Defensible, Stand),
        RatioColumn::OneToFour,
        "never left of 1:4"
    );
}

#[test]
fn rule_s9_5d_a_star_rolls_again_and_loses_one_sp_on_1_or_2() {
    let group = FcrtGroup::DiversionWithdraw;
    let band = StrengthBand::B1To3;
    assert_eq!(fire_roll(group, band, 1, || 2).loss(), 1);
    assert_eq!(fire_roll(group, band, 1, || 3).loss(), 0);
    assert_eq!(fire_roll(group, band, 1, || 3).reroll(), Some(3));
    let plain = fire_roll(
        FcrtGroup::AssaultCounterattack,
        StrengthBand::B21Plus,
        1,
        || panic!("no reroll"),
    );
    assert_eq!(plain.loss(), 2, "the strongest cell (G1c)");
}

#[test]
fn rule_s9_5c_fcrt_column_shifts() {
    let (mut game, mut dice) = field(93, true, |g| {
        for id in ["xv-1-div", "xvii-7-div"] {
            put(g, id, 21);
        }
        for id in ["loring-div", "stevenson-div", "forney-div"] {
            put(g, id, 21);
        }
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[
            ("loring-div", LP1),
            ("stevenson-div", LP2),
            ("forney-div", LP3),
        ],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xv-1-div", LP2), ("xvii-7-div", LP2)],
    );
    // Union LP2 (mixed XV and XVII) fires on Confederate LP2, whose neighbours are not fired on.
    let (attacker, defender) = game.fcrt_shifts(1, 1, 0, 0);
    assert_eq!(
        attacker,
        -2 - 2,
        "mixed formations -2, two unengaged neighbours -1 each"
    );
    assert_eq!(defender, 0);
    // A neighbour given Withdraw adds one (once); a higher-rated Officer one more (not mixed).
    edit(&mut game, |s| {
        s.battle(|b| {
            b.set_order(Side::Confederate, 0, Some(CombatOrder::Withdraw))
                .set_order(Side::Confederate, 2, Some(CombatOrder::Withdraw))
        })
    });
    assert_eq!(game.fcrt_shifts(1, 1, 0, 0).0, -4 + 1);
    assert_eq!(
        game.fcrt_shifts(1, 1, 0, 2).1,
        1,
        "the Defender's higher-rated Officer"
    );
    assert_eq!(
        game.fcrt_shifts(1, 1, 2, 0).0,
        -3,
        "no Officer shift for a mixed line"
    );
}
