//! The identifier of a scenario (6.1-6.3, 7.3), and where its file is.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A scenario, by its kebab-case id (the id used by the server's catalog).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScenarioId {
    /// 6.1 The Battle of Champion Hill (introductory).
    ChampionHill,
    /// 6.2 Grant's Land Campaign.
    GrantsLandCampaign,
    /// 6.3 Porter Runs the Batteries (the grand campaign).
    PorterRunsTheBatteries,
    /// 7.3 Sherman's Assault (optional mini-scenario).
    ShermansAssault,
}

impl ScenarioId {
    /// All four, in rulebook order.
    pub const ALL: [ScenarioId; 4] = [
        ScenarioId::ChampionHill,
        ScenarioId::GrantsLandCampaign,
        ScenarioId::PorterRunsTheBatteries,
        ScenarioId::ShermansAssault,
    ];

    /// The kebab-case id.
    pub fn as_str(self) -> &'static str {
        match self {
            ScenarioId::ChampionHill => "champion-hill",
            ScenarioId::GrantsLandCampaign => "grants-land-campaign",
            ScenarioId::PorterRunsTheBatteries => "porter-runs-the-batteries",
            ScenarioId::ShermansAssault => "shermans-assault",
        }
    }

    pub(crate) fn file(self) -> &'static str {
        match self {
            ScenarioId::ChampionHill => "scenarios/champion-hill.toml",
            ScenarioId::GrantsLandCampaign => "scenarios/grants-land-campaign.toml",
            ScenarioId::PorterRunsTheBatteries => "scenarios/porter-runs-the-batteries.toml",
            ScenarioId::ShermansAssault => "scenarios/shermans-assault.toml",
        }
    }

    pub(crate) fn text(self) -> &'static str {
        match self {
            ScenarioId::ChampionHill => include_str!("../../data/scenarios/champion-hill.toml"),
            ScenarioId::GrantsLandCampaign => {
                include_str!("../../data/scenarios/grants-land-campaign.toml")
            }
            ScenarioId::PorterRunsTheBatteries => {
                include_str!("../../data/scenarios/porter-runs-the-batteries.toml")
            }
            ScenarioId::ShermansAssault => {
                include_str!("../../data/scenarios/shermans-assault.toml")
            }
        }
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ScenarioId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ScenarioId::ALL
            .into_iter()
            .find(|id| id.as_str() == s)
            .ok_or_else(|| format!("no scenario {s:?}"))
    }
}
