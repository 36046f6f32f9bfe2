//! A table by id that finds an id sharing its text with one of its own keys by the text's
//! address, without hashing or comparing the text.
//!
//! Why: a Scenario 5 replay asks the order of battle for a counter by id some 400,000 times,
//! and the game's counters hold the very ids the order of battle holds (the set-up clones
//! them, `setup`), so the address answers most questions. An id is shared text
//! ([`crate::data::ids`]): while the table holds its keys, no other live id can have one of
//! their addresses, so an address found is that key, the same text. Any other id (read from
//! a posted action or a record) is found by its text, as before. The divisions likewise: the
//! brigades' and leaders' division ids are the division list's own (`data::oob`).

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

use super::FastMap;
use super::ids::{FormationId, UnitId};

/// An id whose text is shared when it is cloned.
pub trait SharedText: Eq + Hash {
    /// The address of the id's text: the same for every clone of the id.
    fn text_address(&self) -> usize;
}

impl SharedText for UnitId {
    fn text_address(&self) -> usize {
        Arc::as_ptr(&self.0).cast::<u8>() as usize
    }
}

impl SharedText for FormationId {
    fn text_address(&self) -> usize {
        Arc::as_ptr(&self.0).cast::<u8>() as usize
    }
}

/// A table by id (see the module docs): by text, and by the address of its keys' text.
#[derive(Debug, Clone)]
pub struct IdIndex<K, V> {
    by_text: FastMap<K, V>,
    /// The addresses of `by_text`'s own keys: the table holds them, so they stay theirs.
    by_address: Addresses<V>,
}

/// A table by address, open (each key in the first free place from its hash on): a multiply
/// and a compare or two for a question, cheaper than a general hash map's.
#[derive(Debug, Clone)]
struct Addresses<V> {
    /// Each place's address, 0 when free (no text is at address 0).
    keys: Vec<usize>,
    values: Vec<V>,
    /// How far a hash is shifted right: the table has `1 << (64 - shift)` places.
    shift: u32,
}

impl<V: Copy> Addresses<V> {
    /// The table of these addresses, each distinct and not 0, at most a quarter full.
    fn new(entries: impl ExactSizeIterator<Item = (usize, V)> + Clone) -> Addresses<V> {
        let places = (entries.len() * 4).next_power_of_two().max(2);
        let shift = 64 - places.trailing_zeros();
        let mut keys = vec![0; places];
        let mut values = Vec::with_capacity(places);
        let Some((_, any)) = entries.clone().next() else {
            return Addresses {
                keys,
                values,
                shift,
            };
        };
        values.resize(places, any);
        for (address, v) in entries {
            debug_assert_ne!(address, 0);
            let mut at = Self::place(address, shift);
            while keys[at] != 0 {
                at = (at + 1) % places;
            }
            keys[at] = address;
            values[at] = v;
        }
        Addresses {
            keys,
            values,
            shift,
        }
    }

    /// Where the search for `address` starts (Fibonacci hashing: the multiply spreads the
    /// allocator's aligned addresses over the high bits).
    fn place(address: usize, shift: u32) -> usize {
        ((address as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
    }

    #[inline]
    fn get(&self, address: usize) -> Option<V> {
        if self.values.is_empty() {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut at = Self::place(address, self.shift);
        loop {
            match self.keys[at] {
                k if k == address => return Some(self.values[at]),
                0 => return None,
                _ => at = (at + 1) & mask,
            }
        }
    }
}

impl<K: SharedText, V: Copy + PartialEq + Debug> IdIndex<K, V> {
    /// The table of these ids.
    pub fn new(by_text: FastMap<K, V>) -> IdIndex<K, V> {
        let by_address = Addresses::new(by_text.iter().map(|(k, &v)| (k.text_address(), v)));
        IdIndex {
            by_text,
            by_address,
        }
    }

    /// What the table holds under `id`'s text.
    #[inline]
    pub fn get(&self, id: &K) -> Option<V> {
        if let Some(v) = self.by_address.get(id.text_address()) {
            debug_assert_eq!(
                self.by_text.get(id),
                Some(&v),
                "the id found by its address is the key of that text"
            );
            return Some(v);
        }
        self.by_text.get(id).copied()
    }

    /// The table's own id of `id`'s text (shared with it), if it holds one.
    pub fn own_id(&self, id: &K) -> Option<&K> {
        self.by_text.get_key_value(id).map(|(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids shared with the table's keys, ids of the same text made afresh, and ids of other
    /// texts made and dropped while the table lives (whose text may take the address of any
    /// text freed) are each found by their text: never a stale address.
    #[test]
    fn every_id_is_found_by_its_text_whether_shared_or_not() {
        let names: Vec<String> = (0..300)
            .map(|i| format!("{}/{}/{}", i % 7, i / 7, i))
            .collect();
        let ids: Vec<UnitId> = names.iter().map(|n| UnitId::new(n)).collect();
        let map: FastMap<UnitId, usize> = ids.iter().cloned().zip(0..).collect();
        let index = IdIndex::new(map);
        drop(ids);
        for round in 0..20 {
            for (i, n) in names.iter().enumerate() {
                let shared = index.own_id(&UnitId::new(n)).expect("a key").clone();
                assert_eq!(shared.text_address(), shared.clone().text_address());
                assert_eq!(index.get(&shared), Some(i), "shared {n}");
                let fresh = UnitId::new(n);
                assert_eq!(index.get(&fresh), Some(i), "afresh {n}");
                // Other texts, made and freed: any freed address may be reused.
                let other = UnitId::new(&format!("{n} other {round}"));
                assert_eq!(index.get(&other), None, "{other}");
                drop(other);
                let short = UnitId::new(&format!("{}", i + round));
                assert_eq!(index.get(&short), None, "{short}");
            }
        }
        let ours = index.own_id(&UnitId::new("0/0/0")).expect("a key").clone();
        let copy = index.clone();
        drop(index);
        assert_eq!(copy.get(&ours), Some(0), "a copy holds the same keys");
    }

    /// The brigades' divisions and the leaders' commanded divisions are the division list's
    /// own ids (shared), so that the index finds them by address (`data::id_index`).
    #[test]
    fn brigades_and_leaders_share_their_divisions_ids_with_the_list() {
        let oob = crate::data::order_of_battle();
        let mut shared = 0;
        for side in [crate::data::Side::Union, crate::data::Side::Confederate] {
            let order = oob.side(side);
            let ids = order
                .brigades()
                .iter()
                .filter_map(|b| b.division.as_ref())
                .chain(order.leaders().iter().filter_map(|l| l.command.as_ref()));
            for id in ids {
                if let Some(d) = order.division(id) {
                    assert_eq!(d.id.text_address(), id.text_address(), "{side:?} {id}");
                    shared += 1;
                }
            }
        }
        assert!(shared > 100, "only {shared}");
    }
}
