//! The hexes a straight line between two hex centres passes through (S19.0, reference 2.6).
//!
//! The line is the segment from centre to centre. A hex is *passed* when the segment crosses
//! its interior; a hexside is *run along* when a stretch of the segment of positive length
//! lies exactly on it, and then neither hex beside it is crossed: the two are returned as a
//! pair (S19: such a line is blocked only if both hexes block). A hex the line only touches at
//! one vertex is not passed. The end hexes are never listed.
//!
//! The enumeration is exact (integer geometry of [`super::frame`]). It finds the hexes of a
//! cube-coordinate line walk (one sample per hex of distance) and their neighbours as
//! candidates, then keeps each candidate whose interior the segment really crosses. Unlike
//! the sampling walk alone, this also lists a hex the line clips between two samples, and it
//! does not mistake a line that crosses a hexside at its midpoint (both hexes are passed) for
//! one that runs along it.

use super::facing::Vertex;
use super::frame::{Point, axial, centre, cross, dot4, from_axial};
use crate::data::hex::{Cell, Direction};
use std::cmp::Ordering;
use std::collections::BTreeSet;

/// What a line passes between its end hexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Passed {
    /// It crosses the interior of this hex.
    Hex(Cell),
    /// It runs exactly along the hexside between these two adjacent hexes (smaller first).
    Hexside(Cell, Cell),
}

impl Passed {
    /// The hex, or both hexes beside the hexside.
    pub fn cells(self) -> Vec<Cell> {
        match self {
            Passed::Hex(c) => vec![c],
            Passed::Hexside(a, b) => vec![a, b],
        }
    }
}

/// A parameter along the segment, `num / den` with `den > 0`.
#[derive(Debug, Clone, Copy)]
struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    const ZERO: Frac = Frac { num: 0, den: 1 };
    const ONE: Frac = Frac { num: 1, den: 1 };

    fn new(num: i64, den: i64) -> Frac {
        if den < 0 {
            Frac {
                num: -num,
                den: -den,
            }
        } else {
            Frac { num, den }
        }
    }

    fn cmp(self, o: Frac) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }

    fn max(self, o: Frac) -> Frac {
        if self.cmp(o) == Ordering::Less {
            o
        } else {
            self
        }
    }

    fn min(self, o: Frac) -> Frac {
        if self.cmp(o) == Ordering::Greater {
            o
        } else {
            self
        }
    }
}

/// The hexsides of a hex as segments in the scaled frame: for each direction, the vertex at
/// its counter-clockwise end and at its clockwise end (the hex is walked clockwise, so its
/// interior lies to the right of each hexside).
fn hexsides(c: Cell) -> [(Direction, Point, Point); 6] {
    let p = centre(c);
    std::array::from_fn(|k| {
        let start = Vertex::ALL[(k + 5) % 6].offset();
        let end = Vertex::ALL[k].offset();
        (Direction::ALL[k], p.plus(start), p.plus(end))
    })
}

/// How the segment `p0 + t·d` (0 ≤ t ≤ 1) meets hex `c`, with the parameter where it starts to.
enum Meets {
    Interior(Frac),
    Along(Direction, Frac),
    Not,
}

fn meets(c: Cell, p0: Point, d: Point) -> Meets {
    let (mut lo, mut hi) = (Frac::ZERO, Frac::ONE);
    let mut open = true;
    for (dir, s, e) in hexsides(c) {
        let edge = s.to(e);
        // inside the hexside's half-plane: alpha + t * beta < 0
        let alpha = cross(edge, s.to(p0));
        let beta = cross(edge, d);
        match beta.cmp(&0) {
            Ordering::Equal if alpha == 0 => {
                // collinear with this hexside: does a stretch of positive length lie on it?
                let dd = dot4(d, d);
                let ts = Frac::new(dot4(p0.to(s), d), dd);
                let te = Frac::new(dot4(p0.to(e), d), dd);
                let from = Frac::ZERO.max(ts.min(te));
                let to = Frac::ONE.min(ts.max(te));
                if from.cmp(to) == Ordering::Less {
                    return Meets::Along(dir, from);
                }
                return Meets::Not;
            }
            Ordering::Equal => open &= alpha < 0,
            Ordering::Greater => hi = hi.min(Frac::new(-alpha, beta)),
            Ordering::Less => lo = lo.max(Frac::new(-alpha, beta)),
        }
    }
    if open && lo.cmp(hi) == Ordering::Less {
        Meets::Interior(lo)
    } else {
        Meets::Not
    }
}

/// The hex containing the point `i / n` of the way from `a` to `b` (a cube-coordinate line
/// walk; a point on a hexside goes to either hex).
fn sample(a: Cell, b: Cell, i: i64, n: i64) -> Cell {
    let (a0, b0) = axial(a);
    let (a1, b1) = axial(b);
    let q = i64::from(a0) * n + i64::from(a1 - a0) * i;
    let r = i64::from(b0) * n + i64::from(b1 - b0) * i;
    let s = -q - r;
    let round = |x: i64| (2 * x + n).div_euclid(2 * n);
    let (mut rq, mut rr, rs) = (round(q), round(r), round(s));
    let (dq, dr, ds) = ((rq * n - q).abs(), (rr * n - r).abs(), (rs * n - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    from_axial(rq as i32, rr as i32)
}

/// What the line from the centre of `a` to the centre of `b` passes, in order from `a`
/// (end hexes excluded; empty for the same or adjacent hexes).
pub fn line(a: Cell, b: Cell) -> Vec<Passed> {
    let n = i64::from(a.distance(b));
    if n <= 1 {
        return Vec::new();
    }
    let mut candidates = BTreeSet::new();
    for i in 0..=n {
        let c = sample(a, b, i, n);
        candidates.insert(c);
        candidates.extend(Direction::ALL.map(|d| c.neighbour(d)));
    }
    let (p0, d) = (centre(a), centre(a).to(centre(b)));
    let mut found: Vec<(Frac, Passed)> = Vec::new();
    for c in candidates {
        if c == a || c == b {
            continue;
        }
        let item = match meets(c, p0, d) {
            Meets::Interior(t) => (t, Passed::Hex(c)),
            Meets::Along(dir, t) => {
                let other = c.neighbour(dir);
                (t, Passed::Hexside(c.min(other), c.max(other)))
            }
            Meets::Not => continue,
        };
        if !found.iter().any(|(_, p)| *p == item.1) {
            found.push(item);
        }
    }
    found.sort_by(|(t1, p1), (t2, p2)| t1.cmp(*t2).then(p1.cmp(p2)));
    found.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    #[test]
    fn a_hexrow_passes_its_hexes_in_order() {
        assert_eq!(
            line(cell(4, 2), cell(4, 6)),
            vec![
                Passed::Hex(cell(4, 3)),
                Passed::Hex(cell(4, 4)),
                Passed::Hex(cell(4, 5))
            ]
        );
    }

    #[test]
    fn a_line_through_vertices_runs_along_hexsides() {
        // due east from an even hexrow: along the NE/SE hexside, through the centre two
        // hexrows on, along the next hexside
        assert_eq!(
            line(cell(4, 2), cell(8, 2)),
            vec![
                Passed::Hexside(cell(5, 2), cell(5, 3)),
                Passed::Hex(cell(6, 2)),
                Passed::Hexside(cell(7, 2), cell(7, 3)),
            ]
        );
    }

    #[test]
    fn the_line_is_the_same_both_ways() {
        for (a, b) in [
            (cell(0, 0), cell(5, 3)),
            (cell(1, 7), cell(9, 1)),
            (cell(2, 2), cell(7, 4)),
        ] {
            let mut there = line(a, b);
            let mut back = line(b, a);
            back.reverse();
            assert_eq!(there, back);
            there.sort();
            back.sort();
            assert_eq!(there, back);
        }
    }
}
