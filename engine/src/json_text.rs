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

#[cfg(test)]
mod tests {
    use super::json_text;

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
