//! A view in parts (issue 16, "a game declares its view in parts"): the view as a tree whose
//! leaves are JSON texts, so that an update can be computed from the parts that changed. A
//! part a game keeps from one view to the next (a Mississippi Fortress Area whose counters
//! look as they did) is the same shared text, known unchanged without being read; only the
//! parts that differ are compared as text (`adjutant_protocol::parts_patch`). The whole view
//! is the parts written one after the other ([`Part::text`]), byte for byte the text a game
//! writes whole.

mod cache;
mod kept_members;
mod members;
mod split;

use std::borrow::Cow;
use std::sync::Arc;

pub use cache::ViewCache;
pub use kept_members::KeptMembers;
pub use members::members;
pub use split::split_members;

/// An object member's key: the text between its quotes, escapes as written.
pub type Key = Cow<'static, str>;

/// One part of a view.
#[derive(Clone, Debug)]
pub enum Part {
    /// One JSON value as text. Shared: a part a game kept from its last view is the same
    /// text, so comparing it costs one pointer comparison.
    Text(Arc<str>),
    /// An object: its members in order.
    Object(Vec<(Key, Part)>),
    /// An array: its elements in order.
    Array(Vec<Part>),
}

impl Part {
    /// A leaf of JSON text.
    pub fn text_of(text: impl Into<Arc<str>>) -> Part {
        Part::Text(text.into())
    }

    /// The length of the part's text in bytes.
    pub fn text_len(&self) -> usize {
        match self {
            Part::Text(text) => text.len(),
            // Braces, commas between members, and per member `"key":` then the value.
            Part::Object(members) => {
                2 + members.len().saturating_sub(1)
                    + members
                        .iter()
                        .map(|(key, part)| key.len() + 3 + part.text_len())
                        .sum::<usize>()
            }
            Part::Array(elements) => {
                2 + elements.len().saturating_sub(1)
                    + elements.iter().map(Part::text_len).sum::<usize>()
            }
        }
    }

    /// Appends the part's text.
    pub fn write(&self, out: &mut String) {
        match self {
            Part::Text(text) => out.push_str(text),
            Part::Object(members) => {
                out.push('{');
                for (i, (key, part)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('"');
                    out.push_str(key);
                    out.push_str("\":");
                    part.write(out);
                }
                out.push('}');
            }
            Part::Array(elements) => {
                out.push('[');
                for (i, part) in elements.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    part.write(out);
                }
                out.push(']');
            }
        }
    }

    /// The part's whole text.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.text_len());
        self.write(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_written_as_its_leaves_joined_and_its_length_is_its_texts() {
        let view = Part::Object(vec![
            ("turn".into(), Part::text_of("2")),
            (
                "areas".into(),
                Part::Array(vec![
                    Part::text_of(r#"{"area":3}"#),
                    Part::text_of(r#"{"area":"a\"b"}"#),
                ]),
            ),
            ("empty".into(), Part::Array(Vec::new())),
            ("none".into(), Part::Object(Vec::new())),
        ]);
        let text = view.text();
        assert_eq!(
            text,
            r#"{"turn":2,"areas":[{"area":3},{"area":"a\"b"}],"empty":[],"none":{}}"#
        );
        assert_eq!(view.text_len(), text.len());
    }
}
