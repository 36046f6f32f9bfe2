//! A JSON Patch being written as text, shared by the walks that find one
//! ([`crate::text_patch`] over two texts, [`crate::parts_patch`] over two views in parts):
//! its operations so far, the JSON Pointer the walk stands at, and the rule both walks keep
//! for a changed object or array — its operations, or one `replace` of the whole value where
//! that is shorter.
//!
//! The rule is applied without writing anything twice: the `replace`'s length is counted,
//! not written, and a walk stops descending into a value as soon as the operations written
//! for it (or for any value it is inside) are longer than its `replace`, since they only grow
//! and the `replace` is then certain (a list of choices that all changed is one `replace`,
//! found after its first few elements instead of after all of them).

use std::fmt::Write;

use crate::array_ends::Middle;

/// An operation's text up to its path.
const OP: &str = "{\"op\":\"";
const PATH: &str = "\",\"path\":";
const VALUE: &str = ",\"value\":";

/// A patch being written.
pub(crate) struct Patch {
    /// The patch's text so far: its opening bracket and the operations written.
    out: String,
    /// Whether no operation has been written yet (the next needs no comma).
    first: bool,
    /// The JSON Pointer of the value being compared (RFC 6901, not yet escaped for JSON).
    pub(crate) pointer: String,
    /// Past this length of `out`, some value being walked is certain to be one `replace`:
    /// its walk may stop (`usize::MAX` while none is).
    stop_at: usize,
    /// Whether walks stop early: always, but in the test that proves stopping changes no
    /// patch.
    #[cfg(test)]
    stops: bool,
}

/// A changed object or array whose walk has begun ([`Patch::enter`]).
#[must_use = "a walk entered is left, to choose between its operations and one replace"]
pub(crate) struct Level {
    /// The patch's length before the value's operations.
    before: usize,
    /// Whether no operation had been written before them.
    was_first: bool,
    /// The length of one `replace` of the whole value, its comma included.
    whole: usize,
    /// The enclosing value's stopping length, restored on leaving.
    outer: usize,
}

impl Patch {
    /// An empty patch at the document's root.
    pub(crate) fn new() -> Patch {
        let mut out = String::with_capacity(128);
        out.push('[');
        Patch {
            out,
            first: true,
            pointer: String::new(),
            stop_at: usize::MAX,
            #[cfg(test)]
            stops: true,
        }
    }

    /// A patch whose walks never stop early.
    #[cfg(test)]
    pub(crate) fn without_stopping() -> Patch {
        Patch {
            stops: false,
            ..Patch::new()
        }
    }

    /// The patch's text: a JSON array of operations.
    pub(crate) fn finish(mut self) -> String {
        self.out.push(']');
        self.out
    }

    /// Whether the walk may stop: a value it is inside is certain to be one `replace`.
    pub(crate) fn stopped(&self) -> bool {
        #[cfg(test)]
        if !self.stops {
            return false;
        }
        self.out.len() > self.stop_at
    }

    /// Begins the walk of a changed object or array whose new text is `new_len` bytes long.
    pub(crate) fn enter(&mut self, new_len: usize) -> Result<Level, String> {
        let (before, was_first) = (self.out.len(), self.first);
        let whole = replace_len(&self.pointer, new_len, was_first)?;
        let level = Level {
            before,
            was_first,
            whole,
            outer: self.stop_at,
        };
        self.stop_at = self.stop_at.min(before + whole);
        Ok(level)
    }

    /// Ends the walk of `level`'s value: `true` when one `replace` of it is shorter than its
    /// operations, which are then taken back (the caller writes the `replace`).
    pub(crate) fn leave(&mut self, level: Level) -> bool {
        self.stop_at = level.outer;
        if self.out.len() - level.before > level.whole {
            self.out.truncate(level.before);
            self.first = level.was_first;
            return true;
        }
        false
    }

    /// The `remove`s of an array's unpaired old elements, at the pointer (the array's), each
    /// at its own index ([`Middle::removed`]: the higher first, so each index is right when
    /// applied).
    pub(crate) fn removals(&mut self, middle: &Middle) -> Result<(), String> {
        let depth = self.pointer.len();
        for i in middle.removed() {
            if self.stopped() {
                return Ok(());
            }
            let _ = write!(self.pointer, "/{i}");
            self.op("remove", None, None)?;
            self.pointer.truncate(depth);
        }
        Ok(())
    }

    /// Writes one operation at the pointer (`last` appended); `value` is JSON text.
    pub(crate) fn op(
        &mut self,
        op: &str,
        last: Option<&str>,
        value: Option<&str>,
    ) -> Result<(), String> {
        let out = &mut self.out;
        if !self.first {
            out.push(',');
        }
        self.first = false;
        out.push_str(OP);
        out.push_str(op);
        out.push_str(PATH);
        match last {
            Some(last) => {
                let depth = self.pointer.len();
                self.pointer.push('/');
                self.pointer.push_str(last);
                let pushed = push_json_string(out, &self.pointer);
                self.pointer.truncate(depth);
                pushed?
            }
            None => push_json_string(out, &self.pointer)?,
        }
        if let Some(value) = value {
            out.push_str(VALUE);
            out.push_str(value);
        }
        out.push('}');
        Ok(())
    }
}

/// The length of the operation [`Patch::op`] writes to replace the value at `pointer` with
/// a value `value_len` bytes long (after a comma unless it is the `first`).
fn replace_len(pointer: &str, value_len: usize, first: bool) -> Result<usize, String> {
    let path = match needs_escape(pointer) {
        false => pointer.len() + 2,
        true => serde_json::to_string(pointer)
            .map_err(|e| e.to_string())?
            .len(),
    };
    let comma = usize::from(!first);
    Ok(comma + OP.len() + "replace".len() + PATH.len() + path + VALUE.len() + value_len + 1)
}

fn needs_escape(text: &str) -> bool {
    text.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20)
}

/// Appends a member's key (its text with quotes, as written) to a JSON Pointer.
pub(crate) fn push_key(pointer: &mut String, quoted: &str) -> Result<(), String> {
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
    if needs_escape(text) {
        out.push_str(&serde_json::to_string(text).map_err(|e| e.to_string())?);
    } else {
        out.push('"');
        out.push_str(text);
        out.push('"');
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replace_is_as_long_as_counted_whatever_its_pointer() {
        for pointer in ["", "/areas/3", "/a\"b/\\c", "/tab\there", "/ü/~0"] {
            for first in [true, false] {
                let value = r#"{"id":3,"stack":["a","b"]}"#;
                let mut patch = Patch::new();
                patch.first = first;
                patch.pointer = pointer.to_string();
                let before = patch.out.len();
                patch.op("replace", None, Some(value)).unwrap();
                assert_eq!(
                    patch.out.len() - before,
                    replace_len(pointer, value.len(), first).unwrap(),
                    "{pointer:?} {first}"
                );
            }
        }
    }

    #[test]
    fn a_value_whose_operations_outgrow_its_replace_is_replaced_and_stops_the_walk() {
        let mut patch = Patch::new();
        patch.pointer.push_str("/actions");
        let level = patch.enter(30).unwrap();
        assert!(!patch.stopped());
        let mut ops = 0;
        while !patch.stopped() {
            patch.op("replace", Some("0"), Some("1")).unwrap();
            ops += 1;
        }
        // One short operation is not yet longer than a replace of 30 bytes; two are.
        assert_eq!(ops, 2);
        assert!(patch.leave(level));
        assert!(!patch.stopped());
        assert_eq!(patch.finish(), "[]");

        let mut patch = Patch::new();
        let level = patch.enter(500).unwrap();
        patch.op("remove", Some("2"), None).unwrap();
        assert!(!patch.leave(level));
        assert_eq!(patch.finish(), r#"[{"op":"remove","path":"/2"}]"#);
    }
}
