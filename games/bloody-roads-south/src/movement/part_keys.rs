//! The keys of every counter that is a part of an extended line (series 17.0), kept from one
//! version of the counters to the next by the counters' journal.
//!
//! A brigade's parts were found by a pass over every counter ([`BloodyRoadsSouth::parts_of`]),
//! asked for every unit of a moving group at every hex it might stop in (the stacking check
//! `extended_adjacent`), though parts are few. A counter becomes a part only when lent out to
//! be changed, so the list of counters that are parts (whatever their parent, on the map or
//! not) is kept with the version of the counters it was found for, and the next version's is
//! brought up to date from the counters the journal names (`model::counters`: `lent_since`),
//! or found afresh when the journal does not reach back. Not part of the state: a memo kept
//! per thread, whose every update is compared with the list found afresh in debug builds.

use std::cell::RefCell;
use std::rc::Rc;

use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// The counters that are parts, in key order, for one version of the counters.
struct Parts {
    /// The version of the counters.
    stamp: u64,
    keys: Rc<[UnitKey]>,
}

thread_local! {
    /// The last list found.
    static KEPT: RefCell<Option<Parts>> = const { RefCell::new(None) };
}

impl BloodyRoadsSouth {
    /// Every counter that is a part of an extended line (`part_of` set), in key order.
    pub(crate) fn part_keys(&self) -> Rc<[UnitKey]> {
        let stamp = self.units.stamp();
        let kept = KEPT.with(|k| {
            let k = k.borrow();
            let last = k.as_ref()?;
            if last.stamp == stamp {
                return Some(last.keys.clone());
            }
            let mut keys = last.keys.to_vec();
            for k in self.units.lent_since(last.stamp)? {
                let i = keys.partition_point(|&p| p < k);
                let listed = keys.get(i) == Some(&k);
                match (self.unit(k).part_of.is_some(), listed) {
                    (true, false) => keys.insert(i, k),
                    (false, true) => {
                        keys.remove(i);
                    }
                    _ => {}
                }
            }
            Some(keys.into())
        });
        let keys = match kept {
            Some(keys) => {
                debug_assert_eq!(
                    keys,
                    self.part_keys_afresh(),
                    "the parts brought up to date from the journal differ from those found afresh"
                );
                keys
            }
            None => self.part_keys_afresh(),
        };
        KEPT.with(|k| {
            *k.borrow_mut() = Some(Parts {
                stamp,
                keys: keys.clone(),
            })
        });
        keys
    }

    /// [`Self::part_keys`], from every counter.
    fn part_keys_afresh(&self) -> Rc<[UnitKey]> {
        self.keys()
            .filter(|&k| self.unit(k).part_of.is_some())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::Location;
    use crate::testing::empty_game;

    #[test]
    fn parts_brought_up_to_date_from_the_journal_are_the_parts_found_afresh() {
        let mut g = empty_game("sanders-field", &[]);
        let n = g.units().len();
        let mut roll: u64 = 5;
        let mut next = |k: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % k
        };
        let mut listed = 0;
        for round in 0..200 {
            // A few counters made parts (of any counter) or not, sometimes many, or none.
            for _ in 0..[0, 1, 2, 3, 40][round % 5] {
                let k = UnitKey(next(n) as u16);
                let u = g.unit_mut(k);
                u.part_of = (next(3) > 0).then(|| UnitKey(next(n) as u16));
                u.location = Location::Waiting;
            }
            if round % 17 == 5 {
                // Every counter lent out: the journal does not reach back.
                g.units_mut();
            }
            if round % 13 == 4 {
                // A copy taken further, then the original: another line of versions.
                let mut copy = g.clone();
                copy.unit_mut(UnitKey(0)).part_of = Some(UnitKey(1));
                assert_eq!(copy.part_keys(), copy.part_keys_afresh());
                g.unit_mut(UnitKey(2)).part_of = None;
            }
            let keys = g.part_keys();
            assert_eq!(keys, g.part_keys_afresh(), "round {round}");
            assert_eq!(keys, g.part_keys(), "asked again");
            listed += keys.len();
        }
        assert!(listed > 1000, "{listed}");
    }
}
