//! Seeded bot games of Scenario 6, The Second Day (31 day turns on both maps joined, 6 May
//! 5:00am to 8:00pm): the same bots and checks as Sander's Field's (`bot_games`): no panic,
//! someone can always act until the end, no prompt without actions, every invariant after
//! every action, and each game reaches its result in the book's words (5.2 tactical, 5.3
//! strategic). Half of the games (odd seeds) play with the variants and secret choices built
//! for it (3.8b and the optional rule 3.6 public; 3.8a the Union's secret; 4.5a, 4.5b, 4.5c and
//! the 4.3 entries the Confederate's); a quarter (seeds 2, 6, …) played on into 7 May by the
//! players' agreement (7.0, 70 turns to 7 May 8:00pm).

use adjutant_engine::{Match, Side};
use bloody_roads_south::BloodyRoadsSouth;

use serde_json::Value;

use crate::bot_games::{day_end_games_of_mix, long_games_per_test as games_per_test};
use crate::support::{second_day, second_day_with, seed, setup_for};

// Seeded bot games in the normal run: 4 (one of each mix of choices, each game about 16,800
// actions), in four tests so that the test threads share them; `BRS_BOT_GAMES=N` plays N per
// test instead (test `k` plays seeds `k`, `k + 4`, `k + 8`, …: always the same mix). The 200
// games are the ignored test below:
// `cargo test -p bloody-roads-south --test game scenario_6_200 -- --ignored`.

/// Game `n`: seeds 2, 6, 10, … played on into 7 May by agreement (7.0, Scenario 6); odd
/// seeds with the variants and secret choices built for Scenario 6, in two
/// mixes: 3.8b, 3.6, 4.5c and 4.5a with 1 Corps (R/R/2 by B1.21); or 4.5b by Entry F with 4.5a two
/// turns after it by B29.01 (A/3 by A1.22) and the Union's 3.8a.
fn game(n: u64) -> Match<BloodyRoadsSouth> {
    let choices: &[(&str, Value)] = match n % 4 {
        1 => &[
            ("anderson-with-hill", Value::Bool(true)),
            ("pickett-joins", Value::Bool(true)),
        ],
        3 => &[("pickett-joins", Value::Bool(true))],
        2 => return second_day_with(n, &["play-on-into-7-may"], &[]),
        _ => return second_day(n),
    };
    let options: &[&str] = if n % 4 == 1 {
        &["burnside-elsewhere", "aop-reserve"]
    } else {
        &[]
    };
    let mut setup = setup_for("second-day", options);
    let secrets = setup.secret_choices.get_mut(Side::Confederate);
    for (k, v) in choices {
        secrets.insert((*k).into(), v.clone());
    }
    let hexes: &[(&str, &str)] = if n % 4 == 1 {
        &[("entry-ramseur", "B1.21")]
    } else {
        &[
            ("entry-first-corps", "B39.01"),
            ("entry-pickett", "B29.01"),
            ("entry-anderson", "A1.22"),
        ]
    };
    for (k, h) in hexes {
        secrets.insert((*k).into(), Value::String((*h).into()));
    }
    if n % 4 == 3 {
        setup
            .secret_choices
            .get_mut(Side::Union)
            .insert("ferrero-joins".into(), Value::Bool(true));
    }
    Match::new(&setup, &seed(n)).expect("Scenario 6 sets up with its choices")
}

/// Plays `count` games to their results: seeds `mix`, `mix + 4`, … (one mix of choices),
/// each ending on its 31st turn, 6 May 8:00pm, or, played on into 7 May (mix 2), on its 70th,
/// 7 May 8:00pm.
fn bot_games_of_mix(mix: u64, count: u64) {
    let last = if mix == 2 { 70 } else { 31 };
    day_end_games_of_mix(game, (mix, count), (last, "8:00pm"), |_, _| {});
}

#[test]
fn scenario_6_bot_games_reach_their_result_as_printed() {
    bot_games_of_mix(0, games_per_test());
}

#[test]
fn scenario_6_bot_games_reach_their_result_with_3_8b_4_5c_4_5a() {
    bot_games_of_mix(1, games_per_test());
}

#[test]
fn scenario_6_bot_games_reach_their_result_played_on_into_7_may() {
    bot_games_of_mix(2, games_per_test());
}

#[test]
fn scenario_6_bot_games_reach_their_result_with_4_5b_4_5a_3_8a() {
    bot_games_of_mix(3, games_per_test());
}

#[test]
#[ignore = "200 games of Scenario 6: long in a debug build"]
fn scenario_6_200_bot_games_reach_their_result() {
    for mix in 0..4 {
        bot_games_of_mix(mix, 50);
    }
}
