//! The Turn Record Track: day and night turns, the Day marker (series 1.1d), and the times
//! the book relies on (4.2 example, 3.3a, 4.3).

use bloody_roads_south::data::turn::Period;
use bloody_roads_south::data::{self, GameTime};

fn t(s: &str) -> GameTime {
    s.parse().expect(s)
}

#[test]
fn game_times_parse_and_print() {
    for s in [
        "5 May 1:00pm",
        "6 May 2:00am",
        "5 May 12:00am",
        "6 May 12:00pm",
        "7 May 7:30pm",
    ] {
        assert_eq!(t(s).to_string(), s);
    }
    for bad in [
        "5 May 13:00pm",
        "May 5 1:00pm",
        "5 May 1:0pm",
        "5 May 1:00",
        "5 June 1:00pm",
    ] {
        assert!(bad.parse::<GameTime>().is_err(), "{bad}");
    }
}

#[test]
fn series_1_1d_the_midnight_turn_ends_its_date() {
    assert!(t("5 May 11:00pm") < t("5 May 12:00am"));
    assert!(t("5 May 12:00am") < t("6 May 1:00am"));
    assert!(t("6 May 4:00am") < t("6 May 5:00am"));
    let turns = data::turn_record();
    assert_eq!(turns.later(t("5 May 11:00pm"), 1), Some(t("5 May 12:00am")));
    assert_eq!(turns.later(t("5 May 12:00am"), 1), Some(t("6 May 1:00am")));
}

#[test]
fn rule_7_0_day_turns_are_half_hours_and_night_turns_hours() {
    let turns = data::turn_record();
    assert_eq!(turns.turns().len(), 109);
    let day = |s: &str| turns.turn(t(s)).expect(s).period;
    assert_eq!(day("6 May 5:00am"), Period::Day);
    assert_eq!(day("6 May 8:00pm"), Period::Day);
    assert_eq!(day("6 May 9:00pm"), Period::Night);
    assert_eq!(day("7 May 4:00am"), Period::Night);
    for turn in turns.turns() {
        let expected = if turn.period == Period::Night || turn.time.hour() == 20 {
            60
        } else {
            30
        };
        assert_eq!(turn.minutes, expected, "{}", turn.time);
        let vis = match (turn.period, turn.time.hour(), turn.time.minute()) {
            (Period::Night, _, _) => Some(1),
            (Period::Day, 5, 0) => Some(4),
            (Period::Day, 20, 0) => Some(2),
            _ => None,
        };
        assert_eq!(turn.visibility, vis, "{}", turn.time);
    }
    let per_date = turns
        .span(t("5 May 5:00am"), t("6 May 4:00am"))
        .expect("a date");
    assert_eq!(per_date.len(), 39);
}

#[test]
fn rule_4_2_off_map_example_times() {
    let turns = data::turn_record();
    let off = &data::charts().special_rules.off_map;
    assert_eq!(
        turns.later(
            t("5 May 10:00am"),
            usize::from(off.infantry_column_and_artillery)
        ),
        Some(t("5 May 11:30am"))
    );
    assert_eq!(
        turns.later(t("6 May 1:00am"), usize::from(off.leaders_and_orders)),
        Some(t("6 May 3:00am"))
    );
    assert_eq!(off.wagons_and_trains, 4);
    assert_eq!(off.hexes, data::map().off_map_link());
}

#[test]
fn rule_3_3a_ninth_corps_release_time_is_a_night_turn_of_5_may() {
    let turns = data::turn_record();
    assert_eq!(
        turns.turn(t("5 May 10:00pm")).expect("turn").period,
        Period::Night
    );
    assert!(
        t("5 May 10:00pm") < t("5 May 11:00pm"),
        "release comes before the 4.3 deadline"
    );
}

#[test]
fn straggler_recovery_markers_only_on_hour_turns() {
    assert!(t("5 May 2:00pm").is_hour());
    assert!(!t("5 May 2:30pm").is_hour());
}
