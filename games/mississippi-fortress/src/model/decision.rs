//! Questions for one player that must be answered before play goes on.

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::data::charts::NavalResult;
use crate::model::counter::Key;
use crate::model::node::Node;

/// Why a unit leaves its Area (and so which destinations and straggler check apply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "why")]
pub enum Departure {
    /// S8.4: Retreat Before Combat (Defender); 4.13 evacuation possible.
    BeforeCombat,
    /// S3.54: artillery overrun during movement; not into the Area the enemy came from (R18).
    Overrun {
        /// The Area the entering unit came from.
        not_into: Option<AreaId>,
    },
    /// S8.4e: Defender artillery left alone in the battle Area (also after a battle).
    ArtilleryAlone,
    /// S9.71: a Withdraw order; 4.13 evacuation possible.
    Withdraw,
    /// S9.72: driven off.
    DrivenOff,
    /// S9.73: repulsed.
    Repulsed,
    /// S9.84 step 1: all Line Positions empty.
    EmptyLine,
    /// 5.12: mandatory mountain withdrawal, without straggler checks.
    Mountain,
    /// S9.92b: crossing units return across the river.
    RiverCrossing,
}

/// A question for one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Decision {
    /// S3.92: where a displaced Leader goes.
    Displace {
        /// The Leader.
        leader: Key,
    },
    /// Where a departing combat unit goes.
    Depart {
        /// The unit.
        unit: Key,
        /// Why it leaves.
        why: Departure,
        /// The Area it leaves.
        from: AreaId,
    },
    /// S8.4b, S9.74c: a Leader goes with departing units.
    Escort {
        /// The Leader.
        leader: Key,
        /// The units he may go with.
        with: Vec<Key>,
        /// The Area they leave.
        from: AreaId,
    },
    /// 4.12a: which steamers a counter boards.
    Carrier {
        /// The counter.
        unit: Key,
    },
    /// R8/R21: which ship is on top of a stack that spent the phase on a guarded arrow.
    TopShip {
        /// The arrow.
        node: Node,
    },
    /// 4.11a: too many ships on an arrow at the end of the Movement Phase.
    OffMap {
        /// The arrow.
        node: Node,
    },
    /// S9.61: one SP of a Line Position's loss to allocate.
    Allocate {
        /// The owner.
        side: Side,
        /// The Line Position (0-2).
        line: u8,
    },
    /// S9.66: where a replacement Leader is placed.
    Replacement {
        /// The Leader.
        leader: Key,
    },
    /// 7.21b: which of `side`'s ships on `node` takes a Naval CRT result.
    NavalHit {
        /// The owner of the ships hit.
        side: Side,
        /// The arrow.
        node: Node,
        /// Damaged or sunk.
        result: NavalResult,
    },
}
