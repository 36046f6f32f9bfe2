//! Every chart of the game, series and game-specific, with its rule number; each lookup
//! returns exactly the printed cell (typed, and displaying as printed).

pub mod army_status;
pub mod cell;
pub mod close_combat;
pub mod command;
pub mod fire;
pub mod limits;
pub mod morale;
pub mod movement;
pub mod special_rules;
pub mod straggler;
pub mod victory;

use super::error::{DataError, parse_toml};

/// All charts.
#[derive(Debug, Clone)]
pub struct Charts {
    /// Series 10: command.
    pub command: command::CommandCharts,
    /// Series 20, 25.2, 26.3; BRS 1.2e: fire.
    pub fire: fire::FireCharts,
    /// Series 24: morale.
    pub morale: morale::MoraleCharts,
    /// Series 21: stragglers.
    pub straggler: straggler::StragglerCharts,
    /// Series 23, 26.1: close combat and gun loss.
    pub close_combat: close_combat::CloseCombatCharts,
    /// BRS Movement Chart (reconstructed).
    pub movement: movement::MovementChart,
    /// Series limits.
    pub limits: limits::Limits,
    /// BRS Map B summary and 4.2/3.7 (reconstructed where marked).
    pub special_rules: special_rules::SpecialRules,
    /// BRS personality sheets: Army Status and panic.
    pub army_status: army_status::ArmyStatus,
    /// BRS 5.1-5.3: victory.
    pub victory: victory::VictoryCharts,
}

/// The text of the chart files.
pub struct ChartFiles<'a> {
    /// `data/charts/command.toml`.
    pub command: &'a str,
    /// `data/charts/fire.toml`.
    pub fire: &'a str,
    /// `data/charts/morale.toml`.
    pub morale: &'a str,
    /// `data/charts/straggler.toml`.
    pub straggler: &'a str,
    /// `data/charts/close_combat.toml`.
    pub close_combat: &'a str,
    /// `data/charts/movement.toml`.
    pub movement: &'a str,
    /// `data/charts/limits.toml`.
    pub limits: &'a str,
    /// `data/charts/special_rules.toml`.
    pub special_rules: &'a str,
    /// `data/charts/army_status.toml`.
    pub army_status: &'a str,
    /// `data/charts/victory.toml`.
    pub victory: &'a str,
}

impl Charts {
    /// Parse every chart file.
    pub fn from_files(f: &ChartFiles<'_>) -> Result<Charts, DataError> {
        Ok(Charts {
            command: parse_toml("charts/command.toml", f.command)?,
            fire: parse_toml("charts/fire.toml", f.fire)?,
            morale: parse_toml("charts/morale.toml", f.morale)?,
            straggler: parse_toml("charts/straggler.toml", f.straggler)?,
            close_combat: parse_toml("charts/close_combat.toml", f.close_combat)?,
            movement: parse_toml("charts/movement.toml", f.movement)?,
            limits: parse_toml("charts/limits.toml", f.limits)?,
            special_rules: parse_toml("charts/special_rules.toml", f.special_rules)?,
            army_status: parse_toml("charts/army_status.toml", f.army_status)?,
            victory: parse_toml("charts/victory.toml", f.victory)?,
        })
    }
}
