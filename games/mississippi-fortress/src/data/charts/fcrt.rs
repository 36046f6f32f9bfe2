//! The Fire Combat Results Table (S9.5), read from `data/charts/fcrt.toml`.

use serde::{Deserialize, Serialize};

use super::orders::FcrtGroup;
use super::strength::StrengthBand;
use super::table::{check_row, status};
use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

const FILE: &str = "charts/fcrt.toml";

/// What one FCRT roll does to the Line Position fired on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FcrtResult {
    /// "-": no effect.
    NoEffect,
    /// "1" or "2": the target loses that many SP.
    Loss(u8),
    /// "*": roll once more, unmodified; a 1 or 2 costs the target one SP.
    RollAgain,
}

impl FcrtResult {
    /// The cell as printed.
    pub fn label(self) -> String {
        match self {
            FcrtResult::NoEffect => "-".to_string(),
            FcrtResult::Loss(n) => n.to_string(),
            FcrtResult::RollAgain => "*".to_string(),
        }
    }

    fn parse(s: &str) -> Option<Self> {
        match s {
            "-" => Some(FcrtResult::NoEffect),
            "*" => Some(FcrtResult::RollAgain),
            _ => s.parse().ok().filter(|&n| n > 0).map(FcrtResult::Loss),
        }
    }
}

/// One FCRT cell with its status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FcrtCell {
    /// The result.
    pub result: FcrtResult,
    /// Printed, or completed by the project (reference C10).
    pub status: Provenance,
}

/// The printed FCRT odds column modifiers, as signed column shifts (S9.5c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FcrtModifiers {
    /// Defender 1: the firing Line Position holds infantry of two or more formations.
    pub defender_mixed_formations: i8,
    /// Defender 2: it holds the higher-rated Officer.
    pub defender_higher_officer: i8,
    /// Attacker 1: the firing Line Position holds infantry of two or more formations.
    pub attacker_mixed_formations: i8,
    /// Attacker 2: for each Defender Line Position adjacent to the target not fired on.
    pub attacker_per_adjacent_unengaged: i8,
    /// Attacker 3: it holds the higher-rated Officer.
    pub attacker_higher_officer: i8,
    /// Attacker 4: the target holds only militia infantry.
    pub attacker_target_militia_only: i8,
    /// Attacker 5: the target is adjacent to a Defender Line Position given Withdraw.
    pub attacker_target_beside_withdraw: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFcrt {
    rule: String,
    bands: Vec<StrengthBand>,
    reroll_loses_one_on: Vec<u8>,
    modifiers: FcrtModifiers,
    row: Vec<RawRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRow {
    group: FcrtGroup,
    band: StrengthBand,
    cells: Vec<String>,
    printed_cells: usize,
}

/// The whole FCRT: three row groups by six strength bands by die rolls 1 to 6.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fcrt {
    /// The chart's name.
    pub rule: String,
    /// The printed column shifts.
    pub modifiers: FcrtModifiers,
    reroll_loses_one_on: Vec<u8>,
    cells: Vec<[FcrtCell; 6]>,
}

fn group_index(g: FcrtGroup) -> usize {
    match g {
        FcrtGroup::DiversionWithdraw => 0,
        FcrtGroup::AdvanceStand => 1,
        FcrtGroup::AssaultCounterattack => 2,
    }
}

impl Fcrt {
    pub(crate) fn parse(text: &str) -> Result<Fcrt, DataError> {
        let raw: RawFcrt = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        ensure(raw.bands == StrengthBand::ALL, FILE, || {
            "bands must run 1-3 to 21+".to_string()
        })?;
        ensure(raw.row.len() == 18, FILE, || "expected 18 rows".to_string())?;
        let mut cells = Vec::with_capacity(18);
        for (i, r) in raw.row.iter().enumerate() {
            ensure(
                group_index(r.group) == i / 6 && r.band.index() == i % 6,
                FILE,
                || format!("row {} is out of order", i + 1),
            )?;
            check_row(FILE, "FCRT row", &r.cells, 6, r.printed_cells)?;
            let mut row = [FcrtCell {
                result: FcrtResult::NoEffect,
                status: Provenance::Printed,
            }; 6];
            for (j, c) in r.cells.iter().enumerate() {
                let result = FcrtResult::parse(c).ok_or_else(|| {
                    DataError::invalid(FILE, format!("cell {c:?} is not -, *, 1 or 2"))
                })?;
                row[j] = FcrtCell {
                    result,
                    status: status(j, r.printed_cells),
                };
            }
            cells.push(row);
        }
        Ok(Fcrt {
            rule: raw.rule,
            modifiers: raw.modifiers,
            reroll_loses_one_on: raw.reroll_loses_one_on,
            cells,
        })
    }

    /// The cell for a row group, a strength band and an unmodified die roll (1-6).
    pub fn cell(&self, group: FcrtGroup, band: StrengthBand, die: u8) -> Option<FcrtCell> {
        let row = &self.cells[group_index(group) * 6 + band.index()];
        usize::from(die)
            .checked_sub(1)
            .and_then(|i| row.get(i))
            .copied()
    }

    /// SP lost on the extra roll a "*" calls for (the key: one SP on a 1 or 2).
    pub fn reroll_loss(&self, die: u8) -> u8 {
        u8::from(self.reroll_loses_one_on.contains(&die))
    }
}
