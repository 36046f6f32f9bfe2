//! A short tournament (issue 19, CI): a few seeded games of 6.1 and 6.2 between the opponent
//! and the random bot, both sides, asserting only that they finish and that the rules'
//! invariants hold after every action. The full tournament is the `tournament` example
//! (`docs/ai.md`).

use adjutant_engine::{PerSide, Side};
use mississippi_fortress_ai::Level;
use mississippi_fortress_ai::arena::{Player, play};

fn finishes(scenario: &str, union: Player, confederate: Player, seed: u64) {
    let r = play(scenario, PerSide { union, confederate }, seed, |m| {
        if let Err(e) = m.state().check_invariants() {
            panic!("{scenario} seed {seed}, action {}: {e}", m.seq());
        }
    })
    .unwrap_or_else(|e| panic!("{scenario} seed {seed}: {e}"));
    assert!(r.finished, "{scenario} seed {seed} did not end");
    assert!(r.decisions.union > 0 && r.decisions.confederate > 0);
}

#[test]
fn champion_hill_games_finish_within_the_rules() {
    for (seed, level) in [(1, Level::Easy), (2, Level::Normal), (3, Level::Hard)] {
        finishes("champion-hill", Player::Ai(level), Player::Random, seed);
        finishes("champion-hill", Player::Random, Player::Ai(level), seed);
    }
    finishes(
        "champion-hill",
        Player::Ai(Level::Hard),
        Player::Ai(Level::Easy),
        4,
    );
}

#[test]
fn campaign_games_finish_within_the_rules() {
    finishes(
        "grants-land-campaign",
        Player::Ai(Level::Normal),
        Player::Random,
        1,
    );
    finishes(
        "grants-land-campaign",
        Player::Random,
        Player::Ai(Level::Normal),
        2,
    );
}

#[test]
fn a_seeded_game_is_reproducible() {
    let players = PerSide {
        union: Player::Ai(Level::Normal),
        confederate: Player::Random,
    };
    let a = play("champion-hill", players, 7, |_| {}).expect("plays");
    let b = play("champion-hill", players, 7, |_| {}).expect("plays");
    assert_eq!(
        (a.actions, a.winner, a.summary),
        (b.actions, b.winner, b.summary)
    );
    let _ = Side::Union;
}
