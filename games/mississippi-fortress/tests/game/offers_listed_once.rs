//! The offers the engine takes from the sequence of play (`Rules::take_legal_actions`: both
//! sides' lists as `advance` found them where it stopped) are the legal actions of the state
//! as it is after the action: checked after every action of seeded random games of Champion
//! Hill and of the first actions of the 6.3 campaign with every option.

use adjutant_engine::{Match, Rules};
use mississippi_fortress::MississippiFortress;

use crate::support::{Rng, new_match, seed, setup_with_every_option};

/// Plays up to `actions` random offered actions of `m`, checking the offers after set-up and
/// after every action.
fn check(mut m: Match<MississippiFortress>, n: u64, actions: u64) {
    let mut rng = Rng(n ^ 0x0ffe);
    check_offers(&m, n);
    while m.outcome().is_none() && m.seq() < actions {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let legal = m.state().legal_actions(side);
        let action = &legal[rng.below(legal.len())];
        let value = serde_json::to_value(action).expect("actions serialise");
        m.play(side, &value).expect("an offered action is accepted");
        check_offers(&m, n);
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
    let setup = setup_with_every_option("porter-runs-the-batteries");
    let m = Match::new(&setup, &seed(7)).expect("6.3 sets up");
    check(m, 7, 1_200);
}

/// What `m` offers each side is the rules' list for the state now.
fn check_offers(m: &Match<MississippiFortress>, n: u64) {
    if let Err(e) = m.check_offers() {
        panic!("game {n}, action {}: {e}", m.seq());
    }
}
