//! The offers the engine takes from the sequence of play (`Rules::take_legal_actions`: both
//! sides' lists as `advance` found them where it stopped) are the legal actions of the state
//! as it is after the action: checked after every action of seeded random games of Champion
//! Hill and of the first actions of the 6.3 campaign with every option.

use adjutant_engine::{Match, Rules, Side};
use mississippi_fortress::MississippiFortress;
use serde_json::Value;

use crate::support::{Rng, new_match, seed, setup_for};

/// What `m` offers each side (its rules actions, without labels, marks or undo) equals the
/// rules' own list for the state now.
fn offers_are_the_legal_actions(m: &Match<MississippiFortress>, n: u64) {
    for side in Side::BOTH {
        let offered: Vec<Value> = m
            .offered(side)
            .into_iter()
            .filter(|a| a["type"] != "undo")
            .map(|mut a| {
                if let Some(o) = a.as_object_mut() {
                    o.remove("label");
                    o.remove("irrevocable");
                }
                a
            })
            .collect();
        let legal: Vec<Value> = m
            .state()
            .legal_actions(side)
            .iter()
            .map(|a| serde_json::to_value(a).expect("actions serialise"))
            .collect();
        assert_eq!(offered, legal, "game {n}, action {}, {side}", m.seq());
    }
}

/// Plays up to `actions` random offered actions of `m`, checking the offers after set-up and
/// after every action.
fn check(mut m: Match<MississippiFortress>, n: u64, actions: u64) {
    let mut rng = Rng(n ^ 0x0ffe);
    offers_are_the_legal_actions(&m, n);
    while m.outcome().is_none() && m.seq() < actions {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let legal = m.state().legal_actions(side);
        let action = &legal[rng.below(legal.len())];
        let value = serde_json::to_value(action).expect("actions serialise");
        m.play(side, &value).expect("an offered action is accepted");
        offers_are_the_legal_actions(&m, n);
    }
}

#[test]
fn the_offers_taken_from_the_sequence_of_play_are_the_legal_actions_champion_hill() {
    for n in 0..4 {
        check(new_match(n), n, u64::MAX);
    }
}

#[test]
fn the_offers_taken_from_the_sequence_of_play_are_the_legal_actions_grand_campaign() {
    let scenario = "porter-runs-the-batteries";
    let options: serde_json::Map<String, Value> = mississippi_fortress::catalog::game_info()
        .choices
        .iter()
        .filter(|c| c.scenarios.iter().any(|s| s == scenario))
        .map(|c| (c.id.clone(), Value::Bool(true)))
        .collect();
    let setup = setup_for(scenario, Value::Object(options));
    let m = Match::new(&setup, &seed(7)).expect("6.3 sets up");
    check(m, 7, 1_200);
}
