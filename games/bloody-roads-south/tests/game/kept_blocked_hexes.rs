//! The hexes blocking each side's radius traces (S10.5a; reference 2.3.11, 2.4) are kept from
//! one action to the next, their enemy's part found afresh only when an enemy counter on the
//! map has moved, turned, changed formation or stack order (`command/enemy_blocking.rs`): in
//! every state of seeded bot games of Sander's Field and the first actions of Scenarios 5 and
//! 6, for both sides, the kept hexes are the fresh ones.

use adjutant_engine::Match;
use bloody_roads_south::BloodyRoadsSouth;

use crate::support::{Rng, play_at_random, sanders_field, second_day, wilderness_with};

/// Plays `actions` actions of `m` (or to its end) between random bots, comparing the kept
/// blocked hexes with the fresh ones in every state.
fn check(mut m: Match<BloodyRoadsSouth>, n: u64, actions: u64) {
    let mut rng = Rng(n ^ 0xb10c);
    while m.outcome().is_none() && m.seq() < actions {
        if let Err(e) = m.state().check_kept_blocked() {
            panic!("game {n}, action {}: {e}", m.seq());
        }
        play_at_random(&mut m, &mut rng);
    }
}

#[test]
fn kept_blocked_hexes_are_the_fresh_ones_in_every_state_of_bot_games() {
    for n in 0..2 {
        check(sanders_field(n), n, u64::MAX);
    }
    check(wilderness_with(3, &[], &[]), 3, 3_000);
    check(second_day(5), 5, 2_000);
}
