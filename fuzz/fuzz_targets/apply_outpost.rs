//! Outpost (the test game with every kind of hidden information) played from arbitrary
//! bytes: see `adjutant_engine::fuzzing::play`.
#![no_main]

use outpost::Outpost;

libfuzzer_sys::fuzz_target!(|data: &[u8]| adjutant_engine::fuzzing::play::<Outpost>(data, |_| Ok(())));
