//! The optional rules as selectable options (3.3, 7.1, 7.11, 7.21, 7.22, troop density).

use mississippi_fortress::data::scenarios::{Arrival, Location, ScenarioId};
use mississippi_fortress::data::scenarios::{AwardKind, AwardTiming};
use mississippi_fortress::data::{AreaId, OptionId, Options, Side, Units};

fn options() -> &'static Options {
    Options::get()
}

#[test]
fn six_optional_rules_with_ids_and_explanations() {
    let ids: Vec<&str> = options().all().iter().map(|o| o.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "optional-weather",
            "longstreet-moves-west",
            "variable-entry",
            "rebel-iron-afloat",
            "farraguts-fleet",
            "troop-density"
        ]
    );
    for o in options().all() {
        assert!(!o.explanation.is_empty() && !o.rule.is_empty());
        assert_eq!(o.id.as_str().parse::<OptionId>(), Ok(o.id));
    }
    assert!("no-such-rule".parse::<OptionId>().is_err());
}

#[test]
fn rule_7_1_longstreet_arrives_at_jackson_on_turn_22() {
    let o = options().option(OptionId::LongstreetMovesWest);
    assert_eq!(o.reinforcements.len(), 1);
    let r = &o.reinforcements[0];
    assert_eq!(
        (r.side, r.turn, r.location),
        (
            Side::Confederate,
            Arrival::Turn(22),
            Location::Area(AreaId(15))
        )
    );
    assert_eq!(r.units.len(), 4);
    assert_eq!(
        o.scenarios,
        [
            ScenarioId::GrantsLandCampaign,
            ScenarioId::PorterRunsTheBatteries
        ]
    );
}

#[test]
fn rule_7_11_variable_entry_rolls_1_or_2_on_turn_22() {
    let o = options().option(OptionId::VariableEntry);
    assert_eq!(o.requires, [OptionId::LongstreetMovesWest]);
    let roll = o.entry_roll.as_ref().unwrap();
    assert_eq!(
        (roll.side, roll.turn, roll.enters_on.as_slice()),
        (Side::Confederate, 22, &[1u8, 2][..])
    );
}

#[test]
fn rule_7_21_confederate_navy_sets_up_beside_or_supporting_batteries() {
    let o = options().option(OptionId::RebelIronAfloat);
    assert_eq!(o.setup[0].location, Location::ShoreBattery(AreaId(18)));
    assert_eq!(o.setup[0].units[0].as_str(), "arkansas");
    assert_eq!(o.setup[1].location, Location::AnyShoreBattery);
    assert_eq!(o.awards.len(), 1);
    let a = o.awards[0];
    assert_eq!(
        (a.side, a.timing, a.vp, a.kind),
        (
            Side::Union,
            AwardTiming::PerTurn,
            5,
            AwardKind::EnemyShipsLost
        )
    );
}

#[test]
fn rule_7_22_farragut_enters_at_the_arrow_of_area_43_on_any_turn() {
    let o = options().option(OptionId::FarragutsFleet);
    assert_eq!(o.requires, [OptionId::RebelIronAfloat]);
    let r = &o.reinforcements[0];
    assert_eq!(r.location, Location::ArrowAt(AreaId(43)));
    assert_eq!(r.turn.turn(), None, "any turn");
    assert_eq!(r.units.len(), 4);
}

#[test]
fn weather_and_troop_density_options_apply_to_every_scenario() {
    for id in [OptionId::OptionalWeather, OptionId::TroopDensity] {
        assert_eq!(options().option(id).scenarios, ScenarioId::ALL);
    }
    let for_61: Vec<OptionId> = options()
        .for_scenario(ScenarioId::ChampionHill)
        .map(|o| o.id)
        .collect();
    assert_eq!(for_61, [OptionId::OptionalWeather, OptionId::TroopDensity]);
}

#[test]
fn option_counters_are_marked_with_their_option() {
    for o in options().all() {
        let ids = o
            .setup
            .iter()
            .flat_map(|p| &p.units)
            .chain(o.reinforcements.iter().flat_map(|r| &r.units));
        for id in ids {
            assert_eq!(
                Units::get().unit(id.as_str()).unwrap().option,
                Some(o.id),
                "{id}"
            );
        }
    }
}

#[test]
fn options_loader_rejects_a_unit_of_another_option() {
    let text = include_str!("../../data/options.toml").replacen("\"arkansas\"", "\"hood-div\"", 1);
    assert!(Options::parse(&text, mississippi_fortress::data::Map::get(), Units::get()).is_err());
}
