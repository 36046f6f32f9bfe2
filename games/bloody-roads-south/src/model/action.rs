//! Every action a player can take. Each is one small choice the prompt offers; big public
//! decisions (a stack's march, a combined fire) are sequences of them, while each secret
//! decision of the Command Phase is exactly one action carrying a typed batch (section 5).

use serde::{Deserialize, Serialize};

use crate::data::order::OrderType;
use crate::data::{HexId, UnitId};
use crate::model::draft::{Attempt, OrderDraft};
use crate::model::facing::Vertex;
use crate::model::order::Receiver;
use crate::model::unit::Formation;

/// One atomic choice (serialised as an object tagged by `type`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    // ----- Set-up (rules 6.0, reference 6.0 "set-up procedure") -----
    /// Put a counter of a set-up line in one of the hexes the line allows.
    Place {
        /// The counter.
        unit: UnitId,
        /// The hex.
        hex: HexId,
    },
    /// Turn every unit of one's stack in a hex to face a vertex (series 13).
    Face {
        /// The stack's hex.
        hex: HexId,
        /// The vertex.
        facing: Vertex,
    },
    /// Set a unit's formation at set-up (series 11).
    Form {
        /// The unit.
        unit: UnitId,
        /// Its formation.
        formation: Formation,
    },
    /// The set-up is complete.
    FinishSetUp,

    // ----- Command Phase (series 10; reference 2.3, section 5) -----
    /// The side's whole Order Issue (series 10.1, 10.4, 10.5b; rule 6.0c at set-up): every
    /// order written, every goal dropped and every emergency retreat declared, in one action
    /// offered once per Order Issue (and once at set-up for a side with its own orders) with
    /// empty lists, so that how many actions a side takes never tells what it wrote. The
    /// drafts are written in order, each checked as it comes; any failure refuses the whole
    /// batch. The menu of what may be written is in the seat's own view (`command.menu`).
    IssueOrders {
        /// The orders, in the order they are written.
        #[serde(default)]
        orders: Vec<OrderDraft>,
        /// Divisional and brigade goals dropped, their force being back in command radius
        /// (series 10.5b).
        #[serde(default)]
        drop_goals: Vec<Receiver>,
        /// Corps making an emergency retreat this turn (series 10.4).
        #[serde(default)]
        retreats: Vec<crate::data::FormationId>,
    },
    /// The side's whole Initiative segment (series 10.2): every attempt, each with the order
    /// the leader gives if he wins, rolled in order; offered once per Initiative segment with
    /// no attempts. The menu of attempts is in the seat's own view (`command.initiative`).
    Initiative {
        /// The attempts, rolled in this order.
        #[serde(default)]
        attempts: Vec<Attempt>,
    },
    /// The opponent writes the one-turn order of a Loose Cannon (series 10.2g).
    LooseCannonOrder {
        /// The hex the force must move toward (a typed parameter).
        #[serde(default)]
        objective: Option<HexId>,
        /// Complex (may attack) or simple.
        order_type: OrderType,
        /// The order's words.
        #[serde(default)]
        text: String,
    },

    // ----- Movement and Close Combat Phase (series 11-18, 23) -----
    /// Pick up a unit to move.
    Pick {
        /// The unit.
        unit: UnitId,
        /// For one part of an extended line (which shares its brigade's id): its hex.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<HexId>,
    },
    /// Add another unit of the same hex to the moving group (it moves with it).
    Join {
        /// The unit.
        unit: UnitId,
        /// For one part of an extended line: its hex.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<HexId>,
    },
    /// Move the group one hex.
    Step {
        /// The adjacent hex.
        to: HexId,
    },
    /// Turn the moving group to face a vertex (free, series 13).
    Turn {
        /// The vertex.
        facing: Vertex,
    },
    /// Change the moving group's formation (series 11).
    ChangeFormation {
        /// The new formation.
        formation: Formation,
    },
    /// Take the forced-march bonus (series 18).
    ForceMarch,
    /// Extend part of a brigade in line into an adjacent hex (series 17).
    Extend {
        /// The hex.
        hex: HexId,
    },
    /// Bring a brigade's extended parts back into its hex (series 17).
    Contract,
    /// Attack an adjacent enemy hex in close combat (series 23).
    Attack {
        /// The defender's hex.
        hex: HexId,
    },
    /// Put the moving group down.
    EndMove,
    /// Bring a waiting reinforcement onto the map (series 16.3, rule 6.0d).
    Enter {
        /// The unit.
        unit: UnitId,
        /// The entry hex.
        hex: HexId,
    },
    /// No more movement this phase.
    FinishMovement,

    // ----- Fire Combat Phase (series 19-20) -----
    /// Choose the hex to fire at.
    Target {
        /// The hex.
        hex: HexId,
    },
    /// Aim at the artillery of the target hex rather than its top unit (series 12.0).
    TargetArtillery,
    /// Add a unit to the fire at the chosen target.
    AddFirer {
        /// The unit.
        unit: UnitId,
    },
    /// Resolve the fire at the chosen target.
    Fire,
    /// Give up the chosen target.
    CancelFire,
    /// No more fire this phase.
    FinishFire,

    // ----- Answers to questions (retreats, displacement, leaders) -----
    /// Retreat one hex (series 24.3; rule 1.2g).
    Retreat {
        /// The hex.
        to: HexId,
    },
    /// Units in the hex a retreating unit enters step aside one hex (series 24.3).
    Displace {
        /// The hex they step into.
        to: HexId,
    },
    /// Units in the hex a retreating unit enters stay and share its morale (series 24.3).
    StandFast,
    /// Put a leader (a replacement, a displaced leader) in one of the offered hexes.
    PlaceLeader {
        /// The leader.
        leader: UnitId,
        /// The hex.
        hex: HexId,
    },
    /// Decline an optional choice.
    Decline,
}
