//! The secret set-up choices of where each reinforcement group enters (rules 4.3, 4.5a,
//! 4.5b; reference 4.3, section 5): offered in the catalog, read from a seat's choices. Where
//! and when a chosen group arrives is movement's (`movement::variable_entry`, whose module
//! docs hold the decisions).

use adjutant_engine::{ChoiceInfo, ChoiceKind, ChoiceScope, EnumValue, Setup, Side};

use crate::data::variant::{EntryChoice, EntryGroup, EntryGroupId};
use crate::data::{HexId, ScenarioId, VariantId};

/// The value of a "with the group" choice.
pub(crate) const WITH: &str = "with";

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

/// The entry groups of a scenario whose choice is made in play (rule 4.3: in Scenario 5, in
/// the Confederate Command Phases up to the groups' deadline, 11:00pm 5 May): those whose
/// deadline is not before the scenario's first turn. The others are chosen at set-up.
pub(crate) fn groups_in_play(scenario: ScenarioId) -> Vec<&'static EntryGroup> {
    let first = crate::data::scenario(scenario).first_turn;
    groups_of(scenario)
        .into_iter()
        .filter(|g| in_play(g, first))
        .collect()
}

/// True when group `g`'s deadline is at or after `first` on the Turn Record Track.
fn in_play(g: &EntryGroup, first: crate::data::GameTime) -> bool {
    let track = crate::data::turn_record();
    match (track.index_of(g.deadline), track.index_of(first)) {
        (Some(d), Some(f)) => d >= f,
        _ => false,
    }
}

/// The scenarios in which the entries are chosen at set-up: the offered ones whose lines
/// name entry groups whose deadline has passed when the scenario starts (Scenario 6;
/// Scenario 5 chooses in play, `command::entries`).
fn set_up_scenarios() -> Vec<ScenarioId> {
    crate::data::scenario::OFFERED
        .into_iter()
        .filter(|&s| {
            let first = crate::data::scenario(s).first_turn;
            groups_of(s).iter().any(|g| !in_play(g, first))
        })
        .collect()
}

/// A value's name: the hex, what it adds to the arrival, the variant it uses.
pub(crate) fn value_name(g: &EntryGroup, hex: HexId, variant: Option<VariantId>) -> String {
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
            crate::data::variant::variant_title(v),
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

/// Reads one value of group `g`'s choice (named `key` in errors): `with` (4.5a) or one of its
/// hexes, or of the hexes of a variant the scenario lists (`listed`; 4.5b), with the variant
/// such a hex puts in play. A value off the list is refused with a sentence.
pub(crate) fn parse_entry(
    g: &EntryGroup,
    key: &str,
    value: &str,
    listed: &[VariantId],
) -> Result<(EntryChoice, Option<VariantId>), String> {
    if value == WITH && g.with_group.is_some() {
        return Ok((EntryChoice::WithGroup, None));
    }
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
    Ok((EntryChoice::Hex(hex), variant))
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
    let first = crate::data::scenario(scenario).first_turn;
    let mut out = Vec::new();
    for g in groups_of(scenario)
        .into_iter()
        .filter(|g| !in_play(g, first))
    {
        let key = choice_key(&g.id);
        let value = match setup.secret_choices.get(Side::Confederate).get(&key) {
            None => g.default.clone(),
            Some(v) => v
                .as_str()
                .ok_or_else(|| format!("the choice {key:?} names a hex, not {v}"))?
                .to_string(),
        };
        let (choice, variant) = parse_entry(g, &key, &value, listed)?;
        if let Some(v) = variant
            && !variants.contains(&v)
        {
            variants.push(v);
        }
        out.push((g.id.clone(), choice));
    }
    Ok(out)
}
