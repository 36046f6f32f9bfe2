//! The bookkeeping of counters and ships (the Unit Status Sheet's margins).

use serde::{Deserialize, Serialize};

use crate::data::AreaId;

/// The bookkeeping of one counter (the Unit Status Sheet's margins): what it did this phase,
/// this turn and since its owner's last Communications Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rec {
    /// Finished moving this Movement Phase (S3.1c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// May not move this phase: placed as a reinforcement where the enemy has full Control
    /// (S3.7d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub pinned: bool,
    /// Began this Movement Phase in an Area holding enemy combat units (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub began_in_contact: bool,
    /// Embarked or disembarked this phase: no force march (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub shipped: bool,
    /// Force marched in its side's Movement Phase this turn (S3.3d, decision R12).
    #[serde(default, skip_serializing_if = "is_false")]
    pub force_marched: bool,
    /// Crossed a Major River, or landed across the Mississippi or Yazoo, in its side's
    /// Movement Phase this turn (S8.2e, S3.6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub crossed_river: bool,
    /// The Area it last entered its present Area from this turn by a land step (S8.2e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered_from: Option<AreaId>,
    /// That last step crossed a Major River (S9.92a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub entry_crossed: bool,
    /// The Area it boarded its steamer from (to tell a landing across the river, S3.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boarded_from: Option<AreaId>,
    /// Cavalry that probed this turn (S5.1b).
    #[serde(default, skip_serializing_if = "is_false")]
    pub probed: bool,
    /// Fought in this Combat Phase (S8.2d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fought: bool,
    /// Consecutive turns of force marching, this one included (S7.3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub march_streak: u8,
    /// Lost stragglers this turn (S7.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled: bool,
    /// Lost stragglers in the previous Game Turn (Straggler Loss Chart modifier).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled_before: bool,
    /// Moved (by land or ship) since its owner's last Communications Phase (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved_since: bool,
    /// Force marched, retreated, withdrew or was evacuated since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hurried_since: bool,
    /// Lost stragglers since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub straggled_since: bool,
    /// In communications at its owner's last Communications Phase (S6.1a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub in_comms: bool,
    /// Absorbed into a division (4.5): it left the map unidentified.
    #[serde(default, skip_serializing_if = "is_false")]
    pub absorbed: bool,
    /// A replacement Leader waiting to be placed (S9.66), with the casualty's Area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces_at: Option<AreaId>,
}

/// Where a ship is and what it did this phase and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRec {
    /// Finished moving this Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// Left its node this phase (a stack that did not is fired at under R21).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    /// Upstream arrows moved this phase (4.11: at most two).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub upstream: u8,
    /// SP taken aboard this Game Turn (4.12c, decision R10).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub taken: u8,
    /// Took evacuated units aboard (4.13a): may not move until the next Union Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub held: bool,
    /// The top ship of its stack, as the Union player ordered it (decision R8).
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_top: bool,
    /// Fought a naval combat this Game Turn: it may not hop into support (7.21c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fought: bool,
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}
