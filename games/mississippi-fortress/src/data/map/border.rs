//! Borders between adjacent Areas (Terrain Effects Chart, 5.2, 5.3).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, ArrowId};

/// A river drawn on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RiverId {
    /// Navigable; never crossed by land (5.3).
    Mississippi,
    /// Navigable, except the 2|3 stretch, which is only a Major River (Terrain Effects Chart).
    Yazoo,
    /// Major River (reconstructed classification).
    BigBlack,
    /// Major River (reconstructed classification; 6.3, 8.11).
    BigBayouPierre,
    /// Major River (reconstructed classification).
    Pearl,
}

/// How a Major River may be crossed (Terrain Effects Chart: "bridges, ferries or fords").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CrossingKind {
    /// A road or railroad bridge.
    Bridge,
    /// A ferry.
    Ferry,
    /// A ford.
    Ford,
}

/// A crossing point of a Major River on one border.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crossing {
    /// `X01` .. `X14`.
    pub id: String,
    /// Bridge, ferry or ford; the kind has no rules effect.
    pub kind: CrossingKind,
    /// The historical name.
    pub name: String,
}

/// What lies along a border.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BorderKind {
    /// Nothing: no effect.
    Open,
    /// A ridge: no force march across it; no combat effect.
    Ridge,
    /// A Major River: crossed only at a crossing point; no force march across; attackers that
    /// crossed are halved; S9.92 applies to battles fought after crossing it.
    MajorRiver {
        /// Which river.
        river: RiverId,
        /// Its crossing points on this border; none means land units cannot cross here.
        crossings: Vec<Crossing>,
    },
    /// The Mississippi: land units cross only aboard transports (5.3).
    Mississippi,
    /// The navigable Yazoo: land units cross only aboard transports (5.3).
    Yazoo,
}

/// The border between two adjacent Areas, stored once with `a < b`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Border {
    /// The lower-numbered Area.
    pub a: AreaId,
    /// The higher-numbered Area.
    pub b: AreaId,
    /// Its terrain feature.
    pub kind: BorderKind,
    /// True if a road crosses it (derived from the road routes).
    pub road: bool,
    /// True if a railroad crosses it (derived from the railroad routes).
    pub railroad: bool,
    /// River arrows lying between the two Areas across the river (4.14); empty for land borders.
    pub arrows: Vec<ArrowId>,
}

impl Border {
    /// The Area on the other side from `from`, if `from` is one of the two.
    pub fn other(&self, from: AreaId) -> Option<AreaId> {
        if from == self.a {
            Some(self.b)
        } else if from == self.b {
            Some(self.a)
        } else {
            None
        }
    }

    /// True unless the border is the Mississippi, the navigable Yazoo, or a Major River with no
    /// crossing point here (S3.2a(1)-(2)). Swamp and artillery limits are terrain rules, checked
    /// by [`crate::data::Map::land_step`].
    pub fn land_crossable(&self) -> bool {
        match &self.kind {
            BorderKind::Open | BorderKind::Ridge => true,
            BorderKind::MajorRiver { crossings, .. } => !crossings.is_empty(),
            BorderKind::Mississippi | BorderKind::Yazoo => false,
        }
    }

    /// True for a Major River border (with or without crossing): no force march, attackers halved.
    pub fn is_major_river(&self) -> bool {
        matches!(self.kind, BorderKind::MajorRiver { .. })
    }

    /// True for the Mississippi and the navigable Yazoo (ships only).
    pub fn is_navigable_river(&self) -> bool {
        matches!(self.kind, BorderKind::Mississippi | BorderKind::Yazoo)
    }

    /// True for a ridge.
    pub fn is_ridge(&self) -> bool {
        matches!(self.kind, BorderKind::Ridge)
    }

    /// True if a road or a railroad crosses it (5.2 swamp-to-swamp movement).
    pub fn road_or_railroad(&self) -> bool {
        self.road || self.railroad
    }

    /// The river along the border, if any.
    pub fn river(&self) -> Option<RiverId> {
        match &self.kind {
            BorderKind::Open | BorderKind::Ridge => None,
            BorderKind::MajorRiver { river, .. } => Some(*river),
            BorderKind::Mississippi => Some(RiverId::Mississippi),
            BorderKind::Yazoo => Some(RiverId::Yazoo),
        }
    }

    /// The crossing points on this border (empty unless it is a Major River with crossings).
    pub fn crossings(&self) -> &[Crossing] {
        match &self.kind {
            BorderKind::MajorRiver { crossings, .. } => crossings,
            _ => &[],
        }
    }
}
