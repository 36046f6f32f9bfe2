//! The victory points of the single-map Scenarios 1-3 (their own conditions, rule 5.0).

use super::hex::HexId;
use super::ids::FormationId;
use super::side::Side;
use super::terrain::ClearingId;
use serde::Deserialize;

/// Who scores an award.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AwardSide {
    /// The Union.
    Union,
    /// The Confederates.
    Confederate,
    /// Each side for itself.
    Both,
}

impl AwardSide {
    /// True when `side` scores the award.
    pub fn includes(self, side: Side) -> bool {
        match self {
            AwardSide::Union => side == Side::Union,
            AwardSide::Confederate => side == Side::Confederate,
            AwardSide::Both => true,
        }
    }
}

/// What scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AwardItem {
    /// Each enemy brigade wrecked at the end (stragglers ignored, rule 5.1a).
    EnemyBrigadeWrecked,
    /// Each enemy division wrecked at the end (stragglers ignored).
    EnemyDivisionWrecked,
    /// Each enemy leader killed, wounded or captured.
    EnemyLeaderCasualty,
    /// Each listed hex the side controls at the end (possession, rule 5.1d).
    ControlHex,
    /// The side controls at least half of the clearing's hexes at the end.
    ControlHalfOfClearing,
    /// Each listed hex occupied by one of the side's combat units at the end.
    OccupyHex,
    /// Each unwrecked brigade of the formation that leaves the map through a listed hex.
    BrigadeExited,
}

/// One line of a scenario's own victory conditions.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryAward {
    /// Who scores.
    pub side: AwardSide,
    /// What scores.
    pub item: AwardItem,
    /// Points per item.
    pub points: u8,
    /// The hexes concerned.
    #[serde(default)]
    pub hexes: Vec<HexId>,
    /// The clearing concerned.
    pub clearing: Option<ClearingId>,
    /// The formation concerned.
    pub formation: Option<FormationId>,
}
