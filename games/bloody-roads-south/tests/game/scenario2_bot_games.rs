//! Seeded bot games of Scenario 2, Warren and Sedgwick vs. Ewell (16 turns, 5 May 1:00pm to
//! 9:00pm, the last a night turn): the same bots and checks as Sander's Field's
//! (`bot_games`): no panic, someone can always act until the end, no prompt without actions,
//! every invariant after every action, and each game reaches its result through the night.

use bloody_roads_south::model::step::Step;

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
        let (m, actions) = crate::bot_games::play_out_match(m, n, &mut written, &mut tried);
        assert!(actions > 10, "game {n} ended after {actions} actions");
        let g = m.state();
        assert_eq!(g.step(), Step::Over, "game {n}");
        assert_eq!(g.turn_number(), 16, "game {n} ends on its 16th turn");
        assert!(
            g.is_night(),
            "game {n}: the last turn, 9:00pm, is a night turn"
        );
        assert!(m.outcome().is_some(), "game {n} has its result");
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

/// Replays the bot game of one seed with the Confederate seat's last sentences on failure
/// (`BRS_SEED=41 cargo test -p bloody-roads-south --test game -- --ignored replay`).
#[test]
#[ignore]
fn replay_one_scenario_2_game() {
    use adjutant_engine::{Rules, Side, Viewer};
    use bloody_roads_south::model::action::Action;
    let n: u64 = std::env::var("BRS_SEED").map_or(0, |v| v.parse().expect("a seed"));
    let mut m = warren_and_sedgwick(n);
    let mut rng = crate::support::Rng(n ^ 0x5eed);
    let mut last: Vec<String> = Vec::new();
    while m.outcome().is_none() {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let actions = m.state().legal_actions(side);
        let mut action = actions[rng.below(actions.len())].clone();
        let words = format!("Orders of move {}.", m.seq());
        action =
            bloody_roads_south::bot::fill(m.state(), side, &action, &mut |k| rng.below(k), &words);
        if let Action::LooseCannonOrder { text, .. } = &mut action {
            *text = words.clone();
        }
        let value = serde_json::to_value(&action).unwrap();
        let played = m.play(side, &value).unwrap();
        let t = crate::support::texts(&m, &played, Viewer::Seat(Side::Confederate));
        last.extend(t.iter().cloned());
        if last.len() > 60 {
            last.drain(..last.len() - 60);
        }
        if let Err(e) = m.state().check_invariants() {
            panic!(
                "{e} after {action:?} by {side:?} turn {} step {:?}\n{}",
                m.state().turn_number(),
                m.state().step(),
                last.join("\n")
            );
        }
    }
}
