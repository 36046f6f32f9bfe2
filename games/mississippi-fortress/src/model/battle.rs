//! A battle being fought (S8, S9): its stage, its lines and what each side chose.

use adjutant_engine::{PerSide, Side};
use serde::{Deserialize, Serialize};

use crate::data::AreaId;
use crate::data::charts::{CombatOrder, CombatStrength, RatioColumn, StrengthBand};
use crate::model::action::Position;
use crate::model::counter::Key;
use crate::model::report::CombatReport;

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BattleStage {
    /// S8.4: the Defender may retreat before combat.
    Retreats,
    /// S8.4e-g: retreats are over.
    RetreatsDone,
    /// S8.6: both players deploy secretly.
    Deploy,
    /// S8.7b: the Attacker swings Line Positions facing empty ones.
    Engage,
    /// S8.8: both players choose Combat Orders secretly.
    Orders,
    /// S9.6-S9.7: losses are taken; Line Positions leave the Area.
    Outcomes,
    /// After the departures of a round.
    AfterRound,
    /// S9.81: the Attacker chooses a second round or the end.
    Continue,
    /// S9.82: both players commit Reserve counters secretly.
    Commit,
    /// S9.84 step 1: empty lines withdraw.
    EndEmpty,
    /// S9.84 steps 2-3: mountain and river-crossing withdrawals.
    EndTerrain,
    /// S9.84 step 4: clean-up.
    Cleanup,
    /// Over: the Area is settled and the next battle may begin.
    Done,
}

/// A battle in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// The battle Area.
    pub(crate) area: AreaId,
    /// The phasing player (S8.1b).
    pub(crate) attacker: Side,
    /// 1 or 2.
    pub(crate) round: u8,
    /// Where it stands.
    pub(crate) stage: BattleStage,
    /// Compelled by 5.11.
    pub(crate) compelled: bool,
    /// Areas attacking units entered the battle Area from this turn (S8.4c(3)).
    pub(crate) entries: Vec<AreaId>,
    /// Attacking units that entered across a Major River (S9.92a).
    pub(crate) crossing: Vec<Key>,
    /// Units that retreated before combat (S8.4), for the Leaders going with them.
    pub(crate) retreated: Vec<Key>,
    /// The participants, in deployment order (S8.2d).
    pub(crate) roster: Vec<Key>,
    /// Positions on the Battle Board; the other side's are secret until `revealed`.
    pub(crate) slots: Vec<(Key, Position)>,
    /// The deployment has been revealed (S8.7a).
    pub(crate) revealed: bool,
    /// This round's engagements: Attacker Line Position -> Defender Line Position.
    pub(crate) engaged: [Option<u8>; 3],
    /// Attacker Line Positions whose swing has been decided this round.
    pub(crate) swing_done: [bool; 3],
    /// Combat Orders of this round (owner, line, order; `None`: an unengaged Defender Line
    /// Position holds without one).
    pub(crate) orders: Vec<(Side, u8, Option<CombatOrder>)>,
    /// The orders have been revealed (S8.8c).
    pub(crate) orders_revealed: bool,
    /// What each engagement did this round.
    pub(crate) results: Vec<EngagementResult>,
    /// The same engagements worked as the book's players work them, for the clients (absent
    /// from snapshots taken before reports existed, hence the default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) reports: Vec<CombatReport>,
    /// SP each Line Position lost this round (S9.61).
    pub(crate) losses: PerSide<[u8; 3]>,
    /// SP still to allocate per Line Position.
    pub(crate) owed: PerSide<[u8; 3]>,
    /// Before round 2: Reserve counters committed (secret until revealed, S9.82).
    pub(crate) commits: Vec<(Key, Option<Position>)>,
}

impl Battle {
    /// The battle Area.
    pub fn area(&self) -> AreaId {
        self.area
    }

    /// The phasing player (S8.1b).
    pub fn attacker(&self) -> Side {
        self.attacker
    }

    /// 1 or 2.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Where it stands.
    pub fn stage(&self) -> BattleStage {
        self.stage
    }

    /// Compelled by 5.11.
    pub fn compelled(&self) -> bool {
        self.compelled
    }

    /// Areas attacking units entered the battle Area from this turn (S8.4c(3)).
    pub fn entries(&self) -> &[AreaId] {
        &self.entries
    }

    /// Attacking units that entered across a Major River (S9.92a).
    pub fn crossing(&self) -> &[Key] {
        &self.crossing
    }

    /// The participants, in deployment order (S8.2d).
    pub fn roster(&self) -> &[Key] {
        &self.roster
    }

    /// Positions on the Battle Board; the other side's are secret until `revealed`.
    pub fn slots(&self) -> &[(Key, Position)] {
        &self.slots
    }

    /// The deployment has been revealed (S8.7a).
    pub fn revealed(&self) -> bool {
        self.revealed
    }

    /// This round's engagements: Attacker Line Position -> Defender Line Position.
    pub fn engaged(&self) -> [Option<u8>; 3] {
        self.engaged
    }

    /// Combat Orders of this round (owner, line, order; `None`: an unengaged Defender Line
    /// Position holds without one).
    pub fn orders(&self) -> &[(Side, u8, Option<CombatOrder>)] {
        &self.orders
    }

    /// What each engagement did this round.
    pub fn results(&self) -> &[EngagementResult] {
        &self.results
    }

    /// This round's combat reports, one per engagement (public once the orders are revealed).
    pub fn reports(&self) -> &[CombatReport] {
        &self.reports
    }

    /// Before round 2: Reserve counters committed (secret until revealed, S9.82).
    pub fn commits(&self) -> &[(Key, Option<Position>)] {
        &self.commits
    }
}

/// One FCRT roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireRoll {
    /// The die.
    pub(crate) die: u8,
    /// The cell: "-", "1", "2" or "*".
    pub(crate) result: String,
    /// The extra roll a "*" calls for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) reroll: Option<u8>,
    /// SP lost by the target.
    pub(crate) loss: u8,
}

impl FireRoll {
    /// The extra roll a "*" calls for.
    pub fn reroll(&self) -> Option<u8> {
        self.reroll
    }

    /// SP lost by the target.
    pub fn loss(&self) -> u8 {
        self.loss
    }
}

/// What one engagement did in a round (public once the orders are revealed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngagementResult {
    /// The Attacker's Line Position (0-2).
    pub(crate) attacker_line: u8,
    /// The Defender's Line Position (0-2).
    pub(crate) defender_line: u8,
    /// The Attacker's order.
    pub(crate) attacker_order: CombatOrder,
    /// The Defender's order.
    pub(crate) defender_order: CombatOrder,
    /// The Attacker's strength, in sixteenths of an SP (S1.3a).
    pub(crate) attacker_strength: CombatStrength,
    /// The Defender's strength.
    pub(crate) defender_strength: CombatStrength,
    /// The Combat Intensity Level (S9.2).
    pub(crate) level: u8,
    /// The CIC B column after the terrain shift (S9.4).
    pub(crate) column: RatioColumn,
    /// The CIC B cell "x/y".
    pub(crate) cell: String,
    /// The rating of each side's rating Officer (S8.6f).
    pub(crate) ratings: (u8, u8),
    /// The FCRT columns (bands after shifts) of Attacker and Defender.
    pub(crate) bands: (StrengthBand, StrengthBand),
    /// The Attacker's rolls, against the Defender.
    pub(crate) attacker_rolls: Vec<FireRoll>,
    /// The Defender's rolls, against the Attacker.
    pub(crate) defender_rolls: Vec<FireRoll>,
}

impl EngagementResult {
    /// The Combat Intensity Level (S9.2).
    pub fn level(&self) -> u8 {
        self.level
    }
}
