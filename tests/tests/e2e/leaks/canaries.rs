//! Secrets as canaries: strings that a viewer must not receive before a given sequence number
//! (or ever), and the search for them in everything the viewers received.

use aho_corasick::AhoCorasick;
use std::collections::BTreeMap;

use super::wiretap::Heard;

/// One secret string.
#[derive(Clone, Debug)]
struct Canary {
    /// The string searched for.
    text: String,
    /// What it stands for, for the failure message ("the Confederate's note", ...).
    what: String,
    /// For each viewer who may not know it: the sequence number from which it may (`None`:
    /// never).
    hidden: BTreeMap<&'static str, Option<u64>>,
}

/// Every secret of a game.
#[derive(Default)]
pub struct Canaries(Vec<Canary>);

impl Canaries {
    /// `text` (standing for `what`) is hidden from `viewer` until `until` (`None`: for ever).
    pub fn hide(&mut self, text: &str, what: &str, viewer: &'static str, until: Option<u64>) {
        let index = match self.0.iter().position(|c| c.text == text) {
            Some(i) => i,
            None => {
                self.0.push(Canary {
                    text: text.to_string(),
                    what: what.to_string(),
                    hidden: BTreeMap::new(),
                });
                self.0.len() - 1
            }
        };
        let entry = self.0[index].hidden.entry(viewer).or_insert(until);
        // Hidden the longest of the two if told twice.
        *entry = match (*entry, until) {
            (None, _) | (_, None) => None,
            (Some(a), Some(b)) => Some(a.max(b)),
        };
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Every place a canary reached a viewer it was hidden from, before it was revealed to
    /// them. A match counts only as a whole word: not inside a longer name or id.
    pub fn leaks(&self, heard: &[Heard]) -> Vec<String> {
        let patterns: Vec<&str> = self.0.iter().map(|c| c.text.as_str()).collect();
        let searcher = AhoCorasick::new(&patterns).expect("canaries compile");
        let mut found = Vec::new();
        for h in heard {
            let bytes = h.text.as_bytes();
            for m in searcher.find_overlapping_iter(&h.text) {
                let canary = &self.0[m.pattern().as_usize()];
                let hidden = match canary.hidden.get(h.viewer) {
                    Some(None) => true,
                    Some(Some(until)) => h.seq < *until,
                    None => false,
                };
                let whole = !m.start().checked_sub(1).is_some_and(|i| word(bytes[i]))
                    && !bytes.get(m.end()).copied().is_some_and(word);
                if hidden && whole {
                    let from = m.start().saturating_sub(80);
                    let to = (m.end() + 80).min(bytes.len());
                    found.push(format!(
                        "{} ({:?}) reached the {} at seq {} through {}: …{}…",
                        canary.what,
                        canary.text,
                        h.viewer,
                        h.seq,
                        h.source,
                        String::from_utf8_lossy(&bytes[from..to])
                    ));
                }
            }
        }
        found
    }
}

/// A byte that continues an id or a word.
fn word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// A random canary string.
pub fn random(rng: &mut impl rand::RngExt, what: &str) -> String {
    let n: u64 = rng.random();
    format!("canary{what}{n:016x}")
}
