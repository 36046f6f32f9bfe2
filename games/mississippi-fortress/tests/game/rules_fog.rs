//! Fog of war and cavalry probes (S4, S5, Appendix V).

use adjutant_engine::{Rules, Side, Viewer};
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::map::Terrain;
use mississippi_fortress::probe::{differential, probe_modifier, revealed_count};
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::Place;
use serde_json::{Value, json};

use crate::support::*;

fn area_counters(view: &Value, n: u8) -> Vec<Value> {
    view["areas"]
        .as_array()
        .and_then(|areas| areas.iter().find(|a| a["area"] == n))
        .and_then(|a| a["counters"].as_array().cloned())
        .unwrap_or_default()
}

#[test]
fn rule_s4_1_enemy_counters_are_face_down_with_no_identifier() {
    let (game, _) = lab(60);
    let union = game.view(Viewer::Seat(Side::Union));
    let at20 = area_counters(&union, 20);
    assert_eq!(at20.len(), 4);
    for c in &at20 {
        assert_eq!(c, &json!({"hidden": true, "side": "confederate"}));
    }
    let at13 = area_counters(&union, 13);
    assert!(
        at13.iter()
            .all(|c| c["id"].is_string() && c.get("hidden").is_none())
    );
    assert!(at13.iter().any(|c| c["id"] == "grant"));
    // The owner sees his present strengths and casualties.
    let confederate = game.view(Viewer::Seat(Side::Confederate));
    let bowen = area_counters(&confederate, 20)
        .into_iter()
        .find(|c| c["id"] == "bowen-div")
        .expect("Bowen");
    assert_eq!(bowen["strength"], 6);
    assert_eq!(bowen["casualties"], 2);
    // A spectator sees no identity on either side; the omniscient view sees everything.
    let spectator = game.view(Viewer::Spectator);
    assert!(
        area_counters(&spectator, 13)
            .iter()
            .all(|c| c["hidden"] == true)
    );
    let all = game.view(Viewer::Omniscient);
    assert!(area_counters(&all, 20).iter().all(|c| c["id"].is_string()));
    assert!(union.get("confederate_private").is_none());
    assert!(union.get("union_private").is_some());
    assert!(spectator.get("union_private").is_none());
}

#[test]
fn rule_s4_1_known_counters_come_first_and_hidden_ones_are_alike() {
    let (mut game, _) = lab(61);
    let k = key(&game, "loring-div");
    edit(&mut game, |s| s.counter(k, |c| c.set_face_up(true)));
    let view = game.view(Viewer::Seat(Side::Union));
    let at20 = area_counters(&view, 20);
    assert_eq!(at20[0]["id"], "loring-div");
    assert_eq!(at20[0]["face_up"], true);
    assert!(
        at20[0].get("strength").is_none(),
        "present strength is never revealed (S4.4g)"
    );
    assert!(
        at20[1..]
            .iter()
            .all(|c| c == &json!({"hidden": true, "side": "confederate"}))
    );
}

#[test]
fn rule_s4_2_ships_and_batteries_are_always_face_up() {
    let (game, _) = lab(62);
    let view = game.view(Viewer::Spectator);
    let river = view["river"].as_array().expect("river");
    let a8 = river.iter().find(|n| n["node"] == "A8").expect("A8");
    let ids: Vec<&str> = a8["ships"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["id"].as_str())
        .collect();
    assert_eq!(ids, ["transport-1", "transport-2"]);
    let batteries = view["batteries"].as_array().expect("batteries");
    assert_eq!(batteries.len(), 2);
    assert_eq!(batteries[0]["state"], "face-up");
}

#[test]
fn rule_s4_3_the_enemy_sees_a_stack_move_and_its_size_only() {
    let (mut game, mut dice) = lab(63);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(32) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "ia-3-cav".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(31) },
    );
    let seen = events[0]
        .redact(Viewer::Seat(Side::Confederate))
        .expect("public");
    assert_eq!(
        seen,
        json!({"type": "move", "text": "Union: 1 counter moves from Area 32 (Dry Grove) to Area 31 (Utica)."})
    );
    let own = events[0].redact(Viewer::Seat(Side::Union)).expect("own");
    assert!(
        own["secret"]["text"]
            .as_str()
            .unwrap()
            .contains("3rd Iowa Cavalry")
    );
    let view = game.view(Viewer::Seat(Side::Confederate));
    assert_eq!(view["moving"]["count"], 1);
    assert!(view["moving"].get("counters").is_none());
}

#[test]
fn rule_s5_2_the_adjusted_strength_point_differential() {
    assert_eq!(
        differential(6, 0, 9),
        7,
        "probe 6, no screen, +1 per full 5 SP"
    );
    assert_eq!(differential(4, 2, 12), 4);
    assert_eq!(differential(2, 2, 4), 0);
    assert_eq!(revealed_count(0, 6, 0), 0, "0 or less: nothing");
    assert_eq!(revealed_count(7, 5, 0), 2);
    assert_eq!(
        revealed_count(12, 1, -2),
        2,
        "the 11+ column reveals 2 even on 1 or less"
    );
}

#[test]
fn rule_s5_3_probe_rolls_lose_one_for_difficult_terrain_and_one_in_rain() {
    assert_eq!(probe_modifier(Terrain::Clear, false), 0);
    assert_eq!(probe_modifier(Terrain::Defensible, false), -1);
    assert_eq!(probe_modifier(Terrain::Swamp, true), -2);
    assert_eq!(probe_modifier(Terrain::Clear, true), -1);
}

#[test]
fn rule_s5_4_a_probe_reveals_counters_removes_dummies_and_d3_turns_them_down() {
    let (mut game, _) = lab(64);
    clear(&mut game, false);
    for id in ["il-5-cav", "wi-2-cav", "ia-3-cav"] {
        put(&mut game, id, 26);
    }
    put(&mut game, "loring-div", 25);
    let dummy = put_dummy(&mut game, Side::Confederate, 25);
    let (_, mut dice) = lab(64);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Probes(Side::Union)
    });
    // Differential 6 + 1 (9 SP of infantry) = 7: column 7-10; a 6 in Rain reads row 5: 2.
    let mut dice = dice_rolling(&[6]);
    for id in ["il-5-cav", "wi-2-cav", "ia-3-cav"] {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::ProbeWith { cavalry: id.into() },
        );
    }
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::ProbeInto { area: area(25) },
    );
    let t = texts(&events);
    assert!(
        t.contains("revealed Loring's Division, a dummy (every face-down counter there)"),
        "{t}"
    );
    assert!(game.counters()[key(&game, "loring-div")].face_up());
    assert_eq!(game.counters()[dummy].place(), Place::Pool);
    let spectator = game.view(Viewer::Spectator);
    assert_eq!(area_counters(&spectator, 25)[0]["id"], "loring-div");
    // S5.1b, S5.1d: each cavalry unit once a turn, each Area once a player turn.
    assert!(
        !game
            .legal_actions(Side::Union)
            .iter()
            .any(|a| matches!(a, Action::ProbeWith { .. }))
    );
    finish_until(&mut game, &mut dice, |g| g.turn() == 14);
    assert!(
        !game.counters()[key(&game, "loring-div")].face_up(),
        "face down again at D3"
    );
}

#[test]
fn rule_s5_a_probe_of_zero_or_less_reveals_nothing() {
    let (mut game, mut dice) = lab(65);
    clear(&mut game, false);
    put(&mut game, "il-5-cav", 20);
    put(&mut game, "ms-2-cav", 21);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Probes(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::ProbeWith {
            cavalry: "il-5-cav".into(),
        },
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::ProbeInto { area: area(21) },
    );
    assert!(texts(&events).contains("nothing is revealed"));
    assert!(!game.counters()[key(&game, "ms-2-cav")].face_up());
}
