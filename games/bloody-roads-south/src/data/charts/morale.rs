//! Morale charts (series 24, 25.3a): the d66 Morale Table, its row shifts, the Blood Lust
//! check, additive effects and rally.

use super::cell::{MaybeRange, RollRange};
use crate::data::morale::{MoraleRating, MoraleState};
use serde::Deserialize;

/// The result columns of the Morale Table, left to right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleResult {
    /// Blood Lust.
    BloodLust,
    /// No effect.
    NoEffect,
    /// Shaken.
    Shaken,
    /// Shaken, retreat 1 (may be ignored with unlimbered artillery or in a sunken road/trench).
    ShakenBack1,
    /// Disorganized, retreat 1 (may be ignored as above).
    DisorganizedBack1,
    /// Disorganized, retreat 2, lose 1 step as stragglers (mandatory).
    DisorganizedBack2Straggle1,
    /// Routed, retreat 2, lose 3 steps as stragglers (mandatory).
    RoutedBack2Straggle3,
}

impl MoraleResult {
    /// The columns in printed order.
    pub const COLUMNS: [MoraleResult; 7] = [
        MoraleResult::BloodLust,
        MoraleResult::NoEffect,
        MoraleResult::Shaken,
        MoraleResult::ShakenBack1,
        MoraleResult::DisorganizedBack1,
        MoraleResult::DisorganizedBack2Straggle1,
        MoraleResult::RoutedBack2Straggle3,
    ];

    /// The morale state the result gives (before additive effects, series 24.4); `None` for
    /// no effect.
    pub fn state(self) -> Option<MoraleState> {
        match self {
            MoraleResult::BloodLust => Some(MoraleState::BloodLust),
            MoraleResult::NoEffect => None,
            MoraleResult::Shaken | MoraleResult::ShakenBack1 => Some(MoraleState::Shaken),
            MoraleResult::DisorganizedBack1 | MoraleResult::DisorganizedBack2Straggle1 => {
                Some(MoraleState::Disorganized)
            }
            MoraleResult::RoutedBack2Straggle3 => Some(MoraleState::Routed),
        }
    }

    /// Hexes of retreat.
    pub fn retreat(self) -> u8 {
        match self {
            MoraleResult::ShakenBack1 | MoraleResult::DisorganizedBack1 => 1,
            MoraleResult::DisorganizedBack2Straggle1 | MoraleResult::RoutedBack2Straggle3 => 2,
            _ => 0,
        }
    }

    /// True when the retreat may be ignored by a unit stacked with unlimbered artillery or in
    /// a sunken road or trench, or behind breastworks (the "*" results).
    pub fn retreat_may_be_ignored(self) -> bool {
        matches!(
            self,
            MoraleResult::ShakenBack1 | MoraleResult::DisorganizedBack1
        )
    }

    /// Steps lost as stragglers (series 24.2e: all morale losses are stragglers).
    pub fn stragglers(self) -> u8 {
        match self {
            MoraleResult::DisorganizedBack2Straggle1 => 1,
            MoraleResult::RoutedBack2Straggle3 => 3,
            _ => 0,
        }
    }
}

/// A row of the Morale Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    /// Row number, 1 (best) to 15.
    pub row: u8,
    /// The rating printed on the row.
    pub rating: Option<MoraleRating>,
    /// The d66 range of each result column.
    pub cells: Vec<MaybeRange>,
}

/// Series 24.2: the Morale Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleTable {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Rows 1 to 15.
    pub rows: Vec<MoraleRow>,
}

impl MoraleTable {
    /// The row for a rating moved by `shift` rows UP (positive = better), kept on the table
    /// (decision: shifts past row 1 or row 15 stop there).
    pub fn row_for(&self, rating: MoraleRating, shift: i32) -> u8 {
        let last = self.rows.len() as i32;
        (i32::from(rating.morale_table_row()) - shift).clamp(1, last) as u8
    }

    /// The result of a d66 roll (11-66) on a row.
    pub fn result(&self, row: u8, d66: u8) -> Option<MoraleResult> {
        let r = self.rows.iter().find(|r| r.row == row)?;
        r.cells
            .iter()
            .position(|c| c.0.is_some_and(|range| range.contains(d66)))
            .map(|i| MoraleResult::COLUMNS[i])
    }
}

/// A row shift of the Morale Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleShift {
    /// Its key.
    pub key: String,
    /// Rows (positive = UP, better).
    pub rows: i8,
    /// When it applies.
    pub text: String,
}

/// Series 25.3a: the leader shift (rating minus this).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderShift {
    /// The series rule.
    pub rule: String,
    /// Subtracted from the rating.
    pub subtract_from_rating: u8,
}

/// Series 24.2c: the Blood Lust check.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BloodLustCheck {
    /// The series rule.
    pub rule: String,
    /// d66 rolls with no effect.
    pub no_effect: RollRange,
    /// d66 rolls that remove Blood Lust.
    pub blood_lust_removed: RollRange,
}

/// A row of the additive effects table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdditiveRow {
    /// The unit's state.
    pub current: MoraleState,
    /// The new result.
    pub new: MoraleState,
    /// The state that follows.
    pub result: MoraleState,
}

/// Series 24.4: additive effects.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Additive {
    /// The series rule.
    pub rule: String,
    /// Listed combinations.
    pub rows: Vec<AdditiveRow>,
    /// Every other combination.
    pub otherwise: String,
}

impl Additive {
    /// The state after `new` is applied to a unit in `current` (`None`-free: unlisted pairs
    /// give the worse of the two states).
    pub fn combine(&self, current: MoraleState, new: MoraleState) -> MoraleState {
        self.rows
            .iter()
            .find(|r| r.current == current && r.new == new)
            .map(|r| r.result)
            .unwrap_or(current.max(new))
    }
}

/// Series 24.5 E: rallying routed units.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rally {
    /// The series rule.
    pub rule: String,
    /// A die roll minus a leader's rating at or below this turns Routed into Disorganized.
    pub routed_becomes_dg_at_most: i8,
}

/// Series 24.1b: routed units.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Routed {
    /// The series rule.
    pub rule: String,
    /// Distance in hexes from the enemy a routed unit retreats to.
    pub distance_from_enemy: u8,
}

/// All morale charts (`data/charts/morale.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleCharts {
    /// The Morale Table.
    pub table: MoraleTable,
    /// Row shifts.
    pub shift: Vec<MoraleShift>,
    /// Leader shift.
    pub leader_shift: LeaderShift,
    /// Blood Lust check.
    pub blood_lust_check: BloodLustCheck,
    /// Additive effects.
    pub additive: Additive,
    /// Rally.
    pub rally: Rally,
    /// Routed units.
    pub routed: Routed,
}

impl MoraleCharts {
    /// A row shift by key.
    pub fn shift_rows(&self, key: &str) -> Option<i8> {
        self.shift.iter().find(|s| s.key == key).map(|s| s.rows)
    }
}
