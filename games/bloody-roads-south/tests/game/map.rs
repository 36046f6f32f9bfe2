//! Maps A and B against every hex the rulebook names and the features it gives them
//! (rules 1.1-1.4, map errata, 3.3a, 3.7, 4.2, 4.3b, 4.4, 5.3, Scenarios 1-7).

use bloody_roads_south::data::place::{EntryCode, PlaceId};
use bloody_roads_south::data::road::{RoadClass, RoadId};
use bloody_roads_south::data::stream::{Crossing, StreamKind};
use bloody_roads_south::data::terrain::{ClearingId, Terrain};
use bloody_roads_south::data::{self, HexId, MapsUsed, Sheet};
use serde::Deserialize;

fn h(s: &str) -> HexId {
    s.parse().expect(s)
}

fn road(s: &str) -> RoadId {
    RoadId::new(s)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BookHex {
    id: HexId,
    section: String,
    #[serde(default)]
    roads: Vec<RoadId>,
    #[serde(default)]
    railroad: bool,
    clearing: Option<ClearingId>,
    place: Option<PlaceId>,
    level: Option<u8>,
    terrain: Option<Terrain>,
    #[serde(default)]
    edge: Vec<String>,
    near_road: Option<RoadId>,
}

#[derive(Deserialize)]
struct BookHexes {
    hex: Vec<BookHex>,
}

fn book_hexes() -> Vec<BookHex> {
    toml::from_str::<BookHexes>(include_str!("book_hexes.toml"))
        .expect("book_hexes.toml")
        .hex
}

/// The edges of its own sheet a hex lies on.
fn sheet_edges(id: HexId) -> Vec<String> {
    let ext = data::map().extent(id.sheet());
    let mut e = Vec::new();
    if id.hex() == ext.hexes.1 {
        e.push("N".to_string());
    }
    if id.hex() == ext.hexes.0 {
        e.push("S".to_string());
    }
    if id.hexrow() == ext.hexrows.1 {
        e.push("E".to_string());
    }
    if id.hexrow() == ext.hexrows.0 {
        e.push("W".to_string());
    }
    e
}

#[test]
fn every_hex_the_rulebook_names_exists_with_its_feature() {
    let map = data::map();
    let hexes = book_hexes();
    assert_eq!(hexes.len(), 194, "the book prints 194 distinct hex ids");
    let mut checked_features = 0;
    for b in &hexes {
        let info = map
            .hex(b.id)
            .unwrap_or_else(|| panic!("{} ({}) is not on its map", b.id, b.section));
        for r in &b.roads {
            assert!(
                info.roads.contains(r),
                "{} ({}) should be on {r}, has {:?}",
                b.id,
                b.section,
                info.roads
            );
            checked_features += 1;
        }
        if b.railroad {
            assert!(
                info.railroad,
                "{} should be on the Unfinished Railroad",
                b.id
            );
            checked_features += 1;
        }
        if let Some(c) = &b.clearing {
            assert_eq!(info.clearing.as_ref(), Some(c), "{} should be in {c}", b.id);
            assert_eq!(info.terrain, Terrain::Clear);
            checked_features += 1;
        }
        if let Some(p) = &b.place {
            assert!(
                map.places_at(b.id).iter().any(|x| &x.id == p),
                "{} should be {p}",
                b.id
            );
            checked_features += 1;
        }
        if let Some(l) = b.level {
            assert_eq!(info.level, l, "{} level", b.id);
            checked_features += 1;
        }
        if let Some(t) = b.terrain {
            assert_eq!(info.terrain, t, "{} terrain", b.id);
            checked_features += 1;
        }
        if !b.edge.is_empty() {
            assert_eq!(sheet_edges(b.id), b.edge, "{} edges", b.id);
            checked_features += 1;
        }
        if let Some(r) = &b.near_road {
            let near = std::iter::once(b.id)
                .chain(
                    map.neighbours(b.id, MapsUsed::Both)
                        .into_iter()
                        .map(|(_, n)| n),
                )
                .any(|n| map.hex(n).is_some_and(|i| i.roads.contains(r)));
            assert!(near, "{} should be on or next to {r}", b.id);
            checked_features += 1;
        }
    }
    assert!(
        checked_features >= 60,
        "only {checked_features} features checked"
    );
}

#[test]
fn map_errata_b17_35_and_b18_35_are_level_3_on_both_sheets() {
    let map = data::map();
    for id in ["B17.35", "B18.35", "A23.01", "A24.01"] {
        assert_eq!(map.level(h(id)), Some(3), "{id}");
    }
    // the printed level-4 spur beside them, which explains the misprint
    assert_eq!(map.level(h("B17.34")), Some(4));
}

#[test]
fn map_errata_germanna_plank_road_passes_a33_15() {
    let map = data::map();
    let gpr = map.road(&road("germanna-plank-road")).expect("road");
    assert_eq!(gpr.class, RoadClass::Primary);
    assert!(gpr.path.contains(&h("A33.15")));
}

#[test]
fn rule_1_2_every_hex_outside_a_clearing_is_wilderness() {
    let map = data::map();
    let clear: usize = map.clearings().iter().map(|c| c.hexes.len()).sum();
    let mut counted = 0;
    for s in Sheet::ALL {
        let e = map.extent(s);
        for c in e.hexrows.0..=e.hexrows.1 {
            for r in e.hexes.0..=e.hexes.1 {
                let id = HexId::new(s, c, r).expect("id");
                let info = map.hex(id).expect("on map");
                assert_eq!(
                    info.terrain == Terrain::Clear,
                    info.clearing.is_some(),
                    "{id}"
                );
                if info.terrain == Terrain::Clear && map.ids(id)[0] == id {
                    counted += 1;
                }
            }
        }
    }
    assert_eq!(counted, clear, "each clearing hex is counted once");
    assert!(clear < 100, "the Wilderness covers nearly everything");
}

#[test]
fn rule_1_3_unfinished_railroad_crosses_the_plank_road_and_b39_06() {
    let map = data::map();
    let rr = map.railroad();
    assert_eq!(rr.union_discovery_hex, h("B39.06"));
    assert_eq!(rr.misprinted_discovery_hex, h("B40.06"));
    assert!(rr.path.contains(&h("B39.06")) && !rr.path.contains(&h("B40.06")));
    assert!(
        map.hex(h("B6.20")).expect("hex").railroad,
        "Longstreet's column crosses it on the Plank Road"
    );
    assert!(
        map.hex(h("B6.20"))
            .expect("hex")
            .roads
            .contains(&road("orange-plank-road"))
    );
    for w in rr.path.windows(2) {
        assert!(map.railroad_along(w[0], w[1]), "{} - {}", w[0], w[1]);
    }
    assert!(!map.railroad_along(h("B39.06"), h("B40.06")));
}

#[test]
fn rule_1_4_the_rapidan_has_a_single_ford() {
    let map = data::map();
    let river = map
        .streams()
        .iter()
        .find(|s| s.kind == StreamKind::River)
        .expect("Rapidan");
    assert_eq!(map.fords().len(), 1);
    let ford = &map.fords()[0];
    let (a, b) = (
        ford.hexside.hex,
        map.neighbour(ford.hexside.hex, ford.hexside.direction, MapsUsed::A)
            .expect("hex"),
    );
    assert_eq!(map.crossing(a, b), Some(Crossing::RiverFord));
    assert_eq!(map.stream_between(a, b).map(|s| &s.id), Some(&river.id));
    // no other river hexside is crossed by anything
    let crossed = river
        .hexsides
        .iter()
        .filter(|hs| {
            let n = map
                .neighbour(hs.hex, hs.direction, MapsUsed::Both)
                .expect("on map");
            map.road_along(hs.hex, n).is_some() || map.railroad_along(hs.hex, n)
        })
        .count();
    assert_eq!(crossed, 1);
}

#[test]
fn creek_crossings_are_bridges_on_roads_and_fords_on_trails() {
    let map = data::map();
    // the Turnpike crosses Wilderness Run beside the tavern
    let (a, b) = (h("A36.07"), h("A37.07"));
    assert!(map.stream_between(a, b).is_some());
    assert_eq!(map.crossing(a, b), Some(Crossing::Bridge));
    // the Parker's Store Road (a trail) fords it between Chewning and Higgerson
    let (c, d) = (h("B13.32"), h("B13.33"));
    assert_eq!(map.crossing(c, d), Some(Crossing::TrailFord));
}

#[test]
fn roads_are_continuous_and_form_one_network() {
    let map = data::map();
    assert_eq!(map.roads().len(), 13);
    for r in map.roads() {
        for w in r.path.windows(2) {
            assert!(map.adjacent(w[0], w[1]), "{}: {} - {}", r.id, w[0], w[1]);
            assert!(map.road_links(&r.id, w[0], w[1]));
        }
    }
    let all: Vec<RoadId> = map.roads().iter().map(|r| r.id.clone()).collect();
    let start = h("A39.06");
    for r in map.roads() {
        for end in [r.path[0], *r.path.last().expect("non-empty")] {
            assert!(
                map.path_along(&all, start, end).is_some(),
                "{end} ({}) is cut off",
                r.id
            );
        }
    }
}

#[test]
fn rule_5_3_locations_and_sanders_field() {
    let map = data::map();
    let sanders = map
        .clearing(&ClearingId("sanders-field".into()))
        .expect("Sander's Field");
    assert_eq!(
        sanders.hexes.len(),
        6,
        "a 40 acre clearing: six hexes of about 7 acres"
    );
    assert!(sanders.hexes.iter().any(|&x| {
        map.hex(x)
            .expect("hex")
            .roads
            .contains(&road("orange-turnpike"))
    }));
    let spottswood = map
        .clearing(&ClearingId("spottswood-clearing".into()))
        .expect("Spottswood");
    assert!(
        spottswood.hexes.iter().any(|&x| map
            .hex(x)
            .expect("hex")
            .roads
            .contains(&road("germanna-plank-road"))),
        "rule 3.3a"
    );
    for c in ["tapp-farm", "chewning-farm"] {
        assert!(map.clearing(&ClearingId(c.into())).is_some());
    }
    assert_eq!(map.entry(EntryCode::F).hexes, vec![h("B39.01")]);
}

#[test]
fn chewning_farm_is_the_high_ground_of_map_b() {
    let map = data::map();
    let e = map.extent(Sheet::B);
    let mut top = 0;
    for c in e.hexrows.0..=e.hexrows.1 {
        for r in e.hexes.0..=e.hexes.1 {
            top = top.max(
                map.level(HexId::new(Sheet::B, c, r).expect("id"))
                    .expect("level"),
            );
        }
    }
    assert_eq!(map.level(h("B12.28")), Some(top));
}

#[test]
fn rule_4_2_off_map_link_ends_are_west_edge_road_hexes() {
    let map = data::map();
    assert_eq!(map.off_map_link(), [h("A1.01"), h("B1.21")]);
    for id in map.off_map_link() {
        assert!(map.is_edge(id, MapsUsed::Both));
        assert!(!map.hex(id).expect("hex").roads.is_empty());
    }
}

#[test]
fn entry_hexes_lie_on_the_map_edge_on_a_road() {
    let map = data::map();
    for code in EntryCode::ALL {
        let e = map.entry(code);
        assert_eq!(e.area, code == EntryCode::G);
        for &id in &e.hexes {
            assert!(
                sheet_edges(id).contains(&e.edge),
                "entry {code}: {id} not on the {} edge",
                e.edge
            );
            assert!(
                !map.hex(id).expect("hex").roads.is_empty(),
                "entry {code}: {id} has no road"
            );
        }
    }
    // 3.8a: "Entry Hex D, Map B"
    assert_eq!(map.entry(EntryCode::D).hexes[0].sheet(), Sheet::B);
    // Entry A is the Scenario 3 exit B13.35 seen from Map A
    assert!(map.entry(EntryCode::A).hexes[0].same_hex(h("B13.35"), map.offsets()));
}

#[test]
fn rule_4_4_first_nc_cav_sits_on_the_culpepper_mine_road_east_of_the_turnpike() {
    let map = data::map();
    let cmr = road("culpepper-mine-road");
    let path = map
        .path_along(std::slice::from_ref(&cmr), h("A24.16"), h("A16.10"))
        .expect("road to the junction");
    assert!(path.len() > 4, "the regiment has room to fall back");
    assert!(
        map.hex(h("A16.10"))
            .expect("hex")
            .roads
            .contains(&road("orange-turnpike"))
    );
    assert_eq!(map.road(&cmr).expect("road").path[0], h("A16.10"));
}

#[test]
fn rule_3_7_union_train_hexes_are_edge_road_hexes() {
    let map = data::map();
    assert!(map.is_edge(h("B51.25"), MapsUsed::Both));
    assert!(map.is_edge(h("A49.01"), MapsUsed::A));
    assert!(map.place(&PlaceId::new("union-trains")).is_some());
}

#[test]
fn rule_1_2a_road_features_negate_wilderness_only_where_present() {
    let map = data::map();
    let pike = map.hex(h("A20.09")).expect("hex");
    assert_eq!(pike.terrain, Terrain::Wilderness);
    assert!(pike.has_road_feature(false));
    let rail_only = map.hex(h("B20.16")).expect("hex");
    assert!(rail_only.railroad && rail_only.roads.is_empty());
    assert!(
        !rail_only.has_road_feature(false),
        "unfound railroad negates nothing"
    );
    assert!(rail_only.has_road_feature(true));
}
