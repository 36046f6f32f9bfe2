//! Seeded bot games of Scenario 5, The Battle of the Wilderness (91 turns on both maps joined,
//! 5 May 1:00pm to 7 May 7:00pm, two nights): the same bots and checks as Sander's Field's
//! (`bot_games`): no panic, someone can always act, no prompt without actions, every invariant
//! after every action. A whole game is some 50,000 actions (35-100 s in a debug build), so
//! the normal run plays one whole game (with 3.8a and 4.5a) and one as printed cut after the
//! first night; the 20 games the issue asks for play to their result behind `#[ignore]`
//! (`cargo test -p bloody-roads-south --test game scenario_5_20 -- --ignored`), half of them
//! (odd seeds) with the variants and options on.

use adjutant_engine::{Match, Side};
use bloody_roads_south::BloodyRoadsSouth;

use crate::support::wilderness_with;

/// The turn a cut game of the normal run stops at (`BRS_S5_TURNS=N` stops at N instead): 26,
/// 6 May 6:00am, after the first night and the first Confederate entries of 6 May (4.3).
fn turn_limit() -> u16 {
    std::env::var("BRS_S5_TURNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(26)
}

/// Game `n`: even seeds as printed; odd seeds with the variants and options on: 3.8a (the
/// Union's secret) and 4.5a (the Confederate's) when `n % 4 == 1`, 3.8b (public), 4.5c (the
/// Confederate's secret) and the optional rules 3.3 and 3.6 when `n % 4 == 3`.
fn game(n: u64) -> Match<BloodyRoadsSouth> {
    match n % 4 {
        1 => wilderness_with(
            n,
            &[],
            &[
                (Side::Union, "ferrero-joins"),
                (Side::Confederate, "pickett-joins"),
            ],
        ),
        3 => wilderness_with(
            n,
            &[
                "burnside-elsewhere",
                "burnside-always-negative",
                "aop-reserve",
            ],
            &[(Side::Confederate, "anderson-with-hill")],
        ),
        _ => wilderness_with(n, &[], &[]),
    }
}

/// Plays game `n` until the start of turn `limit` (every invariant after every action).
fn play_cut(n: u64, limit: u16) {
    let (mut written, mut tried) = (0, 0);
    let start = std::time::Instant::now();
    let (m, actions) =
        crate::bot_games::play_match_until(game(n), n, &mut written, &mut tried, |g| {
            g.turn_number() >= limit
        });
    assert!(m.outcome().is_none(), "game {n} ended before turn {limit}");
    assert_eq!(m.state().turn_number(), limit, "game {n}");
    eprintln!(
        "scenario 5 game {n} cut at turn {limit}: {actions} actions in {:?}",
        start.elapsed()
    );
}

/// Plays game `n` to its result, checking that it ends on the 91st turn, 7:00pm 7 May.
fn play_whole(n: u64) {
    let (mut written, mut tried) = (0, 0);
    let start = std::time::Instant::now();
    let (m, actions) = crate::bot_games::play_out_match(game(n), n, &mut written, &mut tried);
    let outcome = crate::bot_games::check_day_end(&m, n, 91, "7:00pm 7 May").outcome();
    assert!(
        written > 0 && tried > 10,
        "game {n}: bots fill their batches: {written} with orders, {tried} with attempts"
    );
    eprintln!(
        "scenario 5 game {n} ({actions} actions, {:?}): {}",
        start.elapsed(),
        outcome.summary
    );
}

#[test]
fn scenario_5_bot_game_as_printed_through_the_first_night() {
    play_cut(0, turn_limit());
}

#[test]
fn scenario_5_bot_game_with_3_8a_and_4_5a_reaches_its_result() {
    play_whole(1);
}

#[test]
#[ignore = "20 whole games of Scenario 5: long in a debug build"]
fn scenario_5_20_bot_games_reach_their_result() {
    for n in 0..20 {
        play_whole(n);
    }
}
