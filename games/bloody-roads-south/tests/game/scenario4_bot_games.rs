//! Seeded bot games of Scenario 4, The Battles of May 5th (16 turns on both maps joined, 5 May
//! 1:00pm to 9:00pm, the last a night turn): the same bots and checks as Sander's Field's
//! (`bot_games`): no panic, someone can always act until the end, no prompt without actions,
//! every invariant after every action, and each game reaches its result in the book's words
//! (5.2 tactical, 5.3 strategic). Half of the games (odd seeds) play with Scenario 4's variants
//! 3.8b and 4.5c on, and the optional rule 3.6 (the AoP Reserve, which the Union bot forms now
//! and then).

use adjutant_engine::{Match, Side};
use bloody_roads_south::BloodyRoadsSouth;
use serde_json::Value;

use crate::support::{battles_of_may_5th, seed, setup_for};

/// Seeded bot games in the normal run: 12, in two tests of 6 so that the test threads share
/// them; `BRS_BOT_GAMES=N` plays N per test instead. The 200 games of issue 17 are the ignored
/// test below: `cargo test -p bloody-roads-south --test game scenario_4_200 -- --ignored`.
fn games_per_test() -> u64 {
    std::env::var("BRS_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

/// Game `n` with 3.8b, 3.6 and the Confederate's secret 4.5c.
fn with_variants(n: u64) -> Match<BloodyRoadsSouth> {
    let mut setup = setup_for("battles-of-may-5th", &["burnside-elsewhere", "aop-reserve"]);
    setup
        .secret_choices
        .get_mut(Side::Confederate)
        .insert("anderson-with-hill".into(), Value::Bool(true));
    Match::new(&setup, &seed(n)).expect("The Battles of May 5th sets up with its variants")
}

/// Plays the games of seeds `first..first + count` to their results.
fn bot_games_from(first: u64, count: u64) {
    let (mut written, mut tried) = (0, 0);
    for n in first..first + count {
        // Odd seeds play with both variants (3.8b public, 4.5c the Confederate's secret) and
        // the optional rule 3.6.
        let m = if n % 2 == 1 {
            with_variants(n)
        } else {
            battles_of_may_5th(n)
        };
        let m = crate::bot_games::play_through_the_night(m, n, &mut written, &mut tried);
        let outcome = m.outcome().expect("a result");
        assert!(
            outcome.summary.contains("Tactical") && outcome.summary.contains("Strategic"),
            "game {n}: the result names both levels (5.2, 5.3): {}",
            outcome.summary
        );
        // The result is the one 5.2 and 5.3 give for the final state; the winner is the side
        // the strategic result names.
        let r = m.state().standard_result();
        assert_eq!(outcome, r.outcome(), "game {n}");
        assert_eq!(outcome.winner, r.strategic_winner(), "game {n}");
        eprintln!("scenario 4 game {n}: {}", outcome.summary);
    }
    assert!(
        written > 0 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
}

#[test]
fn scenario_4_bot_games_reach_their_result_from_seed_0() {
    bot_games_from(0, games_per_test());
}

#[test]
fn scenario_4_bot_games_reach_their_result_from_seed_1000() {
    bot_games_from(1000, games_per_test());
}

#[test]
#[ignore = "200 games of Scenario 4: long in a debug build"]
fn scenario_4_200_bot_games_reach_their_result() {
    bot_games_from(0, 200);
}
