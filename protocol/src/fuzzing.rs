//! The body of the protocol fuzz target (`fuzz/`), as a library function so that the normal
//! test suite runs it too, without libfuzzer: [`decode`] reads arbitrary bytes as every
//! message a client can send (a WebSocket frame, each HTTP body) and as JSON Patch input, and
//! checks that whatever decodes writes back to the same message.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt::Debug;

use crate::patch::{self, PatchOp};
use crate::{
    AnswerPause, ChangePassword, ClientMessage, CreateAccount, CreateGame, EmailSignIn, ImportGame,
    JoinGame, LinkSignIn, PostAction, PostChat, RequestPause, RequestRematch, SignIn,
    UpdateNoticeSettings,
};

/// Decodes `data` as each client message and patch input; panics if a decoded message does
/// not survive being written and read again, or if a patch computed by [`patch::diff`] does
/// not turn its old document into the new one.
pub fn decode(data: &[u8]) {
    // The server reads WebSocket frames as text.
    if let Ok(text) = std::str::from_utf8(data) {
        round_trip::<ClientMessage>(text.as_bytes());
    }
    round_trip::<CreateAccount>(data);
    round_trip::<CreateGame>(data);
    round_trip::<JoinGame>(data);
    round_trip::<PostAction>(data);
    round_trip::<PostChat>(data);
    round_trip::<RequestPause>(data);
    round_trip::<AnswerPause>(data);
    round_trip::<RequestRematch>(data);
    round_trip::<UpdateNoticeSettings>(data);
    round_trip::<ImportGame>(data);
    round_trip::<SignIn>(data);
    round_trip::<EmailSignIn>(data);
    round_trip::<LinkSignIn>(data);
    round_trip::<ChangePassword>(data);
    if let Ok(ops) = serde_json::from_slice::<Vec<PatchOp>>(data) {
        // A client applies what it is sent; a bad patch is an error, never a panic.
        let mut doc = Value::Null;
        let _ = patch::apply(&mut doc, &ops);
    }
    if let Ok((old, new)) = serde_json::from_slice::<(Value, Value)>(data) {
        let mut patched = old.clone();
        patch::apply(&mut patched, &patch::diff(&old, &new)).expect("a computed patch applies");
        assert_eq!(patched, new, "the patch from {old} to {new} misses");
    }
}

/// Decodes `data` as a `T`; if it is one, writes it and reads it back.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(data: &[u8]) {
    let Ok(message) = serde_json::from_slice::<T>(data) else {
        return;
    };
    let text = serde_json::to_string(&message).expect("a decoded message serialises");
    let back: T =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(back, message, "{text} reads back differently");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Client messages and bodies as documented, to mutate.
    const EXAMPLES: &[&str] = &[
        r#"{"type":"auth","token":"adj_00","id":"1"}"#,
        r#"{"type":"subscribe","game_id":"g","after_seq":3,"updates":"patch"}"#,
        r#"{"type":"act","game_id":"g","seq":4,"action":{"type":"move","to":2}}"#,
        r#"{"type":"create_game","game":"outpost","scenario":"skirmish","options":{"rounds":3}}"#,
        r#"{"type":"chat","game_id":"g","channel":"players","text":"hello"}"#,
        r#"{"type":"pause_request","game_id":"g","days":3}"#,
        r#"{"name":"grant"}"#,
        r#"{"name":"grant","password":"vicksburg-1863","label":"laptop"}"#,
        r#"{"token":"adj_00","new_password":"vicksburg-1863","sign_out_others":true}"#,
        r#"{"current_password":"a","new_password":"b","sign_out_others":false}"#,
        r#"{"seq":1,"action":{"type":"end_movement"}}"#,
        r#"{"webhook_url":"http://x/","email":null,"always":true,"digest":false}"#,
        r#"[{"op":"replace","path":"/a/0","value":1},{"op":"add","path":"/b/-","value":[]}]"#,
        r#"[{"a":[1,2,{"b":null}],"c":"d"},{"a":[1,{"b":2}],"e":true}]"#,
        r#"[[1,2,3],{"0":1}]"#,
    ];

    #[test]
    fn a_number_in_a_body_reads_back_as_the_same_number() {
        // Found by fuzzing: without serde_json's float_roundtrip these read back one unit in
        // the last place away from what was written.
        decode(br#"{"secret_choices":4.1020099999999996e+67}"#);
        decode(b"[41020100000000000000000000000000000000000000000000000000000000000020]");
    }

    #[test]
    fn the_fuzz_body_reads_a_fixed_corpus_of_messages_and_noise() {
        let mut inputs: Vec<Vec<u8>> = adjutant_engine::fuzzing::corpus(200, 300);
        for (n, example) in EXAMPLES.iter().enumerate() {
            inputs.push(example.as_bytes().to_vec());
            // Each example with one byte changed, at every position.
            for at in 0..example.len() {
                let mut changed = example.as_bytes().to_vec();
                changed[at] = changed[at].wrapping_add(1 + n as u8);
                inputs.push(changed);
            }
        }
        assert!(inputs.len() > 500);
        // The examples are what they claim to be, so the round trips above are exercised.
        for example in &EXAMPLES[..6] {
            assert!(
                serde_json::from_str::<ClientMessage>(example).is_ok(),
                "{example}"
            );
        }
        for input in &inputs {
            decode(input);
        }
    }
}
