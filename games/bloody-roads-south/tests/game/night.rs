//! Night (series 29.0; rule 1.2h; reference 1.4, 2.13): each effect of a night turn, shown
//! against the same position by day, and the night turns of Scenario 2 as the Turn Record
//! Track gives them, named in its views and events.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::morale::MoraleState;
use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::{self, ScenarioId};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::morale::check::MoraleContext;
use bloody_roads_south::testing;

use crate::fire_setup::*;
use crate::movement_board::Board;
use crate::support::{edit, no_orders, play_got, set_up_quickly, texts};

const NIGHT: &str = "5 May 9:00pm";

/// Griffin with the brigade in `at`, Warren and his HQ next to it: in command radius (S10.5).
fn in_command(g: &mut bloody_roads_south::BloodyRoadsSouth, at: &str) {
    let f = toward("A18.10", "A5.10");
    put(g, U, "Griffin", at, f);
    put(g, U, "Warren", "A19.11", f);
    put(g, U, "5 Corps HQ", "A19.11", f);
}

/// Stwl/J/2 in A17.10 and 2/1/5 in A18.10, face to face, at `time`.
fn duel_at(time: &str) -> bloody_roads_south::BloodyRoadsSouth {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    testing::set_turn(&mut g, time);
    g
}

/// The base and final columns the Confederate firer reads of Stwl/J/2's fire at A18.10.
fn fire_columns(g: &mut bloody_roads_south::BloodyRoadsSouth) -> (String, String, String) {
    testing::script_shared(g, &[1, 1, 1]);
    testing::script_dice(g, U, &[1, 1, 1, 1, 1]);
    let mut d = dice();
    let mut ev = testing::play(g, C, Action::Target { hex: hex("A18.10") }, &mut d);
    ev.extend(testing::play(
        g,
        C,
        Action::Fire {
            firers: vec![bloody_roads_south::data::UnitId::new("Stwl/J/2")],
        },
        &mut d,
    ));
    let text = all(&ev, Viewer::Seat(C));
    let line = text
        .lines()
        .find(|l| l.contains("fire points, column "))
        .unwrap_or_else(|| panic!("the firer's sentence: {text}"))
        .to_string();
    let base = line
        .split("fire points, column ")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .expect("base column")
        .to_string();
    let last = line
        .split(": column ")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .expect("final column")
        .to_string();
    (base, last, line)
}

#[test]
fn rule_s29_0a_night_visibility_is_one_hex() {
    // Both in Sander's Field, two hexes apart along hexrow 17: in sight by day, not at night.
    for (time, seen) in [("5 May 1:00pm", true), (NIGHT, false)] {
        let mut g = game();
        put(&mut g, C, "Stwl/J/2", "A17.09", toward("A17.09", "A17.11"));
        put(&mut g, U, "2/1/5", "A17.11", toward("A17.11", "A17.09"));
        testing::set_turn(&mut g, time);
        let offered = g
            .legal_actions(C)
            .contains(&Action::Target { hex: hex("A17.11") });
        assert_eq!(offered, seen, "{time}: a target 2 hexes away");
        assert_eq!(g.turn().visibility, if seen { None } else { Some(1) });
    }
    // Adjacent, it is in sight at night too.
    let g = duel_at(NIGHT);
    assert!(
        g.legal_actions(C)
            .contains(&Action::Target { hex: hex("A18.10") })
    );
}

#[test]
fn rule_s29_night_fire_two_columns_left() {
    let (day_base, day_final, day_line) = fire_columns(&mut duel_at("5 May 1:00pm"));
    assert_eq!(day_base, day_final, "no shift by day: {day_line}");
    assert!(!day_line.contains("night"), "{day_line}");
    let (night_base, night_final, night_line) = fire_columns(&mut duel_at(NIGHT));
    assert_eq!(night_base, day_base);
    assert!(night_line.contains("-2 night"), "{night_line}");
    let columns = &data::charts().fire.table.columns;
    let at = |label: &str| columns.iter().position(|c| c == label).expect(label);
    assert_eq!(
        at(&night_final),
        at(&day_base).saturating_sub(2),
        "{night_line}"
    );
}

#[test]
fn rule_s29_night_morale_three_rows_worse() {
    let total = |time: &str| {
        let mut g = game();
        put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
        testing::set_turn(&mut g, time);
        let units = g.stack_of(hex("A18.10"), U);
        let (_, s) = g
            .morale_shifts(&units, &MoraleContext::after_fire(hex("A17.10")))
            .expect("a stack with a combat unit");
        (s.iter().map(|x| x.0).sum::<i32>(), s)
    };
    let (day, day_shifts) = total("5 May 1:00pm");
    let (night, night_shifts) = total(NIGHT);
    assert!(!day_shifts.iter().any(|s| s.1 == "night"));
    assert!(night_shifts.contains(&(-3, "night")), "{night_shifts:?}");
    assert_eq!(night, day - 3);
}

#[test]
fn rule_s29_night_straggler_checks_plus_two() {
    for (time, drm) in [("5 May 1:00pm", 0), (NIGHT, 2)] {
        let mut g = game();
        put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
        testing::set_turn(&mut g, time);
        let k = testing::key(&g, U, "2/1/5");
        assert_eq!(g.straggler_drm(k, false), drm, "{time}");
        // Flank fire adds its own +1 (S21.1).
        assert_eq!(g.straggler_drm(k, true), drm + 1, "{time}, flank");
    }
}

#[test]
fn rule_s29_night_straggler_recovery_plus_two() {
    // 2/1/5 (C) with 3 stragglers marked for recovery, die 2: nothing by day, one at night
    // (2 + 2 = 4 on the C line).
    for (time, back) in [("5 May 2:00pm", 0), (NIGHT, 1)] {
        let mut g = game();
        put(&mut g, C, "Stwl/J/2", "A5.10", toward("A5.10", "A6.10"));
        put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A5.10"));
        in_command(&mut g, "A18.10");
        testing::losses(&mut g, U, "2/1/5", 1, 3);
        testing::recovering(&mut g, U, "2/1/5", true);
        testing::set_turn(&mut g, time);
        testing::script_dice(&mut g, U, &[2]);
        let mut d = dice();
        let ev = testing::rally(&mut g, U, &mut d);
        assert_eq!(
            testing::unit(&g, U, "2/1/5").stragglers(),
            3 - back,
            "{time}: {}",
            all(&ev, Viewer::Seat(U))
        );
    }
}

/// Scenario 2 `n`, set up, at the Union's first Order Issue, with 1/1/5 fired on and the
/// Union's secret dice scripted to 4 and 4, at `time`.
fn stoppage_at(n: u64, time: &str) -> adjutant_engine::Match<bloody_roads_south::BloodyRoadsSouth> {
    let m = crate::support::to_union_order_issue(crate::support::warren_and_sedgwick(n));
    edit(&m, n, |g| {
        testing::set_turn(g, time);
        testing::fired_on(g, Side::Union, "1/1/5");
        testing::script_dice(g, Side::Union, &[4, 4]);
    })
}

#[test]
fn rule_s29_night_attack_stoppage_minus_three() {
    // 1/5 checks alone (3.1c(2)); Griffin (2) on column 2 needs 6: 4+4 = 8 passes by day;
    // at night 8 − 3 = 5 stops the division.
    let division = bloody_roads_south::model::order::Receiver::Division(
        bloody_roads_south::data::FormationId("1/5".into()),
    );
    for (time, stops) in [("5 May 1:00pm", false), ("5 May 9:00pm", true)] {
        let mut m = stoppage_at(61, time);
        let played = play_got(&mut m, Side::Union, &no_orders());
        let own = texts(&m, &played, Viewer::Seat(Side::Union)).join(" ");
        assert_eq!(
            m.state()
                .command(Side::Union, &division)
                .is_some_and(|c| c.stopped()),
            stops,
            "{time}: {own}"
        );
        assert!(own.contains("6 needed"), "1/5 checked: {own}");
        assert_eq!(own.contains("at night"), stops, "{own}");
    }
}

#[test]
fn rule_1_2h_entering_wilderness_at_night_is_dg_and_replaces_1_2c() {
    for (time, union, confederate) in [
        ("5 May 1:00pm", MoraleState::Shaken, MoraleState::Normal),
        (NIGHT, MoraleState::Disorganized, MoraleState::Disorganized),
    ] {
        let mut b = Board::empty(47);
        b.g.test_set_turn(time);
        let u = b.place(U, "2/1/5", "A20.06", Formation::Line, Vertex::SW_NW);
        let c = b.place(C, "J/J/2", "A22.06", Formation::Line, Vertex::SW_NW);
        b.begin(U);
        b.pick(U, "2/1/5");
        b.step(U, "A20.07");
        assert_eq!(b.morale(u), union, "{time}: the Union unit");
        b.begin(C);
        b.pick(C, "J/J/2");
        b.step(C, "A22.07");
        assert_eq!(b.morale(c), confederate, "{time}: the Confederate unit");
        let own = b.read(Viewer::Seat(U)).join(" ");
        assert_eq!(own.contains("1.2h"), time == NIGHT, "{own}");
        assert_eq!(own.contains("1.2c"), time != NIGHT, "{own}");
    }
}

#[test]
fn rule_1_4_scenario_2_night_turns_are_those_of_the_turn_record_track() {
    let s = data::scenario(ScenarioId::WarrenAndSedgwickVsEwell);
    let span = data::turn_record()
        .span(s.first_turn, s.last_turn)
        .expect("on the track");
    assert_eq!(span.len(), 16);
    let night: Vec<String> = span
        .iter()
        .filter(|t| t.period == Period::Night)
        .map(|t| t.time.to_string())
        .collect();
    assert_eq!(night, vec!["5 May 9:00pm"], "only the last turn is night");
    let eight = &span[14];
    assert_eq!(eight.time.to_string(), "5 May 8:00pm");
    assert_eq!(
        (eight.period, eight.minutes, eight.visibility),
        (Period::Day, 60, Some(2)),
        "the 8:00pm turn is a day turn of an hour, visibility 2"
    );
    // The game agrees turn by turn: its night is the track's.
    let m = crate::support::warren_and_sedgwick(62);
    for t in span {
        let g = edit(&m, 62, |g| testing::set_turn(g, &t.time.to_string()));
        assert_eq!(
            g.state().is_night(),
            t.period == Period::Night,
            "{}",
            t.time
        );
        let v = g.view(Viewer::Spectator);
        let turn = &v["view"]["turn"];
        let turn = if turn.is_null() { &v["turn"] } else { turn };
        assert_eq!(turn["night"], t.period == Period::Night, "{}", t.time);
        assert_eq!(
            turn["visibility"].as_u64(),
            t.visibility.map(u64::from),
            "{}",
            t.time
        );
    }
}

#[test]
fn rule_1_4_events_and_views_name_the_night_turn() {
    let mut m = crate::support::warren_and_sedgwick(63);
    set_up_quickly(&mut m);
    let mut m = edit(&m, 63, |g| testing::set_turn(g, "5 May 8:00pm"));
    let mut said = Vec::new();
    for _ in 0..2000 {
        if m.state().turn_number() == 16 && m.state().step().phasing() == Some(Side::Union) {
            break;
        }
        let side = m.to_act()[0];
        let action = crate::support::next_finish(&m, side);
        let played = play_got(&mut m, side, &action);
        said.extend(texts(&m, &played, Viewer::Spectator));
    }
    let said = said.join("\n");
    assert!(
        said.contains("Turn 16 of 16: 5 May 9:00pm, night."),
        "{said}"
    );
    assert!(
        said.contains("5 May 9:00pm, night, Confederate player turn."),
        "{said}"
    );
    assert!(said.contains("5 May 8:00pm, Union player turn."), "{said}");
    let v = m.view(Viewer::Spectator);
    let turn = if v["view"]["turn"].is_null() {
        &v["turn"]
    } else {
        &v["view"]["turn"]
    };
    assert_eq!(turn["night"], true);
    assert_eq!(turn["time"], "5 May 9:00pm");
}
