//! Identifiers shared by every data file.

use std::borrow::Borrow;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// One of the two players (1.0): the engine's seats. The Union is the First Player in every
/// scenario.
pub use adjutant_engine::{PerSide, Side};

/// A land Area of the map, numbered 1 to 47 as printed (1.0, Terrain Effects Chart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AreaId(pub u8);

impl AreaId {
    /// The highest Area number on the map.
    pub const LAST: u8 = 47;

    /// The printed Area number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// True for the numbers 1 to 47.
    pub fn is_on_map(self) -> bool {
        (1..=Self::LAST).contains(&self.0)
    }
}

impl fmt::Display for AreaId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Area {}", self.0)
    }
}

/// The two rivers ships use (4.11, 5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NavigableRiver {
    /// The Mississippi: arrows `A1` (north) to `A8` (south).
    Mississippi,
    /// The Yazoo: arrows `Y1` (its mouth) and `Y2`.
    Yazoo,
}

/// A river arrow printed on the map (4.11): `A1`..`A8` on the Mississippi from north to south,
/// `Y1`..`Y2` on the Yazoo from its mouth upstream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ArrowId {
    /// The river the arrow is on.
    pub river: NavigableRiver,
    /// Its position along the river, from 1.
    pub number: u8,
}

impl ArrowId {
    /// The Mississippi arrow with this number.
    pub const fn mississippi(number: u8) -> Self {
        Self {
            river: NavigableRiver::Mississippi,
            number,
        }
    }

    /// The Yazoo arrow with this number.
    pub const fn yazoo(number: u8) -> Self {
        Self {
            river: NavigableRiver::Yazoo,
            number,
        }
    }
}

impl fmt::Display for ArrowId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.river {
            NavigableRiver::Mississippi => 'A',
            NavigableRiver::Yazoo => 'Y',
        };
        write!(f, "{letter}{}", self.number)
    }
}

impl FromStr for ArrowId {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let river = match chars.next() {
            Some('A') => NavigableRiver::Mississippi,
            Some('Y') => NavigableRiver::Yazoo,
            _ => return Err(format!("river arrow id {s:?} must start with A or Y")),
        };
        let number: u8 = chars
            .as_str()
            .parse()
            .map_err(|_| format!("river arrow id {s:?} must end with a number"))?;
        if number == 0 {
            return Err(format!("river arrow id {s:?} must number from 1"));
        }
        Ok(Self { river, number })
    }
}

impl TryFrom<String> for ArrowId {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        value.parse()
    }
}

impl From<ArrowId> for String {
    fn from(value: ArrowId) -> Self {
        value.to_string()
    }
}

/// A counter of the game (units, Leaders, ships, batteries), by its kebab-case id in
/// `data/units.toml`, for example `grant`, `xiii-9-div` or `vicksburg-battery`. Shared text:
/// a state clones (kept for undo at every action) copy no id.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(Arc<str>);

impl UnitId {
    /// Wraps an id; whether it names a real counter is checked by [`crate::data::Units`].
    pub fn new(id: impl Into<Arc<str>>) -> Self {
        Self(id.into())
    }

    /// The id as written in the data files.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for UnitId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether a value is printed in the rulebook or decided by the project.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// Printed in the exclusive rulebook.
    Printed,
    /// Not printed as such, but forced by a printed rule or set-up (e.g. Area 36 is Grand Gulf).
    Implied,
    /// Decided by the project; the reason is in `docs/rules/mississippi-fortress.md`.
    Reconstructed,
}
