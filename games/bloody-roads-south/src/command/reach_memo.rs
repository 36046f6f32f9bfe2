//! Radius traces remembered by what they depend on (reference 2.3.11): where from, how far,
//! the maps, whether the side has found the railroad, and the hexes that block the trace. Every
//! brigade of a division traces from the same leader over the same blocked hexes, and a seat's
//! moves are listed several times per action (the prompt, the offer, the end of each step), so
//! the same search was run dozens of times per action — most of the cost of playing one.
//!
//! A trace reads the blocked hexes only by asking, hex by hex, whether it may enter one, and
//! its costs depend on few of the answers: those of the hexes it reached, and of the hexes it
//! was refused that it would have entered within its budget
//! ([`crate::geometry::within_and_refused`]). A hex it asked about beyond its budget, or
//! allowed and did not reach, may be answered either way: no path within the budget leads
//! through it. It is remembered with those hexes and serves any later blocked hexes that
//! answer them as they were answered, however they differ elsewhere. A unit moving, or the
//! enemy's turn, changes the blocked hexes somewhere on the map, and most traces never looked
//! there, or looked only beyond their budget (a Scenario 5 replay searched every trace again
//! after each such change).
//!
//! The memo is a pure function's: nothing is remembered that the search would not compute
//! again from the same inputs, so a trace found in one game serves another. One per thread
//! (no lock), bounded. In debug builds every remembered trace served is compared with a fresh
//! search.

use std::cell::RefCell;
use std::rc::Rc;

use super::reach::Costs;
use crate::data::map::MapsUsed;
use crate::data::{FastMap, HexId};
use crate::geometry::hex_bits::{self, HexBits};

/// Everything a radius trace depends on besides the blocked hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TraceKey {
    pub from: HexId,
    /// Halves of a leader MP.
    pub max: u16,
    pub maps: MapsUsed,
    /// Whether the tracing side has found the Unfinished Railroad (1.3).
    pub railroad_found: bool,
}

/// A trace found, with the answers of the blocked hexes its costs depend on.
struct Found {
    /// The hexes whose answer its costs depend on (those reached and those refused within
    /// the budget), sorted.
    depends_on: Vec<HexId>,
    /// The blocked hexes it was last found or served for (sorted; the side's kept list,
    /// `trace_blocked`): they answer every question of [`Found::depends_on`] as it was
    /// answered.
    last: Rc<Vec<HexId>>,
    costs: Rc<Costs>,
}

impl Found {
    /// The hexes `blocked` (sorted) answer every question this trace's costs depend on as it
    /// was answered: no hex blocked in one of `blocked` and [`Found::last`] but not in the
    /// other is one of [`Found::depends_on`].
    fn serves(&self, blocked: &Rc<Vec<HexId>>) -> bool {
        if Rc::ptr_eq(blocked, &self.last) || blocked == &self.last {
            return true;
        }
        crate::geometry::changed::changed_only_unasked(&self.last, blocked, |h| {
            self.depends_on.binary_search(&h).is_ok()
        })
    }
}

/// The traces a thread keeps at most (all keys together); then it starts afresh.
const KEPT: usize = 256;

/// The traces kept per key (over different blocked hexes), the latest first.
const PER_KEY: usize = 4;

thread_local! {
    static TRACES: RefCell<(usize, FastMap<TraceKey, Vec<Found>>)> =
        RefCell::new((0, FastMap::default()));
}

/// The trace for `key` over the hexes `blocked` (sorted): remembered, or searched by `search`
/// (given whether a hex may be entered; it answers the costs and the hexes refused within the
/// budget, as [`super::reach::leader_trace`]) and remembered.
pub(crate) fn trace(
    key: TraceKey,
    blocked: &Rc<Vec<HexId>>,
    search: impl Fn(&dyn Fn(HexId) -> bool) -> (Costs, Vec<HexId>),
) -> Rc<Costs> {
    // Whether a hex may be entered, read from the blocked hexes' table (made only to search).
    let passable = |bits: &HexBits, h: HexId| !hex_bits::listed(bits, blocked, h);
    let kept = TRACES.with(|t| {
        let mut t = t.borrow_mut();
        let found = t.1.get_mut(&key)?.iter_mut().find(|f| f.serves(blocked))?;
        found.last = blocked.clone();
        Some(found.costs.clone())
    });
    if let Some(costs) = kept {
        debug_assert!(
            {
                let bits = hex_bits::bits_of(blocked);
                *costs == search(&|h| passable(&bits, h)).0
            },
            "a remembered radius trace differs from a fresh search"
        );
        return costs;
    }
    let bits = hex_bits::bits_of(blocked);
    let (costs, refused) = search(&|h| passable(&bits, h));
    let mut depends_on: Vec<HexId> = costs.keys().copied().chain(refused).collect();
    depends_on.sort_unstable();
    depends_on.dedup();
    let costs = Rc::new(costs);
    let found = Found {
        depends_on,
        last: blocked.clone(),
        costs: costs.clone(),
    };
    TRACES.with(|t| {
        let (count, traces) = &mut *t.borrow_mut();
        if *count >= KEPT {
            traces.clear();
            *count = 0;
        }
        let kept = traces.entry(key).or_default();
        if kept.len() == PER_KEY {
            kept.pop();
        } else {
            *count += 1;
        }
        kept.insert(0, found);
    });
    costs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes(ids: &[&str]) -> Rc<Vec<HexId>> {
        hex_bits::sorted_list(ids)
    }

    /// A search that asks about `looks_at` (in that order) and records each answer as a cost
    /// (so its costs depend on every one of them).
    fn search_over(
        looks_at: &[HexId],
    ) -> impl Fn(&dyn Fn(HexId) -> bool) -> (Costs, Vec<HexId>) + '_ {
        move |passable| {
            let costs = looks_at
                .iter()
                .map(|&h| (h, u16::from(passable(h))))
                .collect();
            (costs, Vec::new())
        }
    }

    /// A remembered trace is the one found earlier (the same `Rc`); a search makes a new one
    /// (in debug builds a remembered one is searched again too, to compare).
    #[test]
    fn a_trace_is_searched_once_per_answer_to_what_it_asks() {
        let key = TraceKey {
            from: "A12.10".parse().expect("a hex id"),
            max: 8,
            maps: MapsUsed::A,
            railroad_found: false,
        };
        let looks_at = hexes(&["A12.11", "A12.12", "A13.10"]);
        let search = search_over(&looks_at);
        let first = trace(key, &hexes(&["A12.11"]), &search);
        assert_eq!(first.get(&looks_at[0]), Some(&0), "blocked");
        assert!(Rc::ptr_eq(
            &first,
            &trace(key, &hexes(&["A12.11"]), &search)
        ));
        let more = hexes(&["A1.01", "A12.11", "A20.01"]);
        let same = trace(key, &more, &search);
        assert!(
            Rc::ptr_eq(&same, &first),
            "hexes it never asked about blocked too"
        );
        assert!(Rc::ptr_eq(&same, &trace(key, &more, &search)));
        let other = trace(key, &hexes(&["A12.12"]), &search);
        assert!(
            !Rc::ptr_eq(&other, &first),
            "another answer to a hex it asked about"
        );
        assert_eq!(other.get(&looks_at[0]), Some(&1));
        assert_eq!(other.get(&looks_at[1]), Some(&0));
        let again = trace(key, &hexes(&["A12.11", "A9.09"]), &search);
        assert!(Rc::ptr_eq(&again, &first), "both kept");
        let none = trace(key, &hexes(&[]), &search);
        assert!(!Rc::ptr_eq(&none, &first) && !Rc::ptr_eq(&none, &other));
        assert_eq!(none.values().sum::<u16>(), 3, "nothing blocked");
        let further = TraceKey { max: 16, ..key };
        let far = trace(further, &hexes(&["A12.11"]), &search);
        assert!(!Rc::ptr_eq(&far, &first), "another key");
    }

    /// On the map, with the leader's search: a trace serves blocked hexes that differ from
    /// its own only at a hex it could not have entered within its budget anyway, and not
    /// those that open a hex it was refused within its budget (a search that remembered only
    /// the hexes it reached would serve those, wrongly). Every answer is a fresh search's.
    #[test]
    fn a_trace_serves_blocked_hexes_differing_only_beyond_its_budget() {
        let map = crate::data::map();
        let key = TraceKey {
            from: "A15.10".parse().expect("a hex id"),
            max: 8,
            maps: MapsUsed::A,
            railroad_found: false,
        };
        let search = |passable: &dyn Fn(HexId) -> bool| {
            super::super::reach::leader_trace(key.maps, false, key.from, key.max, passable)
        };
        let ask = |blocked: &Rc<Vec<HexId>>| {
            let costs = trace(key, blocked, search);
            let passable = |h: HexId| blocked.binary_search(&h).is_err();
            assert_eq!(*costs, search(&passable).0, "over {blocked:?}");
            costs
        };
        let (open, refused) = search(&|_| true);
        assert!(
            refused.is_empty(),
            "nothing refused where nothing is blocked"
        );
        let near = map
            .neighbours(key.from, key.maps)
            .into_iter()
            .map(|(_, n)| n)
            .find(|n| open.contains_key(n))
            .expect("a neighbour within 4 leader MP");
        let edge = open
            .keys()
            .flat_map(|&h| map.neighbours(h, key.maps))
            .map(|(_, n)| n)
            .find(|n| !open.contains_key(n))
            .expect("a hex beyond the budget next to one within it");

        let first = ask(&hexes(&[]));
        let edge_blocked = Rc::new(vec![edge]);
        assert!(
            Rc::ptr_eq(&first, &ask(&edge_blocked)),
            "a hex beyond the budget blocked: served"
        );
        let near_blocked = Rc::new(vec![near]);
        let without_near = ask(&near_blocked);
        assert!(!Rc::ptr_eq(&without_near, &first), "a hex reached blocked");
        let mut both = vec![near, edge];
        both.sort();
        assert!(
            Rc::ptr_eq(&without_near, &ask(&Rc::new(both))),
            "and a hex beyond the budget besides: served"
        );
        assert!(
            Rc::ptr_eq(&first, &ask(&hexes(&[]))),
            "a hex refused within the budget opened again: the first trace, not the last"
        );
    }
}
