//! Fire combat charts (series 20, 25.2, 26.3) and BRS Accidental Flank Fire (rule 1.2e).

use super::cell::{DASH, Halves};
use crate::data::fire_level::FireLevel;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A small-arms fire-points cell, printed "8 (12)": normal value and plus-weapon value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct SmallArmsCell {
    /// Fire points of an ordinary unit.
    pub normal: Halves,
    /// Fire points of a unit with plus weapons.
    pub plus: Halves,
}

impl FromStr for SmallArmsCell {
    type Err = String;
    fn from_str(s: &str) -> Result<SmallArmsCell, String> {
        let (a, b) = s
            .split_once(" (")
            .and_then(|(a, b)| Some((a, b.strip_suffix(')')?)))
            .ok_or_else(|| format!("not a small-arms cell: {s:?}"))?;
        Ok(SmallArmsCell {
            normal: a.parse()?,
            plus: b.parse()?,
        })
    }
}

impl fmt::Display for SmallArmsCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.normal, self.plus)
    }
}

impl TryFrom<String> for SmallArmsCell {
    type Error = String;
    fn try_from(s: String) -> Result<SmallArmsCell, String> {
        s.parse()
    }
}

impl From<SmallArmsCell> for String {
    fn from(c: SmallArmsCell) -> String {
        c.to_string()
    }
}

/// A result of the Fire Combat Table (series 20.0, 20.5a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum FireResult {
    /// "–": no effect.
    NoEffect,
    /// "m", "m-1", "m-2": a morale check only, with this many rows shifted UP.
    MoraleCheck(u8),
    /// A number: casualty steps (a half rounded by a die), then straggler and morale checks.
    Casualties(Halves),
}

impl FromStr for FireResult {
    type Err = String;
    fn from_str(s: &str) -> Result<FireResult, String> {
        Ok(match s {
            DASH => FireResult::NoEffect,
            "m" => FireResult::MoraleCheck(0),
            "m-1" => FireResult::MoraleCheck(1),
            "m-2" => FireResult::MoraleCheck(2),
            _ => FireResult::Casualties(s.parse()?),
        })
    }
}

impl fmt::Display for FireResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FireResult::NoEffect => f.write_str(DASH),
            FireResult::MoraleCheck(0) => f.write_str("m"),
            FireResult::MoraleCheck(n) => write!(f, "m-{n}"),
            FireResult::Casualties(h) => h.fmt(f),
        }
    }
}

impl TryFrom<String> for FireResult {
    type Error = String;
    fn try_from(s: String) -> Result<FireResult, String> {
        s.parse()
    }
}

impl From<FireResult> for String {
    fn from(r: FireResult) -> String {
        r.to_string()
    }
}

/// A row of the small-arms chart.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmallArmsRow {
    /// The fire level letter (A, B or C).
    pub level: FireLevel,
    /// Close combat, range 1, range 2.
    pub cells: Vec<SmallArmsCell>,
}

/// Series 20.0: small-arms fire points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmallArms {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Rows A, B, C.
    pub rows: Vec<SmallArmsRow>,
}

impl SmallArms {
    /// Fire points of one letter (A, B or C) at a range (0 = close combat, 1 or 2).
    pub fn points(&self, letter: FireLevel, range: u8, plus_weapons: bool) -> Option<Halves> {
        let cell = self
            .rows
            .iter()
            .find(|r| r.level == letter)?
            .cells
            .get(usize::from(range))?;
        Some(if plus_weapons { cell.plus } else { cell.normal })
    }

    /// Fire points of a whole fire level (AB = A + B ...).
    pub fn level_points(&self, level: FireLevel, range: u8, plus_weapons: bool) -> Option<Halves> {
        let (a, b, c) = level.letters();
        let mut total = 0u16;
        for (letter, n) in [(FireLevel::A, a), (FireLevel::B, b), (FireLevel::C, c)] {
            if n > 0 {
                total += u16::from(n) * self.points(letter, range, plus_weapons)?.0;
            }
        }
        Some(Halves(total))
    }
}

/// A row of the artillery chart.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryRow {
    /// Gun points.
    pub gun_points: u8,
    /// Fire points by range column.
    pub cells: Vec<Halves>,
}

/// Series 20.0 / 26.3: artillery fire points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Artillery {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// First and last range of each column.
    pub ranges: Vec<[u8; 2]>,
    /// Rows 5 down to 1 gun points.
    pub rows: Vec<ArtilleryRow>,
    /// From this range, fire at targets other than artillery and wagons is halved (26.3a).
    pub halved_from_range: u8,
}

impl Artillery {
    /// Fire points of `gun_points` (1-5) at `range` (0 = close combat), before halving.
    pub fn points(&self, gun_points: u8, range: u8) -> Option<Halves> {
        let c = self
            .ranges
            .iter()
            .position(|r| (r[0]..=r[1]).contains(&range))?;
        self.rows
            .iter()
            .find(|r| r.gun_points == gun_points)?
            .cells
            .get(c)
            .copied()
    }
}

/// Series 20.0: the Fire Combat Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireTable {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Lowest whole fire points of each column after "<1".
    pub column_min: Vec<u16>,
    /// Rows 2 to 12.
    pub rows: Vec<RollRowFire>,
    /// Rolls that make small-arms firers Low Ammo.
    pub low_ammo_rolls: Vec<u8>,
}

/// A row of the Fire Combat Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollRowFire {
    /// The 2d6 roll.
    pub roll: u8,
    /// Results by column.
    pub cells: Vec<FireResult>,
}

impl FireTable {
    /// The column of a fire-point total (in halves; rounded down to whole points, more than
    /// zero but below one is "<1"), before shifts. `None` for no fire points at all.
    pub fn column(&self, total: Halves) -> Option<usize> {
        if total.0 == 0 {
            return None;
        }
        let whole = total.whole();
        Some(self.column_min.iter().take_while(|&&m| whole >= m).count())
    }

    /// A column moved by `shift` (positive = right), kept on the table.
    pub fn shifted(&self, column: usize, shift: i32) -> usize {
        let last = self.columns.len() as i32 - 1;
        (column as i32 + shift).clamp(0, last) as usize
    }

    /// The cell for a column and a 2d6 roll.
    pub fn result(&self, column: usize, roll: u8) -> Option<FireResult> {
        self.rows
            .iter()
            .find(|r| r.roll == roll)?
            .cells
            .get(column)
            .copied()
    }
}

/// A column shift of the Fire Combat Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireShift {
    /// Its key.
    pub key: String,
    /// Columns (positive = right).
    pub columns: i8,
    /// When it applies.
    pub text: String,
}

/// BRS 1.2e: Accidental Flank Fire.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccidentalFlankFire {
    /// The game rule.
    pub rule: String,
    /// The Fire Table rolls that trigger it.
    pub rolls: Vec<u8>,
    /// The extra shift (the flank-target shift, to the right).
    pub columns: i8,
}

/// A leader-loss result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderLossResult {
    /// Killed.
    Killed,
    /// No effect.
    NoEffect,
    /// Wounded.
    Wounded,
}

/// A row of the Leader Loss Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderLossRow {
    /// First and last 2d6 roll.
    pub rolls: [u8; 2],
    /// The result.
    pub result: LeaderLossResult,
}

/// Series 25.2: Leader Loss.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderLoss {
    /// The series rule.
    pub rule: String,
    /// Its rows.
    pub rows: Vec<LeaderLossRow>,
}

impl LeaderLoss {
    /// The result of a 2d6 roll.
    pub fn result(&self, roll: u8) -> Option<LeaderLossResult> {
        self.rows
            .iter()
            .find(|r| (r.rolls[0]..=r.rolls[1]).contains(&roll))
            .map(|r| r.result)
    }
}

/// Series 20.0 step 5: rounding a half result.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HalfRounding {
    /// The series rule.
    pub rule: String,
    /// Die rolls that round down.
    pub down_on: Vec<u8>,
    /// Die rolls that round up.
    pub up_on: Vec<u8>,
}

/// All fire charts (`data/charts/fire.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireCharts {
    /// Small-arms fire points.
    pub small_arms: SmallArms,
    /// Artillery fire points.
    pub artillery: Artillery,
    /// The Fire Combat Table.
    pub table: FireTable,
    /// Column shifts.
    pub shift: Vec<FireShift>,
    /// BRS 1.2e.
    pub accidental_flank_fire: AccidentalFlankFire,
    /// Leader loss.
    pub leader_loss: LeaderLoss,
    /// Rounding of halves.
    pub half_rounding: HalfRounding,
}

impl FireCharts {
    /// A column shift by key.
    pub fn shift_columns(&self, key: &str) -> Option<i8> {
        self.shift.iter().find(|s| s.key == key).map(|s| s.columns)
    }
}
