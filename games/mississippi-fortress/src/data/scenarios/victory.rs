//! Victory points and victory conditions as data (6.1, 6.2, 6.3, 7.3, 5.44, S10).

use serde::{Deserialize, Serialize};

use crate::data::ids::{AreaId, Side};

/// When an award is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AwardTiming {
    /// In the scoring player's own Victory Point Phase of every turn (S10.2).
    PerTurn,
    /// Once, at the end of the game (S10.6).
    EndOfGame,
}

/// What an award counts. `vp` of the award is multiplied by the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AwardKind {
    /// 6.2 Union 1: each turn Vicksburg is besieged (5.41).
    Besieged,
    /// Each combat SP the enemy lost (casualties only, S10.3) since the scorer's previous Victory
    /// Point Phase.
    EnemySpLost,
    /// Each enemy naval unit sunk or eliminated since the scorer's previous VP Phase (S10.4).
    EnemyShipsLost,
    /// 6.2 Confederate 2: each enemy infantry unit that cannot trace a LOC to its Officer now.
    EnemyInfantryOutOfLoc,
    /// 6.2 Confederate 1: each turn the Area is occupied by a friendly combat unit.
    AreaOccupied {
        /// The Area (Jackson).
        area: AreaId,
        /// An infantry claimant must have been in communications this turn.
        requires_loc: bool,
    },
    /// Each enemy straggler SP not recovered at the end (S7.6).
    EnemyUnrecoveredStragglers,
    /// Each enemy infantry division ineffective at the end (S1.8).
    EnemyIneffectiveDivisions,
    /// The Area was captured and the enemy did not reoccupy it by the end (6.2 Union 5).
    AreaCaptured {
        /// The Area.
        area: AreaId,
        /// An infantry claimant must have been in communications on the turn claimed.
        requires_loc: bool,
    },
    /// The Area was captured by the end of `by_turn` and not reoccupied (6.2 Union 6-8). Awards of
    /// this kind for the same Area are alternatives: only the best one that applies is scored.
    AreaCapturedBy {
        /// The Area (Vicksburg).
        area: AreaId,
        /// The last turn at whose end the capture counts.
        by_turn: u8,
        /// An infantry claimant must have been in communications on the turn claimed.
        requires_loc: bool,
    },
    /// The Area is solely occupied by the scorer and not besieged at the end (6.2 Confederate 7).
    AreaHeldNotBesieged {
        /// The Area (Vicksburg).
        area: AreaId,
        /// An infantry claimant must have been in communications this turn.
        requires_loc: bool,
    },
}

/// One line of a scenario's VP list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpAward {
    /// Who scores.
    pub side: Side,
    /// When.
    pub timing: AwardTiming,
    /// VPs per item counted.
    pub vp: u16,
    /// What is counted.
    pub kind: AwardKind,
}

/// How the winner is decided at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum WinCondition {
    /// 6.2/6.3: higher VP total wins; on a tie the player in Sole Control of the Area wins;
    /// if neither has it, a draw.
    HigherVp {
        /// The tie-break Area (Vicksburg).
        tie_break_area: AreaId,
    },
    /// 6.1: `side` wins if at the end it occupies `area` with an effective infantry unit that
    /// was in communications that turn and its VP total is at least the other's; otherwise the
    /// other side wins.
    HoldAreaWithVp {
        /// The side that must hold (Union).
        side: Side,
        /// The Area (Jackson).
        area: AreaId,
    },
    /// 7.3: `side` wins if it occupies `area` with at least one infantry unit at the end;
    /// otherwise the other side wins.
    OccupyAreaWithInfantry {
        /// The side that must occupy (Union).
        side: Side,
        /// The Area (Vicksburg).
        area: AreaId,
    },
}

/// 5.44: the game ends once `side` has held its capture of `area` through `turns` further turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuddenEnd {
    /// The capturing side (Union).
    pub side: Side,
    /// The Area (Vicksburg).
    pub area: AreaId,
    /// Turns after the capture turn (3).
    pub turns: u8,
}

/// A scenario's victory rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Victory {
    /// How the winner is decided.
    pub condition: WinCondition,
    /// The 5.44 automatic end, if it applies.
    pub sudden_end: Option<SuddenEnd>,
    /// Every VP award, both sides.
    pub awards: Vec<VpAward>,
}
