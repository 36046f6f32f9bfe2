//! What goes out to one connection, free of any transport: JSON text frames and the close.

use adjutant_protocol::UpdateFrame;
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

    /// The frame of `update` (its `view` and `patch` unset) with its view or patch, JSON
    /// text the server wrote, as its last member: the bytes serde writes for the update with
    /// that member set, but the text is copied once and not read again as JSON.
    pub fn update_with(update: &UpdateFrame<'_>, member: Carried, text: &str) -> Frame {
        debug_assert!(update.view.is_none() && update.patch.is_none());
        debug_assert!(
            serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok(),
            "a view or patch the server wrote is JSON"
        );
        let mut out = serde_json::to_vec(update).expect("server messages serialise");
        let key: &[u8] = match member {
            Carried::View => b",\"view\":",
            Carried::Patch => b",\"patch\":",
        };
        out.reserve(key.len() + text.len());
        out.pop(); // the closing brace
        out.extend_from_slice(key);
        out.extend_from_slice(text.as_bytes());
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
    fn an_update_with_its_view_or_patch_is_the_frame_serde_writes() {
        use adjutant_protocol::{GameStatus, Side};
        use serde_json::value::RawValue;
        let events = vec![serde_json::json!({"type": "moved", "to": "a\"b"})];
        let update = UpdateFrame {
            game_id: "g-1",
            seq: 7,
            side: Side::Confederate,
            status: GameStatus::Finished,
            events: &events,
            view: None,
            patch: None,
        };
        let view = r#"{"turn":2,"areas":[{"id":3}]}"#;
        let patch = r#"[{"op":"replace","path":"/turn","value":2}]"#;
        let raw = |t: &str| RawValue::from_string(t.to_string()).unwrap();
        let (view_raw, patch_raw) = (raw(view), raw(patch));
        assert_eq!(
            Frame::update_with(&update, Carried::View, view),
            Frame::json(&UpdateFrame {
                view: Some(&view_raw),
                ..update
            })
        );
        assert_eq!(
            Frame::update_with(&update, Carried::Patch, patch),
            Frame::json(&UpdateFrame {
                patch: Some(&patch_raw),
                ..update
            })
        );
    }
}
