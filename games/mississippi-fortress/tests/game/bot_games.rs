//! 1,000 seeded bot games of scenario 6.1 and 200 of each other scenario (every optional rule
//! on in half of them), each choosing uniformly among the engine's own
//! legal actions, played through `adjutant_engine::Match` to the end: no panic, someone can
//! always act until the end, no prompt without actions, and the reference's invariants after
//! every action; every division that turns ineffective or effective again is announced to its
//! owner alone (S1.8, decision I39).

use std::sync::atomic::{AtomicU64, Ordering};

use adjutant_engine::{Match, Played, Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;

use crate::support::{Rng, new_match, seed, setup_for};

/// Divisions seen turning ineffective or effective again (and told so), over all bot games.
static STATUS_CHANGES: AtomicU64 = AtomicU64::new(0);

/// Actions a bot game may take before it is declared stuck.
const MAX_ACTIONS: u64 = 200_000;

/// Plays one game to its end; returns the number of actions.
pub fn play_out(n: u64) -> u64 {
    play_scenario(new_match(n), n)
}

/// Plays a match of any scenario to its end; returns the number of actions.
pub fn play_scenario(mut m: Match<MississippiFortress>, n: u64) -> u64 {
    let mut rng = Rng(n ^ 0x5eed);
    while m.outcome().is_none() {
        assert!(m.seq() < MAX_ACTIONS, "game {n} does not end");
        let to_act = m.to_act();
        assert!(
            !to_act.is_empty(),
            "game {n}: nobody can act at {:?}",
            m.state().step()
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
        let seq = m.seq();
        let before = effectiveness(&m);
        let played = match m.play(side, &value) {
            Ok(played) => played,
            Err(e) => panic!("game {n}: {action:?} was refused: {e}"),
        };
        effectiveness_announced(&m, &before, &played, n);
        if std::env::var("MF_TRACE").is_ok_and(|v| v == n.to_string()) {
            eprintln!("#{seq} {side} {action:?} at {:?}", m.state().step());
        }
        if let Err(e) = m.state().check_invariants() {
            panic!("game {n}, action {}: {e}", m.seq());
        }
    }
    if std::env::var("MF_VERBOSE").is_ok() {
        eprintln!(
            "game {n}: {} actions, ended on turn {} ({:?}), {:?}",
            m.seq(),
            m.state().turn(),
            m.state().step(),
            m.outcome()
        );
    }
    m.seq()
}

/// For each counter: on the map, and an ineffective division there (S1.8a).
fn effectiveness(m: &Match<MississippiFortress>) -> Vec<(bool, bool)> {
    let game = m.state();
    (0..game.counters().len())
        .map(|k| (game.counters()[k].on_map(), game.ineffective_on_map(k)))
        .collect()
}

/// S1.8, decision I39: a division on the map before and after an action whose status changed
/// is announced to its owner; the announcement has no public part.
fn effectiveness_announced(
    m: &Match<MississippiFortress>,
    before: &[(bool, bool)],
    played: &Played,
    n: u64,
) {
    for (k, &(was_on_map, was)) in before.iter().enumerate() {
        let c = &m.state().counters()[k];
        let now = m.state().ineffective_on_map(k);
        if !was_on_map || !c.on_map() || now == was {
            continue;
        }
        let wanted = format!(
            "{} is {}",
            c.name(),
            if now {
                "now ineffective"
            } else {
                "effective again"
            }
        );
        let told = Match::<MississippiFortress>::redact(&played.events(), Viewer::Seat(c.side()))
            .iter()
            .any(|e| {
                e["type"] == "ineffective"
                    && e["secret"]["text"]
                        .as_str()
                        .is_some_and(|t| t.starts_with(&wanted))
            });
        assert!(
            told,
            "game {n}, action {}: not told \"{wanted}\"",
            played.seq
        );
        STATUS_CHANGES.fetch_add(1, Ordering::Relaxed);
    }
    for e in &played.events() {
        if e["type"] == "ineffective" {
            assert!(e.get("text").is_none(), "game {n}: public: {e}");
        }
    }
}

/// Plays `games` seeded games on two threads, game `n` from `play(n)`; returns how many ended.
fn run_many(games: u64, play: impl Fn(u64) -> u64 + Sync) -> u64 {
    let threads = 2;
    let play = &play;
    let totals: Vec<u64> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t..games)
                        .step_by(threads as usize)
                        .map(|n| {
                            play(n);
                            1
                        })
                        .sum::<u64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    totals.iter().sum()
}

/// Every optional rule a scenario offers, on.
fn all_options(scenario: &str) -> serde_json::Value {
    let info = mississippi_fortress::catalog::game_info();
    let on: serde_json::Map<String, serde_json::Value> = info
        .choices
        .iter()
        .filter(|c| c.scenarios.iter().any(|s| s == scenario))
        .map(|c| (c.id.clone(), serde_json::Value::Bool(true)))
        .collect();
    serde_json::Value::Object(on)
}

/// Game `n` of a scenario: all optional rules on in the odd-numbered games.
fn scenario_game(scenario: &str, n: u64) -> u64 {
    let options = if n % 2 == 1 {
        all_options(scenario)
    } else {
        serde_json::json!({})
    };
    let m = Match::new(&setup_for(scenario, options), &seed(n))
        .unwrap_or_else(|e| panic!("{scenario} game {n} sets up: {e}"));
    play_scenario(m, n)
}

#[test]
fn a_thousand_bot_games_of_champion_hill_end_cleanly() {
    assert_eq!(run_many(1000, play_out), 1000);
    let changes = STATUS_CHANGES.load(Ordering::Relaxed);
    assert!(
        changes >= 100,
        "only {changes} divisions changed status (S1.8)"
    );
}

#[test]
fn two_hundred_bot_games_of_grants_land_campaign_end_cleanly() {
    assert_eq!(
        run_many(200, |n| scenario_game("grants-land-campaign", n)),
        200
    );
}

/// 4.15a, 7.1, 7.11, 7.21, 7.22 in play in half of them.
#[test]
fn two_hundred_bot_games_of_porter_runs_the_batteries_end_cleanly() {
    assert_eq!(
        run_many(200, |n| scenario_game("porter-runs-the-batteries", n)),
        200
    );
}

#[test]
fn two_hundred_bot_games_of_shermans_assault_end_cleanly() {
    assert_eq!(run_many(200, |n| scenario_game("shermans-assault", n)), 200);
}
