//! Lines and line of sight (series 19.0, 19.4, 29.0a; reference 1.4 visibility and 2.6), on the
//! open ground of Sander's Field and the Lacy fields and the Wilderness around them.

use bloody_roads_south::data::{self, Cell, HexId, MapsUsed};
use bloody_roads_south::geometry::frame::{Point, centre, cross, dot4};
use bloody_roads_south::geometry::los::blocks;
use bloody_roads_south::geometry::{Passed, Sight, canonical, height, line, line_of_sight};
use proptest::prelude::*;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn c(s: &str) -> Cell {
    data::map().cell(h(s)).expect(s)
}

fn sight(from: &str, to: &str, visibility: Option<u8>, occupied: &[&str]) -> Sight {
    let occupied: Vec<Cell> = occupied.iter().map(|s| c(s)).collect();
    line_of_sight(
        data::map(),
        MapsUsed::Both,
        h(from),
        h(to),
        visibility,
        |x| occupied.contains(&x),
    )
    .expect("both hexes in play")
}

fn blocked(by: &str, beside: Option<&str>) -> Sight {
    Sight::Blocked {
        by: h(by),
        beside: beside.map(h),
    }
}

#[test]
fn s19_a_line_lists_the_hexes_it_crosses_in_order() {
    assert_eq!(
        line(c("A33.05"), c("A33.08")),
        [Passed::Hex(c("A33.06")), Passed::Hex(c("A33.07"))]
    );
    assert_eq!(line(c("A33.05"), c("A33.06")), []);
    assert_eq!(line(c("A33.05"), c("A33.05")), []);
}

#[test]
fn s19_a_line_exactly_along_a_hexside_gives_both_hexes_as_a_pair() {
    // A31.06 to A37.06 runs due east along hexrow 6: through the centres of A33.06 and
    // A35.06 and along the hexsides between them
    assert_eq!(
        line(c("A31.06"), c("A37.06")),
        [
            Passed::Hexside(c("A32.05"), c("A32.06")),
            Passed::Hex(c("A33.06")),
            Passed::Hexside(c("A34.05"), c("A34.06")),
            Passed::Hex(c("A35.06")),
            Passed::Hexside(c("A36.05"), c("A36.06")),
        ]
    );
}

#[test]
fn s19_a_line_crossing_a_hexside_at_its_midpoint_passes_both_hexes() {
    // distance 4, but the line crosses from A21.09 into A20.08 exactly at the middle of
    // their hexside: four hexes are crossed, none merely run along
    assert_eq!(c("A20.10").distance(c("A21.07")), 4);
    assert_eq!(
        line(c("A20.10"), c("A21.07")),
        [
            Passed::Hex(c("A20.09")),
            Passed::Hex(c("A21.09")),
            Passed::Hex(c("A20.08")),
            Passed::Hex(c("A21.08")),
        ]
    );
}

#[test]
fn s19_wilderness_counts_one_level_higher() {
    let map = data::map();
    let none = |_: Cell| false;
    assert_eq!(height(map, MapsUsed::Both, c("A19.10"), none), Some(4)); // level 3 Wilderness
    assert_eq!(height(map, MapsUsed::Both, c("A17.10"), none), Some(3)); // level 3 clear
    // a road through the Wilderness does not clear the forest (decision, reference 2.6)
    assert_eq!(height(map, MapsUsed::Both, c("A19.09"), none), Some(4)); // Turnpike hex
    // level 3 ends: a clear level-3 hex between does not block, a Wilderness one does
    assert_eq!(sight("A17.09", "A17.11", None, &[]), Sight::Clear);
    assert_eq!(
        sight("A19.09", "A19.11", None, &[]),
        blocked("A19.10", None)
    );
}

#[test]
fn s19_a_hex_holding_units_counts_one_level_higher() {
    let map = data::map();
    assert_eq!(
        height(map, MapsUsed::Both, c("A17.10"), |x| x == c("A17.10")),
        Some(4)
    );
    assert_eq!(
        sight("A17.09", "A17.11", None, &["A17.10"]),
        blocked("A17.10", None)
    );
    // units in the end hexes do not raise them
    assert_eq!(
        sight("A17.09", "A17.11", None, &["A17.09", "A17.11"]),
        Sight::Clear
    );
}

#[test]
fn s19_end_hexes_never_block_and_adjacent_hexes_always_see() {
    // A19.09 is Wilderness (height 4) on level-3 ground: the line from it is blocked by
    // A19.10, not by itself
    assert_eq!(
        sight("A19.09", "A19.11", None, &["A19.09"]),
        blocked("A19.10", None)
    );
    assert_eq!(
        sight("A16.10", "A17.10", None, &["A16.10", "A17.10"]),
        Sight::Clear
    );
    assert_eq!(
        sight("A19.10", "A19.11", Some(1), &["A19.10"]),
        Sight::Clear
    );
}

#[test]
fn s19_the_sight_line_is_interpolated_between_the_end_levels_by_distance() {
    // the exact test: blocked when height * (d1 + d2) > L1 * d2 + L2 * d1
    assert!(!blocks(4, 5, 3, 1, 1)); // on the line: not higher
    assert!(blocks(5, 5, 3, 1, 1));
    assert!(!blocks(4, 5, 2, 1, 2)); // line at (5*2 + 2*1) / 3 = 4
    assert!(blocks(4, 5, 2, 2, 1)); // line at (5*1 + 2*2) / 3 = 3
    assert!(!blocks(3, 3, 3, 4, 7));
    assert!(blocks(4, 3, 3, 4, 7));
    // Lacy fields: A32.05 and A32.06 are level 2, A32.07 and A32.08 level 3, all clear. From
    // A32.05 to A32.08 the line rises from 2 to 3 and is at 2 2/3 over A32.07, which is
    // higher: blocked, both ways (dead ground below the rise).
    assert_eq!(
        sight("A32.05", "A32.08", None, &[]),
        blocked("A32.07", None)
    );
    assert_eq!(
        sight("A32.08", "A32.05", None, &[]),
        blocked("A32.07", None)
    );
    // A32.06 (level 2) lies under the line (2 1/2) from A32.05 to A32.07: clear, unless it
    // holds units (height 3)
    assert_eq!(sight("A32.05", "A32.07", None, &[]), Sight::Clear);
    assert_eq!(
        sight("A32.05", "A32.07", None, &["A32.06"]),
        blocked("A32.06", None)
    );
}

#[test]
fn s19_a_line_along_a_hexside_is_blocked_only_if_both_hexes_block() {
    // along the hexside of A18.09 (clear) and A18.08 (Wilderness): clear
    assert_eq!(sight("A17.09", "A19.09", None, &[]), Sight::Clear);
    // along the hexside of A18.08 and A18.07, both Wilderness: blocked
    assert_eq!(
        sight("A17.08", "A19.08", None, &[]),
        blocked("A18.07", Some("A18.08"))
    );
    // across the Lacy fields: the last hexside has A36.06 (clear) and A36.05 (Wilderness)
    assert_eq!(sight("A31.06", "A37.06", None, &[]), Sight::Clear);
    assert_eq!(
        sight("A31.06", "A37.06", None, &["A36.06"]),
        blocked("A36.05", Some("A36.06"))
    );
}

#[test]
fn s19_4_visibility_caps_the_range_of_sight() {
    assert_eq!(sight("A31.06", "A37.06", Some(6), &[]), Sight::Clear);
    assert_eq!(
        sight("A31.06", "A37.06", Some(4), &[]),
        Sight::BeyondVisibility
    );
    // night (S29.0a): 1 hex
    assert_eq!(sight("A31.06", "A32.06", Some(1), &[]), Sight::Clear);
    assert_eq!(
        sight("A31.06", "A33.06", Some(1), &[]),
        Sight::BeyondVisibility
    );
    // beyond visibility is said even where the line would also be blocked
    assert_eq!(
        sight("A19.09", "A19.11", Some(1), &[]),
        Sight::BeyondVisibility
    );
}

#[test]
fn s19_hexes_not_in_play_neither_see_nor_block() {
    let map = data::map();
    assert_eq!(
        line_of_sight(map, MapsUsed::B, h("A31.06"), h("A33.06"), None, |_| false),
        None
    );
    // the shared row, named on either sheet, is the same hex
    assert_eq!(
        line_of_sight(map, MapsUsed::Both, h("B17.35"), h("A23.03"), None, |_| {
            false
        }),
        line_of_sight(map, MapsUsed::Both, h("A23.01"), h("A23.03"), None, |_| {
            false
        }),
    );
    assert_eq!(
        sight("B17.34", "A23.02", None, &[]),
        blocked("A23.01", None),
        "the blocking shared-row hex is named on Map A"
    );
}

/// The hex containing a point of the true plane (the nearest centre), and whether another
/// centre is as near within rounding.
fn containing(x: f64, y: f64) -> (Cell, bool) {
    let col = (x / 1.5).round() as i32;
    let row = (y / 3f64.sqrt() + 0.5 * f64::from(col.rem_euclid(2))).round() as i32;
    let mut best: Vec<(f64, Cell)> = Vec::new();
    for dx in -2..=2 {
        for dy in -2..=2 {
            let cell = Cell {
                x: col + dx,
                y: row + dy,
            };
            let p = centre(cell);
            let (cx, cy) = (p.u as f64 / 2.0, p.v as f64 * 3f64.sqrt() / 2.0);
            best.push(((cx - x).powi(2) + (cy - y).powi(2), cell));
        }
    }
    best.sort_by(|a, b| a.0.total_cmp(&b.0));
    (best[0].1, best[1].0 - best[0].0 < 1e-9)
}

fn in_play_hex() -> impl Strategy<Value = HexId> {
    (1u8..=50, 1u8..=35).prop_map(|(r, n)| HexId::new(data::Sheet::A, r, n).expect("valid"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn s19_every_point_of_the_line_lies_in_an_end_hex_or_a_listed_hex(
        ax in 0i32..12, ay in 0i32..12, bx in 0i32..12, by in 0i32..12,
    ) {
        let (a, b) = (Cell { x: ax, y: ay }, Cell { x: bx, y: by });
        let passed = line(a, b);
        let listed: Vec<Cell> = passed.iter().flat_map(|p| p.cells()).collect();
        let (pa, pb) = (centre(a), centre(b));
        let m = 997;
        for j in 0..m {
            let t = (2.0 * j as f64 + 1.0) / (2.0 * m as f64);
            let x = (pa.u as f64 + t * (pb.u - pa.u) as f64) / 2.0;
            let y = (pa.v as f64 + t * (pb.v - pa.v) as f64) * 3f64.sqrt() / 2.0;
            let (cell, tie) = containing(x, y);
            prop_assert!(
                tie || cell == a || cell == b || listed.contains(&cell),
                "{cell:?} at t = {t} missing from {passed:?}"
            );
        }
        // every listed hex is near the line; every listed hexside lies on it
        let d = pa.to(pb);
        for p in &passed {
            match *p {
                Passed::Hex(x) => {
                    let q = pa.to(centre(x));
                    // the true distance from its centre to the line is below 1 (the
                    // circumradius): 3/4 cross^2 / dot4 < 1 in the scaled frame
                    let off = i128::from(cross(d, q));
                    prop_assert!(3 * off * off < 4 * i128::from(dot4(d, d)), "{x:?} off the line");
                    prop_assert!(dot4(q, d) > 0 && dot4(q, d) < dot4(d, d), "{x:?} between the ends");
                }
                Passed::Hexside(x, y) => {
                    prop_assert_eq!(x.distance(y), 1);
                    let mid2 = Point { u: centre(x).u + centre(y).u - 2 * pa.u, v: centre(x).v + centre(y).v - 2 * pa.v };
                    prop_assert_eq!(cross(d, mid2), 0, "the hexside of {:?} and {:?} is on the line", x, y);
                }
            }
        }
        // and the line is the same both ways
        let mut back = line(b, a);
        back.reverse();
        prop_assert_eq!(passed, back);
    }

    #[test]
    fn s19_line_of_sight_is_symmetric(
        from in in_play_hex(),
        dx in -10i32..=10, dy in -10i32..=10,
        seed in any::<u64>(),
        visibility in prop::option::of(1u8..=8),
    ) {
        let map = data::map();
        let a = map.cell(from).expect("on the map");
        let to_cell = Cell { x: a.x + dx, y: a.y + dy };
        let Some(to) = canonical(map, MapsUsed::Both, to_cell) else {
            return Ok(());
        };
        // a pseudo-random third of the hexes hold units
        let occupied = |x: Cell| {
            (x.x as u64)
                .wrapping_mul(31)
                .wrapping_add(x.y as u64)
                .wrapping_mul(seed | 1)
                .is_multiple_of(3)
        };
        let there = line_of_sight(map, MapsUsed::Both, from, to, visibility, occupied).expect("in play");
        let back = line_of_sight(map, MapsUsed::Both, to, from, visibility, occupied).expect("in play");
        prop_assert_eq!(there.is_clear(), back.is_clear());
        prop_assert_eq!(there == Sight::BeyondVisibility, back == Sight::BeyondVisibility);
        if a.distance(to_cell) <= 1 {
            prop_assert_eq!(there, Sight::Clear);
        }
    }
}
