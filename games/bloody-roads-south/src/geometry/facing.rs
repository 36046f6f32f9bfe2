//! Facing on hex vertices, the frontal arc, and the hexsides by which fire enters a hex (S13, reference 2.4).
//!
//! All units in a hex face one of its six *vertices* (S13.0); the two hexsides meeting there
//! are the unit's **frontal** hexsides, the other four its flank and rear. The geometry is
//! exact (see [`super::frame`]): every test below is an integer sign test.

use super::frame::{Point, centre, cross, dot4};
use crate::data::hex::{Cell, Direction, HexIdError};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A vertex of a flat-topped hex, named by the two hexsides that meet there, clockwise from
/// the north. Vertex `k` of [`Vertex::ALL`] lies between hexsides `Direction::ALL[k]` and
/// `Direction::ALL[(k + 1) % 6]`. Written `"N-NE"`, `"NE-SE"` … in data and messages.
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Vertex {
    /// Between the N and NE hexsides (map-east of north, 60° above east).
    #[serde(rename = "N-NE")]
    N_NE,
    /// Between the NE and SE hexsides (due map-east).
    #[serde(rename = "NE-SE")]
    NE_SE,
    /// Between the SE and S hexsides.
    #[serde(rename = "SE-S")]
    SE_S,
    /// Between the S and SW hexsides.
    #[serde(rename = "S-SW")]
    S_SW,
    /// Between the SW and NW hexsides (due map-west).
    #[serde(rename = "SW-NW")]
    SW_NW,
    /// Between the NW and N hexsides.
    #[serde(rename = "NW-N")]
    NW_N,
}

impl Vertex {
    /// The six vertices, clockwise from N-NE.
    pub const ALL: [Vertex; 6] = [
        Vertex::N_NE,
        Vertex::NE_SE,
        Vertex::SE_S,
        Vertex::S_SW,
        Vertex::SW_NW,
        Vertex::NW_N,
    ];

    /// Its position in [`Vertex::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The next vertex clockwise (`steps` sixths of a turn; negative: counter-clockwise).
    pub fn rotated(self, steps: i32) -> Vertex {
        Vertex::ALL[(self.index() as i32 + steps).rem_euclid(6) as usize]
    }

    /// The two hexsides meeting at this vertex, in clockwise order: the frontal hexsides of
    /// a unit facing it (S13.0).
    pub fn frontal(self) -> [Direction; 2] {
        let k = self.index();
        [Direction::ALL[k], Direction::ALL[(k + 1) % 6]]
    }

    /// True when hexside `d` is frontal for a unit facing this vertex (S13.0).
    pub fn is_frontal(self, d: Direction) -> bool {
        self.frontal().contains(&d)
    }

    /// The vertex where two hexsides meet, if they are adjacent hexsides.
    pub fn between(a: Direction, b: Direction) -> Option<Vertex> {
        Vertex::ALL
            .into_iter()
            .find(|v| v.frontal() == [a, b] || v.frontal() == [b, a])
    }

    /// The name as written in data files (`"N-NE"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Vertex::N_NE => "N-NE",
            Vertex::NE_SE => "NE-SE",
            Vertex::SE_S => "SE-S",
            Vertex::S_SW => "S-SW",
            Vertex::SW_NW => "SW-NW",
            Vertex::NW_N => "NW-N",
        }
    }

    /// The direction a player reads ("east", "north-north-west" ...).
    pub fn compass(self) -> &'static str {
        match self {
            Vertex::N_NE => "north-north-east",
            Vertex::NE_SE => "east",
            Vertex::SE_S => "south-south-east",
            Vertex::S_SW => "south-south-west",
            Vertex::SW_NW => "west",
            Vertex::NW_N => "north-north-west",
        }
    }

    /// The vertex's position relative to its hex centre, in the scaled frame.
    pub fn offset(self) -> Point {
        let (u, v) = match self {
            Vertex::N_NE => (1, 1),
            Vertex::NE_SE => (2, 0),
            Vertex::SE_S => (1, -1),
            Vertex::S_SW => (-1, -1),
            Vertex::SW_NW => (-2, 0),
            Vertex::NW_N => (-1, 1),
        };
        Point { u, v }
    }
}

impl FromStr for Vertex {
    type Err = HexIdError;
    fn from_str(s: &str) -> Result<Vertex, HexIdError> {
        Vertex::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| HexIdError(s.to_string()))
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a point lies as seen from a hex centre: beyond the inside of one hexside, or
/// exactly beyond one vertex (the ray from the centre passes through the vertex).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bearing {
    /// The ray from the centre leaves the hex through the inside of this hexside.
    Hexside(Direction),
    /// The ray leaves the hex exactly through this vertex.
    Vertex(Vertex),
}

impl Bearing {
    /// The hexsides of the bearing: one, or the two meeting at the vertex.
    pub fn hexsides(self) -> Vec<Direction> {
        match self {
            Bearing::Hexside(d) => vec![d],
            Bearing::Vertex(v) => v.frontal().to_vec(),
        }
    }
}

/// The bearing of cell `to` seen from the centre of cell `from` (`None` for the same cell).
pub fn bearing(from: Cell, to: Cell) -> Option<Bearing> {
    let w = centre(from).to(centre(to));
    if w == (Point { u: 0, v: 0 }) {
        return None;
    }
    for v in Vertex::ALL {
        let o = v.offset();
        if cross(o, w) == 0 && dot4(o, w) > 0 {
            return Some(Bearing::Vertex(v));
        }
    }
    // hexside k spans from vertex k (clockwise end) counter-clockwise to vertex k - 1
    Direction::ALL.into_iter().enumerate().find_map(|(k, d)| {
        let cw = Vertex::ALL[k].offset();
        let ccw = Vertex::ALL[(k + 5) % 6].offset();
        (cross(cw, w) > 0 && cross(w, ccw) > 0).then_some(Bearing::Hexside(d))
    })
}

/// True when a unit in `unit` facing `facing` may fire at or attack `target` (S13.0: units
/// fire and close-combat only through their frontal hexsides, "not straight left or right").
///
/// **Decision** (reference 2.4): the target is in the frontal arc when the line from the
/// unit's centre to the target's centre leaves the unit's hex through the *inside* of a
/// frontal hexside or exactly through the facing vertex. Equivalently the target's centre
/// lies strictly inside the 120° sector centred on the facing vertex; the two boundary rays
/// (through the vertices where a frontal and a flank hexside meet) are excluded, as such a
/// line also runs through a flank hexside (the same reading as flank fire, [`is_flank`]).
/// Among the six adjacent hexes only the two frontal neighbours are in the arc.
pub fn in_frontal_arc(facing: Vertex, unit: Cell, target: Cell) -> bool {
    match bearing(unit, target) {
        Some(Bearing::Hexside(d)) => facing.is_frontal(d),
        Some(Bearing::Vertex(v)) => v == facing,
        None => false,
    }
}

/// The facings from which `target` is in the frontal arc of a unit in `unit` (one or two
/// vertices; none for the same hex), clockwise from N-NE.
pub fn facings_toward(unit: Cell, target: Cell) -> Vec<Vertex> {
    Vertex::ALL
        .into_iter()
        .filter(|&v| in_frontal_arc(v, unit, target))
        .collect()
}

/// The two hexes beyond the frontal hexsides: the hexes a unit in line (or unlimbered
/// artillery) exerts its zone of control into (S14.0), in clockwise order.
pub fn frontal_hexes(unit: Cell, facing: Vertex) -> [Cell; 2] {
    facing.frontal().map(|d| unit.neighbour(d))
}

/// Where fire from `firer` enters `target` (centre to centre, S13.0): through the inside of
/// one hexside of the target, or exactly through one of its vertices (then through both
/// hexsides meeting there). `None` when both are the same hex.
pub fn fire_entry(firer: Cell, target: Cell) -> Option<Bearing> {
    bearing(target, firer)
}

/// True when fire entering by `entry` is flank fire against a target facing `target_facing`
/// (S13.0, reference 2.4): any hexside it enters by is a flank or rear hexside, or it passes
/// exactly through a vertex where a frontal and a flank hexside meet. Only fire entering
/// through a frontal hexside or exactly through the facing vertex is frontal.
pub fn is_flank(target_facing: Vertex, entry: Bearing) -> bool {
    entry
        .hexsides()
        .into_iter()
        .any(|d| !target_facing.is_frontal(d))
}

/// True when fire from `firer` at `target` (facing `target_facing`) is flank fire.
pub fn is_flank_fire(firer: Cell, target: Cell, target_facing: Vertex) -> bool {
    fire_entry(firer, target).is_some_and(|e| is_flank(target_facing, e))
}
