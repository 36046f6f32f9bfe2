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
//! there are any for the stamp and scan the counters otherwise.

use std::cell::RefCell;
use std::rc::Rc;

use adjutant_engine::Side;

use super::enemy_blocking::EnemyNow;
use crate::data::HexId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// Each hex's counters, top first (as [`BloodyRoadsSouth::at`] orders them): every counter
/// on the map in one list sorted by hex, then from the top down (one sort, no map of lists).
#[derive(Default)]
pub(crate) struct Stacks {
    /// The hex of each entry of `keys`.
    hexes: Vec<HexId>,
    keys: Vec<UnitKey>,
}

impl Stacks {
    /// The counters in `hex`, top first; `None` when there are none.
    pub(crate) fn get(&self, hex: HexId) -> Option<&[UnitKey]> {
        let start = self.hexes.partition_point(|&h| h < hex);
        let end = start + self.hexes[start..].partition_point(|&h| h == hex);
        (end > start).then(|| &self.keys[start..end])
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
    /// Every counter in the order the last [`BloodyRoadsSouth::all_stacks`] sorted them: a
    /// few counters move between two reads, so the next sort starts nearly sorted. Only a
    /// starting order (any order sorts to the same stacks).
    static LAST_ORDER: RefCell<Vec<UnitKey>> = const { RefCell::new(Vec::new()) };
}

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
        find: impl FnOnce() -> Vec<HexId>,
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
        self.kept(|k| &mut k.enemy[side.index()], find)
    }

    /// What `slot` keeps for the counters' version, found by `find` the first time. `find`
    /// runs with nothing borrowed: it may read other kept things.
    fn kept<T>(
        &self,
        slot: impl Fn(&mut Kept) -> &mut Option<Rc<T>>,
        find: impl FnOnce() -> T,
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
        let found = Rc::new(find());
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            if k.stamp == stamp {
                *slot(&mut k) = Some(found.clone());
            }
        });
        found
    }

    /// Every hex's stack, top first, when kept for the counters' version or while the game is
    /// read whole (found in one pass the first time); `None` otherwise, when the caller looks
    /// for itself.
    pub(crate) fn kept_stacks(&self) -> Option<Rc<Stacks>> {
        let stamp = self.units.stamp();
        let (reading, kept) = KEPT.with(|k| {
            let k = k.borrow();
            let kept = (k.stamp == stamp).then(|| k.stacks.clone()).flatten();
            (k.depth > 0, kept)
        });
        if kept.is_some() || !reading {
            return kept;
        }
        Some(self.stacks_now())
    }

    /// Every hex's stack, top first: kept for the counters' version, found now the first time.
    pub(crate) fn stacks_now(&self) -> Rc<Stacks> {
        self.kept(|k| &mut k.stacks, || self.all_stacks())
    }

    /// Every hex's stack, top first, in one pass over the counters.
    pub(crate) fn all_stacks(&self) -> Stacks {
        // By hex, then from the top down (z falling), then in key order, as `at` orders a
        // stack (keys are distinct); one number a counter, so the sort compares integers.
        // Counters off the map last. Started from the last read's order, which the (stable,
        // run-finding) sort takes nearly as it is.
        let mut order = LAST_ORDER.with(|o| std::mem::take(&mut *o.borrow_mut()));
        if order.len() != self.units().len() {
            order = self.keys().collect();
        }
        let mut all: Vec<(u64, UnitKey)> = order
            .iter()
            .map(|&k| {
                let u = self.unit(k);
                let at = u.hex().map_or(u64::MAX, |hex| {
                    (u64::from(hex.order_key()) << 32) | u64::from(u32::MAX - u.z)
                });
                (at, k)
            })
            .collect();
        all.sort();
        order.clear();
        order.extend(all.iter().map(|e| e.1));
        let on_map = all.partition_point(|e| e.0 != u64::MAX);
        let keys: Vec<UnitKey> = order[..on_map].to_vec();
        LAST_ORDER.with(|o| *o.borrow_mut() = order);
        Stacks {
            hexes: keys
                .iter()
                .map(|&k| self.unit(k).hex().expect("on the map"))
                .collect(),
            keys,
        }
    }
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
            vec!["A12.10".parse().expect("a hex id")]
        })
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
