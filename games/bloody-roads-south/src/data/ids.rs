//! The ids of counters and formations, unique within one side, written as the rulebook writes
//! them. The text is shared, not copied, when an id is cloned (a game's copy, a list of a
//! stack's ids, a unit's division): a Scenario 5 replay cloned some 1.8 million ids.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The id of a counter, unique within one side, written as the rulebook writes it:
/// brigades `2/4/5` (Union) or `Sta/J/2` (Confederate), leaders by surname (`Hancock`),
/// HQs `2 Corps HQ`, wagons `2 Corps Supply`, batteries `2b-1` (label `2b(5)`),
/// special units `1 NC Cav`, `Kitching`, `Engineers`, `Prov/9`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub Arc<str>);

impl UnitId {
    /// A unit id from text.
    pub fn new(s: &str) -> UnitId {
        UnitId(s.into())
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The id of a formation, unique within one side: armies (`AUS`, `A Pot`, `ANVa`),
/// corps (`2`, `5`; the book writes "2 Corps"), divisions (`1/5`, `J/2`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FormationId(pub Arc<str>);

impl FormationId {
    /// A formation id from text.
    pub fn new(s: &str) -> FormationId {
        FormationId(s.into())
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FormationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
