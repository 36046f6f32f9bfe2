//! The Cavalry Probe Chart (S5), read from `data/charts/cavalry_probe.toml`.

use serde::{Deserialize, Serialize};

use super::table::{check_rolls, check_row, roll_row, status};
use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

const FILE: &str = "charts/cavalry_probe.toml";

/// A column: the Adjusted Strength Point Differential (S5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProbeColumn {
    /// 1-3.
    #[serde(rename = "1-3")]
    D1To3,
    /// 4-6.
    #[serde(rename = "4-6")]
    D4To6,
    /// 7-10.
    #[serde(rename = "7-10")]
    D7To10,
    /// 11 or more.
    #[serde(rename = "11+")]
    D11Plus,
}

impl ProbeColumn {
    /// All columns.
    pub const ALL: [ProbeColumn; 4] = [
        ProbeColumn::D1To3,
        ProbeColumn::D4To6,
        ProbeColumn::D7To10,
        ProbeColumn::D11Plus,
    ];

    /// The column for a differential; `None` (the probe fails) for 0 or less.
    pub fn from_differential(differential: i32) -> Option<Self> {
        match differential {
            i32::MIN..=0 => None,
            1..=3 => Some(ProbeColumn::D1To3),
            4..=6 => Some(ProbeColumn::D4To6),
            7..=10 => Some(ProbeColumn::D7To10),
            _ => Some(ProbeColumn::D11Plus),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One cell: how many counters of the probed stack are revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProbeCell {
    /// Counters revealed (0 for "--").
    pub revealed: u8,
    /// Printed or completed.
    pub status: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    rule: String,
    columns: Vec<ProbeColumn>,
    row: Vec<RawRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRow {
    roll: u8,
    revealed: Vec<u8>,
    printed_cells: usize,
}

/// The whole chart: rows "1 or less" to 6.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CavalryProbe {
    /// The chart's name.
    pub rule: String,
    rows: Vec<[ProbeCell; 4]>,
}

impl CavalryProbe {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: Raw = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        ensure(raw.columns == ProbeColumn::ALL, FILE, || {
            "columns must be 1-3, 4-6, 7-10, 11+".to_string()
        })?;
        check_rolls(FILE, raw.row.iter().map(|r| r.roll), 6)?;
        let mut rows = Vec::new();
        for r in &raw.row {
            check_row(FILE, "probe row", &r.revealed, 4, r.printed_cells)?;
            let mut row = [ProbeCell {
                revealed: 0,
                status: Provenance::Printed,
            }; 4];
            for (j, &n) in r.revealed.iter().enumerate() {
                row[j] = ProbeCell {
                    revealed: n,
                    status: status(j, r.printed_cells),
                };
            }
            rows.push(row);
        }
        Ok(Self {
            rule: raw.rule,
            rows,
        })
    }

    /// The cell for a column and a modified die roll (below 1 uses "1 or less", above 6 row 6).
    pub fn cell(&self, column: ProbeColumn, modified_roll: i32) -> ProbeCell {
        self.rows[roll_row(modified_roll, self.rows.len())][column.index()]
    }
}
