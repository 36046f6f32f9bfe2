//! The tunable numbers of the rules, read from `data/constants.toml`. Printed values carry
//! their rule number; the others are the project's choices (S-rules, Appendix T of the
//! reference).

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::data::error::{DataError, ensure};
use crate::data::units::Ratings;

const FILE: &str = "constants.toml";

/// Movement allowances in Areas per Movement Phase (S3.1b, S3.3a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Infantry divisions and brigades.
    pub infantry: u8,
    /// Militia.
    pub militia: u8,
    /// Artillery.
    pub artillery: u8,
    /// Cavalry.
    pub cavalry: u8,
    /// Leaders moving alone.
    pub leader: u8,
    /// Dummies.
    pub dummy: u8,
    /// Extra steps a force march allows.
    pub force_march_extra_steps: u8,
}

/// Maximum Line of Communication lengths in Area boundaries (S6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loc {
    /// Infantry unit to its own Officer.
    pub infantry_to_officer: u8,
    /// Infantry unit to a Commander/Officer acting as its Officer (2.11c: same or adjacent).
    pub infantry_to_commander_officer: u8,
    /// Officer to his Commander.
    pub officer_to_commander: u8,
}

/// The Battle Board (S8.5, S8.6, S9.81, 2.22a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleBoard {
    /// Line Positions per side (plus one Reserve Position).
    pub line_positions: u8,
    /// Combat rounds per battle at most.
    pub max_rounds: u8,
    /// Artillery units per Line Position at most.
    pub max_artillery_per_line_position: u8,
    /// Cavalry units per Line Position at most.
    pub max_cavalry_per_line_position: u8,
    /// 2.22a: Confederate divisions of one identifier per Line Position (a brigade counts half).
    pub max_divisions_per_identifier: u8,
}

/// Leader casualties (S9.63) and Bowen (4.31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leaders {
    /// First roll at or above this: roll again.
    pub first_roll: u8,
    /// The same, when the Line Position lost all its units this round.
    pub first_roll_line_wiped_out: u8,
    /// Second roll at or above this: the Leader is a casualty.
    pub second_roll: u8,
    /// Bowen's inherent Officer (4.31, printed 2-2).
    pub bowen_inherent_officer: Ratings,
}

/// When an infantry division is ineffective (S1.8a): present x denominator <= full x numerator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ineffective {
    /// Numerator of the fraction of full strength.
    pub numerator: u8,
    /// Denominator of the fraction of full strength.
    pub denominator: u8,
}

/// Straggler recovery (S7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recovery {
    /// SP recovered by a unit that moved without force marching (an unmoved unit recovers all).
    pub after_normal_move: u8,
}

/// Ships, transports and batteries (4.11, 4.12c, 4.23, 7.21d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NavalRules {
    /// SP one transport steamer carries (4.12c).
    pub transport_capacity_sp: u8,
    /// Upstream arrows per Movement Phase (4.11).
    pub upstream_arrows_per_phase: u8,
    /// Ships per arrow at the end of the Movement Phase (4.11a).
    pub max_ships_per_arrow: u8,
    /// Battery fire at a stack moving downstream (4.23a).
    pub battery_fire_downstream: u8,
    /// Battery fire at a stack moving upstream (4.23a).
    pub battery_fire_upstream: u8,
    /// Consecutive turns a gunboat must stay opposite Grand Gulf to silence it (4.23e).
    pub grand_gulf_silencing_turns: u8,
    /// Turns before a damaged Union ship may return (7.21d).
    pub damaged_union_return_turns: u8,
    /// Turns before a damaged Confederate ship may return (7.21d).
    pub damaged_confederate_return_turns: u8,
}

/// Reinforcements (4.15a, S3.7c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reinforcements {
    /// Turns a land reinforcement may be withheld after the turn it is called for.
    pub land_window_turns: u8,
}

/// The Vicksburg Siege Track (5.42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Siege {
    /// Where the Vicksburg Supplies marker is first placed.
    pub supplies_start: u8,
    /// The most it may hold.
    pub supplies_max: u8,
}

/// Cavalry Probes (S5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// +1 to the differential for every full this many SP of enemy non-cavalry combat units.
    pub size_bonus_per_sp: u8,
    /// Die modifier when the target Area is Defensible, Mountainous or Swamp.
    pub non_clear_area_modifier: i8,
    /// Die modifier in Rain.
    pub rain_modifier: i8,
}

/// Every tunable number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constants {
    /// Movement allowances.
    pub movement: Movement,
    /// LOC lengths.
    pub loc: Loc,
    /// Battle Board limits.
    pub battle_board: BattleBoard,
    /// Leader casualties.
    pub leaders: Leaders,
    /// Ineffective divisions.
    pub ineffective: Ineffective,
    /// Straggler recovery.
    pub recovery: Recovery,
    /// Naval rules.
    pub naval: NavalRules,
    /// Reinforcements.
    pub reinforcements: Reinforcements,
    /// The siege track.
    pub siege: Siege,
    /// Cavalry probes.
    pub probe: Probe,
}

impl Constants {
    /// The compiled-in constants, parsed once. The tests prove them valid.
    pub fn get() -> &'static Constants {
        static CONSTANTS: OnceLock<Constants> = OnceLock::new();
        CONSTANTS.get_or_init(|| {
            Constants::parse(include_str!("../../data/constants.toml"))
                .expect("data/constants.toml is valid")
        })
    }

    /// Parses and checks constants in the format of `data/constants.toml`.
    pub fn parse(text: &str) -> Result<Constants, DataError> {
        let c: Constants = toml::from_str(text).map_err(|e| DataError::parse(FILE, e))?;
        ensure(
            c.ineffective.numerator < c.ineffective.denominator && c.ineffective.denominator > 0,
            FILE,
            || "the ineffective fraction must lie between 0 and 1".to_string(),
        )?;
        ensure(c.battle_board.line_positions >= 1, FILE, || {
            "the Battle Board needs a Line Position".to_string()
        })?;
        ensure(c.siege.supplies_start <= c.siege.supplies_max, FILE, || {
            "the siege marker starts above its maximum".to_string()
        })?;
        ensure(c.probe.size_bonus_per_sp > 0, FILE, || {
            "the probe size bonus needs a positive step".to_string()
        })?;
        Ok(c)
    }

    /// True if a division of `full` SP at `present` SP is ineffective (S1.8a).
    pub fn is_ineffective(&self, present: u8, full: u8) -> bool {
        u16::from(present) * u16::from(self.ineffective.denominator)
            <= u16::from(full) * u16::from(self.ineffective.numerator)
    }

    /// The movement allowance of a counter kind, dummies excluded (S3.1b).
    pub fn movement_allowance(&self, kind: crate::data::units::UnitKind) -> Option<u8> {
        use crate::data::units::UnitKind as K;
        match kind {
            K::InfantryDivision | K::InfantryBrigade => Some(self.movement.infantry),
            K::Militia => Some(self.movement.militia),
            K::Artillery => Some(self.movement.artillery),
            K::Cavalry => Some(self.movement.cavalry),
            K::Leader => Some(self.movement.leader),
            K::ShoreBattery | K::Gunboat | K::Transport => None,
        }
    }
}
