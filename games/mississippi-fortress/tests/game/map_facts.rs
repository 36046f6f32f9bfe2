//! Every fact the rulebook states about the map holds in `data/map.json` (mf-map-facts).

use mississippi_fortress::data::map::{AreaFlag, BorderKind, RiverId, Terrain};
use mississippi_fortress::data::{AreaId, Charts, Map, Provenance};

use crate::facts::{areas, facts, num};

fn map() -> &'static Map {
    Map::get()
}

fn terrain_of(name: &str) -> Terrain {
    match name {
        "clear" => Terrain::Clear,
        "defensible" => Terrain::Defensible,
        "mountainous" => Terrain::Mountainous,
        "swamp" => Terrain::Swamp,
        other => panic!("unknown terrain {other}"),
    }
}

/// Parses a printed Area list such as "4-7, 12-13, 25, and 45-47" or "3, 10 and 18".
fn parse_printed_list(s: &str) -> Vec<u8> {
    let mut out = Vec::new();
    for part in s.replace(" and ", ",").split(',') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        if let Some((lo, hi)) = part.split_once('-') {
            let (lo, hi): (u8, u8) = (lo.parse().unwrap(), hi.parse().unwrap());
            out.extend(lo..=hi);
        } else {
            out.push(part.parse().unwrap());
        }
    }
    out.sort();
    out
}

#[test]
fn terrain_effects_chart_lists_give_every_area_its_terrain() {
    let lists = facts()["terrain"].as_object().unwrap();
    let mut seen = 0;
    for (name, list) in lists {
        let terrain = terrain_of(name);
        let expected = areas(list);
        seen += expected.len();
        let actual: Vec<u8> = map().areas_of(terrain).iter().map(|a| a.0).collect();
        assert_eq!(actual, expected, "{name} Areas");
    }
    assert_eq!(seen, 47, "the four lists partition the 47 Areas");
}

#[test]
fn terrain_effects_chart_printed_lists_read_back_from_chart_data() {
    let lists = facts()["terrain"].as_object().unwrap();
    for (name, list) in lists {
        let effects = Charts::get().terrain(terrain_of(name));
        assert_eq!(
            parse_printed_list(&effects.printed_areas),
            areas(list),
            "{name}"
        );
    }
}

#[test]
fn rule_5_2_swamp_areas_are_printed_ones() {
    let swamp: Vec<u8> = map().areas_of(Terrain::Swamp).iter().map(|a| a.0).collect();
    assert_eq!(swamp, vec![1, 2, 8, 9, 16, 17, 27, 35]);
}

#[test]
fn rule_5_1_mountainous_areas_are_3_10_18() {
    let m: Vec<u8> = map()
        .areas_of(Terrain::Mountainous)
        .iter()
        .map(|a| a.0)
        .collect();
    assert_eq!(m, vec![3, 10, 18]);
}

#[test]
fn printed_area_names_are_on_their_areas() {
    let names = facts()["printed_names"].as_object().unwrap();
    assert_eq!(names.len(), 10, "the book names ten Areas");
    for (number, name) in names {
        let area = map().area(AreaId(number.parse().unwrap())).unwrap();
        assert_eq!(area.name, name.as_str().unwrap());
        assert_eq!(area.name_status, Provenance::Printed, "Area {number}");
    }
    let printed = map()
        .areas()
        .iter()
        .filter(|a| a.name_status == Provenance::Printed)
        .count();
    assert_eq!(printed, 10, "no other Area claims a printed name");
}

#[test]
fn area_36_is_grand_gulf_by_implication() {
    let a = map().area(AreaId(36)).unwrap();
    assert_eq!(a.name, "Grand Gulf");
    assert_eq!(a.name_status, Provenance::Implied);
}

#[test]
fn every_stated_or_implied_adjacency_holds() {
    for adj in facts()["adjacencies"].as_array().unwrap() {
        let (a, b) = (num(&adj["a"]), num(&adj["b"]));
        let certainty = adj["certainty"].as_str().unwrap();
        let border = map().border(AreaId(a), AreaId(b));
        match certainty {
            "stated" | "implied-strong" | "probable" | "inferred-moderate" => {
                assert!(border.is_some(), "{certainty}: {a}-{b} must be adjacent");
            }
            "unknown" => {}
            other => panic!("unexpected certainty {other}"),
        }
    }
}

#[test]
fn terrain_effects_chart_yazoo_between_2_and_3_is_only_a_major_river() {
    let b = map().border(AreaId(2), AreaId(3)).unwrap();
    assert!(matches!(
        b.kind,
        BorderKind::MajorRiver {
            river: RiverId::Yazoo,
            ..
        }
    ));
    assert!(!b.crossings().is_empty(), "crossable without ships");
    assert!(map().land_step(AreaId(2), AreaId(3), false));
}

#[test]
fn rule_5_3_other_yazoo_borders_need_ships() {
    let yazoo: Vec<_> = map()
        .borders()
        .iter()
        .filter(|b| b.river() == Some(RiverId::Yazoo) && (b.a, b.b) != (AreaId(2), AreaId(3)))
        .collect();
    assert!(!yazoo.is_empty());
    for b in yazoo {
        assert_eq!(b.kind, BorderKind::Yazoo, "{}-{}", b.a.0, b.b.0);
        assert!(!b.land_crossable());
    }
}

#[test]
fn rule_5_3_mississippi_has_no_crossing_points() {
    let miss: Vec<_> = map()
        .borders()
        .iter()
        .filter(|b| b.river() == Some(RiverId::Mississippi))
        .collect();
    assert!(miss.len() >= 9);
    for b in miss {
        assert_eq!(b.kind, BorderKind::Mississippi);
        assert!(b.crossings().is_empty() && !b.land_crossable());
    }
}

#[test]
fn rule_4_14_vicksburg_and_warrenton_arrows_join_17_to_18_and_23() {
    for (other, arrow) in [(18, "A3"), (23, "A4")] {
        let b = map().border(AreaId(17), AreaId(other)).unwrap();
        assert_eq!(b.kind, BorderKind::Mississippi);
        assert_eq!(b.arrows, vec![arrow.parse().unwrap()]);
    }
}

#[test]
fn terrain_effects_chart_printed_ridges_are_ridges_and_the_only_ones() {
    let mut printed: Vec<(u8, u8)> = facts()["ridges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let v = areas(r);
            (v[0].min(v[1]), v[0].max(v[1]))
        })
        .collect();
    printed.sort();
    assert_eq!(
        printed,
        vec![(13, 15), (21, 26), (23, 24), (32, 41), (44, 45)]
    );
    let mut ridges: Vec<(u8, u8)> = map()
        .borders()
        .iter()
        .filter(|b| b.is_ridge())
        .map(|b| (b.a.0, b.b.0))
        .collect();
    ridges.sort();
    assert_eq!(
        ridges, printed,
        "decision M4: no ridge beyond the printed examples"
    );
}

#[test]
fn rule_4_12a_named_river_arrows_touch_the_stated_areas() {
    for arrow in facts()["river_arrows"].as_array().unwrap() {
        let touching = areas(&arrow["adjacent_areas"]);
        let found = match arrow["name"].as_str() {
            Some(name) => map()
                .arrows()
                .iter()
                .find(|a| a.name == name)
                .unwrap_or_else(|| panic!("arrow {name} exists")),
            None => {
                let area = AreaId(touching[0]);
                let id = map().setup_arrow(area).expect("a designated arrow");
                map().arrow(id).unwrap()
            }
        };
        for a in &touching {
            assert!(found.touches(AreaId(*a)), "{} touches Area {a}", found.name);
        }
        if let Some(battery) = arrow.get("battery_area") {
            let site = map().shore_battery_site(AreaId(num(battery))).unwrap();
            assert_eq!(site.arrow, found.id);
        }
    }
}

#[test]
fn rule_4_12a_example_area_17_is_not_beside_the_upstream_arrows() {
    let touching: Vec<String> = map()
        .arrows_touching(AreaId(17))
        .into_iter()
        .map(|id| map().arrow(id).unwrap().name.clone())
        .collect();
    assert_eq!(touching, vec!["Vicksburg", "Warrenton"]);
    for name in facts()["arrows_not_adjacent_to_17"].as_array().unwrap() {
        assert!(!touching.iter().any(|t| t == name.as_str().unwrap()));
    }
}

#[test]
fn rule_4_22_shore_batteries_sit_beside_the_one_arrow_they_guard() {
    for b in facts()["shore_batteries"].as_array().unwrap() {
        let area = AreaId(num(&b["area"]));
        let site = map().shore_battery_site(area).expect("a battery site");
        assert_eq!(
            site.can_be_silenced,
            b["can_be_silenced"].as_bool().unwrap()
        );
        assert_eq!(map().arrows_touching(area), vec![site.arrow], "4.22b");
        assert!(map().area(area).unwrap().has(AreaFlag::ShoreBatterySite));
    }
    assert_eq!(map().shore_battery_sites().len(), 3);
}

#[test]
fn rule_5_41_siege_areas_are_flagged_and_ring_vicksburg() {
    let siege = areas(&facts()["siege"]["siege_areas"]);
    let flagged: Vec<u8> = map()
        .areas_with(AreaFlag::SiegeArea)
        .iter()
        .map(|a| a.0)
        .collect();
    assert_eq!(flagged, siege);
    for s in siege {
        assert!(
            map().land_step(AreaId(s), AreaId(18), false),
            "{s} reaches Vicksburg by land"
        );
    }
}

#[test]
fn rule_5_43_surrender_areas_are_flagged() {
    let expected = areas(&facts()["siege"]["surrender_areas"]);
    let flagged: Vec<u8> = map()
        .areas_with(AreaFlag::SurrenderArea)
        .iter()
        .map(|a| a.0)
        .collect();
    assert_eq!(flagged, expected);
}

#[test]
fn rule_2_32_home_areas() {
    let f = &facts()["home_areas"];
    assert_eq!(
        map().areas_with(AreaFlag::JohnstonHome),
        vec![AreaId(num(&f["johnston"]))]
    );
    assert_eq!(
        map().areas_with(AreaFlag::PembertonHome),
        vec![AreaId(num(&f["pemberton"]))]
    );
}

#[test]
fn rule_5_11_mandatory_combat_entries() {
    let f = &facts()["mandatory_combat"];
    assert_eq!(f["into_18"], "from any adjacent Area");
    let v = map().mandatory_combat(AreaId(18)).unwrap();
    for n in map().neighbours(AreaId(18)) {
        assert!(v.applies_from(*n));
    }
    let from = areas(&f["into_3_or_10_mandatory_from"]);
    for into in [3, 10] {
        let m = map().mandatory_combat(AreaId(into)).unwrap();
        for a in &from {
            assert!(m.applies_from(AreaId(*a)), "into {into} from {a}");
        }
    }
    for (into, key) in [(3, "into_3_exempt_from"), (10, "into_10_exempt_from")] {
        let m = map().mandatory_combat(AreaId(into)).unwrap();
        for a in areas(&f[key]) {
            assert!(
                !m.applies_from(AreaId(a)),
                "5.11a exception: into {into} from {a}"
            );
            assert!(
                map().land_step(AreaId(a), AreaId(into), false),
                "{a} -> {into} by land"
            );
        }
    }
}

#[test]
fn rule_5_11a_exceptions_name_every_other_land_entry() {
    // The exception lists plus 2 and 9 cover every land entry into 3 and 10.
    for (into, allowed) in [(3u8, vec![2u8, 4, 10, 11]), (10, vec![3, 9, 11, 18])] {
        let land: Vec<u8> = map()
            .neighbours(AreaId(into))
            .iter()
            .filter(|n| map().land_step(**n, AreaId(into), false))
            .map(|n| n.0)
            .collect();
        assert_eq!(land, allowed, "land entries into {into}");
    }
}

#[test]
fn rule_6_3_south_of_the_big_bayou_pierre() {
    let south = areas(&facts()["south_of_big_bayou_pierre"]);
    let flagged: Vec<u8> = map()
        .areas_with(AreaFlag::SouthOfBigBayouPierre)
        .iter()
        .map(|a| a.0)
        .collect();
    assert_eq!(flagged, south);
    for b in map().borders() {
        let (a_south, b_south) = (south.contains(&b.a.0), south.contains(&b.b.0));
        let north_side = [36, 37, 39];
        if a_south != b_south && (north_side.contains(&b.a.0) || north_side.contains(&b.b.0)) {
            assert_eq!(
                b.river(),
                Some(RiverId::BigBayouPierre),
                "{}-{}",
                b.a.0,
                b.b.0
            );
        }
        if b.river() == Some(RiverId::BigBayouPierre) {
            assert_ne!(a_south, b_south, "the bayou separates south from north");
        }
    }
}

#[test]
fn entry_areas_are_flagged() {
    for (side, flag) in [
        ("union", AreaFlag::UnionEntry),
        ("confederate", AreaFlag::ConfederateEntry),
    ] {
        let expected = areas(&facts()["entry_areas"][side]);
        let mut flagged: Vec<u8> = map().areas_with(flag).iter().map(|a| a.0).collect();
        flagged.sort();
        let mut expected = expected;
        expected.sort();
        assert_eq!(flagged, expected, "{side}");
    }
}

#[test]
fn victory_point_areas_are_jackson_and_vicksburg() {
    assert_eq!(areas(&facts()["vp_areas"]), vec![15, 18]);
    assert!(map().area(AreaId(15)).unwrap().has(AreaFlag::Jackson));
    assert!(map().area(AreaId(18)).unwrap().has(AreaFlag::Vicksburg));
}
