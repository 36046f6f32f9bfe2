//! The two sides of the battle.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A side: the Union (Grant's armies) or the Confederacy (Lee's Army of Northern Virginia).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The Armies of the United States in the field (Grant).
    Union,
    /// The Army of Northern Virginia (Lee).
    Confederate,
}

impl Side {
    /// Both sides, Union first.
    pub const BOTH: [Side; 2] = [Side::Union, Side::Confederate];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Union => Side::Confederate,
            Side::Confederate => Side::Union,
        }
    }

    /// The kebab-case name used in the data files (`union`, `confederate`).
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Union => "union",
            Side::Confederate => "confederate",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
