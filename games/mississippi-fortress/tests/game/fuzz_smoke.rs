//! The Mississippi Fortress fuzz target's body (`fuzz/`), run over a fixed corpus so that the
//! normal test suite exercises it without libfuzzer: any scenario and options, actions
//! chosen, mutated or made up from the bytes, every invariant checked after each.

use mississippi_fortress::MississippiFortress;

#[test]
fn the_apply_fuzz_body_plays_a_fixed_corpus() {
    for input in adjutant_engine::fuzzing::corpus(250, 400) {
        adjutant_engine::fuzzing::play::<MississippiFortress>(
            &input,
            MississippiFortress::check_invariants,
        );
    }
}
