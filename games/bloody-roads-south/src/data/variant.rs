//! Minor variants (rules 3.8 and 4.5), the variable reinforcement entry (rule 4.3) and the
//! book's optional rules (1.2b, 1.2i, 3.3, 3.6).
//! Loaded from `data/variants.toml`.

use super::error::{DataError, parse_toml};
use super::hex::HexId;
use super::ids::{FormationId, UnitId};
use super::side::Side;
use super::time::GameTime;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A minor variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantId {
    /// 3.8a Ferrero joins the fight (4/9 enters after 6:00am 6 May).
    FerreroJoins,
    /// 3.8b Burnside goes elsewhere (no 9th Corps).
    BurnsideElsewhere,
    /// 4.5a Pickett joins Longstreet.
    PickettJoins,
    /// 4.5b Longstreet moves further east (enters at Entry F or B29.01, two turns later).
    LongstreetFurtherEast,
    /// 4.5c Anderson moves with Hill (A/3 sets up near the 3 Corps HQ).
    AndersonWithHill,
}

impl VariantId {
    /// All variants in rule order.
    pub const ALL: [VariantId; 5] = [
        VariantId::FerreroJoins,
        VariantId::BurnsideElsewhere,
        VariantId::PickettJoins,
        VariantId::LongstreetFurtherEast,
        VariantId::AndersonWithHill,
    ];

    /// The kebab-case id used in the data files and on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            VariantId::FerreroJoins => "ferrero-joins",
            VariantId::BurnsideElsewhere => "burnside-elsewhere",
            VariantId::PickettJoins => "pickett-joins",
            VariantId::LongstreetFurtherEast => "longstreet-further-east",
            VariantId::AndersonWithHill => "anderson-with-hill",
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A variant's definition.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Its id.
    pub id: VariantId,
    /// Its rule number.
    pub rule: String,
    /// The side that chooses it.
    pub side: Side,
    /// True when the choice stays hidden from the opponent until the troops enter the map;
    /// false for 3.8b, which is announced before the game.
    pub secret: bool,
    /// The side that receives its victory points (rule 5.1e: at both levels).
    pub points_to: Side,
    /// The victory points.
    pub points: u8,
    /// The units it adds.
    #[serde(default)]
    pub units: Vec<UnitId>,
    /// The corps it deletes (3.8b: the whole 9th Corps).
    pub removes_corps: Option<FormationId>,
    /// A variant without counters of its own (4.5b) is revealed when this entry group's
    /// troops enter.
    pub reveals_with: Option<EntryGroupId>,
}

/// An optional rule of the book (public game option, off by default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OptionId {
    /// 1.2b: Union Shaken/DG units without a leader rally only on 1-2.
    UnionRallyNeedsLeader,
    /// 1.2i: Shaken units in the Wilderness fire at ½, DG at ¼.
    WildernessFirePenalty,
    /// 3.3: Burnside's viewpoint is always negative.
    BurnsideAlwaysNegative,
    /// 3.6: the Army of the Potomac Reserve.
    ArmyOfThePotomacReserve,
    /// 3A: the Army Status rules (status checks, panic, panic demands); on by default.
    ArmyStatus,
    /// Scenario 6 (7.0): "by mutual agreement, players are free to continue into May 7th".
    #[serde(rename = "play-on-into-7-may")]
    PlayOnInto7May,
}

impl OptionId {
    /// All optional rules in rule order.
    pub const ALL: [OptionId; 6] = [
        OptionId::UnionRallyNeedsLeader,
        OptionId::WildernessFirePenalty,
        OptionId::BurnsideAlwaysNegative,
        OptionId::ArmyOfThePotomacReserve,
        OptionId::ArmyStatus,
        OptionId::PlayOnInto7May,
    ];

    /// Its default in the catalog: only the Army Status rules are on unless turned off
    /// (reference 4a, "Army Status optional?").
    pub fn default_on(self) -> bool {
        self == OptionId::ArmyStatus
    }

    /// Its catalog id (a public game option's key).
    pub fn key(self) -> &'static str {
        match self {
            OptionId::UnionRallyNeedsLeader => "union-rally-needs-leader",
            OptionId::WildernessFirePenalty => "wilderness-fire-penalty",
            OptionId::BurnsideAlwaysNegative => "burnside-always-negative",
            OptionId::ArmyOfThePotomacReserve => "aop-reserve",
            OptionId::ArmyStatus => "army-status",
            OptionId::PlayOnInto7May => "play-on-into-7-may",
        }
    }
}

/// An optional rule's definition.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOption {
    /// Its id.
    pub id: OptionId,
    /// Its rule number.
    pub rule: String,
    /// Its name in the catalog, where "Optional rule" and the number would not say what it
    /// is (Scenario 6's agreement to play on).
    #[serde(default)]
    pub title: Option<String>,
    /// What it does.
    pub text: String,
}

/// The id of a group of reinforcements whose entry hex the Confederate player chooses.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntryGroupId(pub String);

impl fmt::Display for EntryGroupId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Where one reinforcement group may enter (rule 4.3b, 4.5a, 4.5b).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryGroup {
    /// Its id.
    pub id: EntryGroupId,
    /// The troops it brings, as a player reads them.
    pub title: String,
    /// The rule that defines it.
    pub rule: String,
    /// The hexes it may choose.
    pub hexes: Vec<HexId>,
    /// The choice that applies when the player writes none: a hex, or "with" (enter with
    /// the group named in `with_group`).
    pub default: String,
    /// Turns added to the printed arrival when entering at a hex.
    #[serde(default)]
    pub delay_turns: BTreeMap<HexId, u8>,
    /// Extra hexes allowed only with a variant.
    #[serde(default)]
    pub variant_hexes: BTreeMap<VariantId, Vec<HexId>>,
    /// A group this one may enter with (same hex, same turn).
    pub with_group: Option<EntryGroupId>,
    /// When entering apart from `with_group`: turns after that group's arrival.
    pub delay_after_group: Option<u8>,
    /// The last turn at which the choice may be changed.
    pub deadline: GameTime,
    /// Rule 4.3a: the player may write the group's orders before it enters (Longstreet's
    /// corps and Anderson's division).
    #[serde(default)]
    pub rewritable_orders: bool,
}

impl EntryGroup {
    /// The hexes allowed with the variants in play.
    pub fn allowed_hexes(&self, variants: &[VariantId]) -> Vec<HexId> {
        let mut out = self.hexes.clone();
        for (v, hexes) in &self.variant_hexes {
            if variants.contains(v) {
                out.extend(hexes.iter().copied());
            }
        }
        out
    }

    /// Turns of delay for entering at `hex`.
    pub fn delay_at(&self, hex: HexId) -> u8 {
        self.delay_turns.get(&hex).copied().unwrap_or(0)
    }
}

#[derive(Deserialize)]
struct VariantsFile {
    variant: Vec<Variant>,
    entry_group: Vec<EntryGroup>,
    option: Vec<GameOption>,
}

/// Every variant, entry group and optional rule.
#[derive(Debug, Clone)]
pub struct Variants {
    variants: Vec<Variant>,
    entry_groups: Vec<EntryGroup>,
    options: Vec<GameOption>,
}

impl Variants {
    /// Parse `data/variants.toml`.
    pub fn from_toml(text: &str) -> Result<Variants, DataError> {
        let f: VariantsFile = parse_toml("variants.toml", text)?;
        for id in VariantId::ALL {
            if f.variant.iter().filter(|v| v.id == id).count() != 1 {
                return Err(DataError::new(format!(
                    "variants.toml: variant {id} must be defined once"
                )));
            }
        }
        for g in &f.entry_group {
            let default_ok = match &g.with_group {
                Some(_) => {
                    g.default == "with" || g.hexes.iter().any(|h| h.to_string() == g.default)
                }
                None => g.hexes.iter().any(|h| h.to_string() == g.default),
            };
            if !default_ok {
                return Err(DataError::new(format!(
                    "variants.toml: entry group {} has a bad default",
                    g.id
                )));
            }
        }
        for id in OptionId::ALL {
            if f.option.iter().filter(|o| o.id == id).count() != 1 {
                return Err(DataError::new(format!(
                    "variants.toml: option {id:?} must be defined once"
                )));
            }
        }
        Ok(Variants {
            variants: f.variant,
            entry_groups: f.entry_group,
            options: f.option,
        })
    }

    /// A variant's definition.
    pub fn variant(&self, id: VariantId) -> &Variant {
        self.variants
            .iter()
            .find(|v| v.id == id)
            .expect("every variant is checked at load")
    }

    /// All variants.
    pub fn all(&self) -> &[Variant] {
        &self.variants
    }

    /// An entry group by id.
    pub fn entry_group(&self, id: &EntryGroupId) -> Option<&EntryGroup> {
        self.entry_groups.iter().find(|g| &g.id == id)
    }

    /// All entry groups.
    pub fn entry_groups(&self) -> &[EntryGroup] {
        &self.entry_groups
    }

    /// The optional rules, in rule order.
    pub fn options(&self) -> &[GameOption] {
        &self.options
    }
}

/// A variant's title as printed.
pub fn variant_title(v: VariantId) -> &'static str {
    match v {
        VariantId::FerreroJoins => "Ferrero Joins the Fight",
        VariantId::BurnsideElsewhere => "Burnside Goes Elsewhere",
        VariantId::PickettJoins => "Pickett Joins Longstreet",
        VariantId::LongstreetFurtherEast => "Longstreet Moves Further East",
        VariantId::AndersonWithHill => "Anderson Moves with Hill",
    }
}

/// The variants (3.8, 4.5) a set-up may use as choices of their own, in the scenarios that
/// list them: 3.8b (Burnside goes elsewhere, a public option announced before the game), 3.8a
/// (Ferrero joins the fight, the Union's secret, Scenario 6), 4.5a (Pickett joins Longstreet,
/// Scenario 6) and 4.5c (Anderson moves with Hill), secret Confederate choices made when
/// taking the seat. 4.5b is a value of Scenario 6's secret choice of 1 Corps' entry
/// (`movement::variable_entry`).
pub const VARIANTS_OFFERED: [VariantId; 4] = [
    VariantId::FerreroJoins,
    VariantId::BurnsideElsewhere,
    VariantId::PickettJoins,
    VariantId::AndersonWithHill,
];

/// Where a group enters, as chosen at set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryChoice {
    /// At this hex.
    Hex(HexId),
    /// With the group its entry group names (4.5a: with the rest of 1 Corps).
    WithGroup,
}
