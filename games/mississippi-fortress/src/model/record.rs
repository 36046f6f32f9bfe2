//! The bookkeeping of counters and ships (the Unit Status Sheet's margins).

use serde::{Deserialize, Serialize};

use crate::data::AreaId;

/// The bookkeeping of one counter (the Unit Status Sheet's margins): what it did this phase,
/// this turn and since its owner's last Communications Phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rec {
    /// Finished moving this Movement Phase (S3.1c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) done: bool,
    /// May not move this phase: placed as a reinforcement where the enemy has full Control
    /// (S3.7d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) pinned: bool,
    /// Began this Movement Phase in an Area holding enemy combat units (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) began_in_contact: bool,
    /// Embarked or disembarked this phase: no force march (S3.3c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) shipped: bool,
    /// Force marched in its side's Movement Phase this turn (S3.3d, decision R12).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) force_marched: bool,
    /// Crossed a Major River, or landed across the Mississippi or Yazoo, in its side's
    /// Movement Phase this turn (S8.2e, S3.6).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) crossed_river: bool,
    /// The Area it last entered its present Area from this turn by a land step (S8.2e).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) entered_from: Option<AreaId>,
    /// That last step crossed a Major River (S9.92a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) entry_crossed: bool,
    /// The Area it boarded its steamer from (to tell a landing across the river, S3.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) boarded_from: Option<AreaId>,
    /// Cavalry that probed this turn (S5.1b).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) probed: bool,
    /// Fought in this Combat Phase (S8.2d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) fought: bool,
    /// Consecutive turns of force marching, this one included (S7.3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) march_streak: u8,
    /// Lost stragglers this turn (S7.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) straggled: bool,
    /// Lost stragglers in the previous Game Turn (Straggler Loss Chart modifier).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) straggled_before: bool,
    /// Moved (by land or ship) since its owner's last Communications Phase (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) moved_since: bool,
    /// Force marched, retreated, withdrew or was evacuated since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) hurried_since: bool,
    /// Lost stragglers since then (S7.5).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) straggled_since: bool,
    /// In communications at its owner's last Communications Phase (S6.1a).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) in_comms: bool,
    /// Absorbed into a division (4.5): it left the map unidentified.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) absorbed: bool,
    /// A replacement Leader waiting to be placed (S9.66), with the casualty's Area.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) replaces_at: Option<AreaId>,
}

impl Rec {
    /// Finished moving this Movement Phase (S3.1c).
    pub fn done(&self) -> bool {
        self.done
    }

    /// May not move this phase: placed as a reinforcement where the enemy has full Control
    /// (S3.7d).
    pub fn pinned(&self) -> bool {
        self.pinned
    }

    /// Began this Movement Phase in an Area holding enemy combat units (S3.3c).
    pub fn began_in_contact(&self) -> bool {
        self.began_in_contact
    }

    /// Force marched in its side's Movement Phase this turn (S3.3d, decision R12).
    pub fn force_marched(&self) -> bool {
        self.force_marched
    }

    /// Crossed a Major River, or landed across the Mississippi or Yazoo, in its side's
    /// Movement Phase this turn (S8.2e, S3.6).
    pub fn crossed_river(&self) -> bool {
        self.crossed_river
    }

    /// Consecutive turns of force marching, this one included (S7.3).
    pub fn march_streak(&self) -> u8 {
        self.march_streak
    }

    /// Moved (by land or ship) since its owner's last Communications Phase (S7.5).
    pub fn moved_since(&self) -> bool {
        self.moved_since
    }

    /// In communications at its owner's last Communications Phase (S6.1a).
    pub fn in_comms(&self) -> bool {
        self.in_comms
    }

    /// Absorbed into a division (4.5): it left the map unidentified.
    pub fn absorbed(&self) -> bool {
        self.absorbed
    }
}

/// Where a ship is and what it did this phase and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipRec {
    /// Finished moving this Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) done: bool,
    /// Left its node this phase (a stack that did not is fired at under R21).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) moved: bool,
    /// Upstream arrows moved this phase (4.11: at most two).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) upstream: u8,
    /// SP taken aboard this Game Turn (4.12c, decision R10).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(crate) taken: u8,
    /// Took evacuated units aboard (4.13a): may not move until the next Union Movement Phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) held: bool,
    /// The top ship of its stack, as the Union player ordered it (decision R8).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) on_top: bool,
    /// Fought a naval combat this Game Turn: it may not hop into support (7.21c).
    #[serde(default, skip_serializing_if = "is_false")]
    pub(crate) fought: bool,
}

impl ShipRec {
    /// Finished moving this Movement Phase.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Upstream arrows moved this phase (4.11: at most two).
    pub fn upstream(&self) -> u8 {
        self.upstream
    }

    /// SP taken aboard this Game Turn (4.12c, decision R10).
    pub fn taken(&self) -> u8 {
        self.taken
    }

    /// Took evacuated units aboard (4.13a): may not move until the next Union Movement Phase.
    pub fn held(&self) -> bool {
        self.held
    }

    /// Fought a naval combat this Game Turn: it may not hop into support (7.21c).
    pub fn fought(&self) -> bool {
        self.fought
    }
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}
