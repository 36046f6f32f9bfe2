//! Ships (4.1) and shore batteries (4.2): where each is and what state it is in.

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::{AreaId, ArrowId, UnitId, Units};
use crate::model::node::Node;
use crate::model::record::ShipRec;

/// Why a ship in play is not on the river (4.15a, 7.21a, 7.21c, 7.21d). A ship neither on the
/// river nor here has been sunk or eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum OffRiver {
    /// 7.21a: a Confederate ship its owner has not placed yet at set-up.
    SetUp,
    /// 4.15a: a naval reinforcement not yet called for; it arrives off the map at `edge` at
    /// the start of its owner's player turn `turn`.
    Awaiting {
        /// The turn it is called for.
        turn: u8,
        /// The off-map box it arrives in.
        edge: Node,
    },
    /// 7.21c: in support of the shore battery in this Area.
    Support {
        /// The battery's Area.
        area: AreaId,
    },
    /// 7.21d: damaged and removed; it may return from `turn` on.
    Damaged {
        /// The first turn it may return.
        turn: u8,
    },
}

/// A naval unit (4.1): always face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// Its unit id.
    pub(crate) id: UnitId,
    /// Its owner.
    pub(crate) side: Side,
    /// A transport steamer (carries land units); otherwise a gunboat.
    pub(crate) transport: bool,
    /// Wooden hull (4.23b).
    pub(crate) wooden: bool,
    /// Its arrow or off-map box; `None` when it is not on the river (see `off`) or lost.
    pub(crate) at: Option<Node>,
    /// Why it is not on the river, if it is in play elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) off: Option<OffRiver>,
    /// Bookkeeping.
    pub(crate) rec: ShipRec,
}

impl Ship {
    /// Its unit id.
    pub fn id(&self) -> &UnitId {
        &self.id
    }

    /// Its owner.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its arrow or off-map box; `None` when it is not on the river (see `off`) or lost.
    pub fn at(&self) -> Option<Node> {
        self.at
    }

    /// Why it is not on the river, if it is in play elsewhere.
    pub fn off(&self) -> Option<OffRiver> {
        self.off
    }

    /// Bookkeeping.
    pub fn rec(&self) -> &ShipRec {
        &self.rec
    }

    /// On the river: on an arrow or in an off-map box (4.15).
    pub fn afloat(&self) -> bool {
        self.at.is_some()
    }

    /// Sunk or eliminated (S10.4).
    pub fn lost(&self) -> bool {
        self.at.is_none() && self.off.is_none()
    }

    /// In support of the battery in this Area (7.21c).
    pub fn supporting(&self) -> Option<AreaId> {
        match self.off {
            Some(OffRiver::Support { area }) => Some(area),
            _ => None,
        }
    }

    /// Not a transport steamer: it may start or defend naval combat and rolls on the Naval
    /// CRT (7.21a-b).
    pub fn warship(&self) -> bool {
        !self.transport
    }

    /// One of Farragut's ships (7.22).
    pub fn farragut(&self) -> bool {
        Units::get()
            .unit(self.id.as_str())
            .and_then(|u| u.naval)
            .is_some_and(|n| n.farragut)
    }

    /// Its printed name.
    pub fn name(&self) -> String {
        Units::get()
            .unit(self.id.as_str())
            .map_or_else(|| self.id.to_string(), |u| u.name.clone())
    }
}

/// A shore battery's state (4.22, 4.23e).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BatteryState {
    /// Face up: fires at ships, exerts limited Control.
    FaceUp,
    /// Silenced (4.23e): no fire, no Control, until the next Confederate player turn.
    Silenced,
    /// Destroyed (4.22c) or surrendered (5.43).
    Destroyed,
}

/// A Confederate shore battery (4.2): never moves, always visible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battery {
    /// Its unit id.
    pub(crate) id: UnitId,
    /// Its Area.
    pub(crate) area: AreaId,
    /// The arrow it guards.
    pub(crate) arrow: ArrowId,
    /// Face up, silenced or destroyed.
    pub(crate) state: BatteryState,
}

impl Battery {
    /// Its unit id.
    pub fn id(&self) -> &UnitId {
        &self.id
    }

    /// Its Area.
    pub fn area(&self) -> AreaId {
        self.area
    }

    /// Face up, silenced or destroyed.
    pub fn state(&self) -> BatteryState {
        self.state
    }
}
