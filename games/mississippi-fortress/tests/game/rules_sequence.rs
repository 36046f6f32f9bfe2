//! Set-up, the sequence of play and the weather (S2, 3.1-3.3), and the catalog entry.

use adjutant_engine::{Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::data::charts::{AttackerOrder, DefenderOrder};
use mississippi_fortress::data::{Charts, OptionId, Weather};
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{Kind, Place};
use mississippi_fortress::stragglers::StragglerCheck;
use serde_json::json;

use crate::support::*;

#[test]
fn catalog_serves_the_static_data_once() {
    let info = MississippiFortress::info();
    assert_eq!(info.id, "mississippi-fortress");
    assert_eq!(info.scenarios[0].id, "champion-hill");
    assert_eq!(info.scenarios[0].turns, 4);
    let champion_hill: Vec<&str> = info
        .choices
        .iter()
        .filter(|c| c.scenarios.iter().any(|s| s == "champion-hill"))
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(champion_hill, ["optional-weather", "troop-density"]);
    let data = MississippiFortress::static_data();
    assert_eq!(data["map"]["areas"].as_array().map(Vec::len), Some(47));
    assert!(data["units"].as_array().is_some_and(|u| u.len() > 100));
    assert_eq!(data["charts"]["cic_a"][2]["levels"], json!([2, 3, 4]));
}

#[test]
fn rule_s2_1_set_up_as_printed_with_reduced_strengths_as_casualties() {
    let (game, _) = new_game(1);
    assert_eq!(where_is(&game, "grant"), Some(13));
    assert_eq!(where_is(&game, "xvii-6-div"), Some(22));
    assert_eq!(where_is(&game, "bowen-div"), Some(20));
    assert_eq!(where_is(&game, "johnston"), Some(15));
    let bowen = &game.counters()[key(&game, "bowen-div")];
    assert_eq!(
        (bowen.full(), bowen.casualties(), bowen.present()),
        (8, 2, 6)
    );
    let gregg = &game.counters()[key(&game, "gregg-bde")];
    assert_eq!(gregg.present(), 3);
    // Reinforcements wait; batteries are placed beside their arrows; four steamers.
    assert_eq!(
        game.counters()[key(&game, "xvi-4-div")].place(),
        Place::Waiting
    );
    assert_eq!(game.batteries().len(), 2);
    assert_eq!(game.ships().len(), 4);
    // Starting VPs, and nothing counted as lost.
    assert_eq!((game.vp().union, game.vp().confederate), (8, 15));
    assert_eq!((game.lost().union, game.lost().confederate), (0, 0));
    // Every land counter is face down.
    assert!(game.counters().iter().all(|c| !c.face_up()));
}

#[test]
fn rule_s2_1_the_second_player_places_dummies_first_in_areas_with_his_counters() {
    let (mut game, mut dice) = new_game(2);
    assert_eq!(game.step(), Step::SetUpDummies(Side::Confederate));
    assert!(game.prompt(Side::Union).is_none());
    let offered = game.legal_actions(Side::Confederate);
    let areas: Vec<u8> = offered
        .iter()
        .filter_map(|a| match a {
            Action::PlaceDummy { area } => Some(area.number()),
            _ => None,
        })
        .collect();
    // R14: Areas holding his set-up land counters (the battery alone does not count).
    assert_eq!(areas, [15, 18, 19, 20]);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::PlaceDummy { area: area(20) },
    );
    assert_eq!(game.dummy_pool(Side::Confederate), 9);
    play(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    assert_eq!(game.step(), Step::SetUpDummies(Side::Union));
    play(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step(), Step::Arrival(Side::Union));
    assert_eq!(game.turn(), 13);
}

#[test]
fn rule_s2_2_the_union_plays_first_then_the_confederate_then_the_turn_ends() {
    let (mut game, mut dice) = lab(3);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert_eq!(game.turn(), 13);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(game.turn(), 14);
    assert_eq!(game.previous_weather(), Weather::Rain);
}

#[test]
fn rule_3_1_historical_weather_is_read_from_the_turn_record_track() {
    let (mut game, mut dice) = lab(4);
    assert_eq!(
        game.weather(),
        Weather::Rain,
        "Turn 13 (14 May) rained (G5)"
    );
    finish_until(&mut game, &mut dice, |g| g.turn() == 14);
    assert_eq!(game.weather(), Weather::Clear);
    assert!(!game.continuing_rain());
}

#[test]
fn rule_3_2_rain_example_assault_against_counterattack_is_level_3() {
    let cic_a = &Charts::get().cic_a;
    assert_eq!(
        cic_a.level(DefenderOrder::Counterattack, AttackerOrder::Assault),
        4
    );
    assert_eq!(
        cic_a.level_in_weather(DefenderOrder::Counterattack, AttackerOrder::Assault, true),
        3
    );
    assert_eq!(
        cic_a.level_in_weather(DefenderOrder::Withdraw, AttackerOrder::Diversion, true),
        0,
        "never below 0"
    );
}

#[test]
fn rule_3_2b_3_2c_heat_and_rain_add_to_straggler_rolls_and_continuing_rain_adds_two() {
    let (mut game, _) = lab(5);
    edit(&mut game, |s| s.weather(Weather::Heat));
    assert_eq!(game.weather_straggler_modifier(), 1);
    edit(&mut game, |s| {
        s.weather(Weather::Rain).previous_weather(Weather::Clear)
    });
    assert_eq!(game.weather_straggler_modifier(), 1);
    edit(&mut game, |s| s.previous_weather(Weather::Rain));
    assert!(game.continuing_rain());
    assert_eq!(game.weather_straggler_modifier(), 2);
    edit(&mut game, |s| s.weather(Weather::Clear));
    assert_eq!(game.weather_straggler_modifier(), 0);
    let check = StragglerCheck {
        weather: 2,
        ..StragglerCheck::default()
    };
    assert_eq!(check.modifier(), 2);
}

#[test]
fn rule_3_3_optional_weather_is_rolled_and_announced() {
    let mut found = std::collections::BTreeSet::new();
    for n in 0..40 {
        let (game, _) = lab_with(n, json!({"optional-weather": true}));
        assert!(game.option(OptionId::OptionalWeather));
        found.insert(format!("{:?}", game.weather()));
        // The set-up rolls nothing: the first roll of the game is the weather's.
        let mut replay = adjutant_engine::Dice::new(&seed(n));
        let roll = replay.d6();
        assert_eq!(
            Some(game.weather()),
            Charts::get().optional_weather(roll),
            "the First Player's roll decides"
        );
    }
    assert_eq!(found.len(), 3, "Heat, Clear and Rain all occur: {found:?}");
}

#[test]
fn rule_s2_2_a_player_without_a_choice_is_never_asked() {
    let (mut game, mut dice) = lab(6);
    // The Confederate embarkation and disembarkation segments have nothing to offer.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    for side in Side::BOTH {
        assert_eq!(
            game.prompt(side).is_some(),
            !game.legal_actions(side).is_empty()
        );
    }
    assert!(game.legal_actions(Side::Union).is_empty());
    let dummies = game
        .counters()
        .iter()
        .filter(|c| c.kind() == Kind::Dummy && c.place() == Place::Pool)
        .count();
    assert_eq!(dummies, 20);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view["phase"]["segment"], "movement");
    assert_eq!(view["phase"]["player"], "confederate");
}
