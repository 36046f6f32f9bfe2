//! Every action a player can take. Each is one choice the prompt offers; a march is a
//! sequence of them. Each secret decision is one action whose count never depends on a secret
//! (reference section 5, consequence 4): a group or a list (the units moving together, the
//! firers, the set-up's facings and formations) or a batch (a Command Phase's orders, its
//! initiative attempts) is a typed parameter of one action, checked whole on arrival
//! (`crate::refusal`, `crate::command::batch`).

use serde::{Deserialize, Serialize};

use crate::data::order::OrderType;
use crate::data::{FormationId, HexId, UnitId};
use crate::model::draft::{Attempt, EntryDraft, OrderDraft, ReturnDraft};
use crate::model::facing::Vertex;
use crate::model::order::Receiver;
use crate::model::unit::Formation;

/// A stack's facing chosen at set-up (series 13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetUpFacing {
    /// The stack's hex.
    pub hex: HexId,
    /// The vertex it faces.
    pub facing: Vertex,
}

/// A unit's formation chosen at set-up (series 11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetUpFormation {
    /// The unit.
    pub unit: UnitId,
    /// Its formation.
    pub formation: Formation,
}

/// An extended line chosen at set-up (rule 6.0h; series 17.0): one part of a brigade set up
/// in the adjacent hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetUpExtension {
    /// The brigade (it stays in its set-up hex).
    pub unit: UnitId,
    /// The adjacent hex its part stands in.
    pub hex: HexId,
}

/// One choice (serialised as an object tagged by `type`).
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
    /// The set-up is complete, with the facings, formations and extended lines chosen (typed
    /// parameters, offered empty: every stack keeps its facing, every unit its formation, no
    /// line is extended; checked whole on arrival). One action however many are chosen
    /// (reference 5.2, 6.0).
    FinishSetUp {
        /// Stacks turned to face a vertex (series 13), at most one entry a hex.
        #[serde(default)]
        facings: Vec<SetUpFacing>,
        /// Units set up in their other formation (series 11), at most one entry a unit.
        #[serde(default)]
        formations: Vec<SetUpFormation>,
        /// Brigades set up with extended lines into adjacent hexes (rule 6.0h), one entry a
        /// part (a brigade at AA may have two). Old clients that omit it extend none.
        #[serde(default)]
        extensions: Vec<SetUpExtension>,
    },

    // ----- Command Phase (series 10; reference 2.3, section 5) -----
    /// The side's whole Order Issue (series 10.1, 10.4, 10.5b, 21.2; rule 6.0c at set-up):
    /// every order written, every goal dropped, every emergency retreat declared and every
    /// eliminated brigade's return asked for, in one action
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
        /// Eliminated brigades to return through a straggler recovery marker in an empty hex
        /// (series 21.2), at most one entry a brigade.
        #[serde(default)]
        returns: Vec<ReturnDraft>,
        /// The Confederate's secret entry choices of the 6 May groups (rule 4.3, Scenario 5:
        /// in his Order Issues up to 11:00pm 5 May), at most one entry a group.
        #[serde(default)]
        entry_choices: Vec<EntryDraft>,
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
    /// Pick up a unit to move, with the units of its hex that go with it (series 12, 16): the
    /// whole moving group in one action, whatever its size (reference 5.2). Offered with
    /// `with` empty (the unit alone); the player's view lists who may go with each unit.
    Pick {
        /// The unit (the group's top counter when it stops).
        unit: UnitId,
        /// For one part of an extended line (which shares its brigade's id): its hex.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<HexId>,
        /// The other units of the same hex that move with it, in order (a typed parameter,
        /// checked whole on arrival); an id twice names two counters sharing it (a brigade
        /// and a part of its extended line).
        #[serde(default)]
        with: Vec<UnitId>,
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
    /// The moving group leaves the map by the hex it stands in, under an order that sends it
    /// off there (Scenario 3: 3/5 by B13.35; `movement::leave`).
    LeaveMap,
    /// The moving Confederate group leaves the map by an end of the off-map link, to reappear
    /// at the other end some turns later (rule 4.2; `movement::off_map_link`).
    UseLink,
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
    /// Resolve the fire at the chosen target by these units (series 20.3): every firer in one
    /// action, however many (reference 5.2). Offered with every eligible firer; the player may
    /// drop some (a typed parameter, checked whole on arrival). An id twice names two
    /// counters sharing it (a brigade and a part of its extended line).
    Fire {
        /// The firing units.
        #[serde(default)]
        firers: Vec<UnitId>,
    },
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
    /// Turn the stack of a `Face` question to face a vertex (series 13.0); `Decline` keeps
    /// its facing.
    Face {
        /// The vertex.
        facing: Vertex,
    },
    /// Put a leader (a replacement, a displaced leader) in one of the offered hexes.
    PlaceLeader {
        /// The leader.
        leader: UnitId,
        /// The hex.
        hex: HexId,
    },
    /// Lee takes the corps whose commander fell (rule 4.1d); `Decline` leaves it to the
    /// senior division commander.
    TakeCorps,
    /// Keep this attached division with 2 Corps, Hancock having fallen (rule 3.2); `Decline`
    /// keeps none.
    KeepAttached {
        /// The division kept.
        division: FormationId,
    },
    /// Make a panic demand of a commander (reference 3A.6); `Decline` makes none.
    DemandPanic {
        /// The commander ("Grant", "Meade", "Burnside", "Lee").
        target: UnitId,
    },
    /// Decline an optional choice (for a `Face` question: keep the stack's facing).
    Decline,
}
