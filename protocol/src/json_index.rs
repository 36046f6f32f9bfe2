//! A JSON text together with where each of its objects and arrays ends, found in one pass, so
//! that walking the text later jumps over a container instead of reading it again (the text
//! diff walks each changed container's members; without the index every level re-read the
//! bytes of every level below it).
//!
//! The text is not validated (that costs a pass of its own): on text that is not JSON the
//! index says something that means nothing, but building and reading it neither panic nor
//! loop.

/// A JSON text and the extent of each of its containers.
#[derive(Clone, Debug, Default)]
pub struct IndexedJson {
    /// The text, as written.
    text: String,
    /// Each container in the order they open (so sorted by opening byte).
    containers: Vec<Container>,
}

/// One object or array of the text.
#[derive(Clone, Copy, Debug)]
struct Container {
    /// Its opening byte.
    open: usize,
    /// One past its closing byte.
    close: usize,
    /// The index of the next container not inside this one (its next sibling's, when it has
    /// one): a walk over a container's members jumps from one to the next.
    after: usize,
}

/// Where a walk over one container's members stands: the index of the next container that
/// may start one of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor(usize);

/// What the bytes are to the index: nothing, a quote, an opening or a closing bracket.
const PLAIN: u8 = 0;
const QUOTE: u8 = 1;
const OPEN: u8 = 2;
const CLOSE: u8 = 3;
const CLASS: [u8; 256] = {
    let mut class = [PLAIN; 256];
    class[b'"' as usize] = QUOTE;
    class[b'{' as usize] = OPEN;
    class[b'[' as usize] = OPEN;
    class[b'}' as usize] = CLOSE;
    class[b']' as usize] = CLOSE;
    class
};

impl IndexedJson {
    /// Indexes `text` (one pass over its bytes).
    pub fn new(text: String) -> Self {
        let bytes = text.as_bytes();
        let mut containers: Vec<Container> = Vec::with_capacity(bytes.len() / 32);
        let mut open: Vec<usize> = Vec::with_capacity(16);
        let mut i = 0;
        while i < bytes.len() {
            match CLASS[usize::from(bytes[i])] {
                PLAIN => {}
                QUOTE => {
                    i = skip_string(bytes, i);
                    continue;
                }
                OPEN => {
                    open.push(containers.len());
                    containers.push(Container {
                        open: i,
                        close: bytes.len(),
                        after: usize::MAX,
                    });
                }
                _ => {
                    if let Some(k) = open.pop() {
                        containers[k].close = i + 1;
                        containers[k].after = containers.len();
                    }
                }
            }
            i += 1;
        }
        // Containers left open (text that is not JSON) end with the text.
        for k in open {
            containers[k].after = containers.len();
        }
        IndexedJson { text, containers }
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, given back.
    pub fn into_string(self) -> String {
        self.text
    }

    /// A walk over the members of the container that opens at byte `i` (the whole text's
    /// top-level value when `i` is not a container's opening).
    pub(crate) fn members_of(&self, i: usize) -> Cursor {
        match self.containers.binary_search_by_key(&i, |c| c.open) {
            Ok(k) => Cursor(k + 1),
            Err(k) => Cursor(k),
        }
    }

    /// Where the value starting at byte `i` ends (one past its last byte; at most the text's
    /// end, and past `i` whenever `i` is inside the text). `at` is the walk over the members
    /// of the container `i` is in, moved on past the value.
    pub(crate) fn value_end(&self, i: usize, at: &mut Cursor) -> usize {
        let bytes = self.text.as_bytes();
        match bytes.get(i) {
            None => bytes.len(),
            Some(b'"') => skip_string(bytes, i),
            Some(b'{' | b'[') => {
                let k = match self.containers.get(at.0) {
                    Some(c) if c.open == i => at.0,
                    // Not the one expected (text that is not JSON): looked up.
                    _ => match self.containers.binary_search_by_key(&i, |c| c.open) {
                        Ok(k) => k,
                        Err(_) => return bytes.len(),
                    },
                };
                let c = self.containers[k];
                at.0 = c.after;
                c.close.max(i + 1)
            }
            Some(_) => {
                let mut j = i + 1;
                while j < bytes.len()
                    && !matches!(bytes[j], b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                {
                    j += 1;
                }
                j
            }
        }
    }
}

/// Where the string starting at the quote `i` ends (one past its closing quote; at most the
/// text's end).
pub(crate) fn skip_string(bytes: &[u8], mut i: usize) -> usize {
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

pub(crate) fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_ends_where_its_text_does() {
        let doc = IndexedJson::new(r#"{"a":[1,{"b":"}]\""}],"c":true}"#.to_string());
        let text = doc.as_str();
        let at = |s: &str| text.find(s).unwrap();
        let end = |i: usize| doc.value_end(i, &mut doc.members_of(usize::MAX));
        assert_eq!(end(0), text.len());
        assert_eq!(&text[at("[1")..end(at("[1"))], r#"[1,{"b":"}]\""}]"#);
        assert_eq!(&text[at("{\"b")..end(at("{\"b"))], r#"{"b":"}]\""}"#);
        assert_eq!(&text[at("true")..end(at("true"))], "true");
        assert_eq!(end(text.len()), text.len());
        // A walk over the top-level object's members jumps from one container to the next.
        let mut walk = doc.members_of(0);
        assert_eq!(doc.value_end(at("[1"), &mut walk), at(",\"c\""));
        assert_eq!(doc.value_end(at("true"), &mut walk), at("true") + 4);
    }

    #[test]
    fn unbalanced_text_ends_at_the_end() {
        for broken in ["{", "[[", "]", "{\"a\":[}", "\"x"] {
            let doc = IndexedJson::new(broken.to_string());
            for i in 0..broken.len() {
                let end = doc.value_end(i, &mut doc.members_of(0));
                assert!(end > i && end <= broken.len(), "{broken} at {i}: {end}");
            }
        }
    }
}
