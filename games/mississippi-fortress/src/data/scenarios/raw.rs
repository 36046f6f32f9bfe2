//! The on-disk form of awards and special rules: one flat table each, checked into the typed
//! enums so that a mistyped field is an error rather than silently ignored.

use serde::Deserialize;

use super::special::{Special, SpecialRule};
use super::victory::{AwardKind, AwardTiming, VpAward};
use crate::data::error::DataError;
use crate::data::ids::{AreaId, Side};
use crate::data::units::Formation;

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum AwardTag {
    Besieged,
    EnemySpLost,
    EnemyShipsLost,
    EnemyInfantryOutOfLoc,
    AreaOccupied,
    EnemyUnrecoveredStragglers,
    EnemyIneffectiveDivisions,
    AreaCaptured,
    AreaCapturedBy,
    AreaHeldNotBesieged,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawAward {
    side: Side,
    timing: AwardTiming,
    kind: AwardTag,
    vp: u16,
    area: Option<AreaId>,
    by_turn: Option<u8>,
    #[serde(default)]
    requires_loc: bool,
}

impl RawAward {
    pub(crate) fn build(self, file: &'static str) -> Result<VpAward, DataError> {
        let area = || {
            self.area
                .ok_or_else(|| DataError::invalid(file, "this award kind needs an area"))
        };
        let plain = |kind: AwardKind| -> Result<AwardKind, DataError> {
            if self.area.is_some() || self.by_turn.is_some() || self.requires_loc {
                Err(DataError::invalid(
                    file,
                    "only Area awards take area, by_turn or requires_loc",
                ))
            } else {
                Ok(kind)
            }
        };
        let requires_loc = self.requires_loc;
        let kind = match self.kind {
            AwardTag::Besieged => plain(AwardKind::Besieged)?,
            AwardTag::EnemySpLost => plain(AwardKind::EnemySpLost)?,
            AwardTag::EnemyShipsLost => plain(AwardKind::EnemyShipsLost)?,
            AwardTag::EnemyInfantryOutOfLoc => plain(AwardKind::EnemyInfantryOutOfLoc)?,
            AwardTag::EnemyUnrecoveredStragglers => plain(AwardKind::EnemyUnrecoveredStragglers)?,
            AwardTag::EnemyIneffectiveDivisions => plain(AwardKind::EnemyIneffectiveDivisions)?,
            AwardTag::AreaOccupied => AwardKind::AreaOccupied {
                area: area()?,
                requires_loc,
            },
            AwardTag::AreaCaptured => AwardKind::AreaCaptured {
                area: area()?,
                requires_loc,
            },
            AwardTag::AreaHeldNotBesieged => AwardKind::AreaHeldNotBesieged {
                area: area()?,
                requires_loc,
            },
            AwardTag::AreaCapturedBy => AwardKind::AreaCapturedBy {
                area: area()?,
                by_turn: self
                    .by_turn
                    .ok_or_else(|| DataError::invalid(file, "area-captured-by needs by_turn"))?,
                requires_loc,
            },
        };
        if self.by_turn.is_some() && self.kind != AwardTag::AreaCapturedBy {
            return Err(DataError::invalid(
                file,
                "only area-captured-by takes by_turn",
            ));
        }
        Ok(VpAward {
            side: self.side,
            timing: self.timing,
            vp: self.vp,
            kind,
        })
    }
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum SpecialTag {
    AreasClosed,
    NoArtilleryInto,
    CommanderOfficerCommands,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSpecial {
    kind: SpecialTag,
    text: String,
    side: Option<Side>,
    #[serde(default)]
    areas: Vec<AreaId>,
    until_turn: Option<u8>,
    unless_landing_in: Option<AreaId>,
    area: Option<AreaId>,
    #[serde(default)]
    formations: Vec<Formation>,
}

impl RawSpecial {
    pub(crate) fn build(self, file: &'static str) -> Result<Special, DataError> {
        let missing = |what: &str| DataError::invalid(file, format!("special rule needs {what}"));
        let rule = match self.kind {
            SpecialTag::AreasClosed => SpecialRule::AreasClosed {
                side: self.side.ok_or_else(|| missing("side"))?,
                areas: self.areas,
                until_turn: self.until_turn.ok_or_else(|| missing("until_turn"))?,
                unless_landing_in: self
                    .unless_landing_in
                    .ok_or_else(|| missing("unless_landing_in"))?,
            },
            SpecialTag::NoArtilleryInto => SpecialRule::NoArtilleryInto {
                area: self.area.ok_or_else(|| missing("area"))?,
            },
            SpecialTag::CommanderOfficerCommands => SpecialRule::CommanderOfficerCommands {
                side: self.side.ok_or_else(|| missing("side"))?,
                formations: self.formations,
            },
        };
        Ok(Special {
            text: self.text,
            rule,
        })
    }
}
