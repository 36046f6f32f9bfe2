//! Refusals of a posted action's typed lists (reference 5.2): the units moving together, the
//! firers, the set-up's facings, formations and extended lines. A list is checked whole on arrival, before
//! anything changes: a bad list refuses the whole action with one of these, in words, and the
//! game stays as it was.

use std::fmt;

use adjutant_engine::Side;

use crate::data::{HexId, UnitId};
use crate::model::action::Action;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::Formation;

/// Why a posted list was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A unit named to move with the picked one is not (or no longer, when named twice) one
    /// of the units of its hex that may move now.
    NotAStackMate {
        /// The unit named.
        unit: UnitId,
        /// The picked unit's hex.
        hex: HexId,
    },
    /// A fire needs at least one firer.
    NoFirers,
    /// A unit named to fire may not fire at the target now (range, arc, sight, fired
    /// already, the kind of target, or its hex's fire already used up, S12.0).
    NotAFirer {
        /// The unit named.
        unit: UnitId,
        /// The target hex.
        target: HexId,
    },
    /// A facing chosen for a hex that holds no stack of the player's.
    NoStackToFace {
        /// The hex.
        hex: HexId,
    },
    /// Two facings chosen for one hex.
    FacedTwice {
        /// The hex.
        hex: HexId,
    },
    /// A formation chosen for a unit that is not one of the player's on the map, or that
    /// cannot take that formation (brigades: line or column; artillery: limbered or
    /// unlimbered).
    CannotForm {
        /// The unit.
        unit: UnitId,
        /// The formation asked.
        formation: Formation,
    },
    /// A formation out of road column chosen for a unit of a printed road column (Scenario
    /// 6's 9th Corps: "in road column", series 16.4).
    InRoadColumn {
        /// The unit.
        unit: UnitId,
        /// The formation asked.
        formation: Formation,
    },
    /// Two formations chosen for one unit.
    FormedTwice {
        /// The unit.
        unit: UnitId,
    },
    /// An extended line chosen at set-up that the brigade may not have (rule 6.0h, S17.0).
    CannotExtend {
        /// The brigade named.
        unit: UnitId,
        /// The hex named.
        hex: HexId,
        /// Why not.
        why: ExtensionBar,
    },
}

/// Why a set-up extension is refused (rule 6.0h with the legality of `Extend`, S17.0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtensionBar {
    /// Not a brigade of the player's on the map (or a part of one).
    NotABrigade,
    /// Not in line (after the set-up's formations).
    NotInLine,
    /// Its fire level allows no more parts (B for one, AA for two).
    FireLevel,
    /// Not a hex in play next to the brigade.
    NotAdjacent,
    /// The brigade already has a part there.
    Twice,
    /// A unit in line could not enter the hex from the brigade's (terrain, the Rapidan).
    Terrain,
    /// The 9th Corps' limits (3.3a).
    NinthCorps,
    /// The hex could not take the part's fire level (3 A fire levels a hex, S12.0).
    Stacking,
}

impl fmt::Display for ExtensionBar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ExtensionBar::NotABrigade => "it is not one of your brigades on the map",
            ExtensionBar::NotInLine => "only a brigade in line extends its line",
            ExtensionBar::FireLevel => {
                "its fire level allows no more parts (one from B, two from AA, 17.0)"
            }
            ExtensionBar::NotAdjacent => "that is not a hex in play next to it",
            ExtensionBar::Twice => "it already has a part there",
            ExtensionBar::Terrain => "a unit in line could not enter that hex from its hex",
            ExtensionBar::NinthCorps => "that hex is beyond the 9th Corps' limits (3.3a)",
            ExtensionBar::Stacking => {
                "that hex could not take the part's fire level (3 A fire levels a hex, 12.0)"
            }
        })
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotAStackMate { unit, hex } => write!(
                f,
                "{unit} cannot move with this group: it is not one of your units in {hex} that \
                 may still move this phase (or it is named twice). Nothing was moved."
            ),
            Refusal::NoFirers => write!(f, "Choose at least one unit to fire. Nothing was fired."),
            Refusal::NotAFirer { unit, target } => write!(
                f,
                "{unit} cannot fire at {target} now (range, arc, line of sight, fired already, \
                 or its hex's fire already used: 1 A fire level and 5 gun points a hex). \
                 Nothing was fired."
            ),
            Refusal::NoStackToFace { hex } => write!(
                f,
                "There is no stack of yours in {hex} to face. Nothing was set up."
            ),
            Refusal::FacedTwice { hex } => write!(
                f,
                "The stack in {hex} is given two facings; a hex faces one vertex (13.0). \
                 Nothing was set up."
            ),
            Refusal::CannotForm { unit, formation } => write!(
                f,
                "{unit} cannot be set up in {}: brigades take line or column, artillery \
                 limbered or unlimbered (11.0). Nothing was set up.",
                formation.word()
            ),
            Refusal::InRoadColumn { unit, formation } => write!(
                f,
                "{unit} sets up in the printed road column and cannot be set up in {} (7.0, \
                 16.4). Nothing was set up.",
                formation.word()
            ),
            Refusal::FormedTwice { unit } => {
                write!(f, "{unit} is given two formations. Nothing was set up.")
            }
            Refusal::CannotExtend { unit, hex, why } => write!(
                f,
                "{unit} cannot set up an extended line into {hex}: {why}. Nothing was set up."
            ),
        }
    }
}

impl std::error::Error for Refusal {}

impl BloodyRoadsSouth {
    /// Checks the typed lists of a posted action (reference 5.2), before anything changes.
    pub fn check_lists(&self, side: Side, action: &Action) -> Result<(), Refusal> {
        match action {
            Action::Pick { unit, part, with } => self.pick_group(side, unit, *part, with).map(drop),
            Action::Fire { firers } => self.chosen_firers(side, firers).map(drop),
            Action::FinishSetUp {
                facings,
                formations,
                extensions,
            } => self.check_setup_choices(side, facings, formations, extensions),
            _ => Ok(()),
        }
    }
}
