//! What is found from a game's counters alone, kept for the counters' version.
//!
//! A view or a list of legal moves asks for the radius trace of nearly every unit
//! (`may_pick` → `order_followed` → the trace), and each trace's key (reference 2.3.11) needs
//! the hexes that block the side's traces: every unit's position and the zones of control the
//! enemy's top counters show. Found afresh for each unit, that was most of the cost of a view
//! of the whole battle (Scenario 6: some 200 units, docs/performance.md).
//!
//! Listing moves also asks, hex by hex, which counters stand where (`at`, `occupant`: the
//! stacking limits, the zones of control, the stack a group would join), and each answer
//! scanned every counter of the battle (Scenario 5: some 400).
//!
//! Each side's blocked hexes, the enemy as each side sees it and every hex's stack are found
//! from the counters alone, so they are kept by the counters' stamp (`model::counters`: a
//! fresh one whenever a counter may have changed) and serve every later question with the
//! same stamp — the rest of an action, the next action's check, the views — whatever game
//! asks. Every hex's stack is found on purpose only while a [`ReadWhole`] guard is held (a
//! view, the legal moves, a rule reading many hexes); outside one (an action being applied,
//! where counters change between two questions) `at` and `occupant` read the kept stacks if
//! there are any for the stamp, or the last stacks found brought up to date from the few
//! counters the counters' journal names (`model::counters`), and scan the counters otherwise.

use std::cell::RefCell;
use std::rc::Rc;

use adjutant_engine::Side;

use super::enemy_blocking::EnemyNow;
use crate::data::HexId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Unit, UnitKey};

/// Each hex's counters, top first (as [`BloodyRoadsSouth::at`] orders them): every counter
/// on the map in one list sorted by [`place`] (hex, then from the top down), then key (one
/// sort, no map of lists).
#[derive(Default, Debug, PartialEq, Clone)]
pub(crate) struct Stacks {
    /// The [`place`] of each entry of `keys` (searched by its hex's order key, as integers).
    places: Vec<u64>,
    /// The hex of each entry of `keys`.
    hexes: Vec<HexId>,
    keys: Vec<UnitKey>,
}

impl Stacks {
    /// The counters in `hex`, top first; `None` when there are none.
    pub(crate) fn get(&self, hex: HexId) -> Option<&[UnitKey]> {
        let hex = u64::from(hex.order_key());
        let start = self.places.partition_point(|&p| p >> 32 < hex);
        // A stack is a few counters: walked, not searched.
        let len = self.places[start..]
            .iter()
            .take_while(|&&p| p >> 32 == hex)
            .count();
        (len > 0).then(|| &self.keys[start..start + len])
    }

    /// Every hex holding counters, with its stack.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (HexId, &[UnitKey])> {
        let mut start = 0;
        std::iter::from_fn(move || {
            let &hex = self.hexes.get(start)?;
            let len = self.hexes[start..].partition_point(|&h| h == hex);
            let stack = &self.keys[start..start + len];
            start += len;
            Some((hex, stack))
        })
    }

    /// The index where (`place`, `key`) stands, or would stand, in the sorted entries.
    fn index(&self, place: u64, key: UnitKey) -> usize {
        let (mut low, mut high) = (0, self.keys.len());
        while low < high {
            let mid = (low + high) / 2;
            if (self.places[mid], self.keys[mid]) < (place, key) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        low
    }

    /// Counter `key` moved from place `was` to `now` (either off the map, `u64::MAX`).
    fn shift(&mut self, key: UnitKey, was: u64, now: u64, hex: Option<HexId>) {
        if was != u64::MAX {
            let i = self.index(was, key);
            self.places.remove(i);
            self.hexes.remove(i);
            self.keys.remove(i);
        }
        if let Some(hex) = hex.filter(|_| now != u64::MAX) {
            let i = self.index(now, key);
            self.places.insert(i, now);
            self.hexes.insert(i, hex);
            self.keys.insert(i, key);
        }
    }
}

#[derive(Default)]
struct Kept {
    /// Guards held on this thread (a view's menu lists the legal moves inside the view).
    depth: u32,
    /// The version of the counters the things below were found for (`model::counters`):
    /// they are found from the counters alone, so they serve any game whose counters carry
    /// the same stamp, whether read whole or not.
    stamp: u64,
    /// Each side's blocked hexes, sorted.
    blocked: [Option<Rc<Vec<HexId>>>; 2],
    /// Each hex's stack.
    stacks: Option<Rc<Stacks>>,
    /// The enemy as each side sees it (`enemy_blocking`).
    enemy: [Option<Rc<Option<EnemyNow>>>; 2],
}

thread_local! {
    static KEPT: RefCell<Kept> = RefCell::new(Kept::default());
    /// The stacks [`BloodyRoadsSouth::all_stacks`] found last, with what they were found from.
    static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
}

/// Each hex's stack as last found, from whatever game, with the version of the counters it
/// was found for and every counter's place then: a few counters move between two versions of
/// the counters, so the next stacks are the last ones with those few moved (or the same ones,
/// when none has). The counters' journal names them when it reaches back to that version
/// (`model::counters`); otherwise the places are compared. Only what the places give is
/// kept: the same places give the same stacks.
struct Last {
    /// The version of the counters.
    stamp: u64,
    /// Every counter's [`place`], by key.
    places: Vec<u64>,
    stacks: Rc<Stacks>,
}

impl Last {
    /// Counter `k` of `g` put where it stands now, if it has moved.
    fn update(&mut self, g: &BloodyRoadsSouth, k: UnitKey) {
        let unit = g.unit(k);
        let (was, now) = (self.places[k.index()], place(unit));
        if was != now {
            Rc::make_mut(&mut self.stacks).shift(k, was, now, unit.hex());
            self.places[k.index()] = now;
        }
    }
}

/// Where a counter stands, as one number ordered as `at` orders a stack: by hex, then from
/// the top down (z falling); counters off the map last.
fn place(u: &Unit) -> u64 {
    u.hex().map_or(u64::MAX, |hex| {
        (u64::from(hex.order_key()) << 32) | u64::from(u32::MAX - u.z)
    })
}

/// Beyond this many counters moved, the stacks are sorted afresh.
const FEW_MOVED: usize = 32;

/// While held, each hex's stack is found once (see the module's doc).
pub(crate) struct ReadWhole(());

impl Drop for ReadWhole {
    fn drop(&mut self) {
        KEPT.with(|k| k.borrow_mut().depth -= 1);
    }
}

impl BloodyRoadsSouth {
    /// A guard for reading the whole game (a view, the legal moves): see the module's doc.
    pub(crate) fn read_whole(&self) -> ReadWhole {
        KEPT.with(|k| k.borrow_mut().depth += 1);
        ReadWhole(())
    }

    /// The hexes that block `side`'s radius traces: kept for the counters' version, found by
    /// `find` the first time.
    pub(super) fn blocked_for_traces(
        &self,
        side: Side,
        find: impl FnOnce() -> Rc<Vec<HexId>>,
    ) -> Rc<Vec<HexId>> {
        self.kept(|k| &mut k.blocked[side.index()], find)
    }

    /// The enemy as `side` sees it: kept for the counters' version, found by `find` the first
    /// time.
    pub(super) fn enemy_for(
        &self,
        side: Side,
        find: impl FnOnce() -> Option<EnemyNow>,
    ) -> Rc<Option<EnemyNow>> {
        self.kept(|k| &mut k.enemy[side.index()], || Rc::new(find()))
    }

    /// What `slot` keeps for the counters' version, found by `find` the first time. `find`
    /// runs with nothing borrowed: it may read other kept things.
    fn kept<T>(
        &self,
        slot: impl Fn(&mut Kept) -> &mut Option<Rc<T>>,
        find: impl FnOnce() -> Rc<T>,
    ) -> Rc<T> {
        let stamp = self.units.stamp();
        let kept = KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.stamp != stamp {
                *k = Kept {
                    depth: k.depth,
                    stamp,
                    ..Kept::default()
                };
            }
            slot(&mut k).clone()
        });
        if let Some(found) = kept {
            return found;
        }
        let found = find();
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.stamp == stamp {
                *slot(&mut k) = Some(found.clone());
            }
        });
        found
    }

    /// Every hex's stack, top first, when kept for the counters' version, while the game is
    /// read whole (found in one pass the first time), or when the last stacks found are
    /// brought up to date from the counters' journal alone; `None` otherwise, when the caller
    /// looks for itself.
    pub(crate) fn kept_stacks(&self) -> Option<Rc<Stacks>> {
        let stamp = self.units.stamp();
        let (reading, kept) = KEPT.with(|k| {
            let k = k.borrow();
            let kept = (k.stamp == stamp).then(|| k.stacks.clone()).flatten();
            (k.depth > 0, kept)
        });
        if kept.is_some() {
            return kept;
        }
        let journal_reaches = || {
            LAST.with(|l| {
                l.borrow()
                    .as_ref()
                    .is_some_and(|last| self.units.lent_since(last.stamp).is_some())
            })
        };
        (reading || journal_reaches()).then(|| self.stacks_now())
    }

    /// Every hex's stack, top first: kept for the counters' version, found now the first time.
    pub(crate) fn stacks_now(&self) -> Rc<Stacks> {
        self.kept(|k| &mut k.stacks, || self.all_stacks())
    }

    /// Every hex's stack, top first: the last stacks found, with the few counters that have
    /// moved since put where they stand now ([`Last`]), or sorted afresh. In debug builds the
    /// first is compared with the second.
    pub(crate) fn all_stacks(&self) -> Rc<Stacks> {
        let last = LAST.with(|l| l.borrow_mut().take());
        let mut last = match last {
            Some(mut last) => match self.units.lent_since(last.stamp) {
                Some(lent) => {
                    for k in lent {
                        last.update(self, k);
                    }
                    last
                }
                None => {
                    let places: Vec<u64> = self.units().iter().map(place).collect();
                    if last.places.len() != places.len()
                        || moved(&last.places, &places).nth(FEW_MOVED).is_some()
                    {
                        return self.keep_last(self.stacks_afresh(places));
                    }
                    for k in moved(&last.places, &places).collect::<Vec<_>>() {
                        last.update(self, k);
                    }
                    last
                }
            },
            None => {
                let places: Vec<u64> = self.units().iter().map(place).collect();
                return self.keep_last(self.stacks_afresh(places));
            }
        };
        debug_assert_eq!(
            *last.stacks,
            *self
                .stacks_afresh(self.units().iter().map(place).collect())
                .stacks,
            "the stacks updated where counters moved differ from those sorted afresh"
        );
        last.stamp = self.units.stamp();
        self.keep_last(last)
    }

    /// The stacks of every counter at `places` (its [`place`], by key), sorted afresh.
    fn stacks_afresh(&self, places: Vec<u64>) -> Last {
        let sorted = sorted_places(&places);
        let on_map = sorted.partition_point(|e| e.0 != u64::MAX);
        let sorted = &sorted[..on_map];
        let stacks = Stacks {
            places: sorted.iter().map(|e| e.0).collect(),
            hexes: sorted
                .iter()
                .map(|e| self.unit(e.1).hex().expect("on the map"))
                .collect(),
            keys: sorted.iter().map(|e| e.1).collect(),
        };
        Last {
            stamp: self.units.stamp(),
            places,
            stacks: Rc::new(stacks),
        }
    }

    /// Keeps `last` as the last stacks found ([`Last`]); its stacks.
    fn keep_last(&self, last: Last) -> Rc<Stacks> {
        let stacks = last.stacks.clone();
        LAST.with(|l| *l.borrow_mut() = Some(last));
        stacks
    }
}

/// Every (place, key), sorted.
fn sorted_places(places: &[u64]) -> Vec<(u64, UnitKey)> {
    let mut sorted: Vec<(u64, UnitKey)> = places
        .iter()
        .enumerate()
        .map(|(i, &p)| (p, UnitKey(i as u16)))
        .collect();
    sorted.sort_unstable();
    sorted
}

/// The counters whose place differs between `was` and `now`, by key.
fn moved<'a>(was: &'a [u64], now: &'a [u64]) -> impl Iterator<Item = UnitKey> + 'a {
    was.iter()
        .zip(now)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, _)| UnitKey(i as u16))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::empty_game;
    use std::cell::Cell;

    /// Asks `g` for `side`'s blocked hexes, counting how often they are found afresh.
    fn ask(g: &BloodyRoadsSouth, side: Side, found: &Cell<u32>) -> Rc<Vec<HexId>> {
        g.blocked_for_traces(side, || {
            found.set(found.get() + 1);
            Rc::new(vec!["A12.10".parse().expect("a hex id")])
        })
    }

    #[test]
    fn stacks_updated_where_counters_moved_are_the_stacks_sorted_afresh() {
        let mut g = empty_game("sanders-field", &[]);
        let hexes: Vec<HexId> = ["A12.10", "A12.11", "A13.10", "A14.12"]
            .iter()
            .map(|h| h.parse().expect("a hex id"))
            .collect();
        let n = g.units().len();
        let mut roll: u64 = 7;
        let mut next = |k: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % k
        };
        for round in 0..60 {
            // A few counters moved (sometimes many, or none), put on top or off the map.
            let moves = [0, 1, 2, 3, 40][round % 5];
            for _ in 0..moves {
                let k = UnitKey(next(n) as u16);
                let to = next(hexes.len() + 1);
                g.unit_mut(k).location = match hexes.get(to) {
                    Some(&hex) => crate::model::unit::Location::Map { hex },
                    None => crate::model::unit::Location::Waiting,
                };
                g.put_on_top(k);
            }
            let stacks = g.all_stacks();
            let afresh = g.stacks_afresh(places(&g));
            assert_eq!(*stacks, *afresh.stacks, "round {round}");
            for &hex in &hexes {
                let mut at: Vec<UnitKey> =
                    g.keys().filter(|&k| g.unit(k).hex() == Some(hex)).collect();
                at.sort_by_key(|&k| std::cmp::Reverse(g.unit(k).z));
                assert_eq!(
                    stacks.get(hex).unwrap_or_default(),
                    &at[..],
                    "{hex}, round {round}"
                );
            }
            if round % 7 == 3 {
                // A copy taken further, then the original: the journal does not reach back
                // from one to the other's stacks, and the places are compared.
                let mut copy = g.clone();
                copy.put_on_top(UnitKey(0));
                assert_eq!(copy.all_stacks(), copy.stacks_afresh(places(&copy)).stacks);
                g.put_on_top(UnitKey(1));
                assert_eq!(g.all_stacks(), g.stacks_afresh(places(&g)).stacks);
            }
        }
    }

    fn places(g: &BloodyRoadsSouth) -> Vec<u64> {
        g.units().iter().map(place).collect()
    }

    #[test]
    fn blocked_hexes_are_kept_for_the_counters_version_and_only_for_it() {
        let mut g = empty_game("sanders-field", &[]);
        let other = empty_game("sanders-field", &[]);
        let found = Cell::new(0);
        ask(&g, Side::Union, &found);
        ask(&g, Side::Union, &found);
        assert_eq!(found.get(), 1, "kept, read whole or not");
        ask(&g, Side::Confederate, &found);
        assert_eq!(found.get(), 2, "each side its own");
        let copy = g.clone();
        ask(&copy, Side::Union, &found);
        assert_eq!(found.get(), 2, "a copy has the same counters");
        ask(&other, Side::Union, &found);
        assert_eq!(found.get(), 3, "another game is not served this one's");
        ask(&g, Side::Union, &found);
        assert_eq!(found.get(), 4, "one version of the counters kept at a time");
        g.unit_mut(UnitKey(0)).z += 1;
        ask(&g, Side::Union, &found);
        assert_eq!(
            found.get(),
            5,
            "found afresh once a counter may have changed"
        );
    }
}
