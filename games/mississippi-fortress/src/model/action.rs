//! Every action a player can take, and the places it names.

use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::data::charts::CombatOrder;
use crate::model::node::Node;

/// A position on the Battle Board (S8.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    /// Line Position 1 (left).
    Lp1,
    /// Line Position 2 (centre).
    Lp2,
    /// Line Position 3 (right).
    Lp3,
    /// The Reserve Position.
    Reserve,
}

impl Position {
    /// The three Line Positions, left to right.
    pub const LINES: [Position; 3] = [Position::Lp1, Position::Lp2, Position::Lp3];

    /// 0, 1 or 2 for a Line Position.
    pub fn line(self) -> Option<usize> {
        match self {
            Position::Lp1 => Some(0),
            Position::Lp2 => Some(1),
            Position::Lp3 => Some(2),
            Position::Reserve => None,
        }
    }

    /// The Line Position of an index.
    pub fn of_line(i: usize) -> Position {
        Position::LINES[i.min(2)]
    }

    /// "Line Position 2", "the Reserve".
    pub fn name(self) -> &'static str {
        match self {
            Position::Lp1 => "Line Position 1",
            Position::Lp2 => "Line Position 2",
            Position::Lp3 => "Line Position 3",
            Position::Reserve => "the Reserve",
        }
    }
}

/// Where a departing counter goes: a land Area, or aboard steamers (4.13, 4.12).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dest {
    /// A land Area.
    Area(AreaId),
    /// Aboard one steamer, or two lashed together (ids, on the same arrow).
    Ships(Vec<String>),
}

/// One choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Place one dummy from the pool in an Area (S2.1 step 2, S4.6b).
    PlaceDummy { area: AreaId },
    /// Take one dummy back from an Area into the pool (S4.6d(5)).
    RemoveDummy { area: AreaId },
    /// Finish placing set-up dummies (S2.1 step 2).
    FinishSetUp,
    /// Place a reinforcement group on the map (S3.7a).
    PlaceReinforcements { group: usize },
    /// Withhold a reinforcement group this turn (S3.7c).
    WithholdReinforcements { group: usize },
    /// Finish the arrival segment (1a).
    FinishArrival,
    /// Put a counter aboard steamers (4.12, 1b); the steamers are chosen next.
    Board { counter: String },
    /// Finish embarkation (1b).
    FinishEmbarkation,
    /// Choose an Area whose counters will move (S3.1c step 1).
    MoveFrom { area: AreaId },
    /// Add a counter to the moving stack (S3.1c step 2).
    Take { counter: String },
    /// Add every counter of the Area that can move.
    TakeAll,
    /// Move the stack one Area (S3.1c step 3).
    StepTo { area: AreaId },
    /// Drop a counter from the moving stack: it stops here.
    Leave { counter: String },
    /// Stop the moving stack (land or naval) where it is.
    Halt,
    /// Put the chosen counters or ships down again without moving them.
    Cancel,
    /// Choose ships at an arrow (or off the map) to move (S12.1a).
    SailFrom { node: Node },
    /// Add a ship to the naval stack; the first chosen sails on top (R8).
    TakeShip { ship: String },
    /// Move the naval stack one arrow (4.11).
    SailTo { node: Node },
    /// Finish movement (1c).
    FinishMovement,
    /// Land a counter from its steamer into an adjacent Area (4.12b, 1e).
    Land { counter: String, area: AreaId },
    /// Finish disembarkation (1e).
    FinishDisembarkation,
    /// Absorb a brigade into a division in its Area (4.5, 1g).
    Absorb { brigade: String, division: String },
    /// Finish strength transfers (1g).
    FinishTransfers,
    /// Add a cavalry unit to the next probe (S5.1).
    ProbeWith { cavalry: String },
    /// Probe an Area with the chosen cavalry (S5).
    ProbeInto { area: AreaId },
    /// Finish the Cavalry Probe Segment (2a).
    FinishProbes,
    /// Declare a battle in an Area (S8.2).
    Declare { area: AreaId },
    /// Finish the Declaration Segment (2b).
    FinishDeclarations,
    /// Fight the battle in an Area next (2c).
    FightIn { area: AreaId },
    /// As Defender, retreat a counter before combat (S8.4); its destination is chosen next.
    RetreatBeforeCombat { counter: String },
    /// As Defender, stay and fight with the rest (S8.4).
    StandAndFight,
    /// Place a counter on the Battle Board (S8.6), secretly.
    Deploy { counter: String, position: Position },
    /// Place every counter still to deploy in one position, one after another in roster
    /// order, secretly: the same as the single `Deploy`s would do (S8.6, decision I37).
    DeployAll { position: Position },
    /// As Attacker, swing a Line Position facing an empty one onto a target, or leave it idle
    /// (`target: null`) (S8.7b).
    Engage { line: u8, target: Option<u8> },
    /// Give a Line Position its Combat Order (S8.8), secretly; `null` leaves an unengaged
    /// Defender Line Position without an order.
    Order {
        line: u8,
        order: Option<CombatOrder>,
    },
    /// As Attacker, fight a second round (S9.81).
    SecondRound,
    /// As Attacker, end the battle after the first round (S9.81).
    EndBattle,
    /// Before round 2, commit a Reserve counter to a Line Position, or keep it (`null`)
    /// (S9.82), secretly.
    Commit {
        counter: String,
        position: Option<Position>,
    },
    /// Before round 2, commit every Reserve counter still undecided to one Line Position, or
    /// keep them all (`null`), secretly: the same as the single `Commit`s would do (S9.82,
    /// decision I37).
    CommitAll { position: Option<Position> },
    /// Answer a question about where something goes: a displaced Leader, a retreating or
    /// withdrawing unit, a Leader going with them, steamers to board, a replacement Leader.
    Go { to: Dest },
    /// Choose the top ship of a stack before the battery fires (R8).
    TopShip { ship: String },
    /// Send a ship off the map to relieve overstacking (4.11a, R7).
    SendOffMap { ship: String },
    /// Take one SP of a Line Position's loss on this unit (S9.61).
    TakeLoss { counter: String },
    /// Put a ship on a station without sailing: at set-up (7.21a) or back from repair (7.21d).
    Station { ship: String, at: Station },
    /// A Confederate ship on a battery's arrow hops ashore in support of it (7.21c).
    SupportBattery { ship: String },
    /// A Confederate ship in support hops back onto the battery's arrow (7.21c).
    LeaveSupport { ship: String },
    /// Fight the naval combat on this arrow next (7.21b, S12.5a).
    NavalBattle { node: Node },
    /// This ship takes the Naval CRT result (7.21b: the owner chooses).
    HitShip { ship: String },
}

/// A place for a ship that does not sail there: an arrow, or ashore in support of the battery
/// of an Area (7.21a, 7.21c, 7.21d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Station {
    /// On a river arrow.
    Arrow(Node),
    /// In support of the shore battery in this Area.
    Support(AreaId),
}
