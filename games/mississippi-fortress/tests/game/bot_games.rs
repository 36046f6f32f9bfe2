//! 1,000 seeded bot games of scenario 6.1, each choosing uniformly among the engine's own
//! legal actions, played through `adjutant_engine::Match` to the end: no panic, someone can
//! always act until the end, no prompt without actions, and the reference's invariants after
//! every action.

use adjutant_engine::{Match, Rules, Side};
use mississippi_fortress::MississippiFortress;

use crate::support::{Rng, new_match};

/// Actions a bot game may take before it is declared stuck.
const MAX_ACTIONS: u64 = 20_000;

/// Plays one game to its end; returns the number of actions.
pub fn play_out(n: u64) -> u64 {
    let mut m: Match<MississippiFortress> = new_match(n);
    let mut rng = Rng(n ^ 0x5eed);
    while m.outcome().is_none() {
        assert!(m.seq() < MAX_ACTIONS, "game {n} does not end");
        let to_act = m.to_act();
        assert!(
            !to_act.is_empty(),
            "game {n}: nobody can act at {:?}",
            m.state().step
        );
        for side in Side::BOTH {
            let prompt = m.state().prompt(side);
            let actions = m.state().legal_actions(side);
            assert_eq!(
                prompt.is_some(),
                !actions.is_empty(),
                "game {n}: a prompt without actions (or actions without a prompt) for {side}"
            );
        }
        let side = to_act[rng.below(to_act.len())];
        let actions = m.state().legal_actions(side);
        let action = &actions[rng.below(actions.len())];
        let value = serde_json::to_value(action).expect("actions serialise");
        if let Err(e) = m.play(side, &value) {
            panic!("game {n}: {action:?} was refused: {e}");
        }
        if let Err(e) = m.state().check_invariants() {
            panic!("game {n}, action {}: {e}", m.seq());
        }
    }
    m.seq()
}

#[test]
fn a_thousand_bot_games_of_champion_hill_end_cleanly() {
    let games: u64 = 1000;
    let threads = 2;
    let totals: Vec<(u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut actions = 0;
                    let mut finished = 0;
                    for n in (t..games).step_by(threads as usize) {
                        actions += play_out(n);
                        finished += 1;
                    }
                    (finished, actions)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    let finished: u64 = totals.iter().map(|t| t.0).sum();
    assert_eq!(finished, games);
}
