//! Seeded bot games of Scenario 2, Warren and Sedgwick vs. Ewell (16 turns, 5 May 1:00pm to
//! 9:00pm, the last a night turn): the same bots and checks as Sander's Field's
//! (`bot_games`): no panic, someone can always act until the end, no prompt without actions,
//! every invariant after every action, and each game reaches its result through the night.

use crate::support::warren_and_sedgwick;

/// Seeded bot games in CI: 50 in all, in two tests of 25 so that the test threads share them
/// (a game of Scenario 2 is three times as long as one of Scenario 1). `BRS_BOT_GAMES=N`
/// plays N per test instead, as for Sander's Field.
fn games_per_test() -> u64 {
    std::env::var("BRS_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(25)
}

/// Plays the games of seeds `first..first + games_per_test()` to their results.
fn bot_games_from(first: u64) {
    let (mut written, mut tried) = (0, 0);
    for n in first..first + games_per_test() {
        let m = warren_and_sedgwick(n);
        crate::bot_games::play_through_the_night(m, n, &mut written, &mut tried);
    }
    assert!(
        written > 10 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
}

#[test]
fn scenario_2_bot_games_reach_their_result_through_the_night_seeds_0_to_24() {
    bot_games_from(0);
}

#[test]
fn scenario_2_bot_games_reach_their_result_through_the_night_seeds_25_to_49() {
    bot_games_from(25);
}
