//! Tests of the game clock: presets, charging the side to act, pauses, warnings and time-outs.

use super::*;
use Side::{Confederate, Union};

fn a_move_a_day() -> GameClock {
    let settings = resolve(&ClockChoice {
        preset: Some("a-move-a-day".into()),
        ..ClockChoice::default()
    })
    .unwrap();
    GameClock::new(settings)
}

#[test]
fn presets_and_custom_clocks_resolve_and_nonsense_is_refused() {
    let clock = a_move_a_day();
    assert_eq!(clock.settings.initial_secs, 3 * DAY);
    assert_eq!(clock.settings.increment_secs, 36 * HOUR);
    assert_eq!(clock.settings.cap_secs, 10 * DAY);
    let custom = ClockChoice {
        initial_secs: Some(DAY),
        increment_secs: Some(HOUR),
        cap_secs: Some(2 * DAY),
        on_timeout: TimeoutPolicy::Bot,
        ..ClockChoice::default()
    };
    assert_eq!(resolve(&custom).unwrap().on_timeout, TimeoutPolicy::Bot);
    for bad in [
        ClockChoice {
            preset: Some("blitz".into()),
            ..ClockChoice::default()
        },
        ClockChoice {
            preset: Some("brisk".into()),
            cap_secs: Some(DAY),
            ..ClockChoice::default()
        },
        ClockChoice {
            initial_secs: Some(DAY),
            ..ClockChoice::default()
        },
        ClockChoice {
            cap_secs: Some(HOUR),
            ..custom.clone()
        },
        ClockChoice {
            initial_secs: Some(10),
            ..custom.clone()
        },
        ClockChoice {
            increment_secs: Some(-1),
            ..custom
        },
    ] {
        assert!(resolve(&bad).is_err(), "{bad:?}");
    }
}

#[test]
fn only_the_side_to_act_is_charged_and_a_hand_over_credits_once() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union]);
    // Many atomic actions within one turn credit nothing.
    assert!(
        clock.acted(HOUR, Union, &[Union]),
        "the first action is noted"
    );
    for t in [2 * HOUR, 3 * HOUR] {
        assert!(!clock.acted(t, Union, &[Union]));
    }
    assert_eq!(clock.left(Union, 3 * HOUR), 3 * DAY - 3 * HOUR);
    assert_eq!(clock.left(Confederate, 3 * HOUR), 3 * DAY);
    // The hand-over credits the Union once and starts the Confederate clock.
    assert!(clock.acted(4 * HOUR, Union, &[Confederate]));
    assert_eq!(clock.bank.union, 3 * DAY - 4 * HOUR + 36 * HOUR);
    assert_eq!(clock.left(Confederate, 10 * HOUR), 3 * DAY - 6 * HOUR);
    assert_eq!(clock.left(Union, 10 * HOUR), clock.bank.union);
}

#[test]
fn the_cap_bounds_the_bank_and_a_move_a_day_never_runs_out() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union]);
    let mut now = 0;
    let mut side = Union;
    for _ in 0..60 {
        now += DAY;
        assert!(clock.left(side, now) > 0);
        clock.acted(now, side, &[side.opponent()]);
        side = side.opponent();
    }
    assert!(clock.bank.union <= 10 * DAY && clock.bank.confederate <= 10 * DAY);
    let bank = *clock.bank.get(side);
    assert_eq!(clock.wake_at(), Some(now + bank - bank / 5));
    assert!(clock.due(now).is_empty());
}

#[test]
fn simultaneous_choices_run_both_clocks_and_leaving_without_acting_credits_nothing() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union, Confederate]);
    assert_eq!(clock.left(Union, DAY), 2 * DAY);
    assert_eq!(clock.left(Confederate, DAY), 2 * DAY);
    clock.acted(DAY, Union, &[Confederate]);
    assert_eq!(clock.bank.union, 2 * DAY + 36 * HOUR);
    // The Confederate is released by the Union's action without having acted.
    clock.acted(2 * DAY, Union, &[Union]);
    assert_eq!(clock.bank.confederate, DAY);
}

#[test]
fn warnings_then_time_outs_fall_due_in_order() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union]);
    let warn = 3 * DAY - (3 * DAY) / 5;
    assert_eq!(clock.wake_at(), Some(warn));
    assert!(clock.due(warn - 1).is_empty());
    assert_eq!(clock.due(warn), vec![Due::Warn(Union)]);
    clock.warned.union = true;
    // The last warning at 95 %, then the time-out.
    let last = 3 * DAY - (3 * DAY) / 20;
    assert_eq!(clock.wake_at(), Some(last));
    assert_eq!(clock.due(last), vec![Due::LastWarn(Union)]);
    clock.warned_late.union = true;
    assert_eq!(clock.wake_at(), Some(3 * DAY));
    assert_eq!(clock.due(3 * DAY), vec![Due::TimedOut(Union)]);
    clock.time_out(3 * DAY + 5, Union);
    assert_eq!(clock.bank.union, 0);
    assert!(!clock.bot.union, "the forfeit policy has no bot");
}

#[test]
fn a_pause_stops_both_clocks_and_the_bot_policy_hands_the_seat_over() {
    let mut clock = a_move_a_day();
    clock.settings.on_timeout = TimeoutPolicy::Bot;
    clock.start(0, &[Union, Confederate]);
    clock.pause(DAY, Union, 8 * DAY);
    assert_eq!(clock.left(Union, 5 * DAY), 2 * DAY);
    assert_eq!(clock.left(Confederate, 5 * DAY), 2 * DAY);
    assert_eq!(clock.deadline(), None);
    assert_eq!(clock.wake_at(), Some(8 * DAY));
    assert_eq!(clock.due(8 * DAY), vec![Due::PauseOver]);
    clock.unpause(8 * DAY);
    assert_eq!(clock.left(Union, 9 * DAY), DAY);
    clock.time_out(10 * DAY, Union);
    assert!(clock.bot.union);
    assert_eq!(clock.deadline(), Some(10 * DAY));
    assert_eq!(
        clock.wake_at(),
        Some(10 * DAY),
        "a bot to act wakes the sweep"
    );
    clock.reclaim(11 * DAY, Union);
    assert!(!clock.bot.union);
}

#[test]
fn both_warnings_due_at_once_give_only_the_last() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union]);
    let last = 3 * DAY - (3 * DAY) / 20;
    assert_eq!(clock.due(last), vec![Due::LastWarn(Union)]);
}

#[test]
fn an_unanswered_request_for_a_pause_lapses_after_two_days() {
    let mut clock = a_move_a_day();
    clock.start(0, &[Union]);
    clock.request = Some(adjutant_protocol::PauseRequestInfo {
        by: Confederate,
        secs: DAY,
        at: HOUR,
    });
    assert_eq!(clock.wake_at(), Some(HOUR + super::REQUEST_SECS));
    assert!(
        !clock
            .due(HOUR + super::REQUEST_SECS - 1)
            .contains(&Due::RequestLapsed)
    );
    assert_eq!(clock.due(HOUR + super::REQUEST_SECS)[0], Due::RequestLapsed);
}
