//! Scenario 6's agreement to play on (book 7.0, Scenario 6: "by mutual agreement, players are
//! free to continue into May 7th"): the public option `play-on-into-7-may`, offered only there,
//! carries the game through the night and 7 May to the Turn Record Track's last turn, 7 May
//! 8:00pm, where victory is judged (70 turns); without it the game ends after 6 May 8:00pm.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::variant::OptionId;
use bloody_roads_south::data::{self, ScenarioId};
use bloody_roads_south::model::step::Step;
use bloody_roads_south::{BloodyRoadsSouth, testing};
use serde_json::Value;

use crate::army_status::dice;
use crate::support::{second_day_with, set_up_quickly};

const PLAY_ON: &str = "play-on-into-7-may";

fn set_up(options: &[&str]) -> BloodyRoadsSouth {
    let mut m = second_day_with(11, options, &[]);
    set_up_quickly(&mut m);
    m.state().clone()
}

/// The game at the end of the turn at `time` (its last step, the Union Rally Phase, left).
fn end_of(g: &mut BloodyRoadsSouth, time: &str) -> Vec<String> {
    testing::set_turn(g, time);
    testing::set_step(g, Step::Rally { side: Side::Union });
    let events = testing::finish_step(g, &mut dice());
    events
        .iter()
        .map(|e| serde_json::to_string(e).expect("an event serialises"))
        .collect()
}

/// The game has a result, told in the events of its end.
fn assert_told_result(g: &BloodyRoadsSouth, events: &[String]) {
    let summary = &g.result().expect("a result").summary;
    let start: String = summary.chars().take(24).collect();
    assert!(
        events.iter().any(|e| e.contains(&start)),
        "{summary} in {events:?}"
    );
}

fn view(g: &BloodyRoadsSouth) -> Value {
    serde_json::from_str(&g.view_json(Viewer::Spectator)).expect("a view is JSON")
}

#[test]
fn rule_7_0_scenario_6_play_on_is_offered_only_in_scenario_6_and_off_by_default() {
    let info = <BloodyRoadsSouth as Rules>::info();
    let c = info
        .choices
        .iter()
        .find(|c| c.id == PLAY_ON)
        .expect("offered");
    assert_eq!(c.scenarios, ["second-day"]);
    assert_eq!(c.name, "Scenario 6: play on into 7 May");
    assert!(
        c.description.contains("mutual agreement"),
        "{}",
        c.description
    );
    assert!(!OptionId::PlayOnInto7May.default_on());
    assert!(!set_up(&[]).option(OptionId::PlayOnInto7May));
    // Named in another scenario, it does nothing.
    let s5 = testing::empty_game("battle-of-the-wilderness", &[PLAY_ON]);
    assert!(!s5.option(OptionId::PlayOnInto7May));
    assert_eq!(s5.last_turn().to_string(), "7 May 7:00pm");
}

#[test]
fn rule_7_0_scenario_6_played_on_lasts_to_the_7_may_8pm_turn() {
    let s = data::scenario(ScenarioId::SecondDay);
    let g = set_up(&[PLAY_ON]);
    assert_eq!(g.last_turn().to_string(), "7 May 8:00pm");
    let span = data::turn_record()
        .span(s.first_turn, g.last_turn())
        .expect("on the track");
    assert_eq!(usize::from(g.length()), span.len());
    assert_eq!(
        g.length(),
        70,
        "31 turns of 6 May, 8 night turns, 31 of 7 May"
    );
    assert!(
        span.iter().any(|t| t.period == Period::Night),
        "the night of 6-7 May"
    );
    let v = view(&g);
    assert_eq!(v["turn"]["of"], g.length());
    assert_eq!(v["scenario"]["turns"], g.length());
    assert_eq!(v["scenario"]["last"], "7 May 8:00pm");
    // Without the agreement: the printed 31 turns.
    let plain = set_up(&[]);
    assert_eq!(
        (plain.length(), plain.last_turn().to_string()),
        (31, "6 May 8:00pm".into())
    );
    assert_eq!(view(&plain)["scenario"]["last"], "6 May 8:00pm");
}

#[test]
fn rule_7_0_scenario_6_without_the_agreement_ends_after_6_may_8pm() {
    let mut g = set_up(&[]);
    let events = end_of(&mut g, "6 May 8:00pm");
    assert_eq!(g.step(), Step::Over);
    assert_told_result(&g, &events);
}

#[test]
fn rule_7_0_scenario_6_played_on_goes_into_the_night_and_ends_after_7_may_8pm() {
    let mut g = set_up(&[PLAY_ON]);
    let events = end_of(&mut g, "6 May 8:00pm");
    assert_ne!(g.step(), Step::Over, "play goes on");
    assert_eq!(g.turn().time.to_string(), "6 May 9:00pm");
    assert!(g.is_night());
    let told = format!("Turn 32 of {}: 6 May 9:00pm, night.", g.length());
    assert!(
        events.iter().any(|e| e.contains(&told)),
        "{told} in {events:?}"
    );
    g.check_invariants().expect("invariants hold on 7 May");
    let events = end_of(&mut g, "7 May 8:00pm");
    assert_eq!(g.step(), Step::Over);
    assert_told_result(&g, &events);
}
