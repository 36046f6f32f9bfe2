//! What goes out to one connection, free of any transport: JSON text frames and the close.

use adjutant_protocol::UpdateHead;
use bytes::Bytes;

/// One JSON text frame: serialised once, shared by every connection that gets it (cloning
/// is a reference count, never a copy of the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame(Bytes);

impl Frame {
    /// The frame of a message.
    pub fn json(message: &impl serde::Serialize) -> Frame {
        let text = serde_json::to_string(message).expect("server messages serialise");
        Frame(Bytes::from(text))
    }

    /// The `update` frame of `head` with its events and, if `carried`, its view or patch:
    /// each JSON text the server wrote (one array of events for the viewer; the view or the
    /// patch), copied once and not read again as JSON. The bytes are those serde writes for
    /// [`ServerMessage::Update`](adjutant_protocol::ServerMessage::Update) with the same
    /// members; the head is written here (it goes out twice an action, and serde's tagged
    /// enum writes each key through its escaper).
    pub fn update(head: &UpdateHead<'_>, events: &str, carried: Option<(Carried, &str)>) -> Frame {
        debug_assert!(
            serde_json::from_str::<Vec<serde::de::IgnoredAny>>(events).is_ok(),
            "the events the server wrote are a JSON array"
        );
        let mut out = Vec::with_capacity(112 + events.len() + carried.map_or(0, |c| c.1.len()));
        out.extend_from_slice(b"{\"type\":\"update\",\"game_id\":");
        push_json_str(&mut out, head.game_id);
        out.extend_from_slice(b",\"seq\":");
        out.extend_from_slice(itoa::Buffer::new().format(head.seq).as_bytes());
        out.extend_from_slice(b",\"side\":\"");
        out.extend_from_slice(head.side.as_str().as_bytes());
        out.extend_from_slice(b"\",\"status\":\"");
        out.extend_from_slice(head.status.as_str().as_bytes());
        out.extend_from_slice(b"\",\"events\":");
        out.extend_from_slice(events.as_bytes());
        if let Some((member, text)) = carried {
            debug_assert!(
                serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok(),
                "a view or patch the server wrote is JSON"
            );
            let key: &[u8] = match member {
                Carried::View => b",\"view\":",
                Carried::Patch => b",\"patch\":",
            };
            out.extend_from_slice(key);
            out.extend_from_slice(text.as_bytes());
        }
        out.push(b'}');
        Frame(Bytes::from(out))
    }

    /// The `acted` frame: the bytes serde writes for
    /// [`ServerMessage::Acted`](adjutant_protocol::ServerMessage::Acted), written here (one an
    /// action).
    pub fn acted(game_id: &str, seq: u64, id: Option<&str>) -> Frame {
        let mut out = Vec::with_capacity(64 + game_id.len() + id.map_or(4, str::len));
        out.extend_from_slice(b"{\"type\":\"acted\",\"game_id\":");
        push_json_str(&mut out, game_id);
        out.extend_from_slice(b",\"seq\":");
        out.extend_from_slice(itoa::Buffer::new().format(seq).as_bytes());
        out.extend_from_slice(b",\"id\":");
        match id {
            Some(id) => push_json_str(&mut out, id),
            None => out.extend_from_slice(b"null"),
        }
        out.push(b'}');
        Frame(Bytes::from(out))
    }

    /// The frame's text, as bytes (always UTF-8 JSON).
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }

    /// The frame's text.
    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.0).expect("a frame is built from a string")
    }
}

/// `text` as a JSON string: copied between quotes when nothing in it needs escaping (a game
/// id, a request id), else written by serde_json.
fn push_json_str(out: &mut Vec<u8>, text: &str) {
    if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        serde_json::to_writer(out, text).expect("strings serialise");
    }
}

/// What an update frame carries after its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Carried {
    /// The whole view.
    View,
    /// The patch to the viewer's last view.
    Patch,
}

/// What a connection is sent, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A text frame.
    Frame(Frame),
    /// Close the connection with this code (1001: going away, 1009: too big) and reason.
    Close { code: u16, reason: String },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_the_json_text_and_a_clone_shares_its_bytes() {
        let frame = Frame::json(&serde_json::json!({"type": "pong", "id": "p"}));
        assert_eq!(frame.text(), r#"{"id":"p","type":"pong"}"#);
        let copy = frame.clone();
        assert_eq!(copy.bytes().as_ptr(), frame.bytes().as_ptr());
    }

    #[test]
    fn an_update_with_its_events_and_view_or_patch_is_the_frame_serde_writes() {
        use adjutant_protocol::{GameStatus, PatchOp, ServerMessage, Side};
        // The events' keys in serde's order for a `Value` (sorted), so the bytes compare.
        let events = r#"[{"to":"a\"b","type":"moved"},{"type":"round_ended"}]"#;
        let head = UpdateHead {
            game_id: "g-1",
            seq: 7,
            side: Side::Confederate,
            status: GameStatus::Finished,
        };
        let view = r#"{"areas":[{"id":3}],"turn":2}"#;
        let patch = r#"[{"op":"replace","path":"/turn","value":2}]"#;
        let owned = |view: Option<&str>, patch: Option<&str>| {
            Frame::json(&ServerMessage::Update {
                game_id: "g-1".into(),
                seq: 7,
                side: Side::Confederate,
                status: GameStatus::Finished,
                events: serde_json::from_str(events).unwrap(),
                view: view.map(|v| serde_json::from_str(v).unwrap()),
                patch: patch.map(|p| serde_json::from_str::<Vec<PatchOp>>(p).unwrap()),
            })
        };
        assert_eq!(
            Frame::update(&head, events, Some((Carried::View, view))),
            owned(Some(view), None)
        );
        assert_eq!(
            Frame::update(&head, events, Some((Carried::Patch, patch))),
            owned(None, Some(patch))
        );
        assert_eq!(Frame::update(&head, events, None), owned(None, None));
    }

    #[test]
    fn the_acted_frame_is_the_one_serde_writes_whatever_its_ids() {
        use adjutant_protocol::ServerMessage;
        for (game_id, id) in [
            ("5f0c2a9e-1b7d-4c3e-9a51-0d6e2f8b7c11", Some("r-17")),
            ("g", None),
            ("g\"1", Some("a \\ b\n\u{1}\u{e9}\u{1f600}")),
        ] {
            assert_eq!(
                Frame::acted(game_id, 42, id),
                Frame::json(&ServerMessage::Acted {
                    game_id: game_id.into(),
                    seq: 42,
                    id: id.map(str::to_string),
                }),
                "{game_id} {id:?}"
            );
        }
    }
}
