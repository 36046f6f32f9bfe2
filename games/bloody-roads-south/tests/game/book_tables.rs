//! The game's own printed tables read back (personality-sheet panic tables, 5.2, 5.3) and the
//! reconstructed game charts (Movement Chart, Map B summary, 1st NC Cav Table).

use crate::printed::book_table;
use bloody_roads_south::data::charts::movement::{MoveClass, MpCost};
use bloody_roads_south::data::charts::victory::{StrategicResult, TacticalLevel};
use bloody_roads_south::data::road::RoadClass;
use bloody_roads_south::data::{self, GameTime, HexId, Side, UnitId};

#[test]
fn personality_sheets_panic_tables_read_back() {
    let status = &data::charts().army_status;
    for name in ["Grant", "Meade", "Burnside", "Lee"] {
        let printed = book_table(&format!("panic {name}"));
        let c = status.commander(&UnitId::new(name)).expect(name);
        assert_eq!(printed[0][1..], c.columns[..], "{name} columns");
        assert_eq!(printed[1][0], "Status of 2");
        let two: Vec<String> = c.status_2.iter().map(ToString::to_string).collect();
        let one: Vec<String> = c.status_1.iter().map(ToString::to_string).collect();
        assert_eq!(printed[1][1..], two[..], "{name} status 2");
        assert_eq!(printed[2][1..], one[..], "{name} status 1");
    }
}

#[test]
fn personality_sheets_starting_status_and_demands() {
    let status = &data::charts().army_status;
    let c = |n: &str| status.commander(&UnitId::new(n)).expect(n);
    assert_eq!(
        (
            c("Grant").starting_status,
            c("Meade").starting_status,
            c("Burnside").starting_status,
            c("Lee").starting_status
        ),
        (4, 3, 3, 4)
    );
    assert_eq!(c("Grant").panic_demands_per_day, 2);
    assert_eq!(c("Grant").demand_targets, vec![UnitId::new("Lee")]);
    assert_eq!(c("Lee").panic_demands_per_day, 2);
    assert_eq!(
        c("Lee").demand_targets.len(),
        3,
        "Grant, Meade or Burnside (3.3)"
    );
    assert_eq!(
        (
            c("Meade").panic_demands_per_day,
            c("Burnside").panic_demands_per_day
        ),
        (0, 0)
    );
    assert_eq!(c("Lee").side, Side::Confederate);
    // lookups: Grant at status 1 with 8 wrecked divisions panics on 10+; status 3 never rolls
    assert_eq!(c("Grant").panic_on(1, 8), Some(10));
    assert_eq!(c("Grant").panic_on(2, 3), None);
    assert_eq!(c("Grant").panic_on(3, 20), None);
    assert_eq!(c("Lee").panic_on(2, 9), Some(11));
    assert_eq!(c("Burnside").panic_on(1, 7), Some(6));
}

#[test]
fn army_status_checks_every_three_hours() {
    let s = &data::charts().army_status.status;
    let t = |x: &str| x.parse::<GameTime>().expect(x);
    assert!(
        s.is_check(t("5 May 3:00pm"))
            && s.is_check(t("5 May 12:00am"))
            && s.is_check(t("6 May 6:00am"))
    );
    assert!(!s.is_check(t("5 May 3:30pm")) && !s.is_check(t("5 May 1:00pm")));
    assert_eq!(
        (s.change(2), s.change(1), s.change(-1), s.change(-6)),
        (1, 0, 0, -1)
    );
    let checks = data::turn_record()
        .span(t("5 May 1:00pm"), t("7 May 7:00pm"))
        .expect("Scenario 5")
        .iter()
        .filter(|turn| s.is_check(turn.time))
        .count();
    assert_eq!(checks, 18);
}

#[test]
fn rule_5_2_tactical_victory_points_read_back() {
    let v = &data::charts().victory;
    let printed = book_table("5.2");
    let values = [
        v.tactical.enemy_brigade_wrecked.to_string(),
        v.tactical.enemy_division_wrecked.to_string(),
        "Rating".to_string(),
        "1".to_string(),
        "1".to_string(),
    ];
    for (line, value) in printed.iter().zip(values) {
        assert_eq!(
            line[0].rsplit(": ").next(),
            Some(value.as_str()),
            "{}",
            line[0]
        );
    }
    assert_eq!(v.tactical.enemy_leader_casualty, "rating");
    assert!(printed[3][0].starts_with(&format!(
        "Every {} enemy casualties",
        v.tactical.enemy_casualties_per_point
    )));
    assert!(printed[4][0].starts_with(&format!(
        "Every {} gun points",
        v.tactical.enemy_gun_points_per_point
    )));
    assert_eq!(v.tactical.level(3, 2), TacticalLevel::Draw, "1.5 is a draw");
    assert_eq!(v.tactical.level(8, 5), TacticalLevel::Minor);
    assert_eq!(v.tactical.level(9, 3), TacticalLevel::Major, "3.0 is major");
    assert_eq!(
        v.tactical.level(2, 0),
        TacticalLevel::Minor,
        "a zero total counts as one"
    );
    assert_eq!(v.tactical.level(0, 0), TacticalLevel::Draw);
}

#[test]
fn rule_5_3_strategic_points_and_locations_read_back() {
    let v = &data::charts().victory;
    let printed = book_table("5.3 points");
    assert!(printed[0][0].ends_with(&format!(": {}", v.strategic.enemy_corps_wrecked)));
    assert!(printed[2][0].starts_with(&format!(
        "Every {} Tactical",
        v.strategic.tactical_points_per_point
    )));
    assert_eq!(v.strategic.corps_wrecked_percent, 25, "rule 5.1b");
    let table = book_table("5.3 locations");
    assert_eq!(table[0], vec!["Terrain", "Union", "Confederate"]);
    assert_eq!(table.len() - 1, v.location.len());
    for (line, loc) in table[1..].iter().zip(&v.location) {
        assert_eq!(line[0], loc.printed);
        if loc.completed {
            assert_eq!(line.len(), 1, "{}: printed without values", loc.printed);
        } else {
            assert_eq!(
                line[1..],
                [loc.union.to_string(), loc.confederate.to_string()][..],
                "{}",
                loc.printed
            );
        }
    }
    let map = data::map();
    for loc in &v.location {
        for &x in &loc.hexes {
            assert!(map.contains(x), "{}", loc.printed);
        }
        if let Some(c) = &loc.clearing {
            assert!(map.clearing(c).is_some(), "{}", loc.printed);
        }
        assert!(
            loc.hexes.is_empty() != loc.clearing.is_none(),
            "{}: a hex or a clearing",
            loc.printed
        );
    }
    let f = v.location("Entry hex F").expect("F");
    assert_eq!(
        f.hexes,
        map.entry(bloody_roads_south::data::place::EntryCode::F)
            .hexes
    );
    assert_eq!((f.points(Side::Union), f.points(Side::Confederate)), (0, 3));
}

#[test]
fn rule_5_3_differential_bands_read_back() {
    let v = &data::charts().victory;
    let table = book_table("5.3 differential");
    assert_eq!(table.len() - 1, v.differential.len());
    for (line, band) in table[1..].iter().zip(&v.differential) {
        assert_eq!(line[0], band.printed);
    }
    use StrategicResult::*;
    let results: Vec<StrategicResult> = (-7..=7)
        .map(|d| v.strategic_result(d).expect("band"))
        .collect();
    assert_eq!(
        results,
        vec![
            ConfederateMajor,
            ConfederateMajor,
            ConfederateMinor,
            ConfederateMinor,
            ConfederateMinor,
            ConfederateMinor,
            Draw,
            Draw,
            Draw,
            UnionMinor,
            UnionMinor,
            UnionMinor,
            UnionMinor,
            UnionMajor,
            UnionMajor
        ]
    );
}

#[test]
fn reconstructed_movement_chart() {
    let m = &data::charts().movement;
    assert!(m.rule.contains("1.2d"));
    assert_eq!(m.columns.len(), m.keys.len());
    for class in m.keys.iter().copied() {
        assert!(m.allowance(class).is_some(), "{class:?}");
    }
    let mp = |c: Option<MpCost>| match c {
        Some(MpCost::Mp(h)) => h.0,
        other => panic!("{other:?}"),
    };
    // rule 1.2d: Wilderness costs; rule 1.2a: negated along roads
    assert_eq!(mp(m.terrain_cost("wilderness", MoveClass::InfantryLine)), 6);
    assert_eq!(mp(m.terrain_cost("wilderness", MoveClass::Leader)), 4);
    assert_eq!(
        mp(m.feature_cost(RoadClass::Pike.chart_key(), MoveClass::InfantryColumn)),
        1
    );
    assert_eq!(
        m.feature_cost("trail", MoveClass::InfantryLine),
        Some(MpCost::NotUsable)
    );
    assert_eq!(
        m.feature_cost("trail", MoveClass::ArmyTrain),
        Some(MpCost::Prohibited)
    );
    assert_eq!(
        m.feature_cost("railroad", MoveClass::InfantryColumn),
        m.feature_cost("trail", MoveClass::InfantryColumn),
        "1.3e: a trail"
    );
    // rule 1.4: the ford costs the same for every type and formation
    let ford: Vec<MpCost> = m
        .keys
        .iter()
        .map(|&k| m.hexside_cost("river-ford", k).expect("cost"))
        .collect();
    assert!(ford.windows(2).all(|w| w[0] == w[1]));
    assert!(
        m.keys
            .iter()
            .all(|&k| m.hexside_cost("river", k) == Some(MpCost::Prohibited))
    );
    // rule 3.2: Hancock uses the limbered artillery column
    assert_eq!(m.allowance(MoveClass::ArtilleryLimbered), Some(7));
    assert_eq!(m.allowance(MoveClass::Leader), Some(13));
    for row in m.terrain.iter().chain(&m.feature).chain(&m.hexside) {
        assert_eq!(row.cells.len(), m.columns.len(), "{}", row.key);
    }
}

#[test]
fn reconstructed_map_b_summary() {
    let s = &data::charts().special_rules;
    let rr = &s.railroad_discovery;
    // rule 1.3d as printed: Confederates 2-4, Union 2
    assert!(rr.discovers(Side::Confederate, 4) && !rr.discovers(Side::Confederate, 5));
    assert!(rr.discovers(Side::Union, 2) && !rr.discovers(Side::Union, 3));
    // map errata: B39.06, on the railroad
    assert_eq!(rr.union_hex, "B39.06".parse::<HexId>().expect("hex"));
    assert_eq!(rr.union_hex, data::map().railroad().union_discovery_hex);
    assert!(
        data::order_of_battle()
            .side(Side::Confederate)
            .corps_of(&rr.confederate_corps)
            .is_some()
    );
    // rule 4.4c: every 2d6 roll has one result
    let nc = &s.nc_cav;
    let hexes: Vec<u8> = (2..=12).map(|r| nc.retreat(r).expect("roll")).collect();
    assert_eq!(hexes, vec![0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4]);
    let labels: Vec<String> = nc.columns.iter().map(ToString::to_string).collect();
    assert_eq!(labels, vec!["2–5", "6–8", "9–10", "11", "12"]);
    assert!(
        data::map()
            .road(&nc.road)
            .is_some_and(|r| r.path[0] == nc.toward),
        "retreats toward the junction"
    );
    // rule 3.7
    assert_eq!(s.union_trains.two_maps.to_string(), "B51.25");
    assert_eq!(s.union_trains.map_a_only.to_string(), "A49.01");
}
