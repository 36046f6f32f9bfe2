//! The JSON Patch between two views kept as JSON text: the operations
//! [`crate::patch::diff`] computes between two trees (RFC 6902 `add`, `remove`, `replace`), but
//! found by walking the two texts, so a view never has to be a `serde_json::Value` tree to be
//! diffed, cloned or dropped; and where an object's or array's operations would be longer than
//! its new value, one `replace` of the value instead (so never a longer patch than the tree
//! diff's). Members and elements whose text is the same are skipped with one comparison of
//! their bytes (each text indexed once, [`IndexedJson`]: a container is jumped over, never
//! read again); only what differs is descended into. The patch is written as JSON text, its
//! values copied from the new view's text.
//!
//! Both texts must be JSON written by one serialiser (as the server's views are): the same
//! value is then the same text, and an object's members keep one order from one view to the
//! next (they need not be sorted; a member that moved is matched by its key all the same).
//! The texts are not validated first (that was 3 % of the server's CPU at load): on text that
//! is not JSON the patch means nothing, but the walk neither panics nor loops.

use std::fmt::Write;

use crate::json_index::{IndexedJson, skip_space, skip_string};

/// The patch (a JSON array of operations, as text) that turns the document `old` into `new`.
/// `Err` when a key cannot be read (text that is not JSON; other such text gives a patch that
/// means nothing).
pub fn diff_text(old: &str, new: &str) -> Result<String, String> {
    diff_indexed(
        &IndexedJson::new(old.to_string()),
        &IndexedJson::new(new.to_string()),
    )
}

/// As [`diff_text`], on texts already indexed: a server keeps each viewer's last view indexed
/// as the next patch's base, so each view is read through once, when it is new.
///
/// Where the operations for a changed object or array would be longer than the value itself
/// (a list of choices that all changed), the patch replaces the value whole instead: never
/// longer than the member-by-member patch, and no more work for the client.
pub fn diff_indexed(old: &IndexedJson, new: &IndexedJson) -> Result<String, String> {
    let mut out = String::with_capacity(128);
    out.push('[');
    diff_indexed_at(old, new, "", &mut out, &mut true)?;
    out.push(']');
    Ok(out)
}

/// The operations of [`diff_indexed`] for two values at `pointer` (a JSON Pointer, not yet
/// escaped for JSON) of larger documents, appended to `out` after the operations written
/// before them (`first`: none yet): a part of a view diffed alone
/// ([`crate::parts_patch`]).
pub(crate) fn diff_indexed_at(
    old: &IndexedJson,
    new: &IndexedJson,
    pointer: &str,
    out: &mut String,
    first: &mut bool,
) -> Result<(), String> {
    let mut walk = Walk {
        old,
        new,
        out: std::mem::take(out),
        first: *first,
        pointer: pointer.to_string(),
    };
    let walked = walk.diff_at(trimmed(old.as_str()), trimmed(new.as_str()));
    *out = walk.out;
    *first = walk.first;
    walked
}

/// A byte range of a text.
type Span = (usize, usize);

/// The whole of `text` but its surrounding white space.
fn trimmed(text: &str) -> Span {
    let start = text.len() - text.trim_start().len();
    (start, start.max(text.trim_end().len()))
}

/// One diff being written.
struct Walk<'a> {
    old: &'a IndexedJson,
    new: &'a IndexedJson,
    /// The patch so far.
    out: String,
    /// Whether no operation has been written yet.
    first: bool,
    /// The JSON Pointer of the value being compared (RFC 6901, not yet escaped for JSON).
    pointer: String,
}

fn key_of(doc: &IndexedJson, span: Span) -> Option<&str> {
    doc.as_str().get(span.0..span.1)
}

fn slice(doc: &IndexedJson, span: Span) -> Result<&str, String> {
    doc.as_str()
        .get(span.0..span.1)
        .ok_or_else(|| "the text is not JSON".to_string())
}

impl Walk<'_> {
    fn diff_at(&mut self, a: Span, b: Span) -> Result<(), String> {
        let (old, new) = (slice(self.old, a)?, slice(self.new, b)?);
        if old == new {
            return Ok(());
        }
        let (before, was_first) = (self.out.len(), self.first);
        match (old.as_bytes().first(), new.as_bytes().first()) {
            (Some(b'{'), Some(b'{')) => self.objects(a, b)?,
            (Some(b'['), Some(b'[')) => self.arrays(a, b)?,
            _ => return self.op("replace", None, Some(new)),
        }
        // The whole value instead, when that is shorter.
        let written = self.out.len() - before;
        if written > new.len() {
            let mut whole = String::new();
            let mut first = was_first;
            write_op(
                &mut whole,
                &mut first,
                &self.pointer,
                "replace",
                None,
                Some(new),
            )?;
            if whole.len() < written {
                self.out.truncate(before);
                self.out.push_str(&whole);
            }
        }
        Ok(())
    }

    fn objects(&mut self, a: Span, b: Span) -> Result<(), String> {
        let (am, bm) = (members(self.old, a), members(self.new, b));
        let mut matched = vec![false; am.len()];
        let mut cursor = 0;
        for &(bkey, bvalue) in &bm {
            let wanted = key_of(self.new, bkey);
            // Members keep their order: the next old member is nearly always the one.
            let found = (cursor..am.len())
                .chain(0..cursor)
                .find(|&j| !matched[j] && key_of(self.old, am[j].0) == wanted);
            if let Some(j) = found {
                matched[j] = true;
                cursor = j + 1;
                if slice(self.old, am[j].1)? == slice(self.new, bvalue)? {
                    continue;
                }
            }
            let depth = self.pointer.len();
            push_key(&mut self.pointer, slice(self.new, bkey)?)?;
            match found {
                Some(j) => self.diff_at(am[j].1, bvalue)?,
                None => self.op("add", None, Some(slice(self.new, bvalue)?))?,
            }
            self.pointer.truncate(depth);
        }
        for (j, &(akey, _)) in am.iter().enumerate() {
            if !matched[j] {
                let depth = self.pointer.len();
                push_key(&mut self.pointer, slice(self.old, akey)?)?;
                self.op("remove", None, None)?;
                self.pointer.truncate(depth);
            }
        }
        Ok(())
    }

    fn arrays(&mut self, a: Span, b: Span) -> Result<(), String> {
        let (ae, be) = (elements(self.old, a), elements(self.new, b));
        let common = ae.len().min(be.len());
        let depth = self.pointer.len();
        for i in 0..common {
            if slice(self.old, ae[i])? == slice(self.new, be[i])? {
                continue;
            }
            let _ = write!(self.pointer, "/{i}");
            self.diff_at(ae[i], be[i])?;
            self.pointer.truncate(depth);
        }
        // Remove from the end first so that indices stay valid.
        for i in (common..ae.len()).rev() {
            let _ = write!(self.pointer, "/{i}");
            self.op("remove", None, None)?;
            self.pointer.truncate(depth);
        }
        for &value in &be[common..] {
            self.op("add", Some("-"), Some(slice(self.new, value)?))?;
        }
        Ok(())
    }

    /// Writes one operation at the current pointer (`last` appended); `value` is JSON text.
    fn op(&mut self, op: &str, last: Option<&str>, value: Option<&str>) -> Result<(), String> {
        write_op(
            &mut self.out,
            &mut self.first,
            &self.pointer,
            op,
            last,
            value,
        )
    }
}

/// Writes one operation at `pointer` (`last` appended); `value` is JSON text.
pub(crate) fn write_op(
    out: &mut String,
    first: &mut bool,
    pointer: &str,
    op: &str,
    last: Option<&str>,
    value: Option<&str>,
) -> Result<(), String> {
    if !*first {
        out.push(',');
    }
    *first = false;
    out.push_str("{\"op\":\"");
    out.push_str(op);
    out.push_str("\",\"path\":");
    match last {
        Some(last) => push_json_string(out, &format!("{pointer}/{last}"))?,
        None => push_json_string(out, pointer)?,
    }
    if let Some(value) = value {
        out.push_str(",\"value\":");
        out.push_str(value);
    }
    out.push('}');
    Ok(())
}

/// Appends a member's key (its text with quotes, as written) to a JSON Pointer.
fn push_key(pointer: &mut String, quoted: &str) -> Result<(), String> {
    let inner = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or_else(|| format!("{quoted} is not a key"))?;
    push_inner_key(pointer, inner)
}

/// Appends a member's key (the text between its quotes, escapes as written) to a JSON
/// Pointer.
pub(crate) fn push_inner_key(pointer: &mut String, inner: &str) -> Result<(), String> {
    pointer.push('/');
    if !inner.contains(['\\', '~', '/']) {
        pointer.push_str(inner);
        return Ok(());
    }
    let key: String = if inner.contains('\\') {
        serde_json::from_str(&format!("\"{inner}\"")).map_err(|e| e.to_string())?
    } else {
        inner.to_string()
    };
    // RFC 6901: `~` as `~0`, `/` as `~1`.
    for c in key.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
    Ok(())
}

/// Appends `text` as a JSON string.
fn push_json_string(out: &mut String, text: &str) -> Result<(), String> {
    if text.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        out.push_str(&serde_json::to_string(text).map_err(|e| e.to_string())?);
    } else {
        out.push('"');
        out.push_str(text);
        out.push('"');
    }
    Ok(())
}

/// The members of the object at `span`: (key with its quotes, value).
fn members(doc: &IndexedJson, span: Span) -> Vec<(Span, Span)> {
    let bytes = &doc.as_str().as_bytes()[..span.1];
    let mut at = doc.members_of(span.0);
    let mut found = Vec::new();
    let mut i = skip_space(bytes, span.0 + 1);
    while i < bytes.len() && bytes[i] != b'}' {
        let key_end = skip_string(bytes, i).min(bytes.len());
        let colon = skip_space(bytes, key_end);
        let start = skip_space(bytes, colon + 1).min(bytes.len());
        let end = doc.value_end(start, &mut at).min(bytes.len());
        found.push(((i, key_end), (start, end)));
        // Every step moves on (`end` is past `i`), so text that is not JSON cannot loop.
        i = skip_space(bytes, end.max(i + 1));
        if i < bytes.len() && bytes[i] == b',' {
            i = skip_space(bytes, i + 1);
        }
    }
    found
}

/// The elements of the array at `span`.
fn elements(doc: &IndexedJson, span: Span) -> Vec<Span> {
    let bytes = &doc.as_str().as_bytes()[..span.1];
    let mut at = doc.members_of(span.0);
    let mut found = Vec::new();
    let mut i = skip_space(bytes, span.0 + 1);
    while i < bytes.len() && bytes[i] != b']' {
        let end = doc.value_end(i, &mut at).min(bytes.len());
        found.push((i, end));
        i = skip_space(bytes, end.max(i + 1));
        if i < bytes.len() && bytes[i] == b',' {
            i = skip_space(bytes, i + 1);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::{PatchOp, apply, diff};
    use proptest::prelude::*;

    use crate::json_values::json_value;
    use serde_json::{Value, json};

    fn ops(text: &str) -> Vec<PatchOp> {
        serde_json::from_str(text).unwrap()
    }

    /// Two areas, the first holding `first` (a stack of long counter names), the second
    /// `second`.
    fn board(first: &[&str], second: &[&str]) -> Value {
        let counters = |ids: &[&str]| -> Vec<Value> {
            ids.iter()
                .map(|id| json!({"id": id, "name": format!("the division of General {id}")}))
                .collect()
        };
        json!({"areas": [{"id": 3, "stack": counters(first)}, {"id": 4, "stack": counters(second)}],
               "turn": 1})
    }

    #[test]
    fn a_moved_counter_is_a_two_line_patch_as_with_trees() {
        let old = board(&["a", "b", "c"], &["d"]);
        let new = board(&["a", "b"], &["d", "c"]);
        let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
        assert_eq!(ops(&text), diff(&old, &new));
        assert_eq!(ops(&text).len(), 2, "{text}");
        assert_eq!(diff_text("{\"a\":1}", "{\"a\":1}").unwrap(), "[]");
    }

    #[test]
    fn a_value_that_changed_through_and_through_is_replaced_whole() {
        // Every choice of a seat changed: one replace, not an operation per member.
        let old = json!({"turn": 2, "actions": [{"type": "move", "area": 3}, {"type": "end"}]});
        let new = json!({"turn": 2, "actions": [{"type": "fire", "unit": "a"}, {"type": "pass"}]});
        let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
        assert_eq!(
            ops(&text),
            [PatchOp::Replace {
                path: "/actions".into(),
                value: new["actions"].clone()
            }]
        );
        assert!(text.len() < serde_json::to_string(&diff(&old, &new)).unwrap().len());
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
        let long = "\"the same long words on both sides of the patch\"";
        let old = format!(
            r#"{{"a/b":1,"c~d":[1,2,{long}],"q\"x":{{"\u0041":true,"b":{long}}},"z":{long}}}"#
        );
        let new = format!(
            r#"{{"a/b":2,"c~d":[1,3,{long}],"q\"x":{{"\u0041":false,"b":{long}}},"z":{long}}}"#
        );
        let text = diff_text(&old, &new).unwrap();
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

    proptest! {
        #[test]
        fn applying_the_text_diff_gives_the_new_document(old in json_value(true), new in json_value(true)) {
            let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
            let mut doc = old.clone();
            apply(&mut doc, &ops(&text)).unwrap();
            prop_assert_eq!(&doc, &new);
            // Replacing a value whole only where that is shorter: never longer than the
            // member-by-member patch.
            let by_member = serde_json::to_string(&diff(&old, &new)).unwrap();
            prop_assert!(text.len() <= by_member.len(), "{} > {}", text, by_member);
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
