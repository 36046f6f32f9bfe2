//! What goes out to one connection, free of any transport: JSON text frames and the close.

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

    /// The frame's text, as bytes (always UTF-8 JSON).
    pub fn bytes(&self) -> &Bytes {
        &self.0
    }

    /// The frame's text.
    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.0).expect("a frame is built from a string")
    }
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
}
