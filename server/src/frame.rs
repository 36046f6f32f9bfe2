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
    /// members.
    pub fn update(head: &UpdateHead<'_>, events: &str, carried: Option<(Carried, &str)>) -> Frame {
        debug_assert!(
            serde_json::from_str::<Vec<serde::de::IgnoredAny>>(events).is_ok(),
            "the events the server wrote are a JSON array"
        );
        let mut out = Vec::with_capacity(96 + events.len() + carried.map_or(0, |c| c.1.len()));
        serde_json::to_writer(&mut out, head).expect("server messages serialise");
        out.pop(); // the closing brace
        out.extend_from_slice(b",\"events\":");
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

    /// The frame's text, as bytes (always UTF-8 JSON).
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }

    /// The frame's text.
    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.0).expect("a frame is built from a string")
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
}
