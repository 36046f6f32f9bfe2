//! Where the sequence of play (S2) stands.

use adjutant_engine::Side;
use serde::{Deserialize, Serialize};

/// Where the sequence of play stands. Steps named after a choice wait for that player;
/// the others run by themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", content = "side", rename_all = "kebab-case")]
pub enum Step {
    /// S2.1 step 2: the player places his set-up dummies (Second Player first).
    SetUpDummies(Side),
    /// S2.2 A: the Weather Segment.
    TurnStart,
    /// 1a: dummy removal, reinforcements, dummy placement.
    Arrival(Side),
    /// 1b: embarkation (Union steamers).
    Embarkation(Side),
    /// 1c: movement of land and naval stacks.
    Movement(Side),
    /// 1c, 7.21b: the naval combats after the phasing player ends his naval movement (S12.5).
    NavalCombat(Side),
    /// After 1c: stacks that spent the phase on a guarded arrow are ordered (R8, R21).
    MovementEnd(Side),
    /// After 1c: the batteries fire at them (R21).
    BatteryFire(Side),
    /// 1e: disembarkation.
    Disembarkation(Side),
    /// 1f: force-march straggler checks.
    ForceMarchChecks(Side),
    /// 1g: Confederate strength transfers (4.5).
    Transfers(Side),
    /// 1h: naval stacking, battery destruction.
    PhaseChecks(Side),
    /// Start of the Combat Phase.
    CombatStart(Side),
    /// 2a: Cavalry Probe Segment.
    Probes(Side),
    /// 2b: Declaration Segment.
    Declaration(Side),
    /// 2c: Battle Segment.
    Battles(Side),
    /// 2d: Leader Replacement Segment.
    LeaderReplacement(Side),
    /// 3: Communications Phase.
    Communications(Side),
    /// 4: Victory Point Phase.
    VictoryPoints(Side),
    /// 5: End Phase (the Vicksburg siege track in the Confederate turn).
    PlayerTurnEnd(Side),
    /// D: End-of-Turn Segment.
    EndOfTurn,
    /// The game is over.
    Over,
}

impl Step {
    /// The player whose turn it is, if in a player turn.
    pub fn side(self) -> Option<Side> {
        match self {
            Step::SetUpDummies(s)
            | Step::Arrival(s)
            | Step::Embarkation(s)
            | Step::Movement(s)
            | Step::NavalCombat(s)
            | Step::MovementEnd(s)
            | Step::BatteryFire(s)
            | Step::Disembarkation(s)
            | Step::ForceMarchChecks(s)
            | Step::Transfers(s)
            | Step::PhaseChecks(s)
            | Step::CombatStart(s)
            | Step::Probes(s)
            | Step::Declaration(s)
            | Step::Battles(s)
            | Step::LeaderReplacement(s)
            | Step::Communications(s)
            | Step::VictoryPoints(s)
            | Step::PlayerTurnEnd(s) => Some(s),
            Step::TurnStart | Step::EndOfTurn | Step::Over => None,
        }
    }

    /// The phase's printed name.
    pub fn phase_name(self) -> &'static str {
        match self {
            Step::SetUpDummies(_) => "Set-up",
            Step::TurnStart => "Weather Segment",
            Step::Arrival(_)
            | Step::Embarkation(_)
            | Step::Movement(_)
            | Step::NavalCombat(_)
            | Step::MovementEnd(_)
            | Step::BatteryFire(_)
            | Step::Disembarkation(_)
            | Step::ForceMarchChecks(_)
            | Step::Transfers(_)
            | Step::PhaseChecks(_) => "Movement Phase",
            Step::CombatStart(_)
            | Step::Probes(_)
            | Step::Declaration(_)
            | Step::Battles(_)
            | Step::LeaderReplacement(_) => "Combat Phase",
            Step::Communications(_) => "Communications Phase",
            Step::VictoryPoints(_) => "Victory Point Phase",
            Step::PlayerTurnEnd(_) => "End Phase",
            Step::EndOfTurn => "End-of-Turn Segment",
            Step::Over => "Game over",
        }
    }

    /// The segment within the phase, for views.
    pub fn segment(self) -> &'static str {
        match self {
            Step::SetUpDummies(_) => "set-up-dummies",
            Step::TurnStart => "weather",
            Step::Arrival(_) => "arrival",
            Step::Embarkation(_) => "embarkation",
            Step::Movement(_) => "movement",
            Step::NavalCombat(_) => "naval-combat",
            Step::MovementEnd(_) | Step::BatteryFire(_) => "battery-fire",
            Step::Disembarkation(_) => "disembarkation",
            Step::ForceMarchChecks(_) => "force-march-checks",
            Step::Transfers(_) => "transfers",
            Step::PhaseChecks(_) => "end-of-movement",
            Step::CombatStart(_) => "combat-start",
            Step::Probes(_) => "probes",
            Step::Declaration(_) => "declaration",
            Step::Battles(_) => "battles",
            Step::LeaderReplacement(_) => "leader-replacement",
            Step::Communications(_) => "communications",
            Step::VictoryPoints(_) => "victory-points",
            Step::PlayerTurnEnd(_) => "end",
            Step::EndOfTurn => "end-of-turn",
            Step::Over => "over",
        }
    }
}
