//! A client's frame read into a [`ClientMessage`]: `act` frames, nearly every frame a player
//! sends, are read straight into their fields. serde reads an internally tagged enum by
//! buffering the whole frame (the action's tree included) and reading the buffer a second
//! time (issue 16: a twentieth of the server's instructions per Outpost action went to
//! reading the frames). Any other frame, and any `act` frame the direct reading does not
//! take, is read as serde reads the enum, so every message and every error is the enum's.

use serde::Deserialize;
use serde_json::Value;

use crate::ws::ClientMessage;

/// The fields of an `act` frame.
#[derive(Deserialize)]
struct Act {
    #[serde(rename = "type")]
    _type: ActTag,
    game_id: String,
    seq: u64,
    action: Value,
    #[serde(default)]
    id: Option<String>,
}

/// The tag of an `act` frame, and only it.
#[derive(Deserialize)]
enum ActTag {
    #[serde(rename = "act")]
    Act,
}

impl ClientMessage {
    /// `text` read as a client's frame: the message, or the error, that
    /// `serde_json::from_str::<ClientMessage>` gives.
    pub fn from_json(text: &str) -> serde_json::Result<ClientMessage> {
        match serde_json::from_str::<Act>(text) {
            Ok(Act {
                _type: ActTag::Act,
                game_id,
                seq,
                action,
                id,
            }) => Ok(ClientMessage::Act {
                game_id,
                seq,
                action,
                id,
            }),
            Err(_) => serde_json::from_str(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json_values::json_value;
    use proptest::prelude::*;

    /// Both readings, compared: the same message, or the same error.
    fn same(text: &str) {
        let direct = ClientMessage::from_json(text).map_err(|e| e.to_string());
        let serde = serde_json::from_str::<ClientMessage>(text).map_err(|e| e.to_string());
        assert_eq!(direct, serde, "{text}");
    }

    #[test]
    fn act_frames_and_others_read_as_serde_reads_the_enum() {
        for text in [
            r#"{"type":"act","game_id":"g","seq":3,"action":{"type":"move","to":[1,2.5]}}"#,
            r#"{"action":null,"seq":0,"id":"r1","game_id":"g","type":"act","extra":1}"#,
            r#"{"type":"act","game_id":"g","seq":3,"action":1,"id":null}"#,
            r#"{"type":"act","game_id":"g","seq":-1,"action":1}"#,
            r#"{"type":"act","game_id":"g","seq":1.0,"action":1}"#,
            r#"{"type":"act","game_id":7,"seq":1,"action":1}"#,
            r#"{"type":"act","game_id":"g","action":1}"#,
            r#"{"type":"act","type":"act","game_id":"g","seq":1,"action":1}"#,
            r#"{"type":"act","game_id":"g","game_id":"h","seq":1,"action":1}"#,
            r#"{"type":"Act","game_id":"g","seq":1,"action":1}"#,
            r#"{"type":"resign","game_id":"g"}"#,
            r#"{"type":"subscribe","game_id":"g","after_seq":4}"#,
            r#"{"type":"act","game_id":"g","seq":1,"action":1} x"#,
            r#"{"game_id":"g","seq":1,"action":1}"#,
            "[]",
            "",
        ] {
            same(text);
        }
    }

    proptest! {
        #[test]
        fn any_act_like_frame_reads_as_serde_reads_the_enum(
            kind in prop_oneof![Just("act"), Just("resign"), Just("ACT")],
            game_id in prop_oneof![json_value(true), "[a-z0-9-]{0,8}".prop_map(Value::from)],
            seq in prop_oneof![json_value(true), any::<u64>().prop_map(Value::from)],
            action in json_value(true),
            id in prop_oneof![json_value(true), Just(Value::Null), "r[0-9]".prop_map(Value::from)],
            drop in 0usize..6,
        ) {
            let mut fields = vec![
                ("type", Value::from(kind)),
                ("game_id", game_id),
                ("seq", seq),
                ("action", action),
                ("id", id),
            ];
            if drop < fields.len() {
                fields.remove(drop);
            }
            let frame: serde_json::Map<String, Value> =
                fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
            same(&Value::Object(frame).to_string());
        }

        #[test]
        fn act_frames_with_any_action_read_as_serde_reads_the_enum(
            seq in any::<u64>(),
            action in json_value(true),
        ) {
            let frame = serde_json::json!({"type": "act", "game_id": "g", "seq": seq, "action": action});
            same(&frame.to_string());
        }
    }
}
