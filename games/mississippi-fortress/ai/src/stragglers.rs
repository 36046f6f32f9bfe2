//! What a straggler check costs (S7), in VPs to the enemy: a force march (S3.3) makes every
//! unit that marches beyond its allowance check, and each straggler SP not recovered by the
//! end is a VP to the enemy (S7.6); a division left at half strength or less is ineffective
//! (S1.8a), worth 4 VPs to the Confederates (a Union division) or 3 to the Union at the end.
//! Stragglers are recovered only by standing still in communications (S7.5), so a check on
//! the last turn costs its full price and an earlier one about half.

use adjutant_engine::Side;
use mississippi_fortress::data::Charts;
use mississippi_fortress::data::charts::StragglerColumn;

use crate::seen::{Counter, Seen, printed_strength};

/// Expected straggler SP from one check of `c` (present strength as its owner knows it).
pub fn expected(c: &Counter, rain: bool) -> f64 {
    let chart = &Charts::get().straggler_loss;
    let m = chart.modifiers;
    let mut modifier = 0i32;
    if rain {
        modifier += i32::from(m.heat_or_rain);
    }
    if matches!(c.kind.as_str(), "cavalry" | "artillery") {
        modifier += i32::from(m.cavalry_or_artillery);
    }
    if c.strength <= 1.0 {
        modifier += i32::from(m.strength_one);
    }
    let column = StragglerColumn::from_present_strength(c.strength.clamp(0.0, 255.0) as u8);
    (1..=6)
        .map(|die| f64::from(chart.cell(column, die + modifier).loss).min(c.strength))
        .sum::<f64>()
        / 6.0
}

/// The chance that one check leaves division `c` ineffective (it is effective now).
fn ineffective_chance(c: &Counter, rain: bool) -> f64 {
    if c.kind != "division" {
        return 0.0;
    }
    let full = c.id.as_deref().map_or(c.strength, printed_strength);
    if 2.0 * c.strength <= full {
        return 0.0;
    }
    let chart = &Charts::get().straggler_loss;
    let rain = if rain {
        i32::from(chart.modifiers.heat_or_rain)
    } else {
        0
    };
    let column = StragglerColumn::from_present_strength(c.strength.clamp(0.0, 255.0) as u8);
    (1..=6)
        .filter(|&die| {
            let loss = f64::from(chart.cell(column, die + rain).loss);
            2.0 * (c.strength - loss) <= full
        })
        .count() as f64
        / 6.0
}

/// VPs the enemy is expected to earn from one straggler check of each of `units`.
pub fn checks_cost(seen: &Seen, units: &[&Counter]) -> f64 {
    let last_turn = seen.turn >= seen.last_turn;
    let keep = if last_turn { 1.0 } else { 0.5 };
    let per_division = match seen.side() {
        Side::Union => 4.0,
        Side::Confederate => 3.0,
    };
    units
        .iter()
        .filter(|c| c.is_combat())
        .map(|c| keep * (expected(c, seen.rain) + per_division * ineffective_chance(c, seen.rain)))
        .sum()
}

/// Movement allowance (S3.1b) of a combat unit.
pub fn allowance(c: &Counter) -> usize {
    if c.kind == "cavalry" { 3 } else { 2 }
}
