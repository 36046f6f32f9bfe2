//! Limits of the series used by Bloody Roads South: stacking (12.0), ranges (20.3),
//! extended lines (17.0), forced march (18.0), artillery (26.0), supply (28.0), night (29.0).

use crate::data::fire_level::FireLevel;
use serde::Deserialize;

/// Series 12.0: stacking.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// The series rule.
    pub rule: String,
    /// Most A fire levels in a hex.
    pub max_a_fire_levels: u8,
    /// Most gun points in a hex.
    pub max_gun_points: u8,
    /// Most A fire levels that may fire out of a hex.
    pub fire_max_a_fire_levels: u8,
    /// Most gun points that may fire out of a hex.
    pub fire_max_gun_points: u8,
}

/// Series 20.3: ranges.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Range {
    /// The series rule.
    pub rule: String,
    /// Small arms, in hexes.
    pub small_arms: u8,
    /// Artillery, in hexes.
    pub artillery: u8,
    /// Times a hex may be targeted per fire phase.
    pub max_targetings_per_hex_per_phase: u8,
}

/// Series 17.0: extended lines.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtendedLine {
    /// The series rule.
    pub rule: String,
    /// The least fire level that may extend.
    pub min_fire_level: FireLevel,
    /// The least fire level that may form a second extended line.
    pub two_lines_min_fire_level: FireLevel,
    /// Most extended lines per brigade.
    pub max_per_brigade: u8,
}

/// Series 18.0: forced march.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarch {
    /// The series rule.
    pub rule: String,
    /// Most extra movement points.
    pub max_extra_mp: u8,
}

/// Series 26.0: artillery units.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryLimits {
    /// The series rule.
    pub rule: String,
    /// Most gun points in one unit.
    pub max_gun_points_per_unit: u8,
    /// Fewest gun points in a new detachment.
    pub min_gun_points_per_detachment: u8,
}

/// Series 28.0: small-arms supply.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Supply {
    /// The series rule.
    pub rule: String,
    /// Supply points in a full wagon.
    pub wagon_supply_points: u8,
    /// Hexes from a wagon within which a Low Ammo brigade resupplies.
    pub resupply_range: u8,
    /// Hexes from the train within which a wagon reloads.
    pub wagon_reload_range: u8,
}

/// Series 29.0: night.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Night {
    /// The series rule.
    pub rule: String,
    /// Visibility in hexes.
    pub visibility: u8,
}

/// All limits (`data/charts/limits.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Stacking.
    pub stacking: Stacking,
    /// Ranges.
    pub range: Range,
    /// Extended lines.
    pub extended_line: ExtendedLine,
    /// Forced march.
    pub forced_march: ForcedMarch,
    /// Artillery.
    pub artillery: ArtilleryLimits,
    /// Supply.
    pub supply: Supply,
    /// Night.
    pub night: Night,
}
