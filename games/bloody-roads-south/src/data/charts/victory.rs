//! Victory charts (rules 5.1-5.3), used in Scenarios 4-7.

use crate::data::hex::HexId;
use crate::data::side::Side;
use crate::data::terrain::ClearingId;
use serde::Deserialize;

/// Rule 5.2: tactical victory points.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tactical {
    /// The game rule.
    pub rule: String,
    /// Each enemy brigade wrecked.
    pub enemy_brigade_wrecked: u8,
    /// Each enemy division wrecked.
    pub enemy_division_wrecked: u8,
    /// Each enemy leader casualty ("rating").
    pub enemy_leader_casualty: String,
    /// Enemy casualties (men) per point.
    pub enemy_casualties_per_point: u16,
    /// Enemy gun points lost per point.
    pub enemy_gun_points_per_point: u8,
    /// Highest ratio that is a draw.
    pub draw_max: f64,
    /// Lowest ratio that is a major victory.
    pub major_min: f64,
}

/// The level of a tactical result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TacticalLevel {
    /// Ratio at most 1.5 (or both totals 0).
    Draw,
    /// Ratio above 1.5 and below 3.0.
    Minor,
    /// Ratio 3.0 or more.
    Major,
}

impl Tactical {
    /// The result for the higher and the lower total (decision: a lower total of 0 counts
    /// as 1; both 0 is a draw).
    pub fn level(&self, higher: u32, lower: u32) -> TacticalLevel {
        if higher == 0 {
            return TacticalLevel::Draw;
        }
        let ratio = f64::from(higher) / f64::from(lower.max(1));
        if ratio <= self.draw_max {
            TacticalLevel::Draw
        } else if ratio < self.major_min {
            TacticalLevel::Minor
        } else {
            TacticalLevel::Major
        }
    }
}

/// Rule 5.3: strategic victory points.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strategic {
    /// The game rule.
    pub rule: String,
    /// Each enemy corps wrecked.
    pub enemy_corps_wrecked: u8,
    /// Each corps commander or higher lost ("rating").
    pub corps_commander_or_higher_casualty: String,
    /// Tactical points per strategic point.
    pub tactical_points_per_point: u8,
    /// Rule 5.1b: the percentage of wrecked brigades that wrecks a corps.
    pub corps_wrecked_percent: u8,
}

/// A rule 5.3 location.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    /// Its label as printed.
    pub printed: String,
    /// Its hex, when it is a hex.
    #[serde(default)]
    pub hexes: Vec<HexId>,
    /// Its clearing, when it is a clearing (possession by majority, 5.1d).
    pub clearing: Option<ClearingId>,
    /// Points to the Union when it holds it.
    pub union: u8,
    /// Points to the Confederates when they hold it.
    pub confederate: u8,
    /// True when the values are ours (the book prints the row empty).
    #[serde(default)]
    pub completed: bool,
}

impl Location {
    /// The points it gives to `side`.
    pub fn points(&self, side: Side) -> u8 {
        match side {
            Side::Union => self.union,
            Side::Confederate => self.confederate,
        }
    }
}

/// The strategic result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StrategicResult {
    /// Union Major Strategic Victory.
    UnionMajor,
    /// Union Minor Strategic Victory.
    UnionMinor,
    /// Draw.
    Draw,
    /// Confederate Minor Strategic Victory.
    ConfederateMinor,
    /// Confederate Major Strategic Victory.
    ConfederateMajor,
}

/// A band of the differential table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifferentialBand {
    /// As printed.
    pub printed: String,
    /// Lowest differential included.
    pub min: Option<i32>,
    /// Highest differential included.
    pub max: Option<i32>,
    /// The result.
    pub result: StrategicResult,
}

/// All victory charts (`data/charts/victory.toml`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryCharts {
    /// Tactical points.
    pub tactical: Tactical,
    /// Strategic points.
    pub strategic: Strategic,
    /// Locations.
    pub location: Vec<Location>,
    /// Differential bands.
    pub differential: Vec<DifferentialBand>,
}

impl VictoryCharts {
    /// The strategic result of a differential (Union total minus Confederate total).
    pub fn strategic_result(&self, differential: i32) -> Option<StrategicResult> {
        self.differential
            .iter()
            .find(|b| {
                b.min.is_none_or(|m| differential >= m) && b.max.is_none_or(|m| differential <= m)
            })
            .map(|b| b.result)
    }

    /// A location by its printed label.
    pub fn location(&self, printed: &str) -> Option<&Location> {
        self.location.iter().find(|l| l.printed == printed)
    }
}
