//! Every chart of the rulebook as data, with lookup functions that return exactly the table
//! cell (reference Part C). Printed cells are marked
//! [`Printed`](crate::data::Provenance::Printed); cells the project completed are
//! [`Reconstructed`](crate::data::Provenance::Reconstructed). Read from `data/charts/*.toml`.

mod artillery;
mod cic;
mod fcrt;
mod misc;
mod naval;
mod orders;
mod probe;
mod straggler;
mod strength;
mod table;

use std::sync::OnceLock;

pub use artillery::ArtilleryMultiplier;
pub use cic::{CicA, CicB, CicBCell, CicBModifiers};
pub use fcrt::{Fcrt, FcrtCell, FcrtModifiers, FcrtResult};
pub use misc::{
    BorderEffects, BorderFeature, LandCrossing, OptionalWeather, TerrainChart, TerrainEffects,
    TroopDensity,
};
pub use naval::{
    NavalColumn, NavalCrt, NavalModifiers, NavalResult, ShipHit, ShoreBatteryCrt,
    ShoreBatteryModifiers,
};
pub use orders::{AttackerOrder, CombatOrder, DefenderOrder, FcrtGroup};
pub use probe::{CavalryProbe, ProbeCell, ProbeColumn};
pub use straggler::{StragglerCell, StragglerColumn, StragglerLoss, StragglerModifiers};
pub use strength::{CombatStrength, RatioColumn, StrengthBand};

use crate::data::error::DataError;
use crate::data::ids::Side;
use crate::data::map::Terrain;
use crate::data::turn_track::Weather;

/// The text of every chart file, in the order [`Charts::parse`] takes them.
#[derive(Clone, Copy, Debug)]
pub struct ChartTexts<'a> {
    /// `charts/terrain_effects.toml`.
    pub terrain_effects: &'a str,
    /// `charts/cavalry_probe.toml`.
    pub cavalry_probe: &'a str,
    /// `charts/shore_battery.toml`.
    pub shore_battery: &'a str,
    /// `charts/straggler_loss.toml`.
    pub straggler_loss: &'a str,
    /// `charts/optional_weather.toml`.
    pub optional_weather: &'a str,
    /// `charts/troop_density.toml`.
    pub troop_density: &'a str,
    /// `charts/cic_a.toml`.
    pub cic_a: &'a str,
    /// `charts/artillery_multiplier.toml`.
    pub artillery_multiplier: &'a str,
    /// `charts/cic_b.toml`.
    pub cic_b: &'a str,
    /// `charts/fcrt.toml`.
    pub fcrt: &'a str,
    /// `charts/naval_crt.toml`.
    pub naval_crt: &'a str,
}

impl ChartTexts<'static> {
    /// The compiled-in chart files.
    pub fn compiled_in() -> Self {
        Self {
            terrain_effects: include_str!("../../../data/charts/terrain_effects.toml"),
            cavalry_probe: include_str!("../../../data/charts/cavalry_probe.toml"),
            shore_battery: include_str!("../../../data/charts/shore_battery.toml"),
            straggler_loss: include_str!("../../../data/charts/straggler_loss.toml"),
            optional_weather: include_str!("../../../data/charts/optional_weather.toml"),
            troop_density: include_str!("../../../data/charts/troop_density.toml"),
            cic_a: include_str!("../../../data/charts/cic_a.toml"),
            artillery_multiplier: include_str!("../../../data/charts/artillery_multiplier.toml"),
            cic_b: include_str!("../../../data/charts/cic_b.toml"),
            fcrt: include_str!("../../../data/charts/fcrt.toml"),
            naval_crt: include_str!("../../../data/charts/naval_crt.toml"),
        }
    }
}

/// All charts.
#[derive(Clone, Debug)]
pub struct Charts {
    /// Terrain Effects Chart.
    pub terrain_effects: TerrainChart,
    /// Cavalry Probe Chart (S5).
    pub cavalry_probe: CavalryProbe,
    /// Shore Battery CRT A and B (4.23).
    pub shore_battery: ShoreBatteryCrt,
    /// Straggler Loss Chart (S7.2).
    pub straggler_loss: StragglerLoss,
    /// Optional Weather Table (3.3).
    pub optional_weather: OptionalWeather,
    /// Optional Troop Density Table (S11).
    pub troop_density: TroopDensity,
    /// Combat Intensity Chart A (S9.2).
    pub cic_a: CicA,
    /// Artillery Strength Multiplier Chart (S9.3a).
    pub artillery_multiplier: ArtilleryMultiplier,
    /// Combat Intensity Chart B (S9.4).
    pub cic_b: CicB,
    /// Fire Combat Results Table (S9.5).
    pub fcrt: Fcrt,
    /// Naval CRT (7.21b).
    pub naval_crt: NavalCrt,
}

impl Charts {
    /// The compiled-in charts, parsed once. The tests prove them valid.
    pub fn get() -> &'static Charts {
        static CHARTS: OnceLock<Charts> = OnceLock::new();
        CHARTS.get_or_init(|| {
            Charts::parse(ChartTexts::compiled_in()).expect("data/charts/*.toml are valid")
        })
    }

    /// Parses and validates every chart.
    pub fn parse(texts: ChartTexts<'_>) -> Result<Charts, DataError> {
        Ok(Charts {
            terrain_effects: TerrainChart::parse(texts.terrain_effects)?,
            cavalry_probe: CavalryProbe::parse(texts.cavalry_probe)?,
            shore_battery: ShoreBatteryCrt::parse(texts.shore_battery)?,
            straggler_loss: StragglerLoss::parse(texts.straggler_loss)?,
            optional_weather: OptionalWeather::parse(texts.optional_weather)?,
            troop_density: TroopDensity::parse(texts.troop_density)?,
            cic_a: CicA::parse(texts.cic_a)?,
            artillery_multiplier: ArtilleryMultiplier::parse(texts.artillery_multiplier)?,
            cic_b: CicB::parse(texts.cic_b)?,
            fcrt: Fcrt::parse(texts.fcrt)?,
            naval_crt: NavalCrt::parse(texts.naval_crt)?,
        })
    }

    /// CIC A: the printed Combat Intensity Level (S9.2), before weather.
    pub fn cic_a(&self, defender: DefenderOrder, attacker: AttackerOrder) -> u8 {
        self.cic_a.level(defender, attacker)
    }

    /// CIC B: the cell for a Combat Intensity Level (0-4) and a ratio column (S9.4d).
    pub fn cic_b(&self, level: u8, column: RatioColumn) -> Option<CicBCell> {
        self.cic_b.cell(level, column)
    }

    /// FCRT: the cell for the firing Line Position's order group, strength band and die (S9.5).
    pub fn fcrt(&self, group: FcrtGroup, band: StrengthBand, die: u8) -> Option<FcrtCell> {
        self.fcrt.cell(group, band, die)
    }

    /// Artillery Strength Multiplier Chart (S9.3a).
    pub fn artillery_multiplier(&self, side: Side, order: CombatOrder) -> u8 {
        self.artillery_multiplier.factor(side, order)
    }

    /// Straggler Loss Chart (S7.2) for a modified roll.
    pub fn straggler_loss(&self, column: StragglerColumn, modified_roll: i32) -> StragglerCell {
        self.straggler_loss.cell(column, modified_roll)
    }

    /// Cavalry Probe Chart (S5.3) for a modified roll.
    pub fn cavalry_probe(&self, column: ProbeColumn, modified_roll: i32) -> ProbeCell {
        self.cavalry_probe.cell(column, modified_roll)
    }

    /// Shore Battery CRT A (4.23b): true if a ship is sunk.
    pub fn shore_battery_a(&self, modified_roll: i32) -> bool {
        self.shore_battery.crt_a(modified_roll)
    }

    /// Shore Battery CRT B (4.23c): which ship of the stack.
    pub fn shore_battery_b(&self, roll: i32) -> ShipHit {
        self.shore_battery.crt_b(roll)
    }

    /// Optional Weather Table (3.3).
    pub fn optional_weather(&self, die: u8) -> Option<Weather> {
        self.optional_weather.weather(die)
    }

    /// Optional Troop Density Table (S11).
    pub fn troop_density(&self, terrain: Terrain) -> u16 {
        self.troop_density.sp_to_block(terrain)
    }

    /// Naval CRT (7.21b) for a modified roll.
    pub fn naval_crt(&self, column: NavalColumn, modified_roll: i32) -> NavalResult {
        self.naval_crt.result(column, modified_roll)
    }

    /// Terrain Effects Chart entry for a terrain type.
    pub fn terrain(&self, terrain: Terrain) -> &TerrainEffects {
        self.terrain_effects.terrain(terrain)
    }

    /// Terrain Effects Chart entry for a border feature.
    pub fn border(&self, feature: BorderFeature) -> &BorderEffects {
        self.terrain_effects.border(feature)
    }
}
