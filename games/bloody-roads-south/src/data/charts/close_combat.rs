//! Close combat charts (series 23) and the Gun Loss Table (series 26.1).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Series 23.0: strength points for the odds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strength {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Points by column.
    pub points: Vec<u8>,
    /// Defender multiplier in a sunken road or trench.
    pub defender_multiplier_sunken_road_or_trench: u8,
}

/// A result of the Odds Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum OddsResult {
    /// The defender wins.
    D,
    /// Roll again: 1-3 D, 4-6 A.
    HalfA,
    /// The attacker wins.
    A,
}

impl FromStr for OddsResult {
    type Err = String;
    fn from_str(s: &str) -> Result<OddsResult, String> {
        match s {
            "D" => Ok(OddsResult::D),
            "½A" => Ok(OddsResult::HalfA),
            "A" => Ok(OddsResult::A),
            _ => Err(format!("not an odds result: {s:?}")),
        }
    }
}

impl fmt::Display for OddsResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OddsResult::D => "D",
            OddsResult::HalfA => "½A",
            OddsResult::A => "A",
        })
    }
}

impl TryFrom<String> for OddsResult {
    type Error = String;
    fn try_from(s: String) -> Result<OddsResult, String> {
        s.parse()
    }
}

impl From<OddsResult> for String {
    fn from(r: OddsResult) -> String {
        r.to_string()
    }
}

/// A row of the Odds Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsRow {
    /// The printed die roll ("6+" = 6 or more).
    pub roll: String,
    /// Results by odds column.
    pub cells: Vec<OddsResult>,
}

/// Series 23.0: the Odds Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Odds {
    /// The series rule.
    pub rule: String,
    /// Printed headings.
    pub columns: Vec<String>,
    /// Rows 1 to 6+.
    pub rows: Vec<OddsRow>,
    /// Second-die rolls that make a ½A a D.
    pub half_a_defender_wins_on: Vec<u8>,
    /// Second-die rolls that make a ½A an A.
    pub half_a_attacker_wins_on: Vec<u8>,
}

impl Odds {
    /// The odds column for attacker and defender strength points: the ratio is rounded down
    /// in the defender's favour (decision), e.g. 7 to 4 is 1-1; 1-2 or worse is column 0.
    pub fn column(&self, attacker: u16, defender: u16) -> usize {
        if defender == 0 || attacker >= 4 * defender {
            4
        } else if attacker >= 3 * defender {
            3
        } else if attacker >= 2 * defender {
            2
        } else if attacker >= defender {
            1
        } else {
            0
        }
    }

    /// The result for a column and a modified die roll (below 1 reads row 1; 6 or more
    /// reads "6+").
    pub fn result(&self, column: usize, modified_roll: i32) -> Option<OddsResult> {
        let row = modified_roll.clamp(1, 6) as usize - 1;
        self.rows.get(row)?.cells.get(column).copied()
    }
}

/// A die roll modifier of the Odds Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OddsDrm {
    /// Its key.
    pub key: String,
    /// The modifier.
    pub value: i8,
    /// When it applies.
    pub text: String,
}

/// Series 23.0: retreats after close combat.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatResults {
    /// Hexes the attacker retreats on a D.
    pub attacker_retreat_hexes: u8,
    /// Hexes the defender retreats on an A.
    pub defender_retreat_hexes: u8,
}

/// A row of the Gun Loss Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunLossRow {
    /// First and last die roll.
    pub rolls: [u8; 2],
    /// Gun points lost.
    pub gun_points_lost: u8,
}

/// Series 26.1: the Gun Loss Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunLoss {
    /// The series rule.
    pub rule: String,
    /// Its rows.
    pub rows: Vec<GunLossRow>,
}

impl GunLoss {
    /// Gun points lost on a die roll.
    pub fn lost(&self, roll: u8) -> Option<u8> {
        self.rows
            .iter()
            .find(|r| (r.rolls[0]..=r.rolls[1]).contains(&roll))
            .map(|r| r.gun_points_lost)
    }
}

/// All close combat charts (`data/charts/close_combat.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatCharts {
    /// Strength points.
    pub strength: Strength,
    /// The Odds Table.
    pub odds: Odds,
    /// Die roll modifiers.
    pub drm: Vec<OddsDrm>,
    /// Retreats.
    pub results: CloseCombatResults,
    /// Gun loss.
    pub gun_loss: GunLoss,
}
