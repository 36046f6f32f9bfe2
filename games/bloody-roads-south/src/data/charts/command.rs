//! Command charts (series 10.1-10.3, 10.5): command points, order cost, acceptance, delay
//! reduction, initiative, attack stoppage, command radius and aide delivery.

use super::cell::MaybeNumber;
use crate::data::ids::FormationId;
use crate::data::order::OrderType;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// How an order is sent (series 10.1a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderMethod {
    /// Carried by an aide and given by word of mouth.
    AideOral,
    /// Carried by an aide, written.
    AideWritten,
    /// Given in person (sender and receiver in the same hex); always oral.
    InPerson,
}

/// Series 10.1b: command points per turn by the army commander's rating.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandPoints {
    /// The series rule.
    pub rule: String,
    /// Printed column headings.
    pub columns: Vec<String>,
    /// The ratings of each column.
    pub ratings: Vec<Vec<u8>>,
    /// Points of each column.
    pub points: Vec<u8>,
}

impl CommandPoints {
    /// Command points for an army commander of this rating.
    pub fn for_rating(&self, rating: u8) -> Option<u8> {
        self.ratings
            .iter()
            .position(|r| r.contains(&rating))
            .map(|i| self.points[i])
    }
}

/// Series 10.1a: the cost of an order in command points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderCost {
    /// The series rule.
    pub rule: String,
    /// Oral method (aide oral and in person).
    pub oral: u8,
    /// Written method.
    pub written: u8,
    /// Complex type.
    pub complex: u8,
    /// Simple type.
    pub simple: u8,
}

impl OrderCost {
    /// Method cost plus type cost.
    pub fn cost(&self, method: OrderMethod, order_type: OrderType) -> u8 {
        let m = match method {
            OrderMethod::AideWritten => self.written,
            OrderMethod::AideOral | OrderMethod::InPerson => self.oral,
        };
        m + match order_type {
            OrderType::Complex => self.complex,
            OrderType::Simple => self.simple,
        }
    }
}

/// A result of the Acceptance Table (series 10.1f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum AcceptanceResult {
    /// Accepted.
    A,
    /// Delayed; accepted later on a 1-2.
    D1,
    /// Delayed; accepted later on a 1.
    D2,
    /// Distorted: the order is thrown away.
    Dt,
}

impl FromStr for AcceptanceResult {
    type Err = String;
    fn from_str(s: &str) -> Result<AcceptanceResult, String> {
        match s {
            "A" => Ok(AcceptanceResult::A),
            "D1" => Ok(AcceptanceResult::D1),
            "D2" => Ok(AcceptanceResult::D2),
            "Dt" => Ok(AcceptanceResult::Dt),
            _ => Err(format!("not an acceptance result: {s:?}")),
        }
    }
}

impl fmt::Display for AcceptanceResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AcceptanceResult::A => "A",
            AcceptanceResult::D1 => "D1",
            AcceptanceResult::D2 => "D2",
            AcceptanceResult::Dt => "Dt",
        })
    }
}

impl TryFrom<String> for AcceptanceResult {
    type Error = String;
    fn try_from(s: String) -> Result<AcceptanceResult, String> {
        s.parse()
    }
}

impl From<AcceptanceResult> for String {
    fn from(r: AcceptanceResult) -> String {
        r.to_string()
    }
}

/// One row of a 2d6 table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollRow<T> {
    /// The 2d6 roll.
    pub roll: u8,
    /// The cells, one per column.
    pub cells: Vec<T>,
}

/// Series 10.1f: the Acceptance Table and how the acceptance value is made.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Acceptance {
    /// The series rule.
    pub rule: String,
    /// Aide oral modifier.
    pub aide_oral: i8,
    /// Aide written modifier.
    pub aide_written: i8,
    /// In person modifier.
    pub in_person: i8,
    /// Complex order modifier.
    pub complex: i8,
    /// Simple order modifier.
    pub simple: i8,
    /// The rating an army HQ counts as when it receives an order.
    pub army_hq_receiver_rating: u8,
    /// Printed column headings.
    pub columns: Vec<String>,
    /// The highest acceptance value of each column but the last.
    pub column_max: Vec<i8>,
    /// The rows, 2 to 12.
    pub rows: Vec<RollRow<AcceptanceResult>>,
}

impl Acceptance {
    /// The acceptance value: sender rating + receiver rating + method + type.
    pub fn value(
        &self,
        sender: u8,
        receiver: u8,
        method: OrderMethod,
        order_type: OrderType,
    ) -> i8 {
        let m = match method {
            OrderMethod::AideOral => self.aide_oral,
            OrderMethod::AideWritten => self.aide_written,
            OrderMethod::InPerson => self.in_person,
        };
        let t = match order_type {
            OrderType::Complex => self.complex,
            OrderType::Simple => self.simple,
        };
        sender as i8 + receiver as i8 + m + t
    }

    /// The column of an acceptance value (values below the first column use it; above the
    /// last, the last), then moved `left` columns to the left, stopping at the first.
    pub fn column(&self, value: i8, left: u8) -> usize {
        let col = self
            .column_max
            .iter()
            .position(|&max| value <= max)
            .unwrap_or(self.column_max.len());
        col.saturating_sub(usize::from(left))
    }

    /// The cell for a column and a 2d6 roll.
    pub fn result(&self, column: usize, roll: u8) -> Option<AcceptanceResult> {
        self.rows
            .iter()
            .find(|r| r.roll == roll)?
            .cells
            .get(column)
            .copied()
    }
}

/// Series 10.1f: Delay Reduction rolls (one die).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DelayReduction {
    /// The series rule.
    pub rule: String,
    /// Rolls that accept a D1 order.
    pub d1_accepts_on: Vec<u8>,
    /// Rolls that accept a D2 order.
    pub d2_accepts_on: Vec<u8>,
}

/// Series 10.2: the Initiative Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Initiative {
    /// The series rule.
    pub rule: String,
    /// Printed column headings.
    pub columns: Vec<String>,
    /// The initiative points of each column.
    pub points: Vec<Vec<i8>>,
    /// The 2d6 roll needed (or more) in each column.
    pub needed: Vec<u8>,
    /// The roll that is a Loose Cannon.
    pub loose_cannon_roll: u8,
}

impl Initiative {
    /// The roll needed for these initiative points; below the table the "0" column applies,
    /// above it the "4" column (decision).
    pub fn needed_for(&self, points: i8) -> u8 {
        let top = self.points.iter().flatten().copied().max().unwrap_or(0);
        let bottom = self.points.iter().flatten().copied().min().unwrap_or(0);
        let p = points.clamp(bottom, top);
        let i = self
            .points
            .iter()
            .position(|c| c.contains(&p))
            .expect("every point value is listed");
        self.needed[i]
    }
}

/// A row of the first Attack Stoppage table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoppageRow {
    /// Wrecked divisions (plus one if the original commander is lost).
    pub wrecked: u8,
    /// The column number for each size; "–" where the combination cannot occur.
    pub cells: Vec<MaybeNumber>,
}

/// A row of the second Attack Stoppage table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoppageRatingRow {
    /// Printed label.
    pub label: String,
    /// The ratings of the row.
    pub ratings: Vec<u8>,
    /// The 2d6 roll needed (or more) to pass, columns 1-4.
    pub needed: Vec<u8>,
}

/// Series 10.3: Corps Attack Stoppage (BRS 3.1c: also Union divisional attack stoppage).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackStoppage {
    /// The series rule.
    pub rule: String,
    /// Printed headings of the first table.
    pub step1_columns: Vec<String>,
    /// The number of divisions (brigades for a Union division) of each column.
    pub step1_sizes: Vec<u8>,
    /// Rows of the first table.
    pub step1_rows: Vec<StoppageRow>,
    /// Printed headings of the second table.
    pub step2_columns: Vec<String>,
    /// Rows of the second table.
    pub step2_rows: Vec<StoppageRatingRow>,
    /// Modifier to the roll at night.
    pub night_drm: i8,
}

impl AttackStoppage {
    /// Step 1: the column (1-4) for `wrecked` (plus one for a lost original commander) of
    /// `size` subordinate formations; `None` for a printed "–" or a size off the table.
    pub fn column(&self, wrecked: u8, size: u8) -> Option<u8> {
        let c = self.step1_sizes.iter().position(|&s| s == size)?;
        self.step1_rows
            .iter()
            .find(|r| r.wrecked == wrecked)?
            .cells
            .get(c)?
            .0
    }

    /// Step 2: the roll needed to pass in `column` (1-4) for a commander of this rating.
    pub fn needed(&self, column: u8, rating: u8) -> Option<u8> {
        let row = self
            .step2_rows
            .iter()
            .find(|r| r.ratings.contains(&rating))?;
        row.needed.get(usize::from(column).checked_sub(1)?).copied()
    }
}

/// BRS 3.1d: column shifts to the right for Union divisional attack stoppage, by corps.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoppageShift {
    /// The game rule.
    pub rule: String,
    /// Shift by corps id.
    pub corps: BTreeMap<FormationId, u8>,
}

impl StoppageShift {
    /// The column after the shift for a division of `corps` (never beyond column 4).
    pub fn shifted(&self, corps: &FormationId, column: u8) -> u8 {
        (column + self.corps.get(corps).copied().unwrap_or(0)).min(4)
    }
}

/// Series 10.5a: command radius in leader movement points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandRadius {
    /// The series rule.
    pub rule: String,
    /// Brigade to its division leader.
    pub brigade_to_division_leader: u8,
    /// Division leader to his corps HQ.
    pub division_leader_to_corps_hq: u8,
    /// Corps artillery to its corps HQ.
    pub corps_artillery_to_corps_hq: u8,
}

/// Series 10.1e: aide delivery.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AideDelivery {
    /// The series rule.
    pub rule: String,
    /// Leader movement points an aide covers per turn.
    pub leader_mp_per_turn: u8,
}

impl AideDelivery {
    /// Turns in transit for a path costing `leader_mp` (in halves of a point), rounded up.
    pub fn turns(&self, leader_mp_halves: u16) -> u16 {
        leader_mp_halves.div_ceil(2 * u16::from(self.leader_mp_per_turn))
    }
}

/// All command charts (`data/charts/command.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandCharts {
    /// Command points.
    pub command_points: CommandPoints,
    /// Order cost.
    pub order_cost: OrderCost,
    /// Acceptance.
    pub acceptance: Acceptance,
    /// Delay reduction.
    pub delay_reduction: DelayReduction,
    /// Initiative.
    pub initiative: Initiative,
    /// Attack stoppage.
    pub attack_stoppage: AttackStoppage,
    /// BRS 3.1d shifts.
    pub attack_stoppage_shift: StoppageShift,
    /// Command radius.
    pub command_radius: CommandRadius,
    /// Aide delivery.
    pub aide_delivery: AideDelivery,
}
