//! Straggler charts (series 21.1, 21.2).

use super::cell::{MaybeNumber, MaybeRange};
use crate::data::morale::MoraleRating;
use serde::Deserialize;

/// A row of a straggler loss table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerRow {
    /// The modified die roll (1-8).
    pub roll: u8,
    /// Steps lost by rating A-E ("–" = none).
    pub cells: Vec<MaybeNumber>,
}

/// One straggler loss table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerTable {
    /// The series rule.
    pub rule: String,
    /// When this table is used.
    pub applies: String,
    /// Printed headings (A-E).
    pub columns: Vec<String>,
    /// Rows 1 to 8.
    pub rows: Vec<StragglerRow>,
}

impl StragglerTable {
    /// Steps lost for a rating and a modified roll (limited to 1-8, decision).
    pub fn steps(&self, rating: MoraleRating, modified_roll: i32) -> u8 {
        let roll = modified_roll.clamp(1, self.rows.len() as i32) as u8;
        let col = MoraleRating::ALL
            .iter()
            .position(|&r| r == rating)
            .expect("five ratings");
        self.rows
            .iter()
            .find(|r| r.roll == roll)
            .and_then(|r| r.cells.get(col))
            .and_then(|c| c.0)
            .unwrap_or(0)
    }
}

/// A die roll modifier of the straggler tables.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerDrm {
    /// Its key.
    pub key: String,
    /// The modifier.
    pub value: i8,
    /// When it applies.
    pub text: String,
}

/// A row of the recovery table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecoveryRow {
    /// The printed rating label ("D/E" covers both).
    pub morale: String,
    /// Die rolls that recover 0, 1 and 2 steps.
    pub cells: Vec<MaybeRange>,
}

/// Series 21.2: straggler recovery.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recovery {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Rows A, B, C, D/E.
    pub rows: Vec<RecoveryRow>,
    /// Modifier at night.
    pub night_drm: i8,
    /// Minimum distance in hexes from any enemy unit to place a marker.
    pub min_distance_from_enemy: u8,
}

impl Recovery {
    /// Steps recovered for a rating and a modified roll (above 6 reads the 6, decision).
    pub fn steps(&self, rating: MoraleRating, modified_roll: i32) -> u8 {
        let roll = modified_roll.clamp(1, 6) as u8;
        let label = match rating {
            MoraleRating::D | MoraleRating::E => "D/E".to_string(),
            r => r.to_string(),
        };
        self.rows
            .iter()
            .find(|r| r.morale == label)
            .and_then(|r| {
                r.cells
                    .iter()
                    .position(|c| c.0.is_some_and(|range| range.contains(roll)))
            })
            .unwrap_or(0) as u8
    }
}

/// All straggler charts (`data/charts/straggler.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerCharts {
    /// For fire results of ½ or 1.
    pub loss_half_to_one: StragglerTable,
    /// For fire results of 1½ or more.
    pub loss_one_and_half_or_more: StragglerTable,
    /// Die roll modifiers.
    pub drm: Vec<StragglerDrm>,
    /// Recovery.
    pub recovery: Recovery,
}
