//! Questions for one player that must be answered before play goes on (a retreat's next
//! hex, units stepping aside, a Loose Cannon's order, where a leader appears, a stack's
//! facing after a close combat or a retreat).

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

use crate::data::{FormationId, HexId};
use crate::model::order::Receiver;
use crate::model::unit::UnitKey;

/// Why units retreat (series 23, 24.3), which sets how far and what they may not enter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RetreatCause {
    /// A Morale Table result (series 24.2).
    Morale,
    /// The attacker lost a close combat (series 23: back 1 through the hexside it crossed).
    CloseCombatAttacker,
    /// The defender lost a close combat (series 23: back 2 away from the attack).
    CloseCombatDefender,
    /// A routed unit still within 6 hexes of the enemy after rally (series 24.1b).
    Rout,
    /// Attack stoppage: beyond small-arms range of the enemy (series 10.3).
    Stoppage,
}

/// Why the non-phasing player may turn a stack (series 13.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceCause {
    /// The stack defended in a close combat and held its hex (series 23).
    CloseCombat,
    /// The stack's retreat ended there (series 24.3, 23).
    Retreat,
}

/// A question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "question")]
pub enum Question {
    /// Where the retreating units go next (series 24.3; rule 1.2g).
    Retreat {
        /// The units retreating together.
        units: Vec<UnitKey>,
        /// Hexes still to retreat.
        hexes_left: u8,
        /// The hex the threat comes from ("away from" it).
        away_from: HexId,
        /// Why.
        cause: RetreatCause,
    },
    /// Whether the units a retreat enters step aside (series 24.3).
    RoutThrough {
        /// The hex entered.
        hex: HexId,
        /// The retreating units.
        retreating: Vec<UnitKey>,
    },
    /// The opponent writes a Loose Cannon's one-turn order (series 10.2g).
    LooseCannon {
        /// The leader who rolled it.
        leader: UnitKey,
        /// His formation.
        receiver: Receiver,
    },
    /// Whether the non-phasing player turns his stack in `hex` to face another vertex
    /// (series 13.0: after a close combat or at the end of a morale retreat).
    Face {
        /// The stack's hex.
        hex: HexId,
        /// Why it may turn.
        after: FaceCause,
    },
    /// Whether Lee takes the corps whose commander fell (rule 4.1d).
    LeeTakesCorps {
        /// Lee.
        leader: UnitKey,
        /// The corps.
        corps: FormationId,
    },
    /// Which division of other corps attached to 2 Corps stays with it, Hancock having fallen
    /// (rule 3.2); the others return to their corps.
    HancockAttached {
        /// The attached divisions.
        divisions: Vec<FormationId>,
    },
    /// Whether the phasing player makes a panic demand, and of whom (reference 3A.6).
    PanicDemand {
        /// The commanders he may demand it of.
        targets: Vec<crate::data::UnitId>,
    },
    /// Where a replacement or displaced leader appears (series 25.4, 10.0).
    PlaceLeader {
        /// The leader.
        leader: UnitKey,
        /// The division or corps he commands.
        command: Option<FormationId>,
    },
}

/// A question and the player who answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Who answers.
    pub(crate) side: Side,
    /// The question.
    pub(crate) question: Question,
}

impl Decision {
    /// A question for `side`.
    pub fn new(side: Side, question: Question) -> Decision {
        Decision { side, question }
    }
    /// Who answers.
    pub fn side(&self) -> Side {
        self.side
    }
    /// The question.
    pub fn question(&self) -> &Question {
        &self.question
    }
}
