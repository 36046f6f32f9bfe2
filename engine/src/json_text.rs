//! JSON text written into a buffer sized for it at the start: a view of several kilobytes
//! written by `serde_json::to_string` grows its buffer from 128 bytes, copying what it has
//! written at every doubling (a sixth of a Mississippi Fortress view's cost, measured by the
//! `bench` example).

use serde::Serialize;

/// `value` as JSON text, written into a buffer of `capacity` bytes to start with (a little
/// more than the text is expected to take). The buffer is trimmed when the text took less
/// than half of it, as a view is kept as the next update's base.
pub fn json_text(value: &impl Serialize, capacity: usize) -> String {
    let mut out = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut out, value).expect("rules types serialise to JSON");
    if out.capacity() > 2 * out.len() {
        out.shrink_to_fit();
    }
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// One JSON object written from two serialisable objects and a member already written as
/// JSON text between them: `head`'s members, then `"key": raw`, then `tail`'s — so that a
/// part of a view kept as text is copied in, not parsed and checked again (as
/// `serde_json::value::RawValue` would). `head` and `tail` must serialise to JSON objects
/// (structs, maps), and `raw` must be one JSON value.
pub fn json_object_with(
    head: &impl Serialize,
    key: &str,
    raw: &str,
    tail: &impl Serialize,
    capacity: usize,
) -> String {
    let mut out = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut out, head).expect("rules types serialise to JSON");
    debug_assert_eq!(out.last(), Some(&b'}'), "head is an object");
    out.pop();
    if out.len() > 1 {
        out.push(b',');
    }
    serde_json::to_writer(&mut out, key).expect("a key serialises");
    out.push(b':');
    out.extend_from_slice(raw.as_bytes());
    let start = out.len();
    serde_json::to_writer(&mut out, tail).expect("rules types serialise to JSON");
    debug_assert_eq!(out.get(start), Some(&b'{'), "tail is an object");
    if out.len() - start <= 2 {
        // `{}`: nothing to add.
        out.truncate(start);
        out.push(b'}');
    } else {
        out[start] = b',';
    }
    if out.capacity() > 2 * out.len() {
        out.shrink_to_fit();
    }
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::{json_object_with, json_text};

    #[test]
    fn an_object_with_a_member_written_as_text_is_the_object_serde_json_writes() {
        let head = serde_json::json!({"turn": 2, "weather": "clear"});
        let tail = serde_json::json!({"river": [], "vp": {"union": 1}});
        let raw = r#"[{"area":3,"counters":["a","b\"c"]}]"#;
        let text = json_object_with(&head, "areas", raw, &tail, 16);
        let whole: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut expected = head.as_object().unwrap().clone();
        expected.insert("areas".into(), serde_json::from_str(raw).unwrap());
        expected.extend(tail.as_object().unwrap().clone());
        assert_eq!(whole, serde_json::Value::Object(expected));
        let empty = serde_json::json!({});
        assert_eq!(json_object_with(&empty, "a", "1", &empty, 0), r#"{"a":1}"#);
        assert_eq!(
            json_object_with(&head, "a", "1", &empty, 0),
            r#"{"turn":2,"weather":"clear","a":1}"#
        );
        assert_eq!(
            json_object_with(&empty, "a", "1", &head, 0),
            r#"{"a":1,"turn":2,"weather":"clear"}"#
        );
    }

    #[test]
    fn the_text_is_serde_jsons_whatever_the_capacity() {
        let value =
            serde_json::json!({"areas": [{"area": 3, "counters": ["a", "b\"c"]}], "turn": 2});
        for capacity in [0, 1, 16, 4096] {
            assert_eq!(
                json_text(&value, capacity),
                serde_json::to_string(&value).unwrap()
            );
        }
        assert!(json_text(&value, 4096).capacity() < 4096, "trimmed");
    }
}
