//! Every part of an extended line on the map (series 17.0) with its parent, kept from one
//! version of the counters to the next by the counters' journal.
//!
//! A brigade's parts were found by a pass over every counter ([`BloodyRoadsSouth::parts_of`]),
//! asked for every unit of a moving group at every hex it might stop in (the stacking check
//! `extended_adjacent`), though parts on the map are few. A counter becomes a part, or enters
//! or leaves the map, only when lent out to be changed, so the list of parts on the map is kept
//! with the version of the counters it was found for, and the next version's is brought up to
//! date from the counters the journal names (`model::counters`: `lent_since`), or found afresh
//! when the journal does not reach back. Not part of the state: a memo kept per thread, whose
//! every update is compared with the list found afresh in debug builds.

use std::cell::RefCell;
use std::rc::Rc;

use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// Every part on the map, as (parent, part), sorted: each parent's parts in key order.
pub(crate) type PartKeys = Rc<[(UnitKey, UnitKey)]>;

/// The parts on the map for one version of the counters.
struct Parts {
    /// The version of the counters.
    stamp: u64,
    keys: PartKeys,
    /// Which counters are parts in `keys`, a bit by key: most counters lent out are not parts
    /// now nor then, told by one bit instead of a pass over the list.
    is_part: Rc<[u64]>,
}

/// The bits of [`Parts::is_part`] for this list.
fn part_bits(keys: &[(UnitKey, UnitKey)]) -> Rc<[u64]> {
    let words = keys
        .iter()
        .map(|&(_, p)| p.index() / 64 + 1)
        .max()
        .unwrap_or(0);
    let mut bits = vec![0u64; words];
    for &(_, p) in keys {
        bits[p.index() / 64] |= 1 << (p.index() % 64);
    }
    bits.into()
}

/// Counter `k` is a part in the list these bits were made from.
fn has_bit(bits: &[u64], k: UnitKey) -> bool {
    bits.get(k.index() / 64)
        .is_some_and(|w| w & (1 << (k.index() % 64)) != 0)
}

thread_local! {
    /// The last list found.
    static KEPT: RefCell<Option<Parts>> = const { RefCell::new(None) };
}

impl BloodyRoadsSouth {
    /// Every part of an extended line on the map, with its parent ([`PartKeys`]).
    pub(crate) fn part_keys(&self) -> PartKeys {
        let stamp = self.units.stamp();
        KEPT.with(|kept| {
            let mut kept = kept.borrow_mut();
            if let Some(last) = kept.as_ref().filter(|last| last.stamp == stamp) {
                return last.keys.clone();
            }
            let (keys, is_part) = match kept.as_ref().and_then(|last| self.brought_up(last)) {
                Some((keys, is_part)) => {
                    debug_assert_eq!(
                        keys,
                        self.part_keys_afresh(),
                        "the parts brought up to date from the journal differ from those found \
                         afresh"
                    );
                    debug_assert_eq!(is_part, part_bits(&keys), "the bits are the list's");
                    (keys, is_part)
                }
                None => {
                    let keys = self.part_keys_afresh();
                    let bits = part_bits(&keys);
                    (keys, bits)
                }
            };
            *kept = Some(Parts {
                stamp,
                keys: keys.clone(),
                is_part,
            });
            keys
        })
    }

    /// The parts of `last`'s version brought up to date from the counters lent out since, with
    /// their bits; `None` when the journal does not reach back.
    fn brought_up(&self, last: &Parts) -> Option<(PartKeys, Rc<[u64]>)> {
        // Most versions change no part: each counter lent out is a part on the map of the
        // same brigade now as then, or neither now nor then, and the list is the same.
        let touched = self.units.lent_since(last.stamp)?.any(|k| {
            let now = self.part_entry(k);
            if !has_bit(&last.is_part, k) {
                return now.is_some();
            }
            let then = last.keys.iter().find(|&&(_, part)| part == k).copied();
            now != then
        });
        if !touched {
            return Some((last.keys.clone(), last.is_part.clone()));
        }
        let mut keys = last.keys.to_vec();
        for k in self.units.lent_since(last.stamp)? {
            keys.retain(|&(_, part)| part != k);
            if let Some(entry) = self.part_entry(k) {
                let at = keys.partition_point(|&e| e < entry);
                keys.insert(at, entry);
            }
        }
        let bits = part_bits(&keys);
        Some((keys.into(), bits))
    }

    /// Counter `k` as (parent, part), when it is a part on the map.
    pub(crate) fn part_entry(&self, k: UnitKey) -> Option<(UnitKey, UnitKey)> {
        let u = self.unit(k);
        u.part_of.filter(|_| u.on_map()).map(|parent| (parent, k))
    }

    /// [`Self::part_keys`], from every counter.
    fn part_keys_afresh(&self) -> PartKeys {
        let mut keys: Vec<(UnitKey, UnitKey)> =
            self.keys().filter_map(|k| self.part_entry(k)).collect();
        keys.sort_unstable();
        keys.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::Location;
    use crate::testing::empty_game;

    #[test]
    fn parts_on_the_map_brought_up_to_date_from_the_journal_are_those_found_afresh() {
        let mut g = empty_game("sanders-field", &[]);
        let n = g.units().len();
        let mut roll: u64 = 5;
        let mut next = |k: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % k
        };
        let hex = "A12.10".parse().expect("a hex id");
        let mut listed = 0;
        for round in 0..200 {
            // A few counters made parts (of any counter) or not, on the map or off it; sometimes
            // many, or none.
            for _ in 0..[0, 1, 2, 3, 40][round % 5] {
                let k = UnitKey(next(n) as u16);
                let (part_of, on_map) = ((next(3) > 0).then(|| UnitKey(next(n) as u16)), next(2));
                let u = g.unit_mut(k);
                u.part_of = part_of;
                u.location = match on_map {
                    0 => Location::Waiting,
                    _ => Location::Map { hex },
                };
            }
            if round % 17 == 5 {
                // Every counter lent out: the journal does not reach back.
                g.units_mut();
            }
            if round % 11 == 3 {
                // Off the map, or on it, keeping its parent.
                let k = g.part_keys().first().map_or(UnitKey(3), |&(_, p)| p);
                g.unit_mut(k).location = Location::Waiting;
                g.unit_mut(UnitKey(4)).location = Location::Map { hex };
            }
            if round % 13 == 4 {
                // A copy taken further, then the original: another line of versions.
                let mut copy = g.clone();
                let u = copy.unit_mut(UnitKey(0));
                u.part_of = Some(UnitKey(1));
                u.location = Location::Map { hex };
                assert_eq!(copy.part_keys(), copy.part_keys_afresh());
                g.unit_mut(UnitKey(2)).part_of = None;
            }
            let keys = g.part_keys();
            assert_eq!(keys, g.part_keys_afresh(), "round {round}");
            assert_eq!(keys, g.part_keys(), "asked again");
            listed += keys.len();
        }
        assert!(listed > 500, "{listed}");
    }
}
