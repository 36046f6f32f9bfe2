//! Whether a hex is in a sorted list of hexes, read from a table of bits by the hex's slot
//! ([`HexId::slot`]) instead of a binary search: the searches of command radius (S10.5a) ask
//! it of every hex they look at entering (the hexes that block radius traces, some thousand of
//! them), half a million times in a Scenario 5 replay, at a dozen comparisons each.
//!
//! The table of a list is kept for the last few lists asked about, per thread, by the list's
//! address: a list is shared (`Rc`) and never changed once handed out (a side's blocked hexes,
//! `command::enemy_blocking`), and the list itself is held with its table, so no other list
//! can take its address while the table is kept. In debug builds every answer is compared with
//! a search of the list.

use std::cell::RefCell;
use std::rc::Rc;

use crate::data::HexId;

/// One bit per hex slot: set for the hexes of one list.
pub struct HexBits {
    words: Vec<u64>,
}

impl HexBits {
    /// The table of `hexes`.
    fn of(hexes: &[HexId]) -> HexBits {
        let mut words = vec![0u64; HexId::SLOTS.div_ceil(64)];
        for h in hexes {
            let s = h.slot();
            words[s / 64] |= 1 << (s % 64);
        }
        HexBits { words }
    }

    /// Whether `hex` is in the list.
    pub fn contains(&self, hex: HexId) -> bool {
        let s = hex.slot();
        self.words[s / 64] & (1 << (s % 64)) != 0
    }
}

/// How many lists' tables a thread keeps (the two sides' blocked hexes, and one or two older
/// lists still asked about).
const KEPT: usize = 4;

/// A list asked about, with its table.
type Kept = (Rc<Vec<HexId>>, Rc<HexBits>);

thread_local! {
    /// The last lists asked about, with their tables, the latest first.
    static TABLES: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// The table of `hexes` (sorted): kept for this list, or made and kept.
pub fn bits_of(hexes: &Rc<Vec<HexId>>) -> Rc<HexBits> {
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        let bits = match t.iter().position(|(list, _)| Rc::ptr_eq(list, hexes)) {
            Some(i) => t.remove(i).1,
            None => Rc::new(HexBits::of(hexes)),
        };
        debug_assert!(
            hexes.iter().all(|&h| bits.contains(h))
                && bits
                    .words
                    .iter()
                    .map(|w| w.count_ones() as usize)
                    .sum::<usize>()
                    == hexes.len(),
            "a kept table of hexes differs from its list"
        );
        t.insert(0, (hexes.clone(), bits.clone()));
        t.truncate(KEPT);
        bits
    })
}

/// Whether `hex` is in `hexes` (sorted), by the table `bits` of them.
pub fn listed(bits: &HexBits, hexes: &[HexId], hex: HexId) -> bool {
    let found = bits.contains(hex);
    debug_assert_eq!(
        found,
        hexes.binary_search(&hex).is_ok(),
        "{hex} in the table of a list and not in the list, or the other way"
    );
    found
}

/// A sorted, shared list of the hexes `ids` names, as the tables are kept for (tests only).
#[cfg(test)]
pub(crate) fn sorted_list(ids: &[&str]) -> Rc<Vec<HexId>> {
    let mut v: Vec<HexId> = ids.iter().map(|h| h.parse().expect("a hex id")).collect();
    v.sort();
    Rc::new(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexes(ids: &[&str]) -> Rc<Vec<HexId>> {
        sorted_list(ids)
    }

    /// A table answers for its own list, every hex of both sheets, whatever lists were asked
    /// about between (a list of the same hexes made again is another list with a table of its
    /// own; a kept table is never another list's).
    #[test]
    fn a_kept_table_answers_as_its_list() {
        let lists = [
            hexes(&["A12.10", "A12.11", "B3.04"]),
            hexes(&["A12.10"]),
            hexes(&[]),
            hexes(&["B17.34", "A1.01", "A40.55"]),
            hexes(&["A12.10", "A12.11", "B3.04"]),
            hexes(&["A13.10", "B3.05"]),
        ];
        let every: Vec<HexId> = ["A", "B"]
            .iter()
            .flat_map(|s| {
                (1..=60).flat_map(move |r| {
                    (1..=60).filter_map(move |h| format!("{s}{r}.{h:02}").parse().ok())
                })
            })
            .collect();
        assert!(every.len() > 3000);
        for round in 0..3 {
            for (i, list) in lists.iter().enumerate() {
                let bits = bits_of(list);
                for &h in &every {
                    assert_eq!(
                        bits.contains(h),
                        list.binary_search(&h).is_ok(),
                        "round {round}, list {i}, {h}"
                    );
                }
            }
        }
        let first = bits_of(&lists[0]);
        assert!(Rc::ptr_eq(&first, &bits_of(&lists[0])), "kept");
    }
}
