//! Things half done: a land stack on the move (S3.1c), a probe party (S5.1), a naval combat
//! (7.21b).

use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::model::counter::Key;
use crate::model::node::Node;

/// A stack of land counters on the move (S3.1c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandGroup {
    /// The Area it set out from.
    pub(crate) from: AreaId,
    /// Where it is now.
    pub(crate) at: AreaId,
    /// Its counters.
    pub(crate) members: Vec<Key>,
    /// The Areas entered so far.
    pub(crate) path: Vec<AreaId>,
}

impl LandGroup {
    /// Its counters.
    pub fn members(&self) -> &[Key] {
        &self.members
    }
}

/// Cavalry chosen for the next probe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProbeParty {
    /// The probing Area.
    pub(crate) area: AreaId,
    /// The cavalry.
    pub(crate) cavalry: Vec<Key>,
}

/// A naval combat in progress on one arrow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalCombat {
    /// The arrow.
    pub(crate) node: Node,
    /// Rounds fought so far.
    pub(crate) round: u8,
    /// The battery beside the arrow has had its shot before the first round (S12.5b).
    pub(crate) battery_fired: bool,
}
