//! Every message a client can send (WebSocket frames, HTTP bodies) and JSON Patch input,
//! decoded from arbitrary bytes: see `adjutant_protocol::fuzzing::decode`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| adjutant_protocol::fuzzing::decode(data));
