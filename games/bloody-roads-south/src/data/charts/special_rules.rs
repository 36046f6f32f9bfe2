//! The "Special Terrain Effects and Special Rule Summary" printed on Map B (RECONSTRUCTED
//! where the book refers to it): Unfinished Railroad discovery (1.3), the 1st NC Cav Table
//! (4.4c), off-map movement times (4.2) and the Union trains hex (3.7).

use super::cell::RollRange;
use crate::data::hex::HexId;
use crate::data::ids::FormationId;
use crate::data::road::RoadId;
use crate::data::scenario::ScenarioId;
use crate::data::side::Side;
use serde::Deserialize;

/// Rule 1.3: discovery of the Unfinished Railroad.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailroadDiscovery {
    /// The game rule.
    pub rule: String,
    /// Confederate condition: a combat unit of this corps has entered a railroad hex.
    pub confederate_corps: FormationId,
    /// 2d6 rolls on which the Confederates discover it.
    pub confederate_discovers_on: Vec<u8>,
    /// Union condition: a Union combat unit has entered this hex (errata B39.06).
    pub union_hex: HexId,
    /// 2d6 rolls on which the Union discovers it.
    pub union_discovers_on: Vec<u8>,
    /// Scenarios in which both sides know it from the start (1.3f).
    pub known_in_scenarios: Vec<ScenarioId>,
}

impl RailroadDiscovery {
    /// True when a 2d6 roll discovers the railroad for `side`.
    pub fn discovers(&self, side: Side, roll: u8) -> bool {
        match side {
            Side::Union => self.union_discovers_on.contains(&roll),
            Side::Confederate => self.confederate_discovers_on.contains(&roll),
        }
    }
}

/// Rule 4.4c: the 1st NC Cav Table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NcCavTable {
    /// The game rule.
    pub rule: String,
    /// The road it retreats along.
    pub road: RoadId,
    /// The junction it retreats toward (removed at or past it, 4.4d).
    pub toward: HexId,
    /// Printed headings (2d6 ranges).
    pub columns: Vec<RollRange>,
    /// First and last roll of each column.
    pub rolls: Vec<[u8; 2]>,
    /// Hexes of retreat for each column.
    pub hexes: Vec<u8>,
}

impl NcCavTable {
    /// Hexes of retreat for a 2d6 roll.
    pub fn retreat(&self, roll: u8) -> Option<u8> {
        self.rolls
            .iter()
            .position(|r| (r[0]..=r[1]).contains(&roll))
            .map(|i| self.hexes[i])
    }
}

/// Rule 4.2: off-map movement.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffMap {
    /// The game rule.
    pub rule: String,
    /// The two ends.
    pub hexes: [HexId; 2],
    /// When an end is blocked: any map-edge hex within this many hexes of it.
    pub blocked_alternative_radius: u8,
    /// Turns for infantry in column and artillery (4.2a).
    pub infantry_column_and_artillery: u8,
    /// Turns for wagons and trains (4.2b).
    pub wagons_and_trains: u8,
    /// Turns for leaders and orders (4.2c).
    pub leaders_and_orders: u8,
}

/// Rule 3.7: where a Union corps wagon reloads.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnionTrains {
    /// The game rule.
    pub rule: String,
    /// The hex when both maps are used.
    pub two_maps: HexId,
    /// The hex in Map-A-only scenarios.
    pub map_a_only: HexId,
}

/// The Map B summary (`data/charts/special_rules.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialRules {
    /// Railroad discovery.
    pub railroad_discovery: RailroadDiscovery,
    /// The 1st NC Cav Table.
    pub nc_cav: NcCavTable,
    /// Off-map movement.
    pub off_map: OffMap,
    /// The Union trains hex.
    pub union_trains: UnionTrains,
}
