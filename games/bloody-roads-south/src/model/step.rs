//! Where the sequence of play stands (series 8.1; reference 2.1).

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

/// The segments of the Command Phase, in order (reference 2.1, step 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommandSegment {
    /// Order Issue: write orders, paying command points.
    OrderIssue,
    /// Attack Stoppage checks (series 10.3; rule 3.1c(2)).
    AttackStoppage,
    /// Initiative attempts (series 10.2).
    Initiative,
    /// Delay Reduction rolls (series 10.1f).
    DelayReduction,
    /// New Order Acceptance rolls (series 10.1f).
    Acceptance,
}

/// The segments of the Movement and Close Combat Phase, in order (reference 2.1, step 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MovementSegment {
    /// The Unfinished Railroad discovery roll (rule 1.3c).
    Railroad,
    /// Straggler recovery marker placement, hour turns only (series 21.2).
    Recovery,
    /// Command radius check, reinforcements, movement and close combat.
    Move,
    /// Ammo Resupply (series 28).
    Resupply,
}

/// The step of the sequence of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum Step {
    /// Both players set up, secretly and at the same time (reference 6.0).
    SetUp,
    /// The phasing player's Command Phase.
    Command {
        /// The phasing player.
        side: Side,
        /// The segment.
        segment: CommandSegment,
    },
    /// The phasing player's Movement and Close Combat Phase.
    Movement {
        /// The phasing player.
        side: Side,
        /// The segment.
        segment: MovementSegment,
    },
    /// The Fire Combat Phase: the non-phasing player fires first, then the phasing player.
    Fire {
        /// The phasing player.
        side: Side,
        /// The player firing now.
        firer: Side,
    },
    /// The phasing player's Rally Phase (series 24.5).
    Rally {
        /// The phasing player.
        side: Side,
    },
    /// The game is over.
    Over,
}

impl Step {
    /// The phasing player, outside set-up and the end.
    pub fn phasing(self) -> Option<Side> {
        match self {
            Step::Command { side, .. }
            | Step::Movement { side, .. }
            | Step::Fire { side, .. }
            | Step::Rally { side } => Some(side),
            Step::SetUp | Step::Over => None,
        }
    }

    /// The phase's name as the book prints it.
    pub fn phase_name(self) -> &'static str {
        match self {
            Step::SetUp => "Set-up",
            Step::Command { .. } => "Command Phase",
            Step::Movement { .. } => "Movement and Close Combat Phase",
            Step::Fire { .. } => "Fire Combat Phase",
            Step::Rally { .. } => "Rally Phase",
            Step::Over => "Game over",
        }
    }

    /// The segment's name, where the phase has segments.
    pub fn segment_name(self) -> Option<&'static str> {
        match self {
            Step::Command { segment, .. } => Some(match segment {
                CommandSegment::OrderIssue => "Order Issue",
                CommandSegment::AttackStoppage => "Attack Stoppage",
                CommandSegment::Initiative => "Initiative",
                CommandSegment::DelayReduction => "Delay Reduction",
                CommandSegment::Acceptance => "New Order Acceptance",
            }),
            Step::Movement { segment, .. } => Some(match segment {
                MovementSegment::Railroad => "Unfinished Railroad",
                MovementSegment::Recovery => "Straggler Recovery",
                MovementSegment::Move => "Movement and Close Combat",
                MovementSegment::Resupply => "Ammo Resupply",
            }),
            Step::Fire { side, firer } => Some(if side == firer {
                "Offensive Fire"
            } else {
                "Defensive Fire"
            }),
            _ => None,
        }
    }
}
