//! Things half done: a group of units on the move, a fire being assembled.

use serde::{Deserialize, Serialize};

use crate::data::HexId;
use crate::model::unit::UnitKey;

/// Units picked up and moving together in the Movement Phase (series 16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovingGroup {
    /// The units, the first picked first.
    pub(crate) units: Vec<UnitKey>,
    /// The hex they started from.
    pub(crate) from: HexId,
    /// The hexes entered so far, in order.
    #[serde(default)]
    pub(crate) path: Vec<HexId>,
    /// They entered an enemy zone of control and must stop unless they attack (series 14).
    #[serde(default)]
    pub(crate) in_enemy_zoc: bool,
    /// They made a close combat this move (series 23).
    #[serde(default)]
    pub(crate) attacked: bool,
    /// They crossed the one enemy zone of control allowed on the way into a close combat and
    /// must now attack (series 14.0).
    #[serde(default)]
    pub(crate) must_attack: bool,
    /// They already turned in the hex they stand in (a second turn there would be the same
    /// choice again: facing is free, series 13).
    #[serde(default)]
    pub(crate) turned_here: bool,
    /// Enemy hexes whose stacks showed a unit in line or unlimbered on top but turned out to
    /// exert no zone of control (they are routed, series 14.0), learnt during this move.
    #[serde(default)]
    pub(crate) no_zoc_from: Vec<HexId>,
    /// Hexes found to be in an enemy zone of control that the enemy's top counters did not
    /// show (a unit in line beneath a column), learnt during this move.
    #[serde(default)]
    pub(crate) known_zoc: Vec<HexId>,
    /// Found where the group stands (each time it enters a hex, and when units join): the
    /// adjacent hexes its units out of command radius may step into (series 10.5a: only
    /// closer to their leader or HQ), `None` when none of them must close.
    #[serde(default)]
    pub(crate) closing: Option<Vec<HexId>>,
    /// Found likewise: every combat unit of the group is within command radius (series
    /// 23.1b: attackers must be).
    #[serde(default)]
    pub(crate) in_radius: bool,
}

impl MovingGroup {
    /// One unit picked up in its hex.
    pub fn alone(k: UnitKey, hex: HexId) -> MovingGroup {
        MovingGroup {
            units: vec![k],
            from: hex,
            path: Vec::new(),
            in_enemy_zoc: false,
            attacked: false,
            must_attack: false,
            turned_here: false,
            no_zoc_from: Vec::new(),
            known_zoc: Vec::new(),
            closing: None,
            in_radius: true,
        }
    }

    /// The units, the first picked first.
    pub fn units(&self) -> &[UnitKey] {
        &self.units
    }

    /// The hex they started from.
    pub fn from(&self) -> HexId {
        self.from
    }

    /// The hexes entered so far.
    pub fn path(&self) -> &[HexId] {
        &self.path
    }
}

/// What the Movement Phase remembers between moving groups (series 16; reference 2.5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovementPhase {
    /// Reinforcements that entered this phase at each entry hex, for the column queue
    /// (series 16.3: each next unit pays one more road hex).
    #[serde(default)]
    pub(crate) entered: Vec<(HexId, u8)>,
    /// Units in column when the phase began (or entering in column), which may force march
    /// (series 18).
    #[serde(default)]
    pub(crate) column_at_start: Vec<UnitKey>,
}

/// A fire at one target being assembled in the Fire Combat Phase (series 20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireInProgress {
    /// The target hex.
    pub(crate) target: HexId,
    /// Aimed at the hex's artillery rather than its top unit (series 12.0).
    #[serde(default)]
    pub(crate) at_artillery: bool,
}
