//! The Straggler Loss Chart (S7.2), read from `data/charts/straggler_loss.toml`.

use serde::{Deserialize, Serialize};

use super::table::{check_rolls, check_row, roll_row, status};
use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

const FILE: &str = "charts/straggler_loss.toml";

/// A column of the Straggler Loss Chart: the unit's present strength before the loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StragglerColumn {
    /// 1-5 SP (printed).
    #[serde(rename = "1-5")]
    S1To5,
    /// 6-10 SP (printed).
    #[serde(rename = "6-10")]
    S6To10,
    /// 11 SP or more (completed, reference C4).
    #[serde(rename = "11+")]
    S11Plus,
}

impl StragglerColumn {
    /// All columns.
    pub const ALL: [StragglerColumn; 3] = [
        StragglerColumn::S1To5,
        StragglerColumn::S6To10,
        StragglerColumn::S11Plus,
    ];

    /// The column for a present strength (0 and 1-5 both use 1-5).
    pub fn from_present_strength(sp: u8) -> Self {
        match sp {
            0..=5 => StragglerColumn::S1To5,
            6..=10 => StragglerColumn::S6To10,
            _ => StragglerColumn::S11Plus,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The printed die-roll modifiers, all cumulative.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StragglerModifiers {
    /// Heat or Rain this turn.
    pub heat_or_rain: i8,
    /// Instead of the above: the second or later consecutive turn of Rain.
    pub continuing_rain: i8,
    /// The unit's second or later consecutive turn of force marching.
    pub repeated_force_march: i8,
    /// The unit lost stragglers the previous turn.
    pub stragglers_previous_turn: i8,
    /// Cavalry or artillery.
    pub cavalry_or_artillery: i8,
    /// Present strength of one SP.
    pub strength_one: i8,
}

/// One cell: SP converted into stragglers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StragglerCell {
    /// SP lost.
    pub loss: u8,
    /// Printed or completed.
    pub status: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    rule: String,
    columns: Vec<StragglerColumn>,
    modifiers: StragglerModifiers,
    row: Vec<RawRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRow {
    roll: u8,
    losses: Vec<u8>,
    printed_cells: usize,
}

/// The whole chart: rows "1 or less" to "6+".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StragglerLoss {
    /// The chart's name.
    pub rule: String,
    /// The printed modifiers.
    pub modifiers: StragglerModifiers,
    rows: Vec<[StragglerCell; 3]>,
}

impl StragglerLoss {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: Raw = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        ensure(raw.columns == StragglerColumn::ALL, FILE, || {
            "columns must be 1-5, 6-10, 11+".to_string()
        })?;
        check_rolls(FILE, raw.row.iter().map(|r| r.roll), 6)?;
        let mut rows = Vec::new();
        for r in &raw.row {
            check_row(FILE, "straggler row", &r.losses, 3, r.printed_cells)?;
            let mut row = [StragglerCell {
                loss: 0,
                status: Provenance::Printed,
            }; 3];
            for (j, &loss) in r.losses.iter().enumerate() {
                row[j] = StragglerCell {
                    loss,
                    status: status(j, r.printed_cells),
                };
            }
            rows.push(row);
        }
        Ok(Self {
            rule: raw.rule,
            modifiers: raw.modifiers,
            rows,
        })
    }

    /// The cell for a column and a modified die roll (below 1 uses "1 or less", above 6 "6+").
    pub fn cell(&self, column: StragglerColumn, modified_roll: i32) -> StragglerCell {
        self.rows[roll_row(modified_roll, self.rows.len())][column.index()]
    }
}
