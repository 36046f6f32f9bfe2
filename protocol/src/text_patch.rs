//! The JSON Patch between two views kept as JSON text: the same operations as
//! [`crate::patch::diff`] computes between two trees (RFC 6902 `add`, `remove`, `replace`), but
//! found by walking the two texts, so a view never has to be a `serde_json::Value` tree to be
//! diffed, cloned or dropped. Members and elements whose text is the same are skipped with one
//! comparison of their bytes; only what differs is descended into. The patch is written as
//! JSON text, its values copied from the new view's text.
//!
//! Both texts must be JSON written by one serialiser (as the server's views are): the same
//! value is then the same text, and an object's members keep one order from one view to the
//! next (they need not be sorted; a member that moved is matched by its key all the same).
//! The texts are not validated first (that was 3 % of the server's CPU at load): on text that
//! is not JSON the patch means nothing, but the walk neither panics nor loops.

use std::fmt::Write;

/// The patch (a JSON array of operations, as text) that turns the document `old` into `new`.
/// `Err` when a key cannot be read (text that is not JSON; other such text gives a patch that
/// means nothing).
pub fn diff_text(old: &str, new: &str) -> Result<String, String> {
    let (old, new) = (old.trim(), new.trim());
    let mut out = Patch {
        text: String::from("["),
        first: true,
    };
    diff_at(&mut Vec::new(), old, new, &mut out)?;
    out.text.push(']');
    Ok(out.text)
}

/// The patch being written.
struct Patch {
    text: String,
    first: bool,
}

/// One step of the path: a member's key as it is written in the text (quotes included), or
/// an array index.
#[derive(Clone, Copy)]
enum Token<'a> {
    Key(&'a str),
    Index(usize),
}

impl Patch {
    /// Writes one operation; `value` is JSON text, `last` an appended path step.
    fn op(
        &mut self,
        op: &str,
        path: &[Token<'_>],
        last: Option<&str>,
        value: Option<&str>,
    ) -> Result<(), String> {
        let mut pointer = String::new();
        for token in path {
            match token {
                Token::Key(quoted) => {
                    pointer.push('/');
                    push_escaped(&mut pointer, &unquote(quoted)?);
                }
                Token::Index(i) => {
                    let _ = write!(pointer, "/{i}");
                }
            }
        }
        if let Some(last) = last {
            pointer.push('/');
            pointer.push_str(last);
        }
        if !self.first {
            self.text.push(',');
        }
        self.first = false;
        let _ = write!(self.text, "{{\"op\":\"{op}\",\"path\":");
        self.text
            .push_str(&serde_json::to_string(&pointer).map_err(|e| e.to_string())?);
        if let Some(value) = value {
            self.text.push_str(",\"value\":");
            self.text.push_str(value);
        }
        self.text.push('}');
        Ok(())
    }
}

/// A key's text between its quotes, unescaped.
fn unquote(quoted: &str) -> Result<String, String> {
    let inner = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(|| format!("{quoted} is not a key"))?;
    if inner.contains('\\') {
        serde_json::from_str(quoted).map_err(|e| e.to_string())
    } else {
        Ok(inner.to_string())
    }
}

/// A JSON Pointer step (RFC 6901: `~` as `~0`, `/` as `~1`).
fn push_escaped(pointer: &mut String, key: &str) {
    for c in key.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

fn diff_at<'a>(
    path: &mut Vec<Token<'a>>,
    old: &'a str,
    new: &'a str,
    out: &mut Patch,
) -> Result<(), String> {
    if old == new {
        return Ok(());
    }
    let containers = (old.as_bytes().first(), new.as_bytes().first());
    match containers {
        (Some(b'{'), Some(b'{')) => {
            let (a, b) = (members(old), members(new));
            let mut matched = vec![false; a.len()];
            let mut cursor = 0;
            for &(key, value) in &b {
                // Members keep their order: the next old member is nearly always the one.
                let found = (cursor..a.len())
                    .chain(0..cursor)
                    .find(|&j| !matched[j] && a[j].0 == key);
                match found {
                    Some(j) => {
                        matched[j] = true;
                        cursor = j + 1;
                        path.push(Token::Key(key));
                        diff_at(path, a[j].1, value, out)?;
                        path.pop();
                    }
                    None => {
                        path.push(Token::Key(key));
                        out.op("add", path, None, Some(value))?;
                        path.pop();
                    }
                }
            }
            for (j, &(key, _)) in a.iter().enumerate() {
                if !matched[j] {
                    path.push(Token::Key(key));
                    out.op("remove", path, None, None)?;
                    path.pop();
                }
            }
        }
        (Some(b'['), Some(b'[')) => {
            let (a, b) = (elements(old), elements(new));
            let common = a.len().min(b.len());
            for i in 0..common {
                path.push(Token::Index(i));
                diff_at(path, a[i], b[i], out)?;
                path.pop();
            }
            // Remove from the end first so that indices stay valid.
            for i in (common..a.len()).rev() {
                path.push(Token::Index(i));
                out.op("remove", path, None, None)?;
                path.pop();
            }
            for value in &b[common..] {
                out.op("add", path, Some("-"), Some(value))?;
            }
        }
        _ => out.op("replace", path, None, Some(new))?,
    }
    Ok(())
}

/// The members of an object's text: (key with its quotes, value text).
fn members(object: &str) -> Vec<(&str, &str)> {
    let bytes = object.as_bytes();
    let mut found = Vec::new();
    let mut i = skip_space(bytes, 1);
    while i < bytes.len() && bytes[i] != b'}' {
        let key_end = skip_value(bytes, i);
        let colon = skip_space(bytes, key_end);
        let start = skip_space(bytes, colon + 1).min(bytes.len());
        let end = skip_value(bytes, start);
        let (Some(key), Some(value)) = (object.get(i..key_end), object.get(start..end)) else {
            break;
        };
        found.push((key, value));
        // Every step moves on (`end` is past `i`), so text that is not JSON cannot loop.
        i = skip_space(bytes, end.max(i + 1));
        if i < bytes.len() && bytes[i] == b',' {
            i = skip_space(bytes, i + 1);
        }
    }
    found
}

/// The elements of an array's text.
fn elements(array: &str) -> Vec<&str> {
    let bytes = array.as_bytes();
    let mut found = Vec::new();
    let mut i = skip_space(bytes, 1);
    while i < bytes.len() && bytes[i] != b']' {
        let end = skip_value(bytes, i);
        let Some(element) = array.get(i..end) else {
            break;
        };
        found.push(element);
        i = skip_space(bytes, end.max(i + 1));
        if i < bytes.len() && bytes[i] == b',' {
            i = skip_space(bytes, i + 1);
        }
    }
    found
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// Where the value starting at `i` ends (one past its last byte; at most the text's end).
fn skip_value(bytes: &[u8], mut i: usize) -> usize {
    let Some(&first) = bytes.get(i) else {
        return bytes.len();
    };
    match first {
        b'"' => skip_string(bytes, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            while i < bytes.len() {
                match bytes[i] {
                    b'"' => {
                        i = skip_string(bytes, i);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            return i + 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            i
        }
        _ => {
            while i < bytes.len()
                && !matches!(bytes[i], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
            {
                i += 1;
            }
            i
        }
    }
}

/// Where the string starting at the quote `i` ends (one past its closing quote; at most the
/// text's end).
fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::{PatchOp, apply, diff};
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn ops(text: &str) -> Vec<PatchOp> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_moved_counter_is_a_one_line_patch_as_with_trees() {
        let old =
            json!({"areas": [{"id": 3, "stack": ["a", "b"]}, {"id": 4, "stack": []}], "turn": 1});
        let new =
            json!({"areas": [{"id": 3, "stack": ["a"]}, {"id": 4, "stack": ["b"]}], "turn": 1});
        let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
        assert_eq!(ops(&text), diff(&old, &new));
        assert_eq!(diff_text("{\"a\":1}", "{\"a\":1}").unwrap(), "[]");
    }

    #[test]
    fn members_in_an_order_of_their_own_are_matched_by_key() {
        // Typed views write members in field order, not sorted; a member may appear between.
        let old = r#"{"turn":2,"phase":"move","vp":{"u":1,"c":0}}"#;
        let new = r#"{"turn":2,"weather":"rain","phase":"fire","vp":{"u":1,"c":0}}"#;
        let text = diff_text(old, new).unwrap();
        let mut doc: Value = serde_json::from_str(old).unwrap();
        apply(&mut doc, &ops(&text)).unwrap();
        assert_eq!(doc, serde_json::from_str::<Value>(new).unwrap());
        assert_eq!(ops(&text).len(), 2, "{text}");
    }

    #[test]
    fn keys_with_escapes_slashes_and_tildes_make_right_pointers() {
        let old = r#"{"a/b":1,"c~d":[1,2],"q\"x":{"\u0041":true}}"#;
        let new = r#"{"a/b":2,"c~d":[1],"q\"x":{"\u0041":false}}"#;
        let text = diff_text(old, new).unwrap();
        let paths: Vec<String> = ops(&text)
            .into_iter()
            .map(|op| match op {
                PatchOp::Add { path, .. }
                | PatchOp::Remove { path }
                | PatchOp::Replace { path, .. } => path,
            })
            .collect();
        assert_eq!(paths, ["/a~1b", "/c~0d/1", "/q\"x/A"]);
    }

    #[test]
    fn a_change_of_kind_or_the_whole_document_is_a_replace() {
        assert_eq!(
            ops(&diff_text("[1]", "{\"a\":1}").unwrap()),
            [PatchOp::Replace {
                path: String::new(),
                value: json!({"a": 1})
            }]
        );
    }

    #[test]
    fn text_that_is_not_json_neither_panics_nor_loops() {
        let broken = [
            "",
            "{",
            "}",
            "[",
            "]",
            "{\"a\"",
            "{\"a\":",
            "{\"a\":}",
            "[1,",
            "[1,]",
            "\"x",
            "{\"a\\",
            "{,,,}",
            "[[[",
            "]]]",
            "{:}",
            "{\"a\" 1 2}",
            "nul",
            "{\"\\u00\":1}",
        ];
        for old in broken {
            for new in broken.iter().chain(&["{\"a\":1}", "[1,2]"]) {
                let _ = diff_text(old, new);
                let _ = diff_text(new, old);
            }
        }
    }

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-5i64..5).prop_map(Value::from),
            (-2.0f64..2.0).prop_map(Value::from),
            "[a-c/~\"\\\\é ]{0,3}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[a-c/~\"]{1,2}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn applying_the_text_diff_gives_the_new_document(old in json_value(), new in json_value()) {
            let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
            let mut doc = old.clone();
            apply(&mut doc, &ops(&text)).unwrap();
            prop_assert_eq!(&doc, &new);
            // Pretty-printed text (spaces and new lines) is walked the same.
            let pretty = diff_text(
                &serde_json::to_string_pretty(&old).unwrap(),
                &serde_json::to_string_pretty(&new).unwrap(),
            ).unwrap();
            let mut doc = old.clone();
            apply(&mut doc, &ops(&pretty)).unwrap();
            prop_assert_eq!(doc, new);
        }

        #[test]
        fn any_text_is_walked_without_a_panic_or_a_loop(
            old in "[{}\\[\\]\":,a1é\\\\ ]{0,14}",
            new in "[{}\\[\\]\":,a1é\\\\ ]{0,14}",
        ) {
            let _ = diff_text(&old, &new);
        }
    }
}
