//! Scenarios 6.1, 6.2, 6.3 and 7.3: they load, every unit and Area exists, and every printed
//! set-up and reinforcement line is in the data (checked against `map_facts.json`).

use mississippi_fortress::data::scenarios::{
    Arrival, AwardKind, AwardTiming, Location, Scenario, ScenarioId, SpecialRule, WinCondition,
};
use mississippi_fortress::data::turn_track::TrackId;
use mississippi_fortress::data::units::Formation;
use mississippi_fortress::data::{
    AreaId, Charts, Constants, Map, Options, Scenarios, Side, TurnTrack, Unit, UnitKind, Units,
};
use serde_json::Value;

use crate::facts::{facts, num};

fn scenario(id: ScenarioId) -> &'static Scenario {
    Scenarios::get().scenario(id)
}

#[test]
fn every_data_file_loads() {
    assert_eq!(Map::get().areas().len(), 47);
    assert!(!Units::get().all().is_empty());
    assert_eq!(TurnTrack::get().track(TrackId::Campaign).len(), 39);
    assert_eq!(Charts::get().cic_b.max_level(), 4);
    assert_eq!(Constants::get().battle_board.line_positions, 3);
    assert_eq!(Options::get().all().len(), 6);
    assert_eq!(Scenarios::get().all().len(), 4);
}

#[test]
fn scenario_ids_are_the_catalog_names() {
    let names: Vec<&str> = Scenarios::get()
        .all()
        .iter()
        .map(|s| s.id.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "champion-hill",
            "grants-land-campaign",
            "porter-runs-the-batteries",
            "shermans-assault"
        ]
    );
    for id in ScenarioId::ALL {
        assert_eq!(Scenarios::get().by_name(id.as_str()).unwrap().id, id);
        assert_eq!(id.to_string().parse::<ScenarioId>(), Ok(id));
    }
    assert!(
        Scenarios::get()
            .by_name("battle-of-the-wilderness")
            .is_none()
    );
}

#[test]
fn scenario_lengths_first_player_and_starting_vps() {
    for f in facts()["scenarios"].as_array().unwrap() {
        let Some(id) = scenario_of(f["id"].as_str().unwrap()) else {
            continue;
        };
        let s = scenario(id);
        assert_eq!(s.first_turn, num(&f["first_turn"]), "{}", s.rule);
        assert_eq!(s.last_turn, num(&f["last_turn"]), "{}", s.rule);
        assert_eq!(s.first_player, Side::Union);
        if let Some(vp) = f.get("starting_vp") {
            assert_eq!(
                u64::from(s.starting_vp.union),
                vp["union"].as_u64().unwrap()
            );
            assert_eq!(
                u64::from(s.starting_vp.confederate),
                vp["confederate"].as_u64().unwrap()
            );
        } else {
            assert_eq!((s.starting_vp.union, s.starting_vp.confederate), (0, 0));
        }
    }
    assert_eq!(
        scenario(ScenarioId::GrantsLandCampaign).turns(),
        34,
        "6.2 is 34 turns long"
    );
    assert_eq!(
        scenario(ScenarioId::ShermansAssault).track,
        TrackId::ShermansAssault
    );
}

fn scenario_of(rule: &str) -> Option<ScenarioId> {
    match rule {
        "6.1" => Some(ScenarioId::ChampionHill),
        "6.2" => Some(ScenarioId::GrantsLandCampaign),
        "6.3" => Some(ScenarioId::PorterRunsTheBatteries),
        "7.3" => Some(ScenarioId::ShermansAssault),
        _ => None,
    }
}

/// A unit name reduced to what the book and the data share: no rank prefix, no asterisk, no
/// parenthesis, "Miss." spelled out, and the words "shore" and "brigade" dropped.
fn key(name: &str) -> String {
    let mut s = name.to_lowercase();
    for prefix in [
        "commander/officer ",
        "commander ",
        "officer ",
        "gunboat ",
        "ironclad ",
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.to_string();
        }
    }
    while let (Some(open), Some(close)) = (s.find('('), s.find(')')) {
        if close < open {
            break;
        }
        s.replace_range(open..=close, "");
    }
    s = s.replace("miss.", "mississippi").replace('*', "");
    s.split_whitespace()
        .filter(|w| *w != "shore" && *w != "brigade")
        .collect::<String>()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

fn formation_of(printed: &str) -> Option<Formation> {
    Some(match printed.split_whitespace().next()? {
        "IX" => Formation::Ix,
        "XIII" => Formation::Xiii,
        "XV" => Formation::Xv,
        "XVI" => Formation::Xvi,
        "XVII" => Formation::Xvii,
        "I" => Formation::ICorps,
        "1st" => Formation::Dec62First,
        "2nd" => Formation::Dec62Second,
        "3rd" => Formation::Dec62Third,
        "4th" => Formation::Dec62Fourth,
        _ => return None,
    })
}

fn matches(unit: &Unit, printed: &Value) -> bool {
    let name = printed["name"].as_str().unwrap();
    if name == "transport steamer" {
        return unit.kind == UnitKind::Transport;
    }
    if key(&unit.name) != key(name) {
        return false;
    }
    match printed
        .get("formation")
        .and_then(|f| f.as_str())
        .and_then(formation_of)
    {
        Some(f) => {
            unit.formation == Some(f)
                || unit
                    .leader
                    .as_ref()
                    .is_some_and(|l| l.commands.contains(&f))
        }
        None => true,
    }
}

fn location_of(group: &Value) -> Location {
    if let Some(a) = group.get("area") {
        Location::Area(AreaId(num(a)))
    } else if let Some(a) = group.get("arrow_at") {
        Location::ArrowAt(AreaId(num(a)))
    } else if let Some(a) = group.get("shore_battery") {
        Location::ShoreBattery(AreaId(num(a)))
    } else {
        Location::AnyShoreBattery
    }
}

/// Every printed set-up and reinforcement group is a group of the data with the same side,
/// place and turn, holding exactly the printed units, with the printed reduced strengths.
#[test]
fn every_printed_setup_and_reinforcement_is_in_the_scenarios() {
    let units = Units::get();
    for f in facts()["scenarios"].as_array().unwrap() {
        let Some(id) = scenario_of(f["id"].as_str().unwrap()) else {
            continue;
        };
        let s = scenario(id);
        let mut total = 0;
        for g in f["groups"].as_array().unwrap() {
            let side = if g["side"] == "union" {
                Side::Union
            } else {
                Side::Confederate
            };
            let mut location = location_of(g);
            let printed: Vec<&Value> = g["units"].as_array().unwrap().iter().collect();
            total += printed.len();
            let naval = printed.iter().any(|p| {
                let n = p["name"].as_str().unwrap();
                n.starts_with("Gunboat") || n == "transport steamer"
            });
            if let (Location::Area(a), true) = (location, naval) {
                location = Location::ArrowAt(a);
            }
            let ids: Vec<&str> = match g.get("turn") {
                None => s
                    .setup
                    .iter()
                    .filter(|p| p.side == side && p.location == location)
                    .flat_map(|p| p.units.iter().map(|u| u.as_str()))
                    .collect(),
                Some(t) => s
                    .reinforcements
                    .iter()
                    .filter(|r| {
                        r.side == side
                            && r.location == location
                            && Some(r.turn)
                                == t.as_u64().map(|t| Arrival::Turn(u8::try_from(t).unwrap()))
                    })
                    .flat_map(|r| r.units.iter().map(|u| u.as_str()))
                    .collect(),
            };
            assert_eq!(
                ids.len(),
                printed.len(),
                "{} {side:?} at {location:?}: {ids:?}",
                s.rule
            );
            let mut unused: Vec<&str> = ids.clone();
            for p in &printed {
                let pos = unused
                    .iter()
                    .position(|id| matches(units.unit(id).unwrap(), p))
                    .unwrap_or_else(|| {
                        panic!(
                            "{}: {} not found at {location:?} among {unused:?}",
                            s.rule, p["name"]
                        )
                    });
                let id = unused.remove(pos);
                let reduced = p.get("reduced").map(num);
                assert_eq!(
                    s.reduced_strength(id),
                    reduced,
                    "{}: reduced strength of {id}",
                    s.rule
                );
            }
        }
        assert_eq!(
            s.unit_ids().count(),
            total,
            "{}: no unit beyond the printed lists",
            s.rule
        );
    }
}

#[test]
fn every_setup_and_reinforcement_area_exists_and_every_unit_is_known() {
    let map = Map::get();
    for s in Scenarios::get().all() {
        for (side, location, ids) in s
            .setup
            .iter()
            .map(|p| (p.side, p.location, &p.units))
            .chain(
                s.reinforcements
                    .iter()
                    .map(|r| (r.side, r.location, &r.units)),
            )
        {
            match location {
                Location::Area(a) => assert!(map.area(a).is_some()),
                Location::ArrowAt(a) => assert!(map.setup_arrow(a).is_some()),
                Location::ShoreBattery(a) => assert!(map.shore_battery_site(a).is_some()),
                Location::AnyShoreBattery => {}
            }
            for id in ids {
                assert_eq!(
                    Units::get().unit(id.as_str()).map(|u| u.side),
                    Some(side),
                    "{id}"
                );
            }
        }
    }
}

#[test]
fn rule_4_22_shore_batteries_start_on_their_sites() {
    for s in Scenarios::get().all() {
        for p in &s.setup {
            for id in &p.units {
                if Units::get().unit(id.as_str()).unwrap().kind == UnitKind::ShoreBattery {
                    let Location::Area(a) = p.location else {
                        panic!("{id} in an Area")
                    };
                    assert!(Map::get().shore_battery_site(a).is_some(), "{id}");
                }
            }
        }
    }
}

#[test]
fn grants_land_campaign_and_porter_share_the_confederate_forces_and_victory() {
    let (a, b) = (
        scenario(ScenarioId::GrantsLandCampaign),
        scenario(ScenarioId::PorterRunsTheBatteries),
    );
    let conf = |s: &Scenario| {
        (
            s.setup
                .iter()
                .filter(|p| p.side == Side::Confederate)
                .cloned()
                .collect::<Vec<_>>(),
            s.reinforcements
                .iter()
                .filter(|r| r.side == Side::Confederate)
                .cloned()
                .collect::<Vec<_>>(),
        )
    };
    assert_eq!(conf(a), conf(b));
    assert_eq!(a.victory, b.victory, "6.3: identical to 6.2");
}

#[test]
fn rule_6_2_victory_points_as_data() {
    let v = &scenario(ScenarioId::GrantsLandCampaign).victory;
    assert_eq!(
        v.condition,
        WinCondition::HigherVp {
            tie_break_area: AreaId(18)
        }
    );
    let end = v.sudden_end.unwrap();
    assert_eq!(
        (end.side, end.area, end.turns),
        (Side::Union, AreaId(18), 3),
        "5.44"
    );
    assert_eq!(v.awards.len(), 15);
    let union: Vec<_> = v.awards.iter().filter(|a| a.side == Side::Union).collect();
    assert_eq!(union.len(), 8);
    assert_eq!(union[0].kind, AwardKind::Besieged);
    let tiers: Vec<(u8, u16)> = union
        .iter()
        .filter_map(|a| match a.kind {
            AwardKind::AreaCapturedBy {
                area: AreaId(18),
                by_turn,
                requires_loc: true,
            } => Some((by_turn, a.vp)),
            _ => None,
        })
        .collect();
    assert_eq!(tiers, [(15, 50), (30, 25), (39, 20)]);
    let conf_per_turn: Vec<u16> = v
        .awards
        .iter()
        .filter(|a| a.side == Side::Confederate && a.timing == AwardTiming::PerTurn)
        .map(|a| a.vp)
        .collect();
    assert_eq!(conf_per_turn, [1, 1, 3, 5]);
}

#[test]
fn rule_6_1_union_must_hold_jackson() {
    let v = &scenario(ScenarioId::ChampionHill).victory;
    assert_eq!(
        v.condition,
        WinCondition::HoldAreaWithVp {
            side: Side::Union,
            area: AreaId(15)
        }
    );
    assert_eq!(v.awards.len(), 6);
    assert!(
        !v.awards.iter().any(|a| a.kind == AwardKind::Besieged),
        "6.1 has no siege award"
    );
}

#[test]
fn rule_6_1_area_47_group_arrives_on_turn_13() {
    let s = scenario(ScenarioId::ChampionHill);
    let r = s
        .reinforcements
        .iter()
        .find(|r| r.location == Location::Area(AreaId(47)))
        .unwrap();
    assert_eq!(r.turn, Arrival::Turn(13));
    assert!(!r.note.is_empty(), "the decision is written down");
}

#[test]
fn rule_6_3_confederates_closed_out_south_of_the_big_bayou_pierre() {
    let s = scenario(ScenarioId::PorterRunsTheBatteries);
    let [special] = s.special_rules.as_slice() else {
        panic!("one special rule")
    };
    assert_eq!(
        special.rule,
        SpecialRule::AreasClosed {
            side: Side::Confederate,
            areas: vec![AreaId(38), AreaId(43), AreaId(44), AreaId(45)],
            until_turn: 6,
            unless_landing_in: AreaId(43),
        }
    );
}

#[test]
fn rule_7_3_special_rules() {
    let s = scenario(ScenarioId::ShermansAssault);
    assert_eq!(s.max_dummies, Some(6));
    assert!(
        s.special_rules
            .iter()
            .any(|r| r.rule == SpecialRule::NoArtilleryInto { area: AreaId(9) })
    );
    assert!(s.special_rules.iter().any(|r| matches!(
        &r.rule,
        SpecialRule::CommanderOfficerCommands { side: Side::Confederate, formations } if formations.len() == 2
    )));
    assert_eq!(
        s.victory.condition,
        WinCondition::OccupyAreaWithInfantry {
            side: Side::Union,
            area: AreaId(18)
        }
    );
    assert!(s.victory.awards.is_empty());
}

#[test]
fn scenario_loader_rejects_unknown_units_and_areas() {
    let text = include_str!("../../data/scenarios/champion-hill.toml");
    let parse = |t: &str| {
        Scenario::parse(
            "scenarios/champion-hill.toml",
            t,
            Map::get(),
            Units::get(),
            TurnTrack::get(),
        )
    };
    assert!(parse(text).is_ok());
    assert!(parse(&text.replacen("\"ia-3-cav\"", "\"no-such-unit\"", 1)).is_err());
    assert!(parse(&text.replacen("area = 32 }", "area = 48 }", 1)).is_err());
    assert!(
        parse(&text.replacen("turn = 16\nlocation", "turn = 17\nlocation", 1)).is_err(),
        "after the last turn"
    );
    assert!(
        parse(&text.replacen("xiii-9-div = 4", "xiii-9-div = 6", 1)).is_err(),
        "not reduced"
    );
    assert!(
        parse(&text.replacen("\"ia-3-cav\"", "\"ector-bde\"", 1)).is_err(),
        "wrong side"
    );
}
