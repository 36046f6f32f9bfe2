//! Mississippi Fortress played from arbitrary bytes, its invariants checked after every
//! action: see `adjutant_engine::fuzzing::play`.
#![no_main]

use mississippi_fortress::MississippiFortress;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    adjutant_engine::fuzzing::play::<MississippiFortress>(data, MississippiFortress::check_invariants)
});
