//! The catalog entry (the playable scenarios and their options) and the static data served
//! once at `GET /api/catalog/mississippi-fortress`: the map, every counter with its printed
//! values, the scenarios' public set-ups and schedules, the turn track, every chart and the
//! tunable numbers. Views carry only what changes.

use adjutant_engine::{ChoiceInfo, ChoiceKind, ChoiceScope, GameInfo, ScenarioInfo};
use serde_json::{Value, json};

use crate::data::charts::{
    CombatOrder, FcrtGroup, ProbeColumn, RatioColumn, StragglerColumn, StrengthBand,
};
use crate::data::map::Terrain;
use crate::data::{Charts, Constants, Map, Options, ScenarioId, Scenarios, TurnTrack, Units};

/// The game's catalog entry.
pub fn game_info() -> GameInfo {
    let scenarios = Scenarios::get();
    GameInfo {
        id: "mississippi-fortress".into(),
        name: "Mississippi Fortress".into(),
        description: "Grant's Vicksburg campaign, April to July 1863 (Clash of Arms): Areas, \
                      two-day turns, a Battle Board with secret Combat Orders, dummies and \
                      cavalry probes, the Union navy against the Confederate shore batteries."
            .into(),
        scenarios: ScenarioId::ALL
            .iter()
            .map(|&id| {
                let s = scenarios.scenario(id);
                ScenarioInfo {
                    id: id.as_str().into(),
                    name: format!("{} {}", s.rule, s.name),
                    description: s.summary.clone(),
                    turns: u32::from(s.turns()),
                }
            })
            .collect(),
        choices: Options::get()
            .all()
            .iter()
            .map(|o| {
                let scenarios: Vec<String> =
                    o.scenarios.iter().map(|s| s.as_str().to_string()).collect();
                ChoiceInfo {
                    id: o.id.as_str().into(),
                    name: o.name.clone(),
                    description: format!("{} ({})", o.explanation, o.rule),
                    scope: ChoiceScope::Option,
                    kind: ChoiceKind::Bool { default: false },
                    scenarios,
                    requires: o.requires.iter().map(|r| r.as_str().to_string()).collect(),
                }
            })
            .collect(),
    }
}

/// Everything that never changes during a game.
pub fn static_data() -> Value {
    let map = Map::get();
    let mandatory: Vec<Value> = map
        .areas()
        .iter()
        .filter_map(|a| map.mandatory_combat(a.id))
        .map(|m| json!({"into": m.into, "from_any": m.from_any, "from": m.from}))
        .collect();
    let scenarios = Scenarios::get();
    let track = TurnTrack::get();
    json!({
        "map": {
            "title": map.title(),
            "extent": map.extent(),
            "areas": map.areas(),
            "borders": map.borders(),
            "rivers": map.rivers(),
            "roads": map.roads(),
            "railroads": map.railroads(),
            "arrows": map.arrows(),
            "shore_battery_sites": map.shore_battery_sites(),
            "mandatory_combat": mandatory,
        },
        "units": Units::get().all(),
        "scenarios": ScenarioId::ALL.iter().map(|&id| {
            let s = scenarios.scenario(id);
            json!({
                "id": id,
                "rule": s.rule,
                "name": s.name,
                "summary": s.summary,
                "first_turn": s.first_turn,
                "last_turn": s.last_turn,
                "starting_vp": s.starting_vp,
                "setup": s.setup,
                "reduced": s.reduced,
                "reinforcements": s.reinforcements,
                "victory": s.victory,
                "turns": (s.first_turn..=s.last_turn)
                    .filter_map(|t| track.turn(s.track, t))
                    .collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
        "charts": charts(),
        "constants": Constants::get(),
    })
}

fn charts() -> Value {
    let c = Charts::get();
    let attack = [
        CombatOrder::Diversion,
        CombatOrder::Advance,
        CombatOrder::Assault,
    ];
    let defend = [
        CombatOrder::Withdraw,
        CombatOrder::Stand,
        CombatOrder::Counterattack,
    ];
    let to_def = |o: CombatOrder| match o {
        CombatOrder::Withdraw => crate::data::charts::DefenderOrder::Withdraw,
        CombatOrder::Counterattack => crate::data::charts::DefenderOrder::Counterattack,
        _ => crate::data::charts::DefenderOrder::Stand,
    };
    let to_att = |o: CombatOrder| match o {
        CombatOrder::Diversion => crate::data::charts::AttackerOrder::Diversion,
        CombatOrder::Assault => crate::data::charts::AttackerOrder::Assault,
        _ => crate::data::charts::AttackerOrder::Advance,
    };
    let cic_a: Vec<Value> = defend
        .iter()
        .map(|&d| {
            json!({"defender": d, "levels": attack.iter().map(|&a| c.cic_a(to_def(d), to_att(a))).collect::<Vec<_>>()})
        })
        .collect();
    let cic_b: Vec<Value> = (0..=c.cic_b.max_level())
        .rev()
        .map(|level| {
            json!({"level": level, "cells": RatioColumn::ALL.iter().map(|&col| c.cic_b(level, col).map(|x| x.label())).collect::<Vec<_>>()})
        })
        .collect();
    let fcrt: Vec<Value> = FcrtGroup::ALL
        .iter()
        .flat_map(|&g| {
            StrengthBand::ALL.iter().map(move |&band| {
                json!({
                    "group": g,
                    "band": band,
                    "cells": (1..=6).map(|die| c.fcrt(g, band, die).map(|x| x.result.label())).collect::<Vec<_>>(),
                })
            })
        })
        .collect();
    let artillery: Vec<Value> = CombatOrder::ALL
        .iter()
        .map(|&o| {
            json!({
                "order": o,
                "union": c.artillery_multiplier(adjutant_engine::Side::Union, o),
                "confederate": c.artillery_multiplier(adjutant_engine::Side::Confederate, o),
            })
        })
        .collect();
    let straggler: Vec<Value> = (1..=6)
        .map(|roll| {
            json!({"roll": roll, "losses": StragglerColumn::ALL.iter().map(|&col| c.straggler_loss(col, roll).loss).collect::<Vec<_>>()})
        })
        .collect();
    let probe: Vec<Value> = (1..=6)
        .map(|roll| {
            json!({"roll": roll, "revealed": ProbeColumn::ALL.iter().map(|&col| c.cavalry_probe(col, roll).revealed).collect::<Vec<_>>()})
        })
        .collect();
    json!({
        "cic_a": cic_a,
        "cic_b": {"columns": RatioColumn::ALL, "rows": cic_b, "modifiers": c.cic_b.modifiers},
        "fcrt": {"rows": fcrt, "modifiers": c.fcrt.modifiers},
        "artillery_multiplier": artillery,
        "straggler_loss": {"columns": StragglerColumn::ALL, "rows": straggler, "modifiers": c.straggler_loss.modifiers},
        "cavalry_probe": {"columns": ProbeColumn::ALL, "rows": probe},
        "shore_battery": {
            "crt_a_sinks": (1..=6).filter(|&r| c.shore_battery_a(r)).collect::<Vec<_>>(),
            "modifiers": c.shore_battery.modifiers,
        },
        "optional_weather": (1..=6u8).map(|d| c.optional_weather(d)).collect::<Vec<_>>(),
        "troop_density": Terrain::ALL.iter().map(|&t| json!({"terrain": t, "sp_to_block": c.troop_density(t)})).collect::<Vec<_>>(),
        "terrain_effects": Terrain::ALL.iter().map(|&t| c.terrain(t)).collect::<Vec<_>>(),
    })
}
