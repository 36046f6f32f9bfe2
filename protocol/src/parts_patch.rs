//! The JSON Patch between two views in parts (issue 16, "small updates by construction"):
//! the same operations, byte for byte, as [`crate::text_patch::diff_indexed`] finds between
//! the two views written whole, but found from the parts that changed. A part the game kept
//! from the last view is the same shared text ([`Part::Text`]) and is passed over with one
//! pointer comparison, never read; objects and arrays of parts are walked as the text diff
//! walks them (members matched by key, elements by position, a value replaced whole where its
//! operations would be longer); only two texts that differ are diffed as text.
//! So neither view is written whole, nor indexed whole, to make the update.

use std::borrow::Cow;
use std::fmt::Write;
use std::sync::Arc;

use adjutant_engine::Part;
use adjutant_engine::view_parts::Key;

use crate::array_ends::lined_up;
use crate::patch_writer::{Patch, push_inner_key};
use crate::text_patch::diff_texts_at;

/// The patch (a JSON array of operations, as text) that turns the view `old` into `new`:
/// exactly [`crate::text_patch::diff_text`] of their texts. `Err` when a changed text's key
/// cannot be read (text that is not JSON).
pub fn diff_parts(old: &Part, new: &Part) -> Result<String, String> {
    let mut walk = Walk {
        patch: Patch::new(),
    };
    walk.diff_at(old, new)?;
    Ok(walk.patch.finish())
}

/// One diff being walked.
struct Walk {
    /// The patch being written, and where the walk stands in it.
    patch: Patch,
}

/// The text of a part: borrowed where it is one text.
fn text_of(part: &Part) -> Cow<'_, str> {
    match part {
        Part::Text(text) => Cow::Borrowed(text),
        _ => Cow::Owned(part.text()),
    }
}

/// Whether two texts are known to be the same: one shared text, or equal bytes.
fn same_text(a: &Arc<str>, b: &Arc<str>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// Whether two parts are the same value (the same text written whole): texts compared as
/// [`same_text`] does, objects and arrays part by part, two parts of different shapes by
/// their texts.
fn same_value(a: &Part, b: &Part) -> bool {
    match (a, b) {
        (Part::Text(x), Part::Text(y)) => same_text(x, y),
        (Part::Object(x), Part::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((kx, px), (ky, py))| kx == ky && same_value(px, py))
        }
        (Part::Array(x), Part::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(px, py)| same_value(px, py))
        }
        _ => a.text() == b.text(),
    }
}

/// Whether two parts are texts known to be the same.
fn same_texts(a: &Part, b: &Part) -> bool {
    matches!((a, b), (Part::Text(x), Part::Text(y)) if same_text(x, y))
}

impl Walk {
    fn diff_at(&mut self, old: &Part, new: &Part) -> Result<(), String> {
        let level = match (old, new) {
            (Part::Text(a), Part::Text(b)) if same_text(a, b) => return Ok(()),
            (Part::Text(a), Part::Text(b)) => return diff_texts_at(a, b, &mut self.patch),
            (Part::Object(a), Part::Object(b)) => {
                let level = self.patch.enter(new.text_len())?;
                self.objects(a, b)?;
                level
            }
            (Part::Array(a), Part::Array(b)) => {
                let level = self.patch.enter(new.text_len())?;
                self.arrays(a, b)?;
                level
            }
            // Parts of two shapes: compared as their texts.
            _ => return diff_texts_at(&old.text(), &new.text(), &mut self.patch),
        };
        // The whole value instead, when that is shorter (as the text diff decides it).
        if self.patch.leave(level) {
            self.patch.op("replace", None, Some(&new.text()))?;
        }
        Ok(())
    }

    fn objects(&mut self, a: &[(Key, Part)], b: &[(Key, Part)]) -> Result<(), String> {
        let mut matched = vec![false; a.len()];
        let mut cursor = 0;
        for (key, new) in b {
            if self.patch.stopped() {
                return Ok(());
            }
            // Members keep their order: the next old member is nearly always the one.
            let found = (cursor..a.len())
                .chain(0..cursor)
                .find(|&j| !matched[j] && a[j].0 == *key);
            if let Some(j) = found {
                matched[j] = true;
                cursor = j + 1;
                if same_texts(&a[j].1, new) {
                    continue;
                }
            }
            let depth = self.patch.pointer.len();
            push_inner_key(&mut self.patch.pointer, key)?;
            match found {
                Some(j) => self.diff_at(&a[j].1, new)?,
                None => self.op("add", None, Some(new))?,
            }
            self.patch.pointer.truncate(depth);
        }
        for (j, (key, _)) in a.iter().enumerate() {
            if !matched[j] && !self.patch.stopped() {
                let depth = self.patch.pointer.len();
                push_inner_key(&mut self.patch.pointer, key)?;
                self.op("remove", None, None)?;
                self.patch.pointer.truncate(depth);
            }
        }
        Ok(())
    }

    /// Two arrays: their shared ends left alone and the run between lined up
    /// ([`crate::array_ends::lined_up`]), as the text diff does.
    fn arrays(&mut self, a: &[Part], b: &[Part]) -> Result<(), String> {
        let middle = lined_up(a.len(), b.len(), |i, j| {
            Ok::<_, String>(same_value(&a[i], &b[j]))
        })?;
        if middle.removals_first() {
            self.patch.removals(&middle)?;
        }
        let depth = self.patch.pointer.len();
        for (i, j, at) in middle.pairs() {
            if self.patch.stopped() {
                return Ok(());
            }
            if same_texts(&a[i], &b[j]) {
                continue;
            }
            let _ = write!(self.patch.pointer, "/{at}");
            self.diff_at(&a[i], &b[j])?;
            self.patch.pointer.truncate(depth);
        }
        if !middle.removals_first() {
            self.patch.removals(&middle)?;
        }
        for i in middle.added() {
            if self.patch.stopped() {
                return Ok(());
            }
            match middle.appended {
                true => self.op("add", Some("-"), Some(&b[i]))?,
                false => self.op("add", Some(&i.to_string()), Some(&b[i]))?,
            }
        }
        Ok(())
    }

    fn op(&mut self, op: &str, last: Option<&str>, value: Option<&Part>) -> Result<(), String> {
        let value = value.map(text_of);
        self.patch.op(op, last, value.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text_patch::diff_text;
    use adjutant_engine::view_parts::split_members;
    use proptest::prelude::*;

    use crate::json_values::{edited, json_value};
    use crate::patch::{PatchOp, apply, diff};
    use serde_json::{Value, json};

    /// `value` in parts, split down to `depth` levels (deeper values are one text each);
    /// `shared` texts are taken from there when the same text is found (as a game keeps
    /// them).
    fn parts(value: &Value, depth: u32, shared: &[Arc<str>]) -> Part {
        let leaf = |v: &Value| {
            let text = v.to_string();
            Part::Text(
                shared
                    .iter()
                    .find(|s| ***s == *text)
                    .cloned()
                    .unwrap_or_else(|| Arc::from(text)),
            )
        };
        match value {
            Value::Object(m) if depth > 0 => Part::Object(
                m.iter()
                    .map(|(k, v)| {
                        let key = serde_json::to_string(k).unwrap();
                        (
                            Key::Owned(key[1..key.len() - 1].to_string()),
                            parts(v, depth - 1, shared),
                        )
                    })
                    .collect(),
            ),
            Value::Array(a) if depth > 0 => {
                Part::Array(a.iter().map(|v| parts(v, depth - 1, shared)).collect())
            }
            v => leaf(v),
        }
    }

    /// Every leaf text of `part`.
    fn leaves(part: &Part, into: &mut Vec<Arc<str>>) {
        match part {
            Part::Text(t) => into.push(Arc::clone(t)),
            Part::Object(m) => m.iter().for_each(|(_, p)| leaves(p, into)),
            Part::Array(a) => a.iter().for_each(|p| leaves(p, into)),
        }
    }

    #[test]
    fn a_moved_counter_is_the_text_diffs_patch() {
        let old = json!({"turn": 1, "areas": [{"area": 3, "counters": ["a", "b"]}, {"area": 4, "counters": ["c"]}]});
        let new = json!({"turn": 1, "areas": [{"area": 3, "counters": ["a"]}, {"area": 4, "counters": ["c", "b"]}]});
        let (a, b) = (parts(&old, 2, &[]), parts(&new, 2, &[]));
        let text = diff_parts(&a, &b).unwrap();
        assert_eq!(text, diff_text(&old.to_string(), &new.to_string()).unwrap());
        assert_eq!(diff_parts(&a, &a).unwrap(), "[]");
        // A view taken apart from its text gives the same patch.
        let split = |v: &Value| Part::Object(split_members(&v.to_string()).unwrap());
        assert_eq!(diff_parts(&split(&old), &split(&new)).unwrap(), text);
    }

    #[test]
    fn a_counter_taken_from_the_middle_of_a_stack_is_one_remove() {
        let stack = |ids: &[&str]| json!({"areas": [{"area": 3, "counters": ids}], "turn": 2});
        let (old, new) = (stack(&["a", "b", "c", "d"]), stack(&["a", "c", "d"]));
        let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
        assert_eq!(text, r#"[{"op":"remove","path":"/areas/0/counters/1"}]"#);
        assert_eq!(
            diff_parts(&parts(&old, 3, &[]), &parts(&new, 3, &[])).unwrap(),
            text
        );
        assert_eq!(
            diff(&old, &new),
            [PatchOp::Remove {
                path: "/areas/0/counters/1".into()
            }]
        );
        // One put in before the end: an add at its index, not an append.
        let text = diff_text(&new.to_string(), &old.to_string()).unwrap();
        assert_eq!(
            text,
            r#"[{"op":"add","path":"/areas/0/counters/1","value":"b"}]"#
        );
        let mut doc = new.clone();
        apply(
            &mut doc,
            &serde_json::from_str::<Vec<PatchOp>>(&text).unwrap(),
        )
        .unwrap();
        assert_eq!(doc, old);
    }

    proptest! {
        /// Lists edited as a game's change (elements taken out, put in, the rest shared at
        /// both ends): the three walks' patches each turn the old document into the new, the
        /// parts' patch is the text's, and never longer than the tree diff's.
        #[test]
        fn lists_edited_in_their_middle_are_patched_right_by_every_walk(
            old in json_value(false),
            seed in any::<u64>(),
            depth in 0u32..4,
        ) {
            let new = edited(&old, &mut seed.clone());
            let text = diff_text(&old.to_string(), &new.to_string()).unwrap();
            let ops: Vec<PatchOp> = serde_json::from_str(&text).unwrap();
            let mut doc = old.clone();
            apply(&mut doc, &ops).unwrap();
            prop_assert_eq!(&doc, &new);
            let mut doc = old.clone();
            apply(&mut doc, &diff(&old, &new)).unwrap();
            prop_assert_eq!(&doc, &new);
            let a = parts(&old, depth, &[]);
            let mut shared = Vec::new();
            leaves(&a, &mut shared);
            let b = parts(&new, depth, &shared);
            prop_assert_eq!(diff_parts(&a, &b).unwrap(), text.clone());
            let by_member = serde_json::to_string(&diff(&old, &new)).unwrap();
            prop_assert!(text.len() <= by_member.len(), "{} > {}", text, by_member);
        }

        /// Whatever the two documents, however deep each is split into parts (the two
        /// splits need not agree), and with texts shared between them: the text diff's
        /// patch.
        #[test]
        fn the_patch_of_the_parts_is_the_patch_of_the_texts(
            old in json_value(false),
            new in json_value(false),
            old_depth in 0u32..4,
            new_depth in 0u32..4,
        ) {
            let a = parts(&old, old_depth, &[]);
            let mut shared = Vec::new();
            leaves(&a, &mut shared);
            let b = parts(&new, new_depth, &shared);
            prop_assert_eq!(a.text(), old.to_string());
            prop_assert_eq!(b.text(), new.to_string());
            prop_assert_eq!(
                diff_parts(&a, &b).unwrap(),
                diff_text(&old.to_string(), &new.to_string()).unwrap()
            );
        }
    }
}
