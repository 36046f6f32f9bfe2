//! Facing on hex vertices, the frontal arc, where fire enters a hex and flank fire (series 13.0,
//! 14.0; reference 2.4), on hexes of Sander's Field.

use bloody_roads_south::data::{self, Cell, Direction, HexId};
use bloody_roads_south::geometry::frame::rotate;
use bloody_roads_south::geometry::{
    Bearing, Vertex, bearing, facings_toward, fire_entry, frontal_hexes, in_frontal_arc, is_flank,
    is_flank_fire,
};
use proptest::prelude::*;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn c(s: &str) -> Cell {
    data::map().cell(h(s)).expect(s)
}

#[test]
fn s13_vertices_are_named_by_their_two_hexsides() {
    let names: Vec<&str> = Vertex::ALL.iter().map(|v| v.as_str()).collect();
    assert_eq!(names, ["N-NE", "NE-SE", "SE-S", "S-SW", "SW-NW", "NW-N"]);
    for (k, v) in Vertex::ALL.into_iter().enumerate() {
        assert_eq!(
            v.frontal(),
            [Direction::ALL[k], Direction::ALL[(k + 1) % 6]]
        );
        assert_eq!(v.as_str().parse::<Vertex>(), Ok(v));
        assert_eq!(v.to_string(), v.as_str());
        let json = serde_json::to_string(&v).expect("serialises");
        assert_eq!(json, format!("\"{}\"", v.as_str()));
        assert_eq!(serde_json::from_str::<Vertex>(&json).expect("parses"), v);
        assert_eq!(Vertex::between(v.frontal()[1], v.frontal()[0]), Some(v));
    }
    assert!("N-SE".parse::<Vertex>().is_err());
    assert!("NE-N".parse::<Vertex>().is_err());
    assert_eq!(Vertex::between(Direction::N, Direction::S), None);
    assert!(Vertex::SE_S.is_frontal(Direction::S));
    assert!(!Vertex::SE_S.is_frontal(Direction::SW));
}

#[test]
fn s13_only_the_two_frontal_neighbours_are_in_the_arc() {
    let unit = c("A18.10");
    for v in Vertex::ALL {
        let in_arc: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| in_frontal_arc(v, unit, unit.neighbour(d)))
            .collect();
        let mut frontal = v.frontal().to_vec();
        frontal.sort();
        assert_eq!(in_arc, frontal, "facing {v}");
    }
    // facing the NE-SE vertex: the two hexes of hexrow 19 beside A18.10
    assert!(in_frontal_arc(Vertex::NE_SE, unit, c("A19.11")));
    assert!(in_frontal_arc(Vertex::NE_SE, unit, c("A19.10")));
    assert!(!in_frontal_arc(Vertex::NE_SE, unit, c("A18.11")));
    assert!(!in_frontal_arc(Vertex::NE_SE, unit, unit));
}

#[test]
fn s14_zone_of_control_covers_the_two_frontal_hexes() {
    assert_eq!(
        frontal_hexes(c("A18.10"), Vertex::NE_SE),
        [c("A19.11"), c("A19.10")]
    );
    assert_eq!(
        frontal_hexes(c("A17.10"), Vertex::SW_NW),
        [c("A16.09"), c("A16.10")]
    );
}

#[test]
fn s13_not_straight_left_or_right_the_boundary_rays_are_outside_the_arc() {
    // decision (reference 2.4): the 120-degree sector centred on the facing vertex, its
    // boundary rays excluded. From A18.10, A19.12 lies exactly on the ray through the N-NE
    // vertex: in the arc of N-NE only, on the boundary of NE-SE and NW-N.
    let unit = c("A18.10");
    assert_eq!(
        bearing(unit, c("A19.12")),
        Some(Bearing::Vertex(Vertex::N_NE))
    );
    assert_eq!(facings_toward(unit, c("A19.12")), [Vertex::N_NE]);
    assert!(!in_frontal_arc(Vertex::NE_SE, unit, c("A19.12")));
    assert!(!in_frontal_arc(Vertex::NW_N, unit, c("A19.12")));
    // A20.10 and A22.10 lie on the ray due east through the NE-SE vertex
    assert_eq!(facings_toward(unit, c("A20.10")), [Vertex::NE_SE]);
    assert_eq!(facings_toward(unit, c("A22.10")), [Vertex::NE_SE]);
    assert!(!in_frontal_arc(Vertex::N_NE, unit, c("A22.10")));
    // beyond the inside of a hexside: in the arcs of both vertices of that hexside
    assert_eq!(
        facings_toward(unit, c("A18.12")),
        [Vertex::N_NE, Vertex::NW_N]
    );
    assert_eq!(
        facings_toward(unit, c("A22.13")),
        [Vertex::N_NE, Vertex::NE_SE]
    );
    assert_eq!(facings_toward(unit, unit), []);
}

#[test]
fn s13_fire_enters_by_a_hexside_or_exactly_by_a_vertex() {
    let target = c("A18.10");
    assert_eq!(
        fire_entry(c("A19.11"), target),
        Some(Bearing::Hexside(Direction::NE))
    );
    assert_eq!(
        fire_entry(c("A21.12"), target),
        Some(Bearing::Hexside(Direction::NE))
    );
    assert_eq!(
        fire_entry(c("A20.13"), target),
        Some(Bearing::Vertex(Vertex::N_NE))
    );
    assert_eq!(
        fire_entry(c("A16.10"), target),
        Some(Bearing::Vertex(Vertex::SW_NW))
    );
    assert_eq!(
        Bearing::Vertex(Vertex::N_NE).hexsides(),
        [Direction::N, Direction::NE]
    );
    assert_eq!(fire_entry(target, target), None);
}

#[test]
fn s13_flank_fire_through_a_flank_hexside_or_a_front_flank_vertex() {
    // a unit in A18.10 facing east (NE-SE): frontal hexsides NE and SE
    let target = c("A18.10");
    let facing = Vertex::NE_SE;
    // through a frontal hexside, or exactly through the facing vertex: frontal
    assert!(!is_flank_fire(c("A19.11"), target, facing));
    assert!(!is_flank_fire(c("A19.10"), target, facing));
    assert!(!is_flank_fire(c("A22.10"), target, facing));
    assert!(!is_flank_fire(c("A21.12"), target, facing));
    // exactly through the N-NE vertex, where frontal NE meets flank N: flank
    assert!(is_flank_fire(c("A19.12"), target, facing));
    assert!(is_flank(facing, Bearing::Vertex(Vertex::N_NE)));
    assert!(is_flank(facing, Bearing::Vertex(Vertex::SE_S)));
    // through a flank hexside, or from the rear: flank
    assert!(is_flank_fire(c("A18.12"), target, facing));
    assert!(is_flank_fire(c("A16.10"), target, facing));
    assert!(is_flank(facing, Bearing::Hexside(Direction::S)));
    assert!(!is_flank(facing, Bearing::Vertex(Vertex::NE_SE)));
}

fn any_vertex() -> impl Strategy<Value = Vertex> {
    (0usize..6).prop_map(|k| Vertex::ALL[k])
}

fn near(centre: Cell) -> impl Strategy<Value = Cell> {
    (-9i32..=9, -9i32..=9).prop_map(move |(dx, dy)| Cell {
        x: centre.x + dx,
        y: centre.y + dy,
    })
}

proptest! {
    #[test]
    fn s13_the_arc_of_vertex_k_rotated_is_the_arc_of_vertex_k_plus_1(
        v in any_vertex(),
        unit in near(Cell { x: 12, y: 44 }),
        target in near(Cell { x: 12, y: 44 }),
    ) {
        let turned = rotate(target, unit, 1);
        prop_assert_eq!(
            in_frontal_arc(v, unit, target),
            in_frontal_arc(v.rotated(1), unit, turned)
        );
        let entry = fire_entry(target, unit);
        let turned_entry = fire_entry(turned, unit);
        let rotated = entry.map(|b| match b {
            Bearing::Hexside(d) => {
                let k = Direction::ALL.iter().position(|&x| x == d).expect("a direction");
                Bearing::Hexside(Direction::ALL[(k + 1) % 6])
            }
            Bearing::Vertex(w) => Bearing::Vertex(w.rotated(1)),
        });
        prop_assert_eq!(turned_entry, rotated);
    }

    #[test]
    fn s13_every_other_hex_is_in_one_or_two_arcs(
        unit in near(Cell { x: 30, y: 20 }),
        target in near(Cell { x: 30, y: 20 }),
    ) {
        let n = facings_toward(unit, target).len();
        if unit == target {
            prop_assert_eq!(n, 0);
        } else {
            let on_vertex_ray = matches!(bearing(unit, target), Some(Bearing::Vertex(_)));
            prop_assert_eq!(n, if on_vertex_ray { 1 } else { 2 });
        }
    }

    #[test]
    fn s13_fire_is_frontal_exactly_when_the_firer_is_in_the_targets_frontal_arc(
        v in any_vertex(),
        firer in near(Cell { x: 20, y: 10 }),
        target in near(Cell { x: 20, y: 10 }),
    ) {
        prop_assume!(firer != target);
        prop_assert_eq!(is_flank_fire(firer, target, v), !in_frontal_arc(v, target, firer));
    }
}
