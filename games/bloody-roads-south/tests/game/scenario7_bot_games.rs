//! Seeded bot games of Scenario 7, The Wasted Day (29 day turns on both maps joined, 7 May
//! 5:00am to 7:00pm): the same bots and checks as Sander's Field's (`bot_games`): no panic,
//! someone can always act until the end, no prompt without actions, every invariant after
//! every action, and each game reaches its result in the book's words (5.2 tactical, 5.3
//! strategic), counting the conditions that exist at the start. Half of the games (odd seeds)
//! play with the variants offered for it (3.8b public; 3.8a the Union's secret; 4.5a the
//! Confederate's).

use adjutant_engine::{Match, Side};
use bloody_roads_south::BloodyRoadsSouth;

use crate::bot_games::{day_end_games_of_mix, long_games_per_test as games_per_test};
use crate::support::wasted_day_with;

// Seeded bot games in the normal run: 3 (one of each mix: as printed, 3.8b with 4.5a, 3.8a
// with 4.5a; each game about 16,500 actions), in three tests so that the test threads share
// them; `BRS_BOT_GAMES=N` plays N per mix instead (mix
// `k` plays seeds `k`, `k + 4`, `k + 8`, …: always the same choices). The 200 games are the
// ignored test below:
// `cargo test -p bloody-roads-south --test game scenario_7_200 -- --ignored`.

/// Game `n`: even seeds as printed; `n % 4 == 1` with 3.8b and 3.6 (public) and 4.5a; `n % 4 == 3`
/// with 3.8a (the Union's secret) and 4.5a (the Confederate's).
fn game(n: u64) -> Match<BloodyRoadsSouth> {
    match n % 4 {
        1 => wasted_day_with(
            n,
            &["burnside-elsewhere", "aop-reserve"],
            &[(Side::Confederate, "pickett-joins")],
        ),
        3 => wasted_day_with(
            n,
            &[],
            &[
                (Side::Union, "ferrero-joins"),
                (Side::Confederate, "pickett-joins"),
            ],
        ),
        _ => wasted_day_with(n, &[], &[]),
    }
}

/// Plays `count` games to their results: seeds `mix`, `mix + 4`, … (one mix of choices),
/// each ending on its 29th turn, 7:00pm.
fn bot_games_of_mix(mix: u64, count: u64) {
    day_end_games_of_mix(game, (mix, count), (29, "7:00pm"), |n, r| {
        // Existing conditions count: the Confederates score at least the Union's losses
        // before play (180 steps, Wadsworth), less the 9th Corps' 17 steps under 3.8b.
        let floor = if n % 4 == 1 { 163 } else { 180 };
        assert!(
            r.tactical.confederate.total >= floor,
            "game {n}: {:?}",
            r.tactical.confederate.lines
        );
    });
}

#[test]
fn scenario_7_bot_games_reach_their_result_as_printed() {
    bot_games_of_mix(0, games_per_test());
}

#[test]
fn scenario_7_bot_games_reach_their_result_with_3_8b_4_5a() {
    bot_games_of_mix(1, games_per_test());
}

#[test]
fn scenario_7_bot_games_reach_their_result_with_3_8a_4_5a() {
    bot_games_of_mix(3, games_per_test());
}

#[test]
#[ignore = "200 games of Scenario 7: long in a debug build"]
fn scenario_7_200_bot_games_reach_their_result() {
    for mix in 0..4 {
        bot_games_of_mix(mix, 50);
    }
}
