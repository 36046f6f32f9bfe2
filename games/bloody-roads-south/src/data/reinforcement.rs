//! Reinforcements: who enters, when and where, with what orders (rules 4.3, 6.0d, 7.0).

use super::ids::{FormationId, UnitId};
use super::place::EntryCode;
use super::time::GameTime;
use super::variant::{EntryGroupId, VariantId};
use serde::Deserialize;

/// A group of reinforcements entering together.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// The line as printed.
    pub book: String,
    /// The turn of entry (the earliest, when `any_later_turn`).
    pub turn: GameTime,
    /// The printed entry hexes; more than one = the owner chooses.
    pub entry: Vec<EntryCode>,
    /// When the entry hex is a secret choice of rule 4.3b/4.5, the group that governs it.
    pub entry_group: Option<EntryGroupId>,
    /// The counters that enter.
    pub units: Vec<UnitId>,
    /// Their orders on entry (accepted; rule 6.0d).
    pub orders: String,
    /// Enter on arrival attached to this formation.
    pub attach_to: Option<FormationId>,
    /// Only with this variant.
    pub variant: Option<VariantId>,
    /// Not with this variant.
    pub unless_variant: Option<VariantId>,
    /// The owner may bring them in on `turn` or any later turn (rule 3.8a).
    #[serde(default)]
    pub any_later_turn: bool,
    /// True when the line is ours, not printed for this scenario (see the rules reference).
    #[serde(default)]
    pub completed: bool,
}

impl Reinforcement {
    /// True when the group takes part with these variants.
    pub fn in_play(&self, variants: &[VariantId]) -> bool {
        self.variant.is_none_or(|v| variants.contains(&v))
            && self.unless_variant.is_none_or(|v| !variants.contains(&v))
    }
}
