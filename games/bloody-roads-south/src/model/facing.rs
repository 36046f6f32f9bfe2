//! Facing on hex vertices (series 13.0; reference 2.4): all units in a hex face one vertex,
//! and the two hexsides meeting there are their frontal hexsides.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::data::Direction;

/// One of the six vertices of a flat-topped hex, named by its two hexsides, clockwise from
/// the vertex between the north and north-east hexsides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Vertex {
    /// Between the N and NE hexsides.
    NNe,
    /// Between the NE and SE hexsides (due east).
    NeSe,
    /// Between the SE and S hexsides.
    SeS,
    /// Between the S and SW hexsides.
    SSw,
    /// Between the SW and NW hexsides (due west).
    SwNw,
    /// Between the NW and N hexsides.
    NwN,
}

impl Vertex {
    /// All six, clockwise from north-north-east.
    pub const ALL: [Vertex; 6] = [
        Vertex::NNe,
        Vertex::NeSe,
        Vertex::SeS,
        Vertex::SSw,
        Vertex::SwNw,
        Vertex::NwN,
    ];

    /// Its index, 0-5 clockwise.
    pub fn index(self) -> usize {
        Vertex::ALL.iter().position(|v| *v == self).unwrap_or(0)
    }

    /// The two frontal hexsides of units facing this vertex.
    pub fn frontal(self) -> [Direction; 2] {
        let k = self.index();
        [Direction::ALL[k], Direction::ALL[(k + 1) % 6]]
    }

    /// True when `d` is one of the two frontal hexsides.
    pub fn is_frontal(self, d: Direction) -> bool {
        self.frontal().contains(&d)
    }

    /// The vertex whose frontal hexsides are `d` and the next one clockwise.
    pub fn from_first_side(d: Direction) -> Vertex {
        let k = Direction::ALL.iter().position(|x| *x == d).unwrap_or(0);
        Vertex::ALL[k]
    }

    /// Its name as written on the wire: the two hexsides (`N-NE`).
    pub fn as_str(self) -> &'static str {
        match self {
            Vertex::NNe => "N-NE",
            Vertex::NeSe => "NE-SE",
            Vertex::SeS => "SE-S",
            Vertex::SSw => "S-SW",
            Vertex::SwNw => "SW-NW",
            Vertex::NwN => "NW-N",
        }
    }

    /// The direction a player reads ("north-east", "east" ...).
    pub fn compass(self) -> &'static str {
        match self {
            Vertex::NNe => "north-north-east",
            Vertex::NeSe => "east",
            Vertex::SeS => "south-south-east",
            Vertex::SSw => "south-south-west",
            Vertex::SwNw => "west",
            Vertex::NwN => "north-north-west",
        }
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Vertex {
    type Err = String;
    fn from_str(s: &str) -> Result<Vertex, String> {
        Vertex::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| format!("not a facing (expected e.g. \"N-NE\"): {s:?}"))
    }
}

impl TryFrom<String> for Vertex {
    type Error = String;
    fn try_from(s: String) -> Result<Vertex, String> {
        s.parse()
    }
}

impl From<Vertex> for String {
    fn from(v: Vertex) -> String {
        v.as_str().to_string()
    }
}
