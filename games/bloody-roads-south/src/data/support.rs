//! Artillery, headquarters, wagons and special counters.

use super::ids::{FormationId, UnitId};
use super::variant::VariantId;
use serde::Deserialize;

/// An artillery unit. Its label is the book's (`2b(5)`: 2 Corps battery of 5 gun points,
/// rule 6.0e-f; `Db(2)`: detached battery).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battery {
    /// Its id (`2b-1`).
    pub id: UnitId,
    /// The book's label.
    pub label: String,
    /// Its corps.
    pub corps: FormationId,
    /// Full strength in gun points.
    pub gun_points: u8,
    /// True for a detachment formed from the corps batteries (the Db(2) of 5 Corps).
    pub detachment: bool,
    /// What it historically stands for.
    pub historical: String,
    /// The variant that brings it into play, if any.
    pub variant: Option<VariantId>,
    /// Notes.
    pub note: Option<String>,
}

/// Army or corps headquarters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HqKind {
    /// An army HQ (series 10.6).
    Army,
    /// A corps HQ (series 10.0).
    Corps,
}

/// A headquarters counter.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hq {
    /// Its id (`2 Corps HQ`).
    pub id: UnitId,
    /// Army or corps.
    pub kind: HqKind,
    /// The leader whose HQ it is.
    pub leader: UnitId,
    /// Notes.
    pub note: Option<String>,
}

/// The kind of a supply counter (series 28).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WagonKind {
    /// A corps supply wagon (5 supply points).
    CorpsWagon,
    /// The Army of Northern Virginia's train (unlimited; pike, primary and secondary roads).
    ArmyTrain,
    /// The marker of the Union trains parked off-map (rule 3.7).
    OffMapTrain,
}

/// A supply wagon or train.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wagon {
    /// Its id (`2 Corps Supply`).
    pub id: UnitId,
    /// Its kind.
    pub kind: WagonKind,
    /// The corps it supplies.
    pub corps: Option<FormationId>,
    /// Supply points carried (none for unlimited trains).
    pub supply_points: Option<u8>,
    /// Notes.
    pub note: Option<String>,
}

/// A special counter: the 1st North Carolina Cavalry (rule 4.4).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Special {
    /// Its id (`1 NC Cav`).
    pub id: UnitId,
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: String,
    /// Spellings used by the book.
    pub book_names: Vec<String>,
    /// Its rules.
    pub note: String,
}
