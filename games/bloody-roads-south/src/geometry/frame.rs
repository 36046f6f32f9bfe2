//! The exact integer frame of the hex grid: axial coordinates, hex centres and rotations.
//!
//! Flat-topped hexes of circumradius 1 have their centres at `x = 1.5·col`,
//! `y = √3·(row + stagger)`. Every geometric test of this module works on the *scaled* point
//! `(u, v) = (2x, 2y/√3)`, which is an integer for every hex centre and every hex vertex:
//! a centre is `(3a, 2b + a)` in axial coordinates, a vertex is the centre plus one of
//! `(±1, ±1)`, `(±2, 0)`. Scaling each axis by a positive factor keeps straight lines straight,
//! keeps the order of points along a line and keeps the sign of every cross product, so the
//! sidedness and betweenness tests that decide facing, fire entry and line of sight are exact
//! integer comparisons in this frame: no float, no tie broken by rounding.

use crate::data::hex::Cell;

/// A point of the scaled frame: `u = 2x`, `v = 2y/√3` (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Point {
    /// Twice the map-east coordinate.
    pub u: i64,
    /// The map-north coordinate over √3/2.
    pub v: i64,
}

impl Point {
    /// The vector from `self` to `other`.
    pub fn to(self, other: Point) -> Point {
        Point {
            u: other.u - self.u,
            v: other.v - self.v,
        }
    }

    /// `self + other`.
    pub fn plus(self, other: Point) -> Point {
        Point {
            u: self.u + other.u,
            v: self.v + other.v,
        }
    }
}

/// The cross product `p × q` in the scaled frame. Its sign is the sign of the true cross
/// product: positive when `q` turns counter-clockwise from `p`.
pub fn cross(p: Point, q: Point) -> i64 {
    p.u * q.v - p.v * q.u
}

/// Four times the true dot product of two vectors given in the scaled frame
/// (`x₁x₂ + y₁y₂ = (u₁u₂ + 3v₁v₂) / 4`).
pub fn dot4(p: Point, q: Point) -> i64 {
    p.u * q.u + 3 * p.v * q.v
}

/// Axial coordinates of a cell: `a` = column, `b` = row − ⌈column / 2⌉. The neighbour steps
/// are N (0, 1), NE (1, 0), SE (1, −1), S (0, −1), SW (−1, 0), NW (−1, 1).
pub fn axial(c: Cell) -> (i32, i32) {
    let ceil_half = -((-c.x).div_euclid(2));
    (c.x, c.y - ceil_half)
}

/// The cell of axial coordinates `(a, b)`.
pub fn from_axial(a: i32, b: i32) -> Cell {
    let ceil_half = -((-a).div_euclid(2));
    Cell {
        x: a,
        y: b + ceil_half,
    }
}

/// The centre of a cell in the scaled frame.
pub fn centre(c: Cell) -> Point {
    let (a, b) = axial(c);
    Point {
        u: 3 * i64::from(a),
        v: 2 * i64::from(b) + i64::from(a),
    }
}

/// `c` rotated clockwise about `about` by `steps` sixths of a turn (negative: counter-
/// clockwise). Rotating a neighbour of `about` one step clockwise gives the neighbour in the
/// next direction of [`Direction::ALL`](crate::data::hex::Direction::ALL).
pub fn rotate(c: Cell, about: Cell, steps: i32) -> Cell {
    let (a0, b0) = axial(about);
    let (a, b) = axial(c);
    let (mut da, mut db) = (a - a0, b - b0);
    for _ in 0..steps.rem_euclid(6) {
        // one sixth of a turn clockwise: N (0,1) -> NE (1,0) -> SE (1,-1) -> ...
        (da, db) = (da + db, -da);
    }
    from_axial(a0 + da, b0 + db)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::hex::Direction;

    #[test]
    fn axial_round_trips_and_centres_follow_the_stagger() {
        for x in -8..8 {
            for y in -8..8 {
                let c = Cell { x, y };
                let (a, b) = axial(c);
                assert_eq!(from_axial(a, b), c);
                // even columns sit half a hex higher: v = 2y (even) or 2y - 1 (odd)
                let p = centre(c);
                assert_eq!(p.v, 2 * i64::from(y) - i64::from(x.rem_euclid(2)));
                assert_eq!(p.u, 3 * i64::from(x));
            }
        }
    }

    #[test]
    fn rotation_turns_each_direction_into_the_next() {
        let about = Cell { x: 5, y: 7 };
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            let next = Direction::ALL[(i + 1) % 6];
            assert_eq!(rotate(about.neighbour(d), about, 1), about.neighbour(next));
            assert_eq!(rotate(about.neighbour(next), about, -1), about.neighbour(d));
        }
        let far = Cell { x: 9, y: 2 };
        assert_eq!(rotate(far, about, 6), far);
        assert_eq!(far.distance(about), rotate(far, about, 2).distance(about));
    }
}
