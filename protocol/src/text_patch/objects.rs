//! Two objects walked member by member. Views written by one serialiser keep their members
//! in one order, so the walk goes through both objects in step while their keys agree,
//! reading each member once and collecting nothing; from the first place where they differ
//! (a member added, removed or moved) the rest is matched by key. The operations are the
//! same, in the same order, as matching every member by key.

use super::{Span, Walk, slice};
use crate::json_index::{Cursor, IndexedJson, skip_space, skip_string};
use crate::patch_writer::push_key;

impl Walk<'_, '_> {
    pub(super) fn objects(&mut self, a: Span, b: Span) -> Result<(), String> {
        let old = &self.old.as_str().as_bytes()[..a.1];
        let new = &self.new.as_str().as_bytes()[..b.1];
        let (mut old_at, mut new_at) = (self.old.members_of(a.0), self.new.members_of(b.0));
        let (mut i, mut j) = (skip_space(old, a.0 + 1), skip_space(new, b.0 + 1));
        loop {
            if self.patch.stopped() {
                return Ok(());
            }
            let (old_done, new_done) = (ends(old, i), ends(new, j));
            if old_done && new_done {
                return Ok(());
            }
            if old_done || new_done {
                break;
            }
            let (old_key, new_key) = (key(old, i), key(new, j));
            if old[i..old_key] != new[j..new_key] {
                break;
            }
            let (old_value, old_end) = value(self.old, old, old_key, &mut old_at);
            let (new_value, new_end) = value(self.new, new, new_key, &mut new_at);
            if old[old_value..old_end] != new[new_value..new_end] {
                let depth = self.patch.pointer.len();
                push_key(&mut self.patch.pointer, slice(self.new, (j, new_key))?)?;
                self.diff_at((old_value, old_end), (new_value, new_end))?;
                self.patch.pointer.truncate(depth);
            }
            (i, j) = (next(old, i, old_end), next(new, j, new_end));
        }
        let am = members(self.old, old, i, old_at);
        let bm = members(self.new, new, j, new_at);
        self.by_key(&am, &bm)
    }

    /// The members left, matched by key: each new member with the old one of its key (a
    /// change walked, a new key added), then each old member left unmatched removed.
    fn by_key(&mut self, am: &[(Span, Span)], bm: &[(Span, Span)]) -> Result<(), String> {
        let mut matched = vec![false; am.len()];
        let mut cursor = 0;
        for &(bkey, bvalue) in bm {
            if self.patch.stopped() {
                return Ok(());
            }
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
            let depth = self.patch.pointer.len();
            push_key(&mut self.patch.pointer, slice(self.new, bkey)?)?;
            match found {
                Some(j) => self.diff_at(am[j].1, bvalue)?,
                None => self.patch.op("add", None, Some(slice(self.new, bvalue)?))?,
            }
            self.patch.pointer.truncate(depth);
        }
        for (j, &(akey, _)) in am.iter().enumerate() {
            if !matched[j] && !self.patch.stopped() {
                let depth = self.patch.pointer.len();
                push_key(&mut self.patch.pointer, slice(self.old, akey)?)?;
                self.patch.op("remove", None, None)?;
                self.patch.pointer.truncate(depth);
            }
        }
        Ok(())
    }
}

fn key_of<'t>(doc: &IndexedJson<'t>, span: Span) -> Option<&'t str> {
    doc.as_str().get(span.0..span.1)
}

/// Whether the object's members end at `i` (its closing brace, or the end of the text).
fn ends(bytes: &[u8], i: usize) -> bool {
    i >= bytes.len() || bytes[i] == b'}'
}

/// One past the key that starts at `i` (its closing quote).
fn key(bytes: &[u8], i: usize) -> usize {
    skip_string(bytes, i).min(bytes.len())
}

/// The value after the key that ends at `key_end`: where it starts and one past its end.
fn value(doc: &IndexedJson<'_>, bytes: &[u8], key_end: usize, at: &mut Cursor) -> Span {
    let colon = skip_space(bytes, key_end);
    let start = skip_space(bytes, colon + 1).min(bytes.len());
    (start, doc.value_end(start, at).min(bytes.len()))
}

/// Where the member after the one that starts at `i` and ends at `end` starts. Every step
/// moves on (`end` is past `i`), so text that is not JSON cannot loop.
fn next(bytes: &[u8], i: usize, end: usize) -> usize {
    let i = skip_space(bytes, end.max(i + 1));
    match i < bytes.len() && bytes[i] == b',' {
        true => skip_space(bytes, i + 1),
        false => i,
    }
}

/// The members of an object from the one that starts at `i` on (`bytes`: the text up to
/// the object's end): (key with its quotes, value).
fn members(doc: &IndexedJson<'_>, bytes: &[u8], mut i: usize, mut at: Cursor) -> Vec<(Span, Span)> {
    let mut found = Vec::new();
    while !ends(bytes, i) {
        let key_end = key(bytes, i);
        let (start, end) = value(doc, bytes, key_end, &mut at);
        found.push(((i, key_end), (start, end)));
        i = next(bytes, i, end);
    }
    found
}

#[cfg(test)]
mod tests {
    use crate::patch::{PatchOp, apply};
    use crate::text_patch::diff_text;
    use serde_json::{Value, json};

    fn patched(old: &str, new: &str) -> Vec<PatchOp> {
        let ops: Vec<PatchOp> = serde_json::from_str(&diff_text(old, new).unwrap()).unwrap();
        let mut doc: Value = serde_json::from_str(old).unwrap();
        apply(&mut doc, &ops).unwrap();
        assert_eq!(doc, serde_json::from_str::<Value>(new).unwrap());
        ops
    }

    #[test]
    fn members_in_step_then_out_of_step_are_matched_by_key_from_where_they_part() {
        let long = "\"words long enough that a replace of the whole object is longer\"";
        // In step for `a` and `b`; then `x` is new, `c` moved after `d`, `e` is gone.
        let old = format!(r#"{{"a":{long},"b":2,"c":{long},"d":4,"e":{long}}}"#);
        let new = format!(r#"{{"a":{long},"b":5,"x":0,"d":4,"c":{long}}}"#);
        let ops = patched(&old, &new);
        let path = |p: &str| p.to_string();
        assert_eq!(
            ops,
            vec![
                PatchOp::Replace {
                    path: path("/b"),
                    value: json!(5)
                },
                PatchOp::Add {
                    path: path("/x"),
                    value: json!(0)
                },
                PatchOp::Remove { path: path("/e") },
            ]
        );
        // Objects of different lengths, the shorter one a prefix of the longer.
        let ops = patched(
            &format!(r#"{{"a":{long}}}"#),
            &format!(r#"{{"a":{long},"z":1}}"#),
        );
        assert_eq!(
            ops,
            vec![PatchOp::Add {
                path: path("/z"),
                value: json!(1)
            }]
        );
        let ops = patched(
            &format!(r#"{{"a":{long},"z":1}}"#),
            &format!(r#"{{"a":{long}}}"#),
        );
        assert_eq!(ops, vec![PatchOp::Remove { path: path("/z") }]);
    }
}
