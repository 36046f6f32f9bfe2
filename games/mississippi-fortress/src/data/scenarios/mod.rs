//! The four scenarios (6.1, 6.2, 6.3, 7.3), read from `data/scenarios/*.toml`.

mod placement;
mod raw;
mod special;
mod validate;
mod victory;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

pub use crate::data::scenario_id::ScenarioId;
pub use placement::{AnyTurn, Arrival, Location, Placement, Reinforcement};
pub use special::{Special, SpecialRule};
pub use victory::{AwardKind, AwardTiming, SuddenEnd, Victory, VpAward, WinCondition};

pub(crate) use raw::RawAward;

pub(crate) use validate::check_group;

use crate::data::error::{DataError, ensure};

use crate::data::ids::{PerSide, Side, UnitId};

use crate::data::map::Map;

use crate::data::turn_track::{TrackId, TurnTrack};

use crate::data::units::Units;

/// One scenario, validated against the map, the counters and the turn track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Its id.
    pub id: ScenarioId,
    /// Its rule number ("6.1").
    pub rule: String,
    /// Its name.
    pub name: String,
    /// A one-paragraph summary in our words.
    pub summary: String,
    /// Who plays first each turn and rolls the optional weather (S2.3).
    pub first_player: Side,
    /// The first Game Turn.
    pub first_turn: u8,
    /// The last Game Turn.
    pub last_turn: u8,
    /// Which Turn Record Track it uses.
    pub track: TrackId,
    /// VPs on the track at the start.
    pub starting_vp: PerSide<u16>,
    /// A lower dummy limit than the counter mix, if the scenario sets one (7.3: 6).
    pub max_dummies: Option<u8>,
    /// The initial set-up.
    pub setup: Vec<Placement>,
    /// Units that start below full strength: present strength, the difference being casualties.
    pub reduced: BTreeMap<UnitId, u8>,
    /// Reinforcements.
    pub reinforcements: Vec<Reinforcement>,
    /// Special rules.
    pub special_rules: Vec<Special>,
    /// Victory rules.
    pub victory: Victory,
}

impl Scenario {
    /// The number of turns played.
    pub fn turns(&self) -> u8 {
        self.last_turn - self.first_turn + 1
    }

    /// Every counter id the scenario places or brings in (without optional rules).
    pub fn unit_ids(&self) -> impl Iterator<Item = &UnitId> {
        self.setup
            .iter()
            .flat_map(|p| p.units.iter())
            .chain(self.reinforcements.iter().flat_map(|r| r.units.iter()))
    }

    /// The present strength a unit starts with, if the scenario prints one (6.1).
    pub fn reduced_strength(&self, unit: &str) -> Option<u8> {
        self.reduced.get(unit).copied()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    id: ScenarioId,
    rule: String,
    name: String,
    summary: String,
    first_player: Side,
    first_turn: u8,
    last_turn: u8,
    track: TrackId,
    starting_vp: PerSide<u16>,
    max_dummies: Option<u8>,
    setup: Vec<Placement>,
    #[serde(default)]
    reduced: BTreeMap<UnitId, u8>,
    #[serde(default)]
    reinforcement: Vec<Reinforcement>,
    #[serde(default)]
    special_rule: Vec<raw::RawSpecial>,
    victory: RawVictory,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVictory {
    condition: WinCondition,
    sudden_end: Option<SuddenEnd>,
    #[serde(default)]
    award: Vec<RawAward>,
}

/// All four scenarios.
#[derive(Clone, Debug)]
pub struct Scenarios {
    scenarios: Vec<Scenario>,
}

impl Scenarios {
    /// The compiled-in scenarios, parsed and validated once. The tests prove them valid.
    pub fn get() -> &'static Scenarios {
        static SCENARIOS: OnceLock<Scenarios> = OnceLock::new();
        SCENARIOS.get_or_init(|| {
            let scenarios = ScenarioId::ALL
                .into_iter()
                .map(|id| {
                    Scenario::parse(
                        id.file(),
                        id.text(),
                        Map::get(),
                        Units::get(),
                        TurnTrack::get(),
                    )
                })
                .collect::<Result<Vec<_>, _>>()
                .expect("data/scenarios/*.toml are valid");
            Scenarios { scenarios }
        })
    }

    /// Every scenario, in rulebook order.
    pub fn all(&self) -> &[Scenario] {
        &self.scenarios
    }

    /// One scenario.
    pub fn scenario(&self, id: ScenarioId) -> &Scenario {
        &self.scenarios[id as usize]
    }

    /// A scenario by its kebab-case id (`champion-hill` ...).
    pub fn by_name(&self, name: &str) -> Option<&Scenario> {
        name.parse().ok().map(|id| self.scenario(id))
    }
}

impl Scenario {
    /// Parses one scenario file and checks it against the other data.
    pub fn parse(
        file: &'static str,
        text: &str,
        map: &Map,
        units: &Units,
        track: &TurnTrack,
    ) -> Result<Scenario, DataError> {
        let raw: RawScenario = toml::from_str(text).map_err(|e| DataError::parse(file, e))?;
        let awards = raw
            .victory
            .award
            .into_iter()
            .map(|a| a.build(file))
            .collect::<Result<Vec<_>, _>>()?;
        let special_rules = raw
            .special_rule
            .into_iter()
            .map(|s| s.build(file))
            .collect::<Result<Vec<_>, _>>()?;
        let scenario = Scenario {
            id: raw.id,
            rule: raw.rule,
            name: raw.name,
            summary: raw.summary,
            first_player: raw.first_player,
            first_turn: raw.first_turn,
            last_turn: raw.last_turn,
            track: raw.track,
            starting_vp: raw.starting_vp,
            max_dummies: raw.max_dummies,
            setup: raw.setup,
            reduced: raw.reduced,
            reinforcements: raw.reinforcement,
            special_rules,
            victory: Victory {
                condition: raw.victory.condition,
                sudden_end: raw.victory.sudden_end,
                awards,
            },
        };
        ensure(file == scenario.id.file(), file, || {
            format!("the file declares id {}", scenario.id)
        })?;
        validate::check_scenario(file, &scenario, map, units, track)?;
        Ok(scenario)
    }
}
