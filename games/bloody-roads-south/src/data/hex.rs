//! Hex ids in the book's coordinates and the geometry of the joined maps.
//!
//! **Printed ids.** `A39.06` is hex 06 of hexrow 39 of Map A: hexrows (columns) are counted
//! from the west (left) edge, hexes within a hexrow from the south (bottom) edge (series rule
//! 1.1a). Hex numbers are always printed with two digits.
//!
//! **Orientation.** The hexes are flat-topped and stacked in vertical hexrows. Even-numbered
//! hexrows sit half a hex higher (further map-north) than odd-numbered ones. The six
//! directions are N, NE, SE, S, SW and NW.
//!
//! **The join.** Both sheets live in one frame, [`Cell`], whose coordinates are Map B's
//! numbering: `B(c, r)` is cell `(c, r)` and `A(c, r)` is cell `(c - 6, r + 34)`. Map A's
//! bottom row of hexes (`A c.01`) is therefore the same row of hexes as Map B's top row
//! (`B (c-6).35`) for A7–A50 / B1–B44: those hexes have two printed ids (`A23.01` = `B17.35`).
//! The offsets are data (`data/map/grid.toml`); the stagger rule is fixed here and the map
//! loader rejects an odd horizontal offset, which would break it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the two map sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Sheet {
    /// Map A: the Orange Turnpike front (north).
    A,
    /// Map B: the Orange Plank Road front (south).
    B,
}

impl Sheet {
    /// Both sheets.
    pub const ALL: [Sheet; 2] = [Sheet::A, Sheet::B];

    /// The sheet's letter.
    pub fn letter(self) -> char {
        match self {
            Sheet::A => 'A',
            Sheet::B => 'B',
        }
    }
}

/// A hex as printed in the book: sheet, hexrow (column) and hex within the hexrow.
///
/// Two different ids may name the same hex (the shared row, see the module docs); compare
/// locations with [`HexId::same_hex`] or through [`crate::data::map::Map::cell`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HexId {
    sheet: Sheet,
    hexrow: u8,
    hex: u8,
}

/// Why a string is not a hex id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexIdError(pub String);

impl fmt::Display for HexIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a hex id (expected e.g. \"A39.06\"): {:?}", self.0)
    }
}

impl std::error::Error for HexIdError {}

impl HexId {
    /// A hex id from its parts; hexrow and hex must be at least 1 and at most 99.
    pub fn new(sheet: Sheet, hexrow: u8, hex: u8) -> Option<HexId> {
        ((1..=99).contains(&hexrow) && (1..=99).contains(&hex)).then_some(HexId {
            sheet,
            hexrow,
            hex,
        })
    }

    /// A number ordered as the ids are (sheet, then hexrow, then hex), for quick sorts.
    pub fn order_key(self) -> u32 {
        (u32::from(self.sheet == Sheet::B) << 16)
            | (u32::from(self.hexrow) << 8)
            | u32::from(self.hex)
    }

    /// How many places [`HexId::slot`] gives: two sheets of hexrows and hexes numbered 1 to 99.
    pub const SLOTS: usize = 2 * 100 * 100;

    /// The id's place in a table of every hex id: each id its own, below [`HexId::SLOTS`] (a
    /// table of hexes four and a half times smaller than one by [`HexId::order_key`]).
    pub fn slot(self) -> usize {
        usize::from(self.sheet == Sheet::B) * 100 * 100
            + usize::from(self.hexrow) * 100
            + usize::from(self.hex)
    }

    /// The sheet.
    pub fn sheet(self) -> Sheet {
        self.sheet
    }

    /// The hexrow (column), counted from the west edge.
    pub fn hexrow(self) -> u8 {
        self.hexrow
    }

    /// The hex within the hexrow, counted from the south edge.
    pub fn hex(self) -> u8 {
        self.hex
    }

    /// True when both ids name the same hex of the joined maps, given the sheet offsets.
    pub fn same_hex(self, other: HexId, offsets: &SheetOffsets) -> bool {
        offsets.cell(self) == offsets.cell(other)
    }
}

impl FromStr for HexId {
    type Err = HexIdError;

    fn from_str(s: &str) -> Result<HexId, HexIdError> {
        let err = || HexIdError(s.to_string());
        let mut chars = s.chars();
        let sheet = match chars.next() {
            Some('A') => Sheet::A,
            Some('B') => Sheet::B,
            _ => return Err(err()),
        };
        let rest = chars.as_str();
        let (row, hex) = rest.split_once('.').ok_or_else(err)?;
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(row) || row.len() > 2 || !digits(hex) || hex.len() != 2 {
            return Err(err());
        }
        let hexrow: u8 = row.parse().map_err(|_| err())?;
        let hex: u8 = hex.parse().map_err(|_| err())?;
        HexId::new(sheet, hexrow, hex).ok_or_else(err)
    }
}

impl TryFrom<String> for HexId {
    type Error = HexIdError;
    fn try_from(s: String) -> Result<HexId, HexIdError> {
        s.parse()
    }
}

impl From<HexId> for String {
    fn from(h: HexId) -> String {
        h.to_string()
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written from a few bytes, not through `write!`'s padding (ids are printed often).
        let mut b = [0u8; 6];
        let mut n = 0;
        let mut put = |c: u8| {
            b[n] = c;
            n += 1;
        };
        put(if self.sheet == Sheet::B { b'B' } else { b'A' });
        if self.hexrow >= 10 {
            put(b'0' + self.hexrow / 10);
        }
        put(b'0' + self.hexrow % 10);
        put(b'.');
        put(b'0' + self.hex / 10);
        put(b'0' + self.hex % 10);
        f.write_str(std::str::from_utf8(&b[..n]).map_err(|_| fmt::Error)?)
    }
}

/// The six directions of a flat-topped hex, clockwise from north (map-north).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// Up the hexrow.
    N,
    /// Up and right.
    NE,
    /// Down and right.
    SE,
    /// Down the hexrow.
    S,
    /// Down and left.
    SW,
    /// Up and left.
    NW,
}

impl Direction {
    /// All six directions, clockwise from north.
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::NE,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::NW,
    ];

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::NE => Direction::SW,
            Direction::SE => Direction::NW,
            Direction::S => Direction::N,
            Direction::SW => Direction::NE,
            Direction::NW => Direction::SE,
        }
    }

    /// The step in axial coordinates (`a` = column, `b` = row - ceil(column / 2)).
    fn axial_step(self) -> (i32, i32) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction's name as written in the data files (`N`, `NE`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::NW => "NW",
        }
    }
}

impl FromStr for Direction {
    type Err = HexIdError;
    fn from_str(s: &str) -> Result<Direction, HexIdError> {
        Direction::ALL
            .into_iter()
            .find(|d| d.as_str() == s)
            .ok_or_else(|| HexIdError(s.to_string()))
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A hex of the joined maps in one frame (Map B's numbering extended beyond its edges).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, increasing map-east.
    pub x: i32,
    /// Row, increasing map-north.
    pub y: i32,
}

impl Cell {
    fn axial(self) -> (i32, i32) {
        let ceil_half = -((-self.x).div_euclid(2));
        (self.x, self.y - ceil_half)
    }

    fn from_axial(a: i32, b: i32) -> Cell {
        let ceil_half = -((-a).div_euclid(2));
        Cell {
            x: a,
            y: b + ceil_half,
        }
    }

    /// The adjacent cell in direction `d`.
    pub fn neighbour(self, d: Direction) -> Cell {
        let (a, b) = self.axial();
        let (da, db) = d.axial_step();
        Cell::from_axial(a + da, b + db)
    }

    /// The direction from `self` to an adjacent `other`, if they are adjacent.
    pub fn direction_to(self, other: Cell) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.neighbour(d) == other)
    }

    /// Distance in hexes.
    pub fn distance(self, other: Cell) -> u32 {
        let (a1, b1) = self.axial();
        let (a2, b2) = other.axial();
        let (da, db) = (a2 - a1, b2 - b1);
        da.unsigned_abs()
            .max(db.unsigned_abs())
            .max((da + db).unsigned_abs())
    }
}

/// The placement of each sheet in the joined frame (from `data/map/grid.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetOffsets {
    /// Offset added to Map A's (hexrow, hex) to get its cell.
    pub a: (i32, i32),
    /// Offset added to Map B's (hexrow, hex) to get its cell.
    pub b: (i32, i32),
}

impl SheetOffsets {
    /// The offset of one sheet.
    pub fn of(&self, sheet: Sheet) -> (i32, i32) {
        match sheet {
            Sheet::A => self.a,
            Sheet::B => self.b,
        }
    }

    /// The cell of a printed id (whether or not the hex exists on its sheet).
    pub fn cell(&self, id: HexId) -> Cell {
        let (dx, dy) = self.of(id.sheet());
        Cell {
            x: i32::from(id.hexrow()) + dx,
            y: i32::from(id.hex()) + dy,
        }
    }
}

/// A hexside: the edge between a hex and its neighbour in one direction.
///
/// Written `HEX:DIR` in the data files (`A36.07:SE`). Two spellings name each hexside; the
/// map normalises them through [`HexsideKey`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hexside {
    /// The hex the hexside is named from.
    pub hex: HexId,
    /// The direction of the hexside from that hex.
    pub direction: Direction,
}

impl FromStr for Hexside {
    type Err = HexIdError;
    fn from_str(s: &str) -> Result<Hexside, HexIdError> {
        let (h, d) = s.split_once(':').ok_or_else(|| HexIdError(s.to_string()))?;
        Ok(Hexside {
            hex: h.parse()?,
            direction: d.parse()?,
        })
    }
}

impl TryFrom<String> for Hexside {
    type Error = HexIdError;
    fn try_from(s: String) -> Result<Hexside, HexIdError> {
        s.parse()
    }
}

impl From<Hexside> for String {
    fn from(h: Hexside) -> String {
        h.to_string()
    }
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.hex, self.direction)
    }
}

/// A hexside in the joined frame, independent of how it is named: the unordered pair of
/// adjacent cells, stored smaller first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexsideKey(Cell, Cell);

impl HexsideKey {
    /// The hexside between two adjacent cells (in either order); `None` if not adjacent.
    pub fn between(a: Cell, b: Cell) -> Option<HexsideKey> {
        a.direction_to(b)?;
        Some(if a <= b {
            HexsideKey(a, b)
        } else {
            HexsideKey(b, a)
        })
    }

    /// The two cells on either side.
    pub fn cells(self) -> (Cell, Cell) {
        (self.0, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hex id has a place of its own below [`HexId::SLOTS`].
    #[test]
    fn every_hex_id_has_its_own_slot() {
        let mut taken = vec![false; HexId::SLOTS];
        for sheet in Sheet::ALL {
            for hexrow in 1..=99 {
                for hex in (1..=99).filter_map(|h| HexId::new(sheet, hexrow, h)) {
                    assert!(!std::mem::replace(&mut taken[hex.slot()], true), "{hex}");
                }
            }
        }
    }
}
