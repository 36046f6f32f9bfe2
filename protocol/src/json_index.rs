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
pub struct IndexedJson<'a> {
    /// The text, as written (borrowed: indexing copies nothing).
    text: &'a str,
    /// Each container in the order they open (so sorted by opening byte); empty for a text
    /// left unindexed.
    containers: Vec<Container>,
    /// Whether `containers` was built: a text left unindexed has each container's end
    /// found by reading it ([`IndexedJson::unindexed`]).
    indexed: bool,
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

impl<'a> IndexedJson<'a> {
    /// Indexes `text` (one pass over its bytes).
    pub fn new(text: &'a str) -> Self {
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
        IndexedJson {
            text,
            containers,
            indexed: true,
        }
    }

    /// `text` without its index: each container's end is found by reading the container
    /// when the walk asks for it. For a short text, or one whose walk stops early (a list
    /// replaced whole after its first elements), cheaper than indexing it all; a walk that
    /// descends `d` levels reads a byte at most `d` times.
    pub fn unindexed(text: &'a str) -> Self {
        IndexedJson {
            text,
            containers: Vec::new(),
            indexed: false,
        }
    }

    /// The text.
    pub fn as_str(&self) -> &'a str {
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
            Some(b'{' | b'[') if !self.indexed => container_end(bytes, i),
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

/// Where the container opening at `i` ends (one past the bracket that closes it, brackets
/// paired as the index pairs them; the text's end when none does), read from the text.
fn container_end(bytes: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    let mut j = i;
    while j < bytes.len() {
        match CLASS[usize::from(bytes[j])] {
            QUOTE => {
                j = skip_string(bytes, j);
                continue;
            }
            OPEN => depth += 1,
            CLOSE => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
        j += 1;
    }
    bytes.len()
}

/// Where the string starting at the quote `i` ends (one past its closing quote; at most the
/// text's end).
pub(crate) fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    // Eight bytes at a time up to the first quote or backslash (most strings have none but
    // their closing quote), then byte by byte.
    while let Some(word) = bytes.get(i..i + 8) {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let found = bytes_equal(word, b'"') | bytes_equal(word, b'\\');
        if found != 0 {
            i += (found.trailing_zeros() / 8) as usize;
            break;
        }
        i += 8;
    }
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The high bit of each byte of `word` that equals `byte`, exact for the lowest such byte
/// (a higher one may be flagged wrongly after a match, which only the lowest is read for).
fn bytes_equal(word: u64, byte: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let x = word ^ (u64::from(byte) * ONES);
    x.wrapping_sub(ONES) & !x & (ONES << 7)
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
        let doc = IndexedJson::new(r#"{"a":[1,{"b":"}]\""}],"c":true}"#);
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

    /// The index as one byte at a time finds it (the first version's walk).
    fn one_byte_at_a_time(text: &str) -> Vec<(usize, usize, usize)> {
        let bytes = text.as_bytes();
        let (mut containers, mut open) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => {
                    i += 1;
                    while i < bytes.len() && bytes[i] != b'"' {
                        i += if bytes[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'{' | b'[' => {
                    open.push(containers.len());
                    containers.push((i, bytes.len(), usize::MAX));
                }
                b'}' | b']' => {
                    if let Some(k) = open.pop() {
                        containers[k].1 = i + 1;
                        containers[k].2 = containers.len();
                    }
                }
                _ => {}
            }
            i += 1;
        }
        for k in open {
            containers[k].2 = containers.len();
        }
        containers
    }

    fn indexed(text: &str) -> Vec<(usize, usize, usize)> {
        let doc = IndexedJson::new(text);
        doc.containers
            .iter()
            .map(|c| (c.open, c.close, c.after))
            .collect()
    }

    /// Any text, JSON or not: brackets and quotes alone, runs of plain text, and runs of
    /// backslashes and quotes (strings long and short, escapes, brackets inside strings).
    fn any_text() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::strategy::{Just, Strategy};
        proptest::collection::vec(
            proptest::prop_oneof![
                Just("\\".to_string()),
                Just("\"".to_string()),
                Just("{".to_string()),
                Just("}".to_string()),
                Just("[".to_string()),
                Just("]".to_string()),
                "[a-z:, ]{0,20}",
                "[\\\\\"a]{0,12}",
            ],
            0..60,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest::proptest! {
        #[test]
        fn strings_skipped_eight_bytes_at_a_time_end_where_one_byte_at_a_time_ends(
            text in any_text()
        ) {
            proptest::prop_assert_eq!(indexed(&text), one_byte_at_a_time(&text));
        }
    }

    #[test]
    fn a_view_is_indexed_as_one_byte_at_a_time_indexes_it() {
        let view = serde_json::json!({
            "areas": [{"area": 3, "counters": [{"id": "a\\\"b", "side": "union"}]}],
            "prompt": "Move \"Grant\" {to} [Area 12]",
            "long": "x".repeat(13) + "\\" + &"y".repeat(20) + "\"",
        })
        .to_string();
        for start in 0..view.len() {
            let text = &view[start..];
            assert_eq!(indexed(text), one_byte_at_a_time(text), "from byte {start}");
        }
    }

    proptest::proptest! {
        /// Read without an index, every container the index finds ends where the index
        /// says it does (elsewhere, inside what the index read as a string, text that is not
        /// JSON may be read otherwise: such a walk means nothing, but ends).
        #[test]
        fn a_text_unindexed_ends_each_value_where_its_index_does(text in any_text()) {
            let (indexed, unindexed) = (IndexedJson::new(&text), IndexedJson::unindexed(&text));
            for i in indexed.containers.iter().map(|c| c.open) {
                proptest::prop_assert_eq!(
                    unindexed.value_end(i, &mut unindexed.members_of(0)),
                    indexed.value_end(i, &mut indexed.members_of(usize::MAX)),
                    "at {}", i
                );
            }
        }
    }

    #[test]
    fn unbalanced_text_ends_at_the_end() {
        for broken in ["{", "[[", "]", "{\"a\":[}", "\"x"] {
            for doc in [IndexedJson::new(broken), IndexedJson::unindexed(broken)] {
                for i in 0..broken.len() {
                    let end = doc.value_end(i, &mut doc.members_of(0));
                    assert!(end > i && end <= broken.len(), "{broken} at {i}: {end}");
                }
            }
        }
    }
}
