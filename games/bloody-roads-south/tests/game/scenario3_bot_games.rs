//! Seeded bot games of Scenario 3, The Battle of the Plank Road (16 turns on Map B, 5 May
//! 1:00pm to 9:00pm, the last a night turn): the same bots and checks as Sander's Field's
//! (`bot_games`): no panic, someone can always act until the end, no prompt without actions,
//! every invariant after every action, and each game reaches its result.

use adjutant_engine::Side;
use bloody_roads_south::model::unit::Location;

use crate::support::plank_road;

/// Seeded bot games in the normal run: 12, in two tests of 6 so that the test threads share
/// them (a game takes about 10 s in a debug build on a busy machine, docs/performance.md);
/// `BRS_BOT_GAMES=N` plays N per test instead. The 200 games of issue 17 are the ignored
/// test below: `cargo test -p bloody-roads-south --test game scenario_3_200 -- --ignored`.
fn games_per_test() -> u64 {
    std::env::var("BRS_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

/// Plays the games of seeds `first..first + count` to their results.
fn bot_games_from(first: u64, count: u64) {
    let (mut written, mut tried, mut left) = (0, 0, 0);
    for n in first..first + count {
        let m = plank_road(n);
        let m = crate::bot_games::play_through_the_night(m, n, &mut written, &mut tried);
        let g = m.state();
        left += g
            .units()
            .iter()
            .filter(|u| u.side() == Side::Union && matches!(u.location(), Location::Exited { .. }))
            .count();
    }
    // Only Lee writes orders (the Union has no writer); both sides try initiative.
    assert!(
        written > 0 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
    eprintln!("scenario 3 bot games from {first}: {left} Union counters left the map by B13.35");
}

#[test]
fn scenario_3_bot_games_reach_their_result_from_seed_0() {
    bot_games_from(0, games_per_test());
}

#[test]
fn scenario_3_bot_games_reach_their_result_from_seed_1000() {
    bot_games_from(1000, games_per_test());
}

#[test]
#[ignore = "200 games of Scenario 3: about half an hour in a debug build"]
fn scenario_3_200_bot_games_reach_their_result() {
    bot_games_from(0, 200);
}
