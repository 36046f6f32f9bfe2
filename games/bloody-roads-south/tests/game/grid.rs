//! Hex ids, the hex geometry and the join of Maps A and B (series 1.1a; map errata).

use bloody_roads_south::data::{self, Direction, HexId, MapsUsed, Sheet};
use proptest::prelude::*;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

#[test]
fn series_1_1a_hex_ids_parse_and_print_as_in_the_book() {
    let id = h("A39.06");
    assert_eq!((id.sheet(), id.hexrow(), id.hex()), (Sheet::A, 39, 6));
    assert_eq!(id.to_string(), "A39.06");
    assert_eq!(h("B1.21").to_string(), "B1.21");
    for bad in [
        "A39.6", "C1.01", "A.01", "A100.01", "A1.001", "a1.01", "A0.01", "A1.00", "A1-01", "",
    ] {
        assert!(bad.parse::<HexId>().is_err(), "{bad} should not parse");
    }
}

#[test]
fn series_1_1a_hexrows_run_west_to_east_and_hexes_south_to_north() {
    let map = data::map();
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::N, MapsUsed::A),
        Some(h("A15.11"))
    );
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::S, MapsUsed::A),
        Some(h("A15.09"))
    );
    // even hexrows sit half a hex higher than odd ones
    assert_eq!(
        map.neighbour(h("A16.10"), Direction::NE, MapsUsed::A),
        Some(h("A17.11"))
    );
    assert_eq!(
        map.neighbour(h("A16.10"), Direction::SE, MapsUsed::A),
        Some(h("A17.10"))
    );
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::NE, MapsUsed::A),
        Some(h("A16.10"))
    );
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::SE, MapsUsed::A),
        Some(h("A16.09"))
    );
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::NW, MapsUsed::A),
        Some(h("A14.10"))
    );
    assert_eq!(
        map.neighbour(h("A15.10"), Direction::SW, MapsUsed::A),
        Some(h("A14.09"))
    );
    assert_eq!(map.neighbours(h("A15.10"), MapsUsed::A).len(), 6);
}

#[test]
fn map_errata_join_map_a_row_01_is_map_b_row_35() {
    let map = data::map();
    assert!(h("A23.01").same_hex(h("B17.35"), map.offsets()));
    assert!(h("A24.01").same_hex(h("B18.35"), map.offsets()));
    assert!(h("A19.01").same_hex(h("B13.35"), map.offsets()));
    assert!(!h("A19.02").same_hex(h("B13.35"), map.offsets()));
    assert_eq!(map.ids(h("B17.35")), vec![h("A23.01"), h("B17.35")]);
    // A1..A6 lie west of Map B: their row 01 has only one id
    assert_eq!(map.ids(h("A6.01")), vec![h("A6.01")]);
    // B45..B51 lie east of Map A: their row 35 has only one id
    assert_eq!(map.ids(h("B45.35")), vec![h("B45.35")]);
    let shared = (7..=50)
        .filter(|&c| map.ids(HexId::new(Sheet::A, c, 1).expect("id")).len() == 2)
        .count();
    assert_eq!(shared, 44);
}

#[test]
fn the_join_links_the_sheets_across_the_shared_row() {
    let map = data::map();
    // stepping south from the second row of Map A reaches the shared row, then Map B
    let shared = map
        .neighbour(h("A20.02"), Direction::S, MapsUsed::Both)
        .expect("shared row");
    assert_eq!(shared, h("A20.01"));
    let below = map
        .neighbour(shared, Direction::S, MapsUsed::Both)
        .expect("Map B");
    assert_eq!(below, h("B14.34"));
    assert_eq!(map.distance(h("A20.02"), h("B14.34")), Some(2));
    // with Map A only, the shared row is the south edge
    assert_eq!(map.neighbour(h("A20.01"), Direction::S, MapsUsed::A), None);
    assert!(map.is_edge(h("A20.01"), MapsUsed::A));
    assert!(!map.is_edge(h("A20.01"), MapsUsed::Both));
    // with Map B only, the same hex is named on Map B
    assert_eq!(
        map.neighbour(h("B14.34"), Direction::N, MapsUsed::B),
        Some(h("B14.35"))
    );
}

#[test]
fn map_extents_hold_every_printed_hexrow() {
    let map = data::map();
    assert!(map.contains(h("A50.35")) && !map.contains(h("A51.01")) && !map.contains(h("A1.36")));
    assert!(map.contains(h("B51.35")) && !map.contains(h("B52.01")) && !map.contains(h("B1.36")));
    assert!(
        map.in_play(h("A23.01"), MapsUsed::B),
        "the shared row is on Map B too"
    );
    assert!(!map.in_play(h("A23.02"), MapsUsed::B));
}

proptest! {
    #[test]
    fn hex_ids_round_trip(sheet in prop::bool::ANY, c in 1u8..=99, r in 1u8..=99) {
        let s = if sheet { Sheet::A } else { Sheet::B };
        let id = HexId::new(s, c, r).expect("in range");
        prop_assert_eq!(id.to_string().parse::<HexId>().expect("parses"), id);
    }

    #[test]
    fn neighbours_are_adjacent_and_mutual(c in 1u8..=51, r in 1u8..=35, sheet in prop::bool::ANY) {
        let map = data::map();
        let s = if sheet { Sheet::A } else { Sheet::B };
        let Some(id) = HexId::new(s, c, r).filter(|&id| map.contains(id)) else { return Ok(()); };
        for (d, n) in map.neighbours(id, MapsUsed::Both) {
            prop_assert_eq!(map.distance(id, n), Some(1));
            let back = map.neighbour(n, d.opposite(), MapsUsed::Both).expect("mutual");
            prop_assert!(back.same_hex(id, map.offsets()));
        }
    }

    #[test]
    fn distance_is_symmetric_and_obeys_the_triangle(a in (1u8..=50, 1u8..=35), b in (1u8..=51, 1u8..=35), c in (1u8..=50, 1u8..=35)) {
        let map = data::map();
        let (x, y, z) = (
            HexId::new(Sheet::A, a.0, a.1).expect("id"),
            HexId::new(Sheet::B, b.0, b.1).expect("id"),
            HexId::new(Sheet::A, c.0, c.1).expect("id"),
        );
        let d = |p, q| map.distance(p, q).expect("on the maps");
        prop_assert_eq!(d(x, y), d(y, x));
        prop_assert!(d(x, z) <= d(x, y) + d(y, z));
    }
}
