//! The JSON Patch between two views kept as JSON text: the operations
//! [`crate::patch::diff`] computes between two trees (RFC 6902 `add`, `remove`, `replace`), but
//! found by walking the two texts, so a view never has to be a `serde_json::Value` tree to be
//! diffed, cloned or dropped; and where an object's or array's operations would be longer than
//! its new value, one `replace` of the value instead (so never a longer patch than the tree
//! diff's). Members and elements whose text is the same are skipped with one comparison of
//! their bytes (a long text indexed once, [`IndexedJson`]: a container is jumped over, never
//! read again; a short one read as it is walked); only what differs is descended into, and a
//! value certain to be replaced whole is not descended into further
//! ([`crate::patch_writer`]). The patch is written as JSON text, its values copied from the
//! new view's text.
//!
//! Both texts must be JSON written by one serialiser (as the server's views are): the same
//! value is then the same text, and an object's members keep one order from one view to the
//! next (they need not be sorted; a member that moved is matched by its key all the same).
//! The texts are not validated first (that was 3 % of the server's CPU at load): on text that
//! is not JSON the patch means nothing, but the walk neither panics nor loops.

use std::fmt::Write;

use crate::array_ends::lined_up;
use crate::json_index::{IndexedJson, skip_space};
use crate::patch_writer::Patch;

mod objects;

/// The patch (a JSON array of operations, as text) that turns the document `old` into `new`.
/// `Err` when a key cannot be read (text that is not JSON; other such text gives a patch that
/// means nothing).
pub fn diff_text(old: &str, new: &str) -> Result<String, String> {
    let mut patch = Patch::new();
    diff_texts_at(old, new, &mut patch)?;
    Ok(patch.finish())
}

/// The operations of [`diff_text`] for two values at the patch's pointer, appended to it (a
/// part of a view diffed alone, [`crate::parts_patch`]). Each text is indexed only when both
/// are objects or both arrays, the only values the walk descends into; any other two values
/// are one `replace` (nothing when they are the same), as the walk would write it.
pub(crate) fn diff_texts_at(old: &str, new: &str, patch: &mut Patch) -> Result<(), String> {
    let (a, b) = (old.trim(), new.trim());
    match (a.as_bytes().first(), b.as_bytes().first()) {
        (Some(b'{'), Some(b'{')) | (Some(b'['), Some(b'[')) => {
            let (old, new) = (index(a), index(b));
            Walk {
                old: &old,
                new: &new,
                patch,
            }
            .diff_at((0, a.len()), (0, b.len()))
        }
        _ if a == b => Ok(()),
        _ => patch.op("replace", None, Some(b)),
    }
}

/// Texts shorter than this are walked unindexed ([`IndexedJson::unindexed`]). Measured
/// (callgrind, the `bench` example's patches): unindexed throughout, Outpost's patches cost
/// 12 % fewer instructions and Champion Hill's 1 % fewer; from 512 bytes on indexed, 2 %
/// fewer for Champion Hill, whose long lists of choices are walked deep.
const INDEX_FROM: usize = 512;

/// A text to walk, indexed if it is long.
fn index(text: &str) -> IndexedJson<'_> {
    match text.len() < INDEX_FROM {
        true => IndexedJson::unindexed(text),
        false => IndexedJson::new(text),
    }
}

/// As [`diff_text`], on texts already indexed.
///
/// Where the operations for a changed object or array would be longer than the value itself
/// (a list of choices that all changed), the patch replaces the value whole instead: never
/// longer than the member-by-member patch, and no more work for the client.
pub fn diff_indexed(old: &IndexedJson<'_>, new: &IndexedJson<'_>) -> Result<String, String> {
    let mut patch = Patch::new();
    Walk {
        old,
        new,
        patch: &mut patch,
    }
    .diff_at(trimmed(old.as_str()), trimmed(new.as_str()))?;
    Ok(patch.finish())
}

/// A byte range of a text.
type Span = (usize, usize);

/// The whole of `text` but its surrounding white space.
fn trimmed(text: &str) -> Span {
    let start = text.len() - text.trim_start().len();
    (start, start.max(text.trim_end().len()))
}

/// One diff being walked.
struct Walk<'a, 'p> {
    old: &'a IndexedJson<'a>,
    new: &'a IndexedJson<'a>,
    /// The patch being written, and where the walk stands in it.
    patch: &'p mut Patch,
}

fn slice<'t>(doc: &IndexedJson<'t>, span: Span) -> Result<&'t str, String> {
    doc.as_str()
        .get(span.0..span.1)
        .ok_or_else(|| "the text is not JSON".to_string())
}

impl Walk<'_, '_> {
    fn diff_at(&mut self, a: Span, b: Span) -> Result<(), String> {
        let (old, new) = (slice(self.old, a)?, slice(self.new, b)?);
        if old == new {
            return Ok(());
        }
        let level = match (old.as_bytes().first(), new.as_bytes().first()) {
            (Some(b'{'), Some(b'{')) => {
                let level = self.patch.enter(new.len())?;
                self.objects(a, b)?;
                level
            }
            (Some(b'['), Some(b'[')) => {
                let level = self.patch.enter(new.len())?;
                self.arrays(a, b)?;
                level
            }
            _ => return self.patch.op("replace", None, Some(new)),
        };
        // The whole value instead, when that is shorter.
        if self.patch.leave(level) {
            self.patch.op("replace", None, Some(new))?;
        }
        Ok(())
    }

    /// Two arrays: their shared ends left alone and the run between lined up
    /// ([`crate::array_ends::lined_up`]).
    fn arrays(&mut self, a: Span, b: Span) -> Result<(), String> {
        let (ae, be) = (elements(self.old, a), elements(self.new, b));
        let middle = lined_up(ae.len(), be.len(), |i, j| {
            Ok::<_, String>(slice(self.old, ae[i])? == slice(self.new, be[j])?)
        })?;
        if middle.removals_first() {
            self.patch.removals(&middle)?;
        }
        let depth = self.patch.pointer.len();
        for (i, j, at) in middle.pairs() {
            if self.patch.stopped() {
                return Ok(());
            }
            if slice(self.old, ae[i])? == slice(self.new, be[j])? {
                continue;
            }
            let _ = write!(self.patch.pointer, "/{at}");
            self.diff_at(ae[i], be[j])?;
            self.patch.pointer.truncate(depth);
        }
        if !middle.removals_first() {
            self.patch.removals(&middle)?;
        }
        for i in middle.added() {
            if self.patch.stopped() {
                return Ok(());
            }
            let value = slice(self.new, be[i])?;
            match middle.appended {
                true => self.patch.op("add", Some("-"), Some(value))?,
                false => self.patch.op("add", Some(&i.to_string()), Some(value))?,
            }
        }
        Ok(())
    }
}

/// The elements of the array at `span`.
fn elements(doc: &IndexedJson<'_>, span: Span) -> Vec<Span> {
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
    fn choices_taken_from_the_front_of_a_list_whose_undo_changed_are_two_removes_and_a_label() {
        // A counter moved: its two moves are no longer offered, and the undo now names it.
        let choice = |to: u8| json!({"type": "move", "counter": "u1", "to": to, "label": format!("Move u1 to post {to}")});
        let other = |to: u8| json!({"type": "move", "counter": "u2", "to": to, "label": format!("Move u2 to post {to}")});
        let undo = |label: &str| json!({"type": "undo", "label": label});
        let old = json!({"actions": [choice(1), choice(3), other(2), other(4), {"type": "end"}, undo("Undo: before")]});
        let new = json!({"actions": [other(2), other(4), {"type": "end"}, undo("Undo: Move u1 to post 3")]});
        let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
        let patch = ops(&text);
        assert_eq!(patch, diff(&old, &new));
        assert_eq!(
            patch,
            [
                PatchOp::Remove {
                    path: "/actions/1".into()
                },
                PatchOp::Remove {
                    path: "/actions/0".into()
                },
                PatchOp::Replace {
                    path: "/actions/3/label".into(),
                    value: json!("Undo: Move u1 to post 3")
                },
            ]
        );
        let mut patched = old.clone();
        apply(&mut patched, &patch).unwrap();
        assert_eq!(patched, new);
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

        /// A walk that stops where a value is certain to be replaced whole writes the patch
        /// of the walk that goes through every member and element.
        #[test]
        fn stopping_early_changes_no_patch(old in json_value(true), new in json_value(true)) {
            let (old, new) = (old.to_string(), new.to_string());
            let mut unstopped = Patch::without_stopping();
            diff_texts_at(&old, &new, &mut unstopped).unwrap();
            prop_assert_eq!(diff_text(&old, &new).unwrap(), unstopped.finish());
        }

        /// Indexed or read as walked, a text gives the same patch.
        #[test]
        fn an_index_changes_no_patch(old in json_value(true), new in json_value(true)) {
            let (old, new) = (old.to_string(), new.to_string());
            let unindexed = diff_indexed(&IndexedJson::unindexed(&old), &IndexedJson::unindexed(&new));
            prop_assert_eq!(
                diff_indexed(&IndexedJson::new(&old), &IndexedJson::new(&new)).unwrap(),
                unindexed.unwrap()
            );
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
