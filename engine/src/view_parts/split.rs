//! A view written whole, taken apart into its top-level members: the parts of a game that
//! writes its view as one text ([`crate::Rules::view_parts`]'s default).

use std::sync::Arc;

use super::{Key, Part};

/// The members of the JSON object `text`, each value's text a part of its own; `None` when
/// `text` is not one object whose members can be read (not checked further: each value is
/// the text up to where it ends).
pub fn split_members(text: &str) -> Option<Vec<(Key, Part)>> {
    let bytes = text.as_bytes();
    let mut i = skip_space(bytes, 0);
    if bytes.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_space(bytes, i + 1);
    let mut members = Vec::new();
    if bytes.get(i) == Some(&b'}') {
        return (skip_space(bytes, i + 1) == bytes.len()).then_some(members);
    }
    loop {
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let key_end = string_end(bytes, i)?;
        let key = text.get(i + 1..key_end - 1)?;
        i = skip_space(bytes, key_end);
        if bytes.get(i) != Some(&b':') {
            return None;
        }
        let start = skip_space(bytes, i + 1);
        let end = value_end(bytes, start)?;
        members.push((
            Key::Owned(key.to_string()),
            Part::Text(Arc::from(text.get(start..end)?)),
        ));
        i = skip_space(bytes, end);
        match bytes.get(i) {
            Some(b',') => i = skip_space(bytes, i + 1),
            Some(b'}') => break,
            _ => return None,
        }
    }
    (skip_space(bytes, i + 1) == bytes.len()).then_some(members)
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// One past the closing quote of the string opening at `i`.
fn string_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// One past the last byte of the value starting at `i`.
fn value_end(bytes: &[u8], i: usize) -> Option<usize> {
    match bytes.get(i)? {
        b'"' => string_end(bytes, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < bytes.len() {
                match bytes[j] {
                    b'"' => {
                        j = string_end(bytes, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        b',' | b'}' | b']' | b':' => None,
        _ => {
            let mut j = i + 1;
            while j < bytes.len()
                && !matches!(bytes[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                j += 1;
            }
            Some(j)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_objects_members_are_its_parts_and_write_it_again() {
        let view = json!({
            "turn": 2,
            "areas": [{"area": 3, "counters": ["a}", "b\"]"]}],
            "odd\"key": {"x": null},
            "prompt": "Move {to} [12]",
            "ok": true,
            "empty": {}
        })
        .to_string();
        let members = split_members(&view).unwrap();
        assert_eq!(members.len(), 6);
        assert_eq!(Part::Object(members).text(), view);
        // White space between members is dropped; a value is its text as written.
        let spaced = " {\n \"a\" : [1, 2] ,\"b\":true }\n";
        assert_eq!(
            Part::Object(split_members(spaced).unwrap()).text(),
            r#"{"a":[1, 2],"b":true}"#
        );
        assert_eq!(Part::Object(split_members(" { } ").unwrap()).text(), "{}");
    }

    #[test]
    fn what_is_not_an_object_gives_none_and_never_panics() {
        for text in [
            "",
            "[1]",
            "3",
            "{",
            "{\"a\"",
            "{\"a\":",
            "{\"a\":1",
            "{\"a\":1,}",
            "{a:1}",
            "{\"a\":[1}",
            "{\"a\":\"x}",
            "{\"a\":1}x",
            "{\"a\":}",
            "{\"a\\",
            "{\"a\":1 2}",
        ] {
            assert!(split_members(text).is_none(), "{text}");
        }
    }
}
