//! Named places and the lettered entry hexes A-G of the scenarios.

use super::hex::HexId;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The id of a named place (`wilderness-tavern`, `brock-crossing`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlaceId(pub String);

impl PlaceId {
    /// A place id from text.
    pub fn new(s: &str) -> PlaceId {
        PlaceId(s.to_string())
    }
}

impl fmt::Display for PlaceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A named place on the map.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Place {
    /// Its id.
    pub id: PlaceId,
    /// Its name.
    pub name: String,
    /// Its principal hex.
    pub hex: HexId,
    /// All its hexes when it covers several (otherwise only `hex`).
    #[serde(default)]
    pub hexes: Vec<HexId>,
    /// What it is.
    pub kind: String,
    /// Where it comes from.
    pub source: String,
}

impl Place {
    /// Every hex of the place.
    pub fn all_hexes(&self) -> Vec<HexId> {
        if self.hexes.is_empty() {
            vec![self.hex]
        } else {
            self.hexes.clone()
        }
    }
}

/// The letter of an entry hex (or, for G, an entry area) named by the scenarios.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum EntryCode {
    /// Map A south edge (Parker's Store Road).
    A,
    /// Map A west edge (Orange Turnpike).
    B,
    /// Map A north edge (Germanna Plank Road).
    C,
    /// Map B east edge (Orange Turnpike).
    D,
    /// Map B east edge (Orange Plank Road).
    E,
    /// Map B south edge (Brock Road).
    F,
    /// Map B west edge (entry area: B1.20 and B1.21).
    G,
}

impl EntryCode {
    /// All seven codes.
    pub const ALL: [EntryCode; 7] = [
        EntryCode::A,
        EntryCode::B,
        EntryCode::C,
        EntryCode::D,
        EntryCode::E,
        EntryCode::F,
        EntryCode::G,
    ];

    /// The letter.
    pub fn letter(self) -> char {
        match self {
            EntryCode::A => 'A',
            EntryCode::B => 'B',
            EntryCode::C => 'C',
            EntryCode::D => 'D',
            EntryCode::E => 'E',
            EntryCode::F => 'F',
            EntryCode::G => 'G',
        }
    }
}

impl FromStr for EntryCode {
    type Err = String;
    fn from_str(s: &str) -> Result<EntryCode, String> {
        EntryCode::ALL
            .into_iter()
            .find(|c| s.len() == 1 && s.starts_with(c.letter()))
            .ok_or_else(|| format!("not an entry letter A-G: {s:?}"))
    }
}

impl TryFrom<String> for EntryCode {
    type Error = String;
    fn try_from(s: String) -> Result<EntryCode, String> {
        s.parse()
    }
}

impl From<EntryCode> for String {
    fn from(c: EntryCode) -> String {
        c.letter().to_string()
    }
}

impl fmt::Display for EntryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An entry hex (or area) and the road it lies on.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Entry {
    /// Its letter.
    pub code: EntryCode,
    /// Its hexes (two for Entry Area G).
    pub hexes: Vec<HexId>,
    /// The map edge it lies on (N, S, E, W).
    pub edge: String,
    /// The road it lies on.
    pub road: String,
    /// True for an entry area (G).
    pub area: bool,
    /// Where it comes from.
    pub source: String,
    /// Who uses it.
    pub users: String,
}
