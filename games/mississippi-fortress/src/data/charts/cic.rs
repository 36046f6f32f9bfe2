//! The Combat Intensity Charts A and B (S9.2, S9.4), read from `data/charts/cic_a.toml` and
//! `data/charts/cic_b.toml`.

use serde::{Deserialize, Serialize};

use super::orders::{AttackerOrder, DefenderOrder};
use super::strength::RatioColumn;
use super::table::{check_row, status};
use crate::data::error::{DataError, ensure};
use crate::data::ids::Provenance;

const FILE_A: &str = "charts/cic_a.toml";
const FILE_B: &str = "charts/cic_b.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCicA {
    rule: String,
    columns: Vec<AttackerOrder>,
    rain_modifier: i8,
    row: Vec<RawCicARow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCicARow {
    defender: DefenderOrder,
    levels: Vec<u8>,
}

/// CIC A: the Combat Intensity Level of an engagement from the two orders (all cells printed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CicA {
    /// The chart's name.
    pub rule: String,
    /// Added to the level in Rain, never below 0 (3.2c; printed -1).
    pub rain_modifier: i8,
    levels: [[u8; 3]; 3],
}

fn attacker_index(o: AttackerOrder) -> usize {
    match o {
        AttackerOrder::Diversion => 0,
        AttackerOrder::Advance => 1,
        AttackerOrder::Assault => 2,
    }
}

fn defender_index(o: DefenderOrder) -> usize {
    match o {
        DefenderOrder::Withdraw => 0,
        DefenderOrder::Stand => 1,
        DefenderOrder::Counterattack => 2,
    }
}

impl CicA {
    pub(crate) fn parse(text: &str) -> Result<CicA, DataError> {
        let raw: RawCicA = toml::from_str(text).map_err(|e| DataError::parse(FILE_A, e))?;
        let cols = [
            AttackerOrder::Diversion,
            AttackerOrder::Advance,
            AttackerOrder::Assault,
        ];
        ensure(raw.columns == cols, FILE_A, || {
            "columns must be diversion, advance, assault".to_string()
        })?;
        let rows = [
            DefenderOrder::Withdraw,
            DefenderOrder::Stand,
            DefenderOrder::Counterattack,
        ];
        ensure(raw.row.iter().map(|r| r.defender).eq(rows), FILE_A, || {
            "rows must be withdraw, stand, counterattack".to_string()
        })?;
        let mut levels = [[0; 3]; 3];
        for (i, r) in raw.row.iter().enumerate() {
            check_row(FILE_A, "CIC A row", &r.levels, 3, 3)?;
            for (j, &l) in r.levels.iter().enumerate() {
                ensure(l <= 4, FILE_A, || "levels run from 0 to 4".to_string())?;
                levels[i][j] = l;
            }
        }
        Ok(CicA {
            rule: raw.rule,
            rain_modifier: raw.rain_modifier,
            levels,
        })
    }

    /// The printed level for the Defender's row and the Attacker's column.
    pub fn level(&self, defender: DefenderOrder, attacker: AttackerOrder) -> u8 {
        self.levels[defender_index(defender)][attacker_index(attacker)]
    }

    /// The level after weather: Rain subtracts one, never below 0 (3.2c).
    pub fn level_in_weather(
        &self,
        defender: DefenderOrder,
        attacker: AttackerOrder,
        rain: bool,
    ) -> u8 {
        let base = i16::from(self.level(defender, attacker));
        let modified = if rain {
            base + i16::from(self.rain_modifier)
        } else {
            base
        };
        u8::try_from(modified.max(0)).unwrap_or(0)
    }
}

/// One cell of CIC B: how many FCRT rolls each engaged Line Position makes this round (S9.4d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CicBCell {
    /// "x": rolls the Defender's Line Position makes against the Attacker's.
    pub defender_fires: u8,
    /// "y": rolls the Attacker's Line Position makes against the Defender's.
    pub attacker_fires: u8,
    /// Printed, or completed by the project (reference C9).
    pub status: Provenance,
}

impl CicBCell {
    /// The cell as printed, e.g. "2/-".
    pub fn label(&self) -> String {
        let f = |n: u8| {
            if n == 0 {
                "-".to_string()
            } else {
                n.to_string()
            }
        };
        format!("{}/{}", f(self.defender_fires), f(self.attacker_fires))
    }
}

/// The printed CIC B combat strength and odds column modifiers, as numbers (S9.3, S9.4c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CicBModifiers {
    /// Modifier 1: defending non-artillery units in a Mountainous Area, not Counterattacking (x3).
    pub mountain_defender_factor: u8,
    /// Modifier 2: attacking units that crossed a Major River or force marched this turn (/2).
    pub crossed_or_force_marched_divisor: u8,
    /// Modifier 3: cavalry against a Line Position holding anything but militia infantry (/2).
    pub cavalry_divisor: u8,
    /// Odds column modifier 1: columns left for a Mountainous or Defensible Area, not
    /// Counterattacking (1).
    pub terrain_left_shift: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCicB {
    rule: String,
    columns: Vec<RatioColumn>,
    modifiers: CicBModifiers,
    row: Vec<RawCicBRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCicBRow {
    level: u8,
    cells: Vec<String>,
    printed_cells: usize,
}

/// CIC B, Levels 0 to 4 against the eight ratio columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CicB {
    /// The chart's name.
    pub rule: String,
    /// The printed modifiers.
    pub modifiers: CicBModifiers,
    rows: Vec<[CicBCell; 8]>,
}

fn parse_fires(s: &str) -> Option<u8> {
    if s == "-" { Some(0) } else { s.parse().ok() }
}

impl CicB {
    pub(crate) fn parse(text: &str) -> Result<CicB, DataError> {
        let raw: RawCicB = toml::from_str(text).map_err(|e| DataError::parse(FILE_B, e))?;
        ensure(raw.columns == RatioColumn::ALL, FILE_B, || {
            "columns must run 1:4 to 5:1+".to_string()
        })?;
        let mut rows = Vec::new();
        for (i, r) in raw.row.iter().rev().enumerate() {
            ensure(usize::from(r.level) == i, FILE_B, || {
                "rows must be levels 4 down to 0".to_string()
            })?;
        }
        for r in raw.row.iter().rev() {
            check_row(FILE_B, "CIC B row", &r.cells, 8, r.printed_cells)?;
            let mut cells = [CicBCell {
                defender_fires: 0,
                attacker_fires: 0,
                status: Provenance::Printed,
            }; 8];
            for (j, c) in r.cells.iter().enumerate() {
                let parsed = c
                    .split_once('/')
                    .and_then(|(x, y)| Some((parse_fires(x)?, parse_fires(y)?)));
                let (x, y) = parsed.ok_or_else(|| {
                    DataError::invalid(FILE_B, format!("cell {c:?} is not \"x/y\""))
                })?;
                cells[j] = CicBCell {
                    defender_fires: x,
                    attacker_fires: y,
                    status: status(j, r.printed_cells),
                };
            }
            rows.push(cells);
        }
        Ok(CicB {
            rule: raw.rule,
            modifiers: raw.modifiers,
            rows,
        })
    }

    /// The cell for an Intensity Level (0-4) and a ratio column; `None` above Level 4.
    pub fn cell(&self, level: u8, column: RatioColumn) -> Option<CicBCell> {
        self.rows
            .get(usize::from(level))
            .map(|row| row[column.index()])
    }

    /// The highest Intensity Level.
    pub fn max_level(&self) -> u8 {
        u8::try_from(self.rows.len().saturating_sub(1)).unwrap_or(0)
    }
}
