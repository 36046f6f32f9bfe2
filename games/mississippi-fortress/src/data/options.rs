//! The optional rules (3.3, 7.1, 7.11, 7.21, 7.22, Optional Troop Density Table) as selectable
//! options, read from `data/options.toml`.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::error::{DataError, ensure};
use crate::data::ids::Side;
use crate::data::map::Map;
pub use crate::data::option_id::OptionId;
use crate::data::scenarios::{
    Placement, RawAward, Reinforcement, ScenarioId, VpAward, check_group,
};
use crate::data::units::Units;

const FILE: &str = "options.toml";

/// 7.11: a die roll deciding whether optional reinforcements come at all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryRoll {
    /// Who rolls (Confederate).
    pub side: Side,
    /// On which turn, at the start of his Movement Phase (22).
    pub turn: u8,
    /// The die results on which the units enter (1, 2); otherwise they never do.
    pub enters_on: Vec<u8>,
    /// The option whose reinforcements the roll decides.
    pub decides: OptionId,
}

/// One optional rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionalRule {
    /// Its id.
    pub id: OptionId,
    /// Its rule number.
    pub rule: String,
    /// Its name.
    pub name: String,
    /// One line of explanation for the game-creation screen.
    pub explanation: String,
    /// The scenarios it may be used with.
    pub scenarios: Vec<ScenarioId>,
    /// Options it needs.
    pub requires: Vec<OptionId>,
    /// Counters it adds at the start.
    pub setup: Vec<Placement>,
    /// Counters it adds as reinforcements.
    pub reinforcements: Vec<Reinforcement>,
    /// VP awards it adds.
    pub awards: Vec<VpAward>,
    /// A 7.11-style entry roll.
    pub entry_roll: Option<EntryRoll>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    option: Vec<RawOption>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOption {
    id: OptionId,
    rule: String,
    name: String,
    explanation: String,
    scenarios: Vec<ScenarioId>,
    #[serde(default)]
    requires: Vec<OptionId>,
    #[serde(default)]
    setup: Vec<Placement>,
    #[serde(default)]
    reinforcement: Vec<Reinforcement>,
    #[serde(default)]
    award: Vec<RawAward>,
    entry_roll: Option<EntryRoll>,
}

/// All optional rules.
#[derive(Clone, Debug)]
pub struct Options {
    options: Vec<OptionalRule>,
}

impl Options {
    /// The compiled-in optional rules, parsed once. The tests prove them valid.
    pub fn get() -> &'static Options {
        static OPTIONS: OnceLock<Options> = OnceLock::new();
        OPTIONS.get_or_init(|| {
            Options::parse(
                include_str!("../../data/options.toml"),
                Map::get(),
                Units::get(),
            )
            .expect("data/options.toml is valid")
        })
    }

    /// Parses optional rules in the format of `data/options.toml` and checks their counters.
    pub fn parse(text: &str, map: &Map, units: &Units) -> Result<Options, DataError> {
        let raw: RawOptions = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        let mut options = Vec::with_capacity(raw.option.len());
        for r in raw.option {
            for p in &r.setup {
                check_group(FILE, p.side, p.location, &p.units, map, units)?;
            }
            for g in &r.reinforcement {
                check_group(FILE, g.side, g.location, &g.units, map, units)?;
            }
            for id in r
                .setup
                .iter()
                .flat_map(|p| p.units.iter())
                .chain(r.reinforcement.iter().flat_map(|g| g.units.iter()))
            {
                ensure(
                    units
                        .unit(id.as_str())
                        .is_some_and(|u| u.option == Some(r.id)),
                    FILE,
                    || format!("unit {id} is not marked as a counter of {}", r.id),
                )?;
            }
            let awards = r
                .award
                .into_iter()
                .map(|a| a.build(FILE))
                .collect::<Result<Vec<_>, _>>()?;
            options.push(OptionalRule {
                id: r.id,
                rule: r.rule,
                name: r.name,
                explanation: r.explanation,
                scenarios: r.scenarios,
                requires: r.requires,
                setup: r.setup,
                reinforcements: r.reinforcement,
                awards,
                entry_roll: r.entry_roll,
            });
        }
        let ids: Vec<OptionId> = options.iter().map(|o| o.id).collect();
        ensure(ids == OptionId::ALL, FILE, || {
            "every optional rule must be listed once, in rulebook order".to_string()
        })?;
        for o in &options {
            for req in &o.requires {
                let needed = options.iter().find(|x| x.id == *req);
                ensure(
                    needed.is_some_and(|n| o.scenarios.iter().all(|s| n.scenarios.contains(s))),
                    FILE,
                    || {
                        format!(
                            "{} requires {req}, which is not offered with all its scenarios",
                            o.id
                        )
                    },
                )?;
            }
        }
        Ok(Options { options })
    }

    /// Every optional rule, in rulebook order.
    pub fn all(&self) -> &[OptionalRule] {
        &self.options
    }

    /// One optional rule.
    pub fn option(&self, id: OptionId) -> &OptionalRule {
        &self.options[id as usize]
    }

    /// The optional rules offered with a scenario.
    pub fn for_scenario(&self, scenario: ScenarioId) -> impl Iterator<Item = &OptionalRule> {
        self.options
            .iter()
            .filter(move |o| o.scenarios.contains(&scenario))
    }
}
