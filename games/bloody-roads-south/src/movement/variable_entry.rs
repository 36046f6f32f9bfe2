//! Variable reinforcement entry chosen at set-up (rules 4.3, 4.5a, 4.5b; reference 4.3,
//! section 5): in Scenario 6 the Confederate player chooses, secretly, where each of his
//! reinforcement groups of 6 May enters.
//!
//! **Decisions.**
//! - Each group whose printed line names an entry group (`data/variants.toml`) is one secret
//!   choice of the Confederate seat, `entry-<group>`, made when taking the seat (as 4.5c is):
//!   one of the group's hexes, its default being the printed entry. No action of the game
//!   makes it, so the Confederate's number of set-up actions never tells it.
//! - 4.5b (Longstreet moves further east) is chosen with 1 Corps' entry: its two hexes (Entry F,
//!   B39.01, and B29.01) are values of the same choice, so that the variant and its hex are
//!   never in conflict; choosing one puts the variant in play (4 VP to the Union, 5.1e).
//! - 4.5a (Pickett joins) is the seat's secret `pickett-joins`; the division's entry is the
//!   choice `entry-pickett`: with the rest of 1 Corps (its hex and turn), or Entry F or B29.01
//!   two turns after 1 Corps arrives. Without 4.5a that choice does nothing.
//! - A group arrives on its printed turn plus the turns its hex adds (4.3b: 3 at A1.10 or
//!   A1.01 for 1 Corps; 4.5b: 2). It enters as every reinforcement does
//!   (`reinforcements`); where and when it enters is public at once (16.3), which is the
//!   book's "shown to the Union player on the turn of entry". A secret variant without
//!   counters of its own (4.5b) is revealed then with a public event.
//! - Orders for the groups written at set-up (4.3a) are not offered yet: they enter with
//!   their printed orders (6.0d).

use adjutant_engine::{ChoiceInfo, ChoiceKind, ChoiceScope, EnumValue, Setup, Side};
use serde::{Deserialize, Serialize};

use crate::data::reinforcement::Reinforcement;
use crate::data::variant::{EntryGroup, EntryGroupId};
use crate::data::{HexId, ScenarioId, VariantId};
use crate::model::game::BloodyRoadsSouth;

/// Where a group enters, as chosen at set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryChoice {
    /// At this hex.
    Hex(HexId),
    /// With the group its entry group names (4.5a: with the rest of 1 Corps).
    WithGroup,
}

/// The value of a "with the group" choice.
const WITH: &str = "with";

/// The catalog key of a group's secret choice.
pub fn choice_key(group: &EntryGroupId) -> String {
    format!("entry-{group}")
}

/// The entry groups a scenario's printed lines name (its Confederate reinforcements).
fn groups_of(scenario: ScenarioId) -> Vec<&'static EntryGroup> {
    let mut out: Vec<&'static EntryGroup> = Vec::new();
    for r in &crate::data::scenario(scenario).confederate.reinforcements {
        if let Some(g) = r
            .entry_group
            .as_ref()
            .and_then(|g| crate::data::variants().entry_group(g))
            && !out.iter().any(|o| o.id == g.id)
        {
            out.push(g);
        }
    }
    out
}

/// The scenarios in which the entries are chosen at set-up: the offered ones whose lines
/// name entry groups (Scenario 6; Scenario 5 chooses during play and is not built).
fn set_up_scenarios() -> Vec<ScenarioId> {
    crate::catalog::OFFERED
        .into_iter()
        .filter(|&s| !groups_of(s).is_empty())
        .collect()
}

/// A value's name: the hex, what it adds to the arrival, the variant it uses.
fn value_name(g: &EntryGroup, hex: HexId, variant: Option<VariantId>) -> String {
    let mut name = hex.to_string();
    if let Some(e) = crate::data::map()
        .entries()
        .iter()
        .find(|e| e.hexes.contains(&hex))
    {
        name.push_str(&format!(" (Entry {})", e.code.letter()));
    }
    match (g.delay_at(hex), g.delay_after_group) {
        (0, Some(n)) => name.push_str(&format!(", {n} turns after 1 Corps arrives")),
        (0, None) => {}
        (n, _) => name.push_str(&format!(", {n} turns later than printed")),
    }
    if let Some(v) = variant {
        let d = crate::data::variants().variant(v);
        name.push_str(&format!(
            ": variant {} ({}), {} VP to the Union",
            d.rule,
            crate::catalog::variant_title(v),
            d.points
        ));
    }
    name
}

/// The catalog's secret choices of the entries (module docs).
pub(crate) fn choice_infos() -> Vec<ChoiceInfo> {
    let scenarios = set_up_scenarios();
    let mut groups: Vec<&'static EntryGroup> = Vec::new();
    for &s in &scenarios {
        for g in groups_of(s) {
            if !groups.iter().any(|o| o.id == g.id) {
                groups.push(g);
            }
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let mut values: Vec<EnumValue> = Vec::new();
            if g.with_group.is_some() {
                values.push(EnumValue {
                    id: WITH.into(),
                    name: "With the rest of 1 Corps, at its hex and turn".into(),
                });
            }
            values.extend(g.hexes.iter().map(|&h| EnumValue {
                id: h.to_string(),
                name: value_name(g, h, None),
            }));
            for (&v, hexes) in &g.variant_hexes {
                values.extend(hexes.iter().map(|&h| EnumValue {
                    id: h.to_string(),
                    name: value_name(g, h, Some(v)),
                }));
            }
            let only = if g.with_group.is_some() {
                " Used only with variant 4.5a."
            } else {
                ""
            };
            ChoiceInfo {
                id: choice_key(&g.id),
                name: format!("Rule {}: where {} enters", g.rule, g.title),
                description: format!(
                    "Chosen in secret at set-up; the Union learns it when the troops enter.{only}"
                ),
                scope: ChoiceScope::Secret(Side::Confederate),
                kind: ChoiceKind::Enum {
                    values,
                    default: g.default.clone(),
                },
                scenarios: scenarios
                    .iter()
                    .filter(|&&s| groups_of(s).iter().any(|o| o.id == g.id))
                    .map(|s| s.as_str().to_string())
                    .collect(),
                requires: Vec::new(),
            }
        })
        .collect()
}

/// Reads the Confederate seat's entry choices for `scenario` (the defaults where none is
/// sent), adding to `variants` the variant a chosen hex uses (4.5b). An unknown value is
/// refused with a sentence.
pub(crate) fn read_choices(
    setup: &Setup,
    scenario: ScenarioId,
    variants: &mut Vec<VariantId>,
) -> Result<Vec<(EntryGroupId, EntryChoice)>, String> {
    if !set_up_scenarios().contains(&scenario) {
        return Ok(Vec::new());
    }
    let listed = &crate::data::scenario(scenario).variants;
    let mut out = Vec::new();
    for g in groups_of(scenario) {
        let key = choice_key(&g.id);
        let value = match setup.secret_choices.get(Side::Confederate).get(&key) {
            None => g.default.clone(),
            Some(v) => v
                .as_str()
                .ok_or_else(|| format!("the choice {key:?} names a hex, not {v}"))?
                .to_string(),
        };
        let choice = if value == WITH && g.with_group.is_some() {
            EntryChoice::WithGroup
        } else {
            let hex: HexId = value
                .parse()
                .map_err(|_| format!("the choice {key:?} names no hex: {value:?}"))?;
            let variant = g
                .variant_hexes
                .iter()
                .find(|(_, hexes)| hexes.contains(&hex))
                .map(|(&v, _)| v);
            if !g.hexes.contains(&hex) && variant.is_none_or(|v| !listed.contains(&v)) {
                return Err(format!(
                    "{} may not enter at {hex} (rule {}): choose one of {}",
                    g.title,
                    g.rule,
                    g.hexes
                        .iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if let Some(v) = variant
                && !variants.contains(&v)
            {
                variants.push(v);
            }
            EntryChoice::Hex(hex)
        };
        out.push((g.id.clone(), choice));
    }
    Ok(out)
}

impl BloodyRoadsSouth {
    /// A group's entry: as chosen at set-up, else its default.
    fn entry_choice(&self, g: &EntryGroup) -> Option<EntryChoice> {
        if let Some((_, c)) = self.entries.iter().find(|(id, _)| id == &g.id) {
            return Some(*c);
        }
        if g.default == WITH {
            return Some(EntryChoice::WithGroup);
        }
        g.default.parse().ok().map(EntryChoice::Hex)
    }

    /// The line of the scenario that brings entry group `id`, in play.
    fn group_line(&self, id: &EntryGroupId) -> Option<&'static Reinforcement> {
        self.scenario()
            .confederate
            .reinforcements
            .iter()
            .find(|r| r.entry_group.as_ref() == Some(id) && r.in_play(&self.variants))
    }

    /// Where and on which turn (an index on the Turn Record Track) a line's units arrive: its
    /// printed turn, or its group's chosen hex and the turns that adds (module docs);
    /// `None` for the hex of a line without an entry group (its printed entries apply).
    pub(crate) fn reinforcement_arrival(&self, r: &Reinforcement) -> (Option<HexId>, Option<u16>) {
        let printed = crate::data::turn_record()
            .index_of(r.turn)
            .map(|i| i as u16);
        let Some(g) = r
            .entry_group
            .as_ref()
            .and_then(|g| crate::data::variants().entry_group(g))
        else {
            return (None, printed);
        };
        match (self.entry_choice(g), &g.with_group) {
            (Some(EntryChoice::WithGroup), Some(with)) => match self.group_line(with) {
                Some(line) => self.reinforcement_arrival(line),
                None => (None, printed),
            },
            (Some(EntryChoice::Hex(hex)), Some(with)) => {
                let after = self
                    .group_line(with)
                    .and_then(|l| self.reinforcement_arrival(l).1);
                let turn = after.or(printed).map(|t| {
                    t + u16::from(g.delay_after_group.unwrap_or(0)) + u16::from(g.delay_at(hex))
                });
                (Some(hex), turn)
            }
            (Some(EntryChoice::Hex(hex)), None) => {
                (Some(hex), printed.map(|t| t + u16::from(g.delay_at(hex))))
            }
            _ => (None, printed),
        }
    }

    /// Where (a chosen hex, else the printed entries apply) and when a waiting reinforcement
    /// of `side` is due: for its owner's view.
    pub(crate) fn arrival_of(
        &self,
        side: Side,
        id: &crate::data::UnitId,
    ) -> Option<(Option<HexId>, Option<u16>)> {
        self.scenario()
            .side(side)
            .reinforcements
            .iter()
            .find(|r| r.in_play(&self.variants) && r.units.contains(id))
            .map(|r| self.reinforcement_arrival(r))
    }

    /// True when a secret variant without counters of its own (4.5b) has been revealed: a
    /// unit of the entry group it travels with is on the map.
    pub(crate) fn revealed_with_group(&self, group: &EntryGroupId) -> bool {
        self.group_line(group).is_some_and(|line| {
            line.units.iter().any(|u| {
                self.key(Side::Confederate, u)
                    .is_some_and(|k| self.unit(k).on_map())
            })
        })
    }
}
