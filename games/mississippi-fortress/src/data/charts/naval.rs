//! Shore Battery CRT A and B (4.23) and the Naval CRT (7.21b), read from
//! `data/charts/shore_battery.toml` and `data/charts/naval_crt.toml`. Every cell is printed.

use serde::{Deserialize, Serialize};

use super::table::{check_rolls, check_row, roll_row};
use crate::data::error::{DataError, ensure};

const FILE_SB: &str = "charts/shore_battery.toml";
const FILE_N: &str = "charts/naval_crt.toml";

/// Which ship of a stack a CRT B result sinks (4.23c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShipHit {
    /// The top ship: the one nearest the battery.
    Top,
    /// The bottom ship.
    Bottom,
}

/// The printed Shore Battery CRT A modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShoreBatteryModifiers {
    /// The only ship, or the top ship, is wooden (4.23b).
    pub wooden_target: i8,
    /// The battery is supported by the Arkansas* (7.21c).
    pub arkansas_support: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSb {
    rule: String,
    modifiers: ShoreBatteryModifiers,
    row: Vec<RawSbRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSbRow {
    roll: u8,
    crt_a_hit: bool,
    crt_b: ShipHit,
}

/// Shore Battery CRT A (does the battery sink a ship?) and CRT B (which one?).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShoreBatteryCrt {
    /// The chart's name.
    pub rule: String,
    /// The printed modifiers.
    pub modifiers: ShoreBatteryModifiers,
    rows: Vec<(bool, ShipHit)>,
}

impl ShoreBatteryCrt {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: RawSb = toml::from_str(text).map_err(|e| DataError::parse(FILE_SB, e))?;
        check_rolls(FILE_SB, raw.row.iter().map(|r| r.roll), 6)?;
        Ok(Self {
            rule: raw.rule,
            modifiers: raw.modifiers,
            rows: raw.row.iter().map(|r| (r.crt_a_hit, r.crt_b)).collect(),
        })
    }

    /// CRT A: true if the modified roll sinks a ship (a roll above 6 reads the 6 row).
    pub fn crt_a(&self, modified_roll: i32) -> bool {
        self.rows[roll_row(modified_roll, self.rows.len())].0
    }

    /// CRT B: which ship of a stack is sunk, for an unmodified roll.
    pub fn crt_b(&self, roll: i32) -> ShipHit {
        self.rows[roll_row(roll, self.rows.len())].1
    }
}

/// A column of the Naval CRT: the firing side's non-steamer ships present.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NavalColumn {
    /// 1-2 ships.
    #[serde(rename = "1-2")]
    N1To2,
    /// 3-5 ships.
    #[serde(rename = "3-5")]
    N3To5,
    /// 6 or more.
    #[serde(rename = "6+")]
    N6Plus,
}

impl NavalColumn {
    /// All columns.
    pub const ALL: [NavalColumn; 3] = [NavalColumn::N1To2, NavalColumn::N3To5, NavalColumn::N6Plus];

    /// The column for a number of firing ships; `None` for 0 (that side does not roll).
    pub fn from_firing_ships(n: u8) -> Option<Self> {
        match n {
            0 => None,
            1..=2 => Some(NavalColumn::N1To2),
            3..=5 => Some(NavalColumn::N3To5),
            _ => Some(NavalColumn::N6Plus),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A Naval CRT result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NavalResult {
    /// "-".
    #[serde(rename = "-")]
    NoEffect,
    /// "D": one ship damaged (7.21d).
    #[serde(rename = "D")]
    Damaged,
    /// "S": one ship sunk.
    #[serde(rename = "S")]
    Sunk,
}

/// The printed Naval CRT modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalModifiers {
    /// Either side, when enemy wooden ships are present.
    pub enemy_wooden: i8,
    /// Instead, Confederate rolls when any of Farragut's ships is with other Union wooden ships.
    pub enemy_wooden_with_farragut: i8,
    /// Confederate rolls when Farragut's wooden ships alone are present.
    pub farragut_alone: i8,
    /// Union rolls when the Arkansas* is present.
    pub arkansas_present: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNaval {
    rule: String,
    columns: Vec<NavalColumn>,
    modifiers: NavalModifiers,
    row: Vec<RawNavalRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNavalRow {
    roll: u8,
    results: Vec<NavalResult>,
}

/// The Naval CRT of 7.21b.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavalCrt {
    /// The chart's name.
    pub rule: String,
    /// The printed modifiers.
    pub modifiers: NavalModifiers,
    rows: Vec<[NavalResult; 3]>,
}

impl NavalCrt {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: RawNaval = toml::from_str(text).map_err(|e| DataError::parse(FILE_N, e))?;
        ensure(raw.columns == NavalColumn::ALL, FILE_N, || {
            "columns must be 1-2, 3-5, 6+".to_string()
        })?;
        check_rolls(FILE_N, raw.row.iter().map(|r| r.roll), 6)?;
        let mut rows = Vec::new();
        for r in &raw.row {
            check_row(FILE_N, "naval row", &r.results, 3, 3)?;
            rows.push([r.results[0], r.results[1], r.results[2]]);
        }
        Ok(Self {
            rule: raw.rule,
            modifiers: raw.modifiers,
            rows,
        })
    }

    /// The result for a column and a modified roll ("1 or less" .. "6+").
    pub fn result(&self, column: NavalColumn, modified_roll: i32) -> NavalResult {
        self.rows[roll_row(modified_roll, self.rows.len())][column.index()]
    }
}
