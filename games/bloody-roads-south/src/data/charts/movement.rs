//! The Bloody Roads South Movement Chart (RECONSTRUCTED; rules 1.1, 1.2d, 1.3e, 1.4, 3.2 and
//! series 16): allowances, terrain, road and hexside costs, formation changes.

use super::cell::Halves;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// Which column of the Movement Chart a moving counter uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveClass {
    /// Infantry in line.
    InfantryLine,
    /// Infantry in column.
    InfantryColumn,
    /// Limbered artillery, and Hancock in his ambulance (rule 3.2).
    ArtilleryLimbered,
    /// Leaders and HQs (and aides, for order delivery and command radius).
    Leader,
    /// Corps supply wagons.
    CorpsWagon,
    /// The Army of Northern Virginia's train.
    ArmyTrain,
}

/// A cost cell: movement points, "–" (cannot use the feature: pay the hex's terrain), or
/// "P" (prohibited).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum MpCost {
    /// This many movement points (in halves).
    Mp(Halves),
    /// The feature is not used by this class.
    NotUsable,
    /// Prohibited.
    Prohibited,
}

impl FromStr for MpCost {
    type Err = String;
    fn from_str(s: &str) -> Result<MpCost, String> {
        Ok(match s {
            "P" => MpCost::Prohibited,
            "\u{2013}" => MpCost::NotUsable,
            _ => MpCost::Mp(s.parse()?),
        })
    }
}

impl fmt::Display for MpCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MpCost::Mp(h) => h.fmt(f),
            MpCost::NotUsable => f.write_str("\u{2013}"),
            MpCost::Prohibited => f.write_str("P"),
        }
    }
}

impl TryFrom<String> for MpCost {
    type Error = String;
    fn try_from(s: String) -> Result<MpCost, String> {
        s.parse()
    }
}

impl From<MpCost> for String {
    fn from(c: MpCost) -> String {
        c.to_string()
    }
}

/// A row of the chart.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostRow {
    /// Its key (`wilderness`, `trail`, `creek` ...).
    pub key: String,
    /// Its printed name.
    pub name: String,
    /// Costs by column.
    pub cells: Vec<MpCost>,
}

/// Formation changes and other costs.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct OtherCosts {
    /// Infantry line to column or back.
    pub infantry_formation_change: u8,
    /// Limbering artillery.
    pub artillery_limber: u8,
    /// Unlimbering artillery.
    pub artillery_unlimber: u8,
    /// Extra cost to enter a hex to close combat (series 23.0).
    pub enter_close_combat: u8,
    /// Forced march: first extra allowance (series 18).
    pub forced_march_first: u8,
    /// Forced march: second extra allowance.
    pub forced_march_second: u8,
}

/// The Movement Chart (`data/charts/movement.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementChart {
    /// The rules it serves.
    pub rule: String,
    /// Printed column headings.
    pub columns: Vec<String>,
    /// The class of each column.
    pub keys: Vec<MoveClass>,
    /// Movement allowances.
    pub allowance: BTreeMap<MoveClass, u8>,
    /// Hex terrain rows.
    pub terrain: Vec<CostRow>,
    /// Road, trail and railroad rows.
    pub feature: Vec<CostRow>,
    /// Hexside rows.
    pub hexside: Vec<CostRow>,
    /// Other costs.
    pub other: OtherCosts,
}

impl MovementChart {
    fn cell(rows: &[CostRow], key: &str, keys: &[MoveClass], class: MoveClass) -> Option<MpCost> {
        let c = keys.iter().position(|&k| k == class)?;
        rows.iter().find(|r| r.key == key)?.cells.get(c).copied()
    }

    /// The movement allowance of a class.
    pub fn allowance(&self, class: MoveClass) -> Option<u8> {
        self.allowance.get(&class).copied()
    }

    /// The cost to enter a hex of this terrain (`clear`, `wilderness`).
    pub fn terrain_cost(&self, terrain: &str, class: MoveClass) -> Option<MpCost> {
        MovementChart::cell(&self.terrain, terrain, &self.keys, class)
    }

    /// The cost to enter a hex along a feature (`pike`, `primary`, `secondary`, `trail`,
    /// `railroad`).
    pub fn feature_cost(&self, feature: &str, class: MoveClass) -> Option<MpCost> {
        MovementChart::cell(&self.feature, feature, &self.keys, class)
    }

    /// The cost added for a hexside (`creek`, `bridge`, `trail-ford`, `river`,
    /// `river-ford`, `climb`).
    pub fn hexside_cost(&self, hexside: &str, class: MoveClass) -> Option<MpCost> {
        MovementChart::cell(&self.hexside, hexside, &self.keys, class)
    }
}
