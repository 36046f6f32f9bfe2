//! Armies, corps and divisions.

use super::ids::{FormationId, UnitId};
use super::variant::VariantId;
use serde::Deserialize;

/// An army (Armies of the United States under Grant, the Army of the Potomac under Meade,
/// the Army of Northern Virginia under Lee).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// Its id.
    pub id: FormationId,
    /// Its name.
    pub name: String,
    /// Its commander.
    pub commander: UnitId,
    /// Its HQ counter.
    pub hq: UnitId,
    /// Subordinate armies and corps.
    pub subordinate: Vec<FormationId>,
    /// Who takes over, in order, if the commander falls.
    pub succession: Vec<UnitId>,
    /// Units that belong directly to the army (Kitching, the Engineers).
    #[serde(default)]
    pub direct_units: Vec<UnitId>,
    /// Notes.
    pub note: Option<String>,
}

/// A corps.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Corps {
    /// Its id (the number: `2`).
    pub id: FormationId,
    /// Its name.
    pub name: String,
    /// Its commander.
    pub commander: UnitId,
    /// Its HQ counter.
    pub hq: UnitId,
    /// Its supply wagon.
    pub wagon: UnitId,
    /// The army it belongs to.
    pub army: FormationId,
    /// Its divisions.
    pub divisions: Vec<FormationId>,
    /// Its artillery units.
    pub artillery: Vec<UnitId>,
    /// Who succeeds the commander (senior division commander first, series 25.4).
    pub succession: Vec<UnitId>,
    /// Notes.
    pub note: Option<String>,
}

/// A division.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Division {
    /// Its id (`1/5`, `J/2`).
    pub id: FormationId,
    /// Its name.
    pub name: String,
    /// Its corps.
    pub corps: FormationId,
    /// Its commander.
    pub leader: UnitId,
    /// Its brigades.
    pub brigades: Vec<UnitId>,
    /// Wrecked brigades (of its own) that wreck the division: more than half.
    pub wreck_threshold: u8,
    /// The variant that brings it into play, if any.
    pub variant: Option<VariantId>,
    /// Notes.
    pub note: Option<String>,
}

/// A borrowed view of any formation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formation<'a> {
    /// An army.
    Army(&'a Army),
    /// A corps.
    Corps(&'a Corps),
    /// A division.
    Division(&'a Division),
}
