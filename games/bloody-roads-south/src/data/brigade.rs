//! Infantry brigades: strength, morale, loss chart and wreck line (series 20.7, 22.0).

use super::fire_level::{FireLevel, LossChart};
use super::ids::{FormationId, UnitId};
use super::morale::MoraleRating;
use super::variant::VariantId;
use serde::Deserialize;

/// Which divisions an attachable special brigade may join (rules 3.3b, 3.4, 3.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attachable {
    /// Kitching's brigade and the Engineers: any Army of the Potomac division.
    AnyAopDivision,
    /// The 9th Corps Provisional Brigade: any 9th Corps division.
    #[serde(rename = "any-9-corps-division")]
    AnyNinthCorpsDivision,
}

/// An infantry brigade.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Brigade {
    /// Its id.
    pub id: UnitId,
    /// Its original division (none for the attachable special brigades).
    pub division: Option<FormationId>,
    /// Its corps (for army troops, Kitching and the Engineers, the army: `A Pot`).
    pub corps: FormationId,
    /// Its historical name.
    pub name: String,
    /// Its commander on 5 May 1864.
    pub commander: String,
    /// Full strength in steps (1 step = 100 men).
    pub steps: u8,
    /// Morale rating.
    pub morale: MoraleRating,
    /// Rating its wreck line was computed from, when it differs (designer's notes; 3.3c).
    wreck_morale: Option<MoraleRating>,
    /// Rating used for straggler checks and recovery, when it differs (3.3c).
    straggler_morale: Option<MoraleRating>,
    /// The printed loss chart.
    pub loss_chart: LossChart,
    /// Boxes to the left of the wreck line.
    pub wreck_after: u8,
    /// True for units with plus weapons (fire values in parentheses, series 20.0).
    #[serde(default)]
    pub plus_weapons: bool,
    /// For the special brigades of 3.3b, 3.4 and 3.5: where they may be attached. These never
    /// count toward the wrecking of a division and, when wrecked, check morale as a wrecked
    /// brigade of a wrecked division.
    pub attachable: Option<Attachable>,
    /// The variant that brings the brigade into play, if any.
    pub variant: Option<VariantId>,
    /// Its regiments.
    pub regiments: Vec<String>,
    /// Notes.
    pub note: Option<String>,
}

impl Brigade {
    /// The rating the wreck line was computed from.
    pub fn wreck_morale(&self) -> MoraleRating {
        self.wreck_morale.unwrap_or(self.morale)
    }

    /// The rating for straggler checks and straggler recovery (rule 3.3c: 4/9 uses A).
    pub fn straggler_morale(&self) -> MoraleRating {
        self.straggler_morale.unwrap_or(self.morale)
    }

    /// True when `losses` boxes (casualties plus stragglers in play, series 20.7; casualties
    /// only for victory, rule 5.1a) fill every box left of the wreck line.
    pub fn is_wrecked(&self, losses: u8) -> bool {
        losses >= self.wreck_after
    }

    /// The current fire level after `losses` boxes are filled; `None` when eliminated.
    pub fn fire_level(&self, losses: u8) -> Option<FireLevel> {
        self.loss_chart.fire_level(losses)
    }

    /// True when the brigade counts toward its division's wreck (not the special brigades).
    pub fn counts_for_division_wreck(&self) -> bool {
        self.attachable.is_none()
    }
}
