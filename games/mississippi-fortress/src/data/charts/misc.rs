//! Small charts: Optional Weather Table (3.3), Optional Troop Density Table (S11) and the
//! Terrain Effects Chart, read from `data/charts/`. Every value is printed.

use serde::{Deserialize, Serialize};

use super::table::check_rolls;
use crate::data::error::{DataError, ensure};
use crate::data::map::Terrain;
use crate::data::turn_track::Weather;

const FILE_W: &str = "charts/optional_weather.toml";
const FILE_D: &str = "charts/troop_density.toml";
const FILE_T: &str = "charts/terrain_effects.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeather {
    rule: String,
    row: Vec<RawWeatherRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeatherRow {
    roll: u8,
    weather: Weather,
}

/// The Optional Weather Table (3.3): one die, rolled by the First Player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalWeather {
    /// The chart's name.
    pub rule: String,
    rows: Vec<Weather>,
}

impl OptionalWeather {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: RawWeather = toml::from_str(text).map_err(|e| DataError::parse(FILE_W, e))?;
        check_rolls(FILE_W, raw.row.iter().map(|r| r.roll), 6)?;
        Ok(Self {
            rule: raw.rule,
            rows: raw.row.iter().map(|r| r.weather).collect(),
        })
    }

    /// The weather for a die roll of 1 to 6.
    pub fn weather(&self, die: u8) -> Option<Weather> {
        usize::from(die)
            .checked_sub(1)
            .and_then(|i| self.rows.get(i))
            .copied()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDensity {
    rule: String,
    row: Vec<RawDensityRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDensityRow {
    terrain: Terrain,
    sp_to_block: u16,
}

/// The Optional Troop Density Table: SP needed to block an Area (S11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TroopDensity {
    /// The chart's name.
    pub rule: String,
    rows: Vec<(Terrain, u16)>,
}

impl TroopDensity {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: RawDensity = toml::from_str(text).map_err(|e| DataError::parse(FILE_D, e))?;
        ensure(
            raw.row.iter().map(|r| r.terrain).eq(Terrain::ALL),
            FILE_D,
            || "rows must be clear, defensible, mountainous, swamp".to_string(),
        )?;
        Ok(Self {
            rule: raw.rule,
            rows: raw.row.iter().map(|r| (r.terrain, r.sp_to_block)).collect(),
        })
    }

    /// SP of the other side's combat units that block an Area of this terrain.
    pub fn sp_to_block(&self, terrain: Terrain) -> u16 {
        self.rows[terrain as usize].1
    }
}

/// What the Terrain Effects Chart says about one terrain type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffects {
    /// The terrain type.
    pub terrain: Terrain,
    /// The Areas the chart lists for it, as printed ("4-7, 12-13, ...").
    pub printed_areas: String,
    /// Units may force march into and out of it.
    pub force_march: bool,
    /// Defending non-artillery units are tripled (unless Counterattacking).
    pub defender_tripled: bool,
    /// The defender gets one column shift left on CIC B (unless Counterattacking).
    pub cic_b_left_shift: bool,
    /// Swamp movement limits (5.2) apply.
    pub swamp_limits: bool,
    /// The chart's text, in our words.
    pub text: String,
}

/// A border feature of the Terrain Effects Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BorderFeature {
    /// A ridge.
    Ridge,
    /// A Major River.
    MajorRiver,
    /// The Mississippi and the navigable Yazoo.
    MississippiYazoo,
}

/// How land units may cross a border feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LandCrossing {
    /// Freely.
    Always,
    /// Only at a bridge, ferry or ford.
    CrossingPoints,
    /// Only aboard a transport steamer.
    SteamersOnly,
}

/// What the Terrain Effects Chart says about one border feature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BorderEffects {
    /// The feature.
    pub feature: BorderFeature,
    /// Units may force march across it.
    pub force_march: bool,
    /// How land units cross it.
    pub land_crossing: LandCrossing,
    /// Attacking units that crossed it are halved.
    pub attacker_halved: bool,
    /// The chart's text, in our words.
    pub text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    rule: String,
    terrain: Vec<TerrainEffects>,
    border: Vec<BorderEffects>,
}

/// The Terrain Effects Chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainChart {
    /// The chart's name.
    pub rule: String,
    terrain: Vec<TerrainEffects>,
    border: Vec<BorderEffects>,
}

impl TerrainChart {
    pub(crate) fn parse(text: &str) -> Result<Self, DataError> {
        let raw: RawTerrain = toml::from_str(text).map_err(|e| DataError::parse(FILE_T, e))?;
        ensure(
            raw.terrain.iter().map(|t| t.terrain).eq(Terrain::ALL),
            FILE_T,
            || "terrain rows must be clear, defensible, mountainous, swamp".to_string(),
        )?;
        ensure(
            raw.border.iter().map(|b| b.feature).eq([
                BorderFeature::Ridge,
                BorderFeature::MajorRiver,
                BorderFeature::MississippiYazoo,
            ]),
            FILE_T,
            || "border rows must be ridge, major-river, mississippi-yazoo".to_string(),
        )?;
        Ok(Self {
            rule: raw.rule,
            terrain: raw.terrain,
            border: raw.border,
        })
    }

    /// The effects of a terrain type.
    pub fn terrain(&self, terrain: Terrain) -> &TerrainEffects {
        &self.terrain[terrain as usize]
    }

    /// The effects of a border feature.
    pub fn border(&self, feature: BorderFeature) -> &BorderEffects {
        &self.border[feature as usize]
    }
}
