//! Structural checks of the map, ported from `check_mf_map.py`: the graph is symmetric and
//! connected, land movement splits only at the Mississippi, rivers and roads are coherent, and
//! the campaign's historical routes exist.

use std::collections::{BTreeSet, VecDeque};

use mississippi_fortress::data::map::{LonLat, MapEdge, NavalNode, RiverId, State, Terrain};
use mississippi_fortress::data::{AreaId, ArrowId, Map, NavigableRiver};

fn map() -> &'static Map {
    Map::get()
}

fn a(n: u8) -> AreaId {
    AreaId(n)
}

/// Shortest land path (S3.2a(1)-(4)), optionally for artillery and avoiding some Areas.
fn land_path(from: u8, to: u8, artillery: bool, avoid: &[u8]) -> Option<Vec<u8>> {
    let mut prev = [0u8; 48];
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        if x == to {
            let mut path = vec![to];
            while *path.last().unwrap() != from {
                path.push(prev[usize::from(*path.last().unwrap())]);
            }
            path.reverse();
            return Some(path);
        }
        for n in map().neighbours(a(x)) {
            if !seen.contains(&n.0) && !avoid.contains(&n.0) && map().land_step(a(x), *n, artillery)
            {
                seen.insert(n.0);
                prev[usize::from(n.0)] = x;
                queue.push_back(n.0);
            }
        }
    }
    None
}

fn component(start: u8) -> BTreeSet<u8> {
    (1..=47)
        .filter(|&t| land_path(start, t, false, &[]).is_some())
        .collect()
}

#[test]
fn map_has_47_areas_numbered_once_with_distinct_names() {
    let ids: Vec<u8> = map().areas().iter().map(|x| x.id.0).collect();
    assert_eq!(ids, (1..=47).collect::<Vec<_>>());
    let names: BTreeSet<&str> = map().areas().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names.len(), 47);
}

#[test]
fn area_centres_lie_in_the_theatre() {
    let e = map().extent();
    for x in map().areas() {
        assert!(
            x.centre.lon > e.west && x.centre.lon < e.east,
            "Area {}",
            x.id.0
        );
        assert!(
            x.centre.lat > e.south && x.centre.lat < e.north,
            "Area {}",
            x.id.0
        );
    }
}

#[test]
fn adjacency_is_symmetric_and_matches_the_borders() {
    for x in map().areas() {
        for n in map().neighbours(x.id) {
            assert!(map().neighbours(*n).contains(&x.id), "{}-{}", x.id.0, n.0);
            assert!(map().border(x.id, *n).is_some());
            assert!(map().border(*n, x.id).is_some());
        }
    }
    let pairs: usize = map()
        .areas()
        .iter()
        .map(|x| map().neighbours(x.id).len())
        .sum();
    assert_eq!(pairs, 2 * map().borders().len());
    assert!(map().border(a(1), a(47)).is_none());
    assert!(map().neighbours(a(0)).is_empty() && map().area(a(48)).is_none());
}

#[test]
fn adjacency_graph_is_connected() {
    let mut seen = BTreeSet::from([1u8]);
    let mut stack = vec![1u8];
    while let Some(x) = stack.pop() {
        for n in map().neighbours(a(x)) {
            if seen.insert(n.0) {
                stack.push(n.0);
            }
        }
    }
    assert_eq!(seen.len(), 47);
}

#[test]
fn rule_5_3_land_movement_splits_only_at_the_mississippi() {
    let louisiana: BTreeSet<u8> = map()
        .areas()
        .iter()
        .filter(|x| x.state == State::Louisiana)
        .map(|x| x.id.0)
        .collect();
    assert_eq!(component(1), louisiana);
    let east = component(15);
    assert_eq!(east.len() + louisiana.len(), 47);
    assert!(east.contains(&2), "the Yazoo is crossable between 2 and 3");
}

#[test]
fn louisiana_areas_are_all_swamp() {
    for x in map().areas().iter().filter(|x| x.state == State::Louisiana) {
        assert_eq!(x.terrain, Terrain::Swamp, "Area {}", x.id.0);
    }
}

#[test]
fn land_moves_and_river_arrows_connect_every_area() {
    let mut seen = BTreeSet::from([15u8]);
    let mut stack = vec![15u8];
    while let Some(x) = stack.pop() {
        let mut next: Vec<u8> = map()
            .neighbours(a(x))
            .iter()
            .filter(|n| map().land_step(a(x), **n, false))
            .map(|n| n.0)
            .collect();
        for arrow in map().arrows_touching(a(x)) {
            next.extend(map().arrow(arrow).unwrap().touches.iter().map(|t| t.0));
        }
        for n in next {
            if seen.insert(n) {
                stack.push(n);
            }
        }
    }
    assert_eq!(seen.len(), 47);
}

#[test]
fn terrain_effects_chart_only_mississippi_and_yazoo_carry_ships() {
    for b in map().borders().iter().filter(|b| b.is_navigable_river()) {
        assert!(matches!(
            b.river(),
            Some(RiverId::Mississippi | RiverId::Yazoo)
        ));
    }
    for arrow in map().arrows() {
        for &(x, y) in &arrow.crosses {
            let b = map().border(x, y).unwrap();
            let river = match arrow.river() {
                NavigableRiver::Mississippi => RiverId::Mississippi,
                NavigableRiver::Yazoo => RiverId::Yazoo,
            };
            assert_eq!(b.river(), Some(river));
            assert!(
                b.arrows.contains(&arrow.id),
                "4.14: {} lies between {}-{}",
                arrow.id,
                x.0,
                y.0
            );
        }
    }
}

#[test]
fn rule_5_2_swamp_to_swamp_border_passable_exactly_with_road_or_railroad() {
    let mut checked = 0;
    for b in map()
        .borders()
        .iter()
        .filter(|b| !b.is_navigable_river() && !b.is_major_river())
    {
        let both_swamp = [b.a, b.b]
            .iter()
            .all(|x| map().area(*x).unwrap().terrain == Terrain::Swamp);
        if both_swamp {
            checked += 1;
            assert_eq!(
                map().land_step(b.a, b.b, false),
                b.road_or_railroad(),
                "{}-{}",
                b.a.0,
                b.b.0
            );
        }
    }
    assert!(checked >= 8);
    assert!(
        !map().land_step(a(17), a(27), false),
        "17-27 has no road (decision M6)"
    );
}

#[test]
fn rule_5_2_artillery_enters_and_leaves_swamps_only_by_road() {
    for b in map().borders() {
        let touches_swamp = [b.a, b.b]
            .iter()
            .any(|x| map().area(*x).unwrap().terrain == Terrain::Swamp);
        if touches_swamp && b.land_crossable() && !b.road {
            assert!(!map().land_step(b.a, b.b, true), "{}-{}", b.a.0, b.b.0);
            assert!(!map().land_step(b.b, b.a, true), "{}-{}", b.b.0, b.a.0);
        }
    }
}

#[test]
fn west_bank_march_routes_exist_for_6_3() {
    for (from, to) in [(1, 35), (8, 35), (16, 35), (17, 35), (1, 17)] {
        assert!(land_path(from, to, false, &[]).is_some(), "{from} -> {to}");
    }
    for (from, to) in [(8, 35), (16, 35), (2, 3), (1, 35)] {
        assert!(
            land_path(from, to, true, &[]).is_some(),
            "artillery {from} -> {to}"
        );
    }
}

#[test]
fn campaign_routes_from_the_landing_exist() {
    assert_eq!(
        land_path(43, 15, false, &[]).map(|p| p.len()),
        Some(8),
        "Bruinsburg to Jackson"
    );
    assert!(
        land_path(43, 18, false, &[]).is_some(),
        "Bruinsburg to Vicksburg"
    );
    for s in [13, 22, 26, 32] {
        assert!(
            land_path(s, 15, false, &[]).is_some(),
            "6.1 Union Area {s} to Jackson"
        );
    }
}

#[test]
fn rule_8_11_flank_move_on_grand_gulf_via_burtonton_and_willow_springs() {
    let p = land_path(44, 39, false, &[36, 37]).expect("Port Gibson to Burtonton");
    assert_eq!(p, vec![44, 38, 39]);
    for (x, y) in [(39, 37), (37, 36)] {
        let b = map().border(a(x), a(y)).unwrap();
        assert!(b.river().is_none(), "the final steps cross no river");
    }
    for (x, y) in [(36, 44), (37, 44)] {
        let b = map().border(a(x), a(y)).unwrap();
        assert_eq!(b.river(), Some(RiverId::BigBayouPierre));
        assert!(
            b.land_crossable(),
            "attacking Bowen across the bayou is costly but possible"
        );
    }
}

#[test]
fn every_road_and_railroad_step_is_a_land_crossable_border() {
    assert!(map().roads().len() >= 50 && map().railroads().len() == 3);
    for r in map().roads().iter().chain(map().railroads()) {
        for w in r.areas.windows(2) {
            let b = map().border(w[0], w[1]).unwrap();
            assert!(b.land_crossable(), "{} {}-{}", r.id, w[0].0, w[1].0);
        }
    }
    let southern = &map().railroads()[0];
    assert_eq!(southern.areas.first(), Some(&a(18)));
    assert!(
        southern.areas.contains(&a(15)),
        "the Vicksburg-Jackson railroad"
    );
}

#[test]
fn every_crossing_point_is_on_a_major_river_border() {
    let mut ids = BTreeSet::new();
    for b in map().borders() {
        for c in b.crossings() {
            assert!(b.is_major_river());
            assert!(ids.insert(c.id.clone()), "crossing {} listed once", c.id);
        }
    }
    assert_eq!(ids.len(), 14);
}

#[test]
fn rule_4_11_mississippi_arrows_run_north_to_south_to_the_south_edge() {
    let miss = map().river_arrows(NavigableRiver::Mississippi);
    let names: Vec<&str> = miss.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Milliken's Bend",
            "Young's Point",
            "Vicksburg",
            "Warrenton",
            "New Carthage",
            "Hard Times",
            "Grand Gulf",
            "Bruinsburg"
        ]
    );
    for w in miss.windows(2) {
        assert!(
            w[0].position.lat > w[1].position.lat,
            "{} north of {}",
            w[0].id,
            w[1].id
        );
        assert_eq!(w[0].downstream, NavalNode::Arrow(w[1].id));
    }
    assert_eq!(
        miss.last().unwrap().downstream,
        NavalNode::OffMap(MapEdge::South)
    );
    assert_eq!(map().arrow_from_north_edge(), Some(ArrowId::mississippi(1)));
    assert_eq!(map().arrow_from_south_edge(), Some(ArrowId::mississippi(8)));
    assert_eq!(
        map().upstream(ArrowId::mississippi(1)),
        vec![NavalNode::OffMap(MapEdge::North)]
    );
}

#[test]
fn rule_4_11_yazoo_arrows_drain_into_the_mississippi_at_youngs_point() {
    let yazoo = map().river_arrows(NavigableRiver::Yazoo);
    let names: Vec<&str> = yazoo.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["Yazoo River", "Steel's Bayou"]);
    assert_eq!(
        map().downstream(ArrowId::yazoo(2)),
        Some(NavalNode::Arrow(ArrowId::yazoo(1)))
    );
    assert_eq!(
        map().downstream(ArrowId::yazoo(1)),
        Some(NavalNode::Arrow(ArrowId::mississippi(2)))
    );
    let mut up = map().upstream(ArrowId::mississippi(2));
    up.sort_by_key(|n| format!("{n:?}"));
    assert_eq!(
        up,
        vec![
            NavalNode::Arrow(ArrowId::mississippi(1)),
            NavalNode::Arrow(ArrowId::yazoo(1))
        ]
    );
}

#[test]
fn rule_4_11_upstream_from_bruinsburg_to_vicksburg_takes_three_phases() {
    let mut node = ArrowId::mississippi(3);
    let mut steps = 0;
    while node != ArrowId::mississippi(8) {
        node = match map().downstream(node).unwrap() {
            NavalNode::Arrow(next) => next,
            NavalNode::OffMap(_) => panic!("A8 is above the south edge"),
        };
        steps += 1;
    }
    assert_eq!(
        steps, 5,
        "five arrows upstream: three phases at two arrows each"
    );
}

#[test]
fn setup_arrows_touch_their_areas() {
    for n in [1, 2, 8, 18, 35, 36, 43] {
        let id = map().setup_arrow(a(n)).expect("designated");
        assert!(map().arrow(id).unwrap().touches(a(n)), "Area {n}");
    }
    assert_eq!(
        map().setup_arrow(a(43)),
        Some(ArrowId::mississippi(8)),
        "7.22 Farragut"
    );
    assert_eq!(
        map().setup_arrow(a(18)),
        Some(ArrowId::mississippi(3)),
        "7.21a Arkansas"
    );
}

fn miles(p: LonLat, q: LonLat) -> f64 {
    ((p.lon - q.lon) * 58.6).hypot((p.lat - q.lat) * 69.0)
}

#[test]
fn historical_places_lie_in_their_areas() {
    let anchors = [
        ("Vicksburg", 18, 32.35, -90.88),
        ("Jackson", 15, 32.30, -90.18),
        ("Grand Gulf", 36, 31.98, -91.04),
        ("Bruinsburg", 43, 31.92, -91.13),
        ("Port Gibson", 44, 31.96, -90.98),
        ("Haynes Bluff", 3, 32.47, -90.84),
        ("Champion Hill", 21, 32.32, -90.54),
        ("Edwards", 20, 32.33, -90.61),
        ("Raymond", 22, 32.26, -90.42),
        ("Clinton", 13, 32.34, -90.32),
        ("Warrenton", 23, 32.23, -90.89),
        ("Canton", 7, 32.61, -90.04),
    ];
    for (name, area, lat, lon) in anchors {
        let p = LonLat { lon, lat };
        let nearest = map()
            .areas()
            .iter()
            .min_by(|x, y| miles(x.centre, p).total_cmp(&miles(y.centre, p)))
            .unwrap();
        assert_eq!(nearest.id.0, area, "{name}");
        assert!(
            miles(nearest.centre, p) < 8.0,
            "{name} near its Area centre"
        );
    }
}

fn segments_cross(p1: LonLat, p2: LonLat, q1: LonLat, q2: LonLat) -> bool {
    let orient = |a: LonLat, b: LonLat, c: LonLat| {
        let v = (b.lon - a.lon) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lon - a.lon);
        v.partial_cmp(&0.0).map_or(0, |o| o as i8)
    };
    orient(p1, p2, q1) != orient(p1, p2, q2) && orient(q1, q2, p1) != orient(q1, q2, p2)
}

fn crossings(p: LonLat, q: LonLat, river: RiverId) -> usize {
    let course = &map()
        .rivers()
        .iter()
        .find(|r| r.id == river)
        .unwrap()
        .course;
    course
        .windows(2)
        .filter(|w| segments_cross(p, q, w[0], w[1]))
        .count()
}

#[test]
fn every_river_border_is_drawn_across_its_river() {
    for b in map().borders() {
        if let Some(river) = b.river() {
            let (p, q) = (
                map().area(b.a).unwrap().centre,
                map().area(b.b).unwrap().centre,
            );
            assert_eq!(
                crossings(p, q, river) % 2,
                1,
                "{}-{} across {river:?}",
                b.a.0,
                b.b.0
            );
        }
    }
}

#[test]
fn no_land_border_crosses_a_drawn_river() {
    for b in map().borders().iter().filter(|b| b.river().is_none()) {
        let (p, q) = (
            map().area(b.a).unwrap().centre,
            map().area(b.b).unwrap().centre,
        );
        for river in [
            RiverId::Mississippi,
            RiverId::Yazoo,
            RiverId::BigBlack,
            RiverId::Pearl,
        ] {
            assert_eq!(
                crossings(p, q, river) % 2,
                0,
                "{}-{} crosses {river:?}",
                b.a.0,
                b.b.0
            );
        }
    }
}

#[test]
fn neighbouring_area_centres_are_at_most_40_miles_apart() {
    for b in map().borders() {
        let d = miles(
            map().area(b.a).unwrap().centre,
            map().area(b.b).unwrap().centre,
        );
        assert!(d < 40.0, "{}-{}: {d:.1} mi", b.a.0, b.b.0);
    }
}

#[test]
fn map_edges_hold_the_entry_areas() {
    let on = |n: u8, e: MapEdge| map().area(a(n)).unwrap().on_edge(e);
    assert!(
        on(7, MapEdge::North) && on(7, MapEdge::East),
        "Canton, north-east"
    );
    assert!(on(47, MapEdge::South), "Hazlehurst, south");
    assert!(on(34, MapEdge::East), "Brandon, east");
    assert!(on(1, MapEdge::North), "Milliken's Bend, north");
}

#[test]
fn map_loader_rejects_a_broken_file() {
    let text = include_str!("../../data/map.json");
    assert!(
        Map::parse(&text.replace("\"id\": 47", "\"id\": 48")).is_err(),
        "Area numbering"
    );
    let dup = text.replacen(
        "{\"a\": 1, \"b\": 2,",
        "{\"a\": 1, \"b\": 8, \"kind\": \"open\"},\n    {\"a\": 1, \"b\": 2,",
        1,
    );
    assert!(Map::parse(&dup).is_err(), "a border listed twice");
    assert!(Map::parse("{}").is_err());
}
