//! The offers the engine takes from the sequence of play (`Rules::take_legal_actions`: the
//! lists `advance` found when it stopped) are the legal actions of the state as it is after
//! the action: checked after every action of seeded bot games of Sander's Field, with set-up,
//! batches, movement, fire and morale, and of Scenario 5's first turns on both maps.

use adjutant_engine::{Match, Rules};
use bloody_roads_south::BloodyRoadsSouth;

use crate::support::{Rng, sanders_field, wilderness_with};

/// Plays `actions` actions of `m` (or to its end) between random bots, checking the offers
/// after set-up and after every action.
fn check(mut m: Match<BloodyRoadsSouth>, n: u64, actions: u64) {
    let mut rng = Rng(n ^ 0x0ffe);
    check_offers(&m, n);
    while m.outcome().is_none() && m.seq() < actions {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let legal = m.state().legal_actions(side);
        let offered = &legal[rng.below(legal.len())];
        let words = format!("Orders of move {}.", m.seq());
        let action =
            bloody_roads_south::bot::fill(m.state(), side, offered, &mut |k| rng.below(k), &words);
        let value = serde_json::to_value(&action).expect("actions serialise");
        m.play(side, &value).expect("an offered action is accepted");
        check_offers(&m, n);
    }
}

#[test]
fn the_offers_taken_from_the_sequence_of_play_are_the_legal_actions_sanders_field() {
    for n in 0..3 {
        check(sanders_field(n), n, u64::MAX);
    }
}

#[test]
fn the_offers_taken_from_the_sequence_of_play_are_the_legal_actions_scenario_5() {
    check(wilderness_with(1, &[], &[]), 1, 1_500);
}

/// What `m` offers each side is the rules' list for the state now.
fn check_offers(m: &Match<BloodyRoadsSouth>, n: u64) {
    if let Err(e) = m.check_offers() {
        panic!("game {n}, action {}: {e}", m.seq());
    }
}
