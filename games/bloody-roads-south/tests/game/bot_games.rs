//! Seeded bot games of Sander's Field, each choosing uniformly among the engine's own legal
//! actions, played through `adjutant_engine::Match` to the end: no panic, someone can always
//! act until the end, no prompt without actions, every invariant after every action.

use adjutant_engine::{Match, Rules, Side};
use bloody_roads_south::BloodyRoadsSouth;
use bloody_roads_south::model::action::Action;
use bloody_roads_south::model::step::Step;
use bloody_roads_south::victory::standard::StandardResult;

use crate::support::{Rng, sanders_field};

/// Actions a bot game may take before it is declared stuck.
const MAX_ACTIONS: u64 = 100_000;

/// Plays one game to its end, counting the batches that wrote orders and tried initiative.
pub fn play_out_counting(
    m: Match<BloodyRoadsSouth>,
    n: u64,
    written: &mut u32,
    tried: &mut u32,
) -> u64 {
    play_out_match(m, n, written, tried).1
}

/// Plays one game to its end (see [`play_out_counting`]), returning the finished match and the
/// number of actions.
pub fn play_out_match(
    m: Match<BloodyRoadsSouth>,
    n: u64,
    written: &mut u32,
    tried: &mut u32,
) -> (Match<BloodyRoadsSouth>, u64) {
    play_match_until(m, n, written, tried, |_| false)
}

/// Plays one game (see [`play_out_counting`]) until it ends or `stop` holds before an action
/// (a game cut at a turn limit), returning the match and the number of actions.
pub fn play_match_until(
    mut m: Match<BloodyRoadsSouth>,
    n: u64,
    written: &mut u32,
    tried: &mut u32,
    stop: impl Fn(&BloodyRoadsSouth) -> bool,
) -> (Match<BloodyRoadsSouth>, u64) {
    let mut rng = Rng(n ^ 0x5eed);
    let mut links = 0u32;
    while m.outcome().is_none() && !stop(m.state()) {
        assert!(m.seq() < MAX_ACTIONS, "game {n} does not end");
        let to_act = m.to_act();
        assert!(
            !to_act.is_empty(),
            "game {n}: nobody can act at {:?}",
            m.state().step()
        );
        for side in Side::BOTH {
            assert_eq!(
                m.state().prompt(side).is_some(),
                !m.state().legal_actions(side).is_empty(),
                "game {n}: a prompt without actions for {side}"
            );
        }
        let side = to_act[rng.below(to_act.len())];
        let actions = m.state().legal_actions(side);
        let mut action = actions[rng.below(actions.len())].clone();
        // A player composes his batches from his menu; a bot writes its move number as each
        // order's words (initiative may not re-issue, word for word, the order in delay, 10.2).
        let words = format!("Orders of move {}.", m.seq());
        action =
            bloody_roads_south::bot::fill(m.state(), side, &action, &mut |k| rng.below(k), &words);
        if let Action::LooseCannonOrder { text, .. } = &mut action {
            *text = words;
        }
        if matches!(&action, Action::IssueOrders { orders, .. } if !orders.is_empty()) {
            *written += 1;
        }
        if matches!(&action, Action::Initiative { attempts } if !attempts.is_empty()) {
            *tried += 1;
        }
        if action == Action::UseLink {
            links += 1;
        }
        let action = &action;
        let value = serde_json::to_value(action).expect("actions serialise");
        if let Err(e) = m.play(side, &value) {
            panic!("game {n}: {action:?} was refused: {e}");
        }
        if let Err(e) = m.state().check_invariants() {
            panic!("game {n}, action {}: {e} (after {action:?})", m.seq());
        }
    }
    if links > 0 {
        eprintln!("game {n}: {links} groups took the off-map link (4.2)");
    }
    let seq = m.seq();
    (m, seq)
}

/// Bot games per test in the normal run of the long scenarios (Scenarios 5–7): 1, or
/// `BRS_BOT_GAMES=N`.
pub fn long_games_per_test() -> u64 {
    std::env::var("BRS_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

/// Checks game `n` of a scenario whose last turn is a day turn (Scenarios 5–7) at its end: over
/// on its turn `last` (`time`), its result naming both levels and being the standard result
/// (5.2, 5.3). Returns that result for the scenario's own checks.
pub fn check_day_end(m: &Match<BloodyRoadsSouth>, n: u64, last: u16, time: &str) -> StandardResult {
    let g = m.state();
    assert_eq!(g.step(), Step::Over, "game {n}");
    assert_eq!(
        g.turn_number(),
        last,
        "game {n} ends on its last turn, {time}"
    );
    assert!(!g.is_night(), "game {n}: {time} is a day turn");
    let outcome = m.outcome().expect("a result");
    assert!(
        outcome.summary.contains("Tactical") && outcome.summary.contains("Strategic"),
        "game {n}: the result names both levels (5.2, 5.3): {}",
        outcome.summary
    );
    let r = g.standard_result();
    assert_eq!(outcome, r.outcome(), "game {n}");
    assert_eq!(outcome.winner, r.strategic_winner(), "game {n}");
    r
}

/// Plays `count` games of a scenario to their results with [`check_day_end`]: seeds `mix`,
/// `mix + 4`, … (one mix of choices, as `game` sets them up); `more` checks each result
/// further.
pub fn day_end_games_of_mix(
    game: impl Fn(u64) -> Match<BloodyRoadsSouth>,
    (mix, count): (u64, u64),
    (last, time): (u16, &str),
    more: impl Fn(u64, &StandardResult),
) {
    let (mut written, mut tried) = (0, 0);
    for n in (0..count).map(|i| mix + 4 * i) {
        let (m, actions) = play_out_match(game(n), n, &mut written, &mut tried);
        assert!(actions > 10, "game {n} ended after {actions} actions");
        let r = check_day_end(&m, n, last, time);
        more(n, &r);
        let summary = m.outcome().map(|o| o.summary.clone()).unwrap_or_default();
        eprintln!(
            "{} game {n} ({actions} actions): {summary}",
            m.state().scenario().title
        );
    }
    assert!(
        written > 0 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
}

/// Plays game `n` of a scenario whose 16th and last turn is the 9:00pm night turn of 5 May
/// (Scenarios 2 and 3) to its result (see [`play_out_counting`]), checking that it ends there.
pub fn play_through_the_night(
    m: Match<BloodyRoadsSouth>,
    n: u64,
    written: &mut u32,
    tried: &mut u32,
) -> Match<BloodyRoadsSouth> {
    let (m, actions) = play_out_match(m, n, written, tried);
    assert!(actions > 10, "game {n} ended after {actions} actions");
    let g = m.state();
    assert_eq!(g.step(), Step::Over, "game {n}");
    assert_eq!(g.turn_number(), 16, "game {n} ends on its 16th turn");
    assert!(
        g.is_night(),
        "game {n}: the last turn, 9:00pm, is a night turn"
    );
    assert!(m.outcome().is_some(), "game {n} has its result");
    m
}

/// Seeded bot games in CI: 1,000 in all, in four tests of 250 so that the test threads share
/// them. `BRS_BOT_GAMES=N` plays N per test instead (a longer soak: `BRS_BOT_GAMES=2500 cargo
/// test --release -p bloody-roads-south bot_games` plays 10,000).
fn games_per_test() -> u64 {
    std::env::var("BRS_BOT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250)
}

/// Plays the games of seeds `first..first + games_per_test()` to their results.
fn bot_games_from(first: u64) {
    let (mut written, mut tried) = (0, 0);
    for n in first..first + games_per_test() {
        let actions = play_out_counting(sanders_field(n), n, &mut written, &mut tried);
        assert!(actions > 10, "game {n} ended after {actions} actions");
    }
    assert!(
        written > 10 && tried > 10,
        "bots fill their batches: {written} with orders, {tried} with attempts"
    );
}

#[test]
fn sanders_field_bot_games_reach_their_result_seeds_0_to_249() {
    bot_games_from(0);
}

#[test]
fn sanders_field_bot_games_reach_their_result_seeds_250_to_499() {
    bot_games_from(250);
}

#[test]
fn sanders_field_bot_games_reach_their_result_seeds_500_to_749() {
    bot_games_from(500);
}

#[test]
fn sanders_field_bot_games_reach_their_result_seeds_750_to_999() {
    bot_games_from(750);
}
