//! Radius traces remembered by what they depend on (reference 2.3.11): where from, how far,
//! the maps, whether the side has found the railroad, and the hexes that block the trace. Every
//! brigade of a division traces from the same leader over the same blocked hexes, and a seat's
//! moves are listed several times per action (the prompt, the offer, the end of each step), so
//! the same search was run dozens of times per action — most of the cost of playing one.
//!
//! The memo is a pure function's: its key holds every input of the search, so a trace found in
//! one game serves another with the same inputs, and nothing is remembered that the search
//! would not compute again. One per thread (no lock), bounded.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use super::reach::Costs;
use crate::data::map::MapsUsed;
use crate::data::{FastMap, HexId};

/// Everything a radius trace depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TraceKey {
    pub from: HexId,
    /// Halves of a leader MP.
    pub max: u16,
    pub maps: MapsUsed,
    /// Whether the tracing side has found the Unfinished Railroad (1.3).
    pub railroad_found: bool,
    /// The hexes the trace may not enter, sorted (shared with the side's kept list, not
    /// copied for each trace).
    pub blocked: Rc<Vec<HexId>>,
}

/// Hashes the blocked hexes by their count and every eighth of them (keys are still compared
/// whole): hashing all of them for every trace asked was a visible part of a replay.
impl Hash for TraceKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.from, self.max, self.maps, self.railroad_found).hash(state);
        self.blocked.len().hash(state);
        for h in self.blocked.iter().step_by(8) {
            h.hash(state);
        }
    }
}

/// The traces a thread keeps at most; then it starts afresh.
const KEPT: usize = 256;

thread_local! {
    static TRACES: RefCell<FastMap<TraceKey, Rc<Costs>>> = RefCell::new(FastMap::default());
}

/// The trace for `key`: remembered, or searched by `search` and remembered.
pub(crate) fn trace(key: TraceKey, search: impl FnOnce(&TraceKey) -> Costs) -> Rc<Costs> {
    if let Some(found) = TRACES.with(|t| t.borrow().get(&key).cloned()) {
        return found;
    }
    let costs = Rc::new(search(&key));
    TRACES.with(|t| {
        let mut t = t.borrow_mut();
        if t.len() >= KEPT {
            t.clear();
        }
        t.insert(key, costs.clone());
    });
    costs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(blocked: &[&str]) -> TraceKey {
        TraceKey {
            from: "A12.10".parse().expect("a hex id"),
            max: 8,
            maps: MapsUsed::A,
            railroad_found: false,
            blocked: Rc::new(
                blocked
                    .iter()
                    .map(|h| h.parse().expect("a hex id"))
                    .collect(),
            ),
        }
    }

    #[test]
    fn a_trace_is_searched_once_per_set_of_inputs() {
        let searches = std::cell::Cell::new(0);
        let search = |_: &TraceKey| {
            searches.set(searches.get() + 1);
            Costs::default()
        };
        trace(key(&["A12.11"]), search);
        trace(key(&["A12.11"]), search);
        assert_eq!(searches.get(), 1);
        trace(key(&["A12.12"]), search);
        assert_eq!(searches.get(), 2, "another blocked hex is another trace");
    }
}
