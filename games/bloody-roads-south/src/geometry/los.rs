//! Line of sight (S19, reference 2.6): heights, the blocking test and visibility.
//!
//! The decisions of reference 2.6, exactly:
//! - LOS runs between hex centres ([`super::line()`]); adjacent hexes always see each other; the
//!   two end hexes never block.
//! - The **height** of an intervening hex is its level, +1 when it is Wilderness (the forest,
//!   S19.0; also Wilderness hexes with a road, trail or railroad: rule 1.2a negates the game's
//!   special Wilderness rules, not the forest), +1 when it holds units (S19.0; the caller says
//!   which hexes are occupied).
//! - The **sight line** runs from the *level* of one end hex to the *level* of the other (the
//!   ground the observers stand on: neither the forest nor units raise an end). Its height at
//!   an intervening hex is found by linear interpolation by distance: at a hex `d₁` hexes
//!   from one end (level `L₁`) and `d₂` from the other (`L₂`) it is
//!   `(L₁·d₂ + L₂·d₁) / (d₁ + d₂)`. A hex **blocks** when its height is greater than that
//!   (compared exactly, in integers).
//! - A line running exactly along a hexside is blocked only if **both** hexes beside it block.
//! - A hex that is not in play with the maps in use (outside the sheets, or on a sheet not
//!   used) has no terrain and never blocks (decision).
//! - Visibility (turn record, section 1.4: 4, 2 or 1 hex, or unlimited) caps the range.

use super::area::canonical;
use super::line::{Passed, line};
use crate::data::hex::{Cell, HexId};
use crate::data::map::{Map, MapsUsed};
use crate::data::terrain::Terrain;

/// Whether one hex can see another, and if not, why (to tell the players).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sight {
    /// The line is clear.
    Clear,
    /// The first blocking hex from the viewer; `beside` is the other hex when the line runs
    /// along the hexside between two hexes that both block.
    Blocked {
        /// The blocking hex.
        by: HexId,
        /// The hex across the hexside the line runs along, when it is a hexside that blocks.
        beside: Option<HexId>,
    },
    /// The target is farther than the turn's visibility.
    BeyondVisibility,
}

impl Sight {
    /// True when the line is clear.
    pub fn is_clear(self) -> bool {
        self == Sight::Clear
    }
}

/// The hex's ground level, if it is in play.
fn level(map: &Map, maps: MapsUsed, cell: Cell) -> Option<i64> {
    let id = canonical(map, maps, cell)?;
    map.level(id).map(i64::from)
}

/// True when an intervening hex of `height` blocks a sight line between ends of levels
/// `level_a` and `level_b`, lying `da` hexes from the first end and `db` from the second: its
/// height is greater than the line's, `(level_a·db + level_b·da) / (da + db)` (reference 2.6).
pub fn blocks(height: i64, level_a: i64, level_b: i64, da: u32, db: u32) -> bool {
    let (da, db) = (i64::from(da), i64::from(db));
    height * (da + db) > level_a * db + level_b * da
}

/// The LOS height of a hex in play (S19.0): its level, +1 for Wilderness, +1 when
/// `occupied(cell)` says it holds units. `None` for a hex not in play.
pub fn height(
    map: &Map,
    maps: MapsUsed,
    cell: Cell,
    occupied: impl Fn(Cell) -> bool,
) -> Option<i64> {
    let id = canonical(map, maps, cell)?;
    let info = map.hex(id)?;
    let forest = i64::from(info.terrain == Terrain::Wilderness);
    Some(i64::from(info.level) + forest + i64::from(occupied(cell)))
}

/// The line of sight from `from` to `to` (S19, reference 2.6) at the turn's `visibility` in
/// hexes (`None` = unlimited). `occupied` says which hexes hold units (counted one level
/// higher when they lie between the ends). `None` when either hex is not in play.
///
/// The answer is symmetric in `from` and `to`, except that a blocked line names the blocking
/// hex nearest `from`.
pub fn line_of_sight(
    map: &Map,
    maps: MapsUsed,
    from: HexId,
    to: HexId,
    visibility: Option<u8>,
    occupied: impl Fn(Cell) -> bool,
) -> Option<Sight> {
    if !map.in_play(from, maps) || !map.in_play(to, maps) {
        return None;
    }
    let (a, b) = (map.cell(from)?, map.cell(to)?);
    let n = a.distance(b);
    if visibility.is_some_and(|v| n > u32::from(v)) {
        return Some(Sight::BeyondVisibility);
    }
    let (la, lb) = (level(map, maps, a)?, level(map, maps, b)?);
    let blocking = |c: Cell| -> bool {
        height(map, maps, c, &occupied)
            .is_some_and(|h| blocks(h, la, lb, a.distance(c), c.distance(b)))
    };
    let name = |c: Cell| canonical(map, maps, c).expect("a blocking hex is in play");
    for passed in line(a, b) {
        match passed {
            Passed::Hex(c) if blocking(c) => {
                return Some(Sight::Blocked {
                    by: name(c),
                    beside: None,
                });
            }
            Passed::Hexside(c, d) if blocking(c) && blocking(d) => {
                let (near, far) = if a.distance(c) <= a.distance(d) {
                    (c, d)
                } else {
                    (d, c)
                };
                return Some(Sight::Blocked {
                    by: name(near),
                    beside: Some(name(far)),
                });
            }
            _ => {}
        }
    }
    Some(Sight::Clear)
}
