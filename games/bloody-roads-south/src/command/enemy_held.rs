//! The zones of control of the enemy's part (`enemy_blocking`) where a side's own counters
//! stand, kept from one version of the counters to the next by the counters' journal.
//!
//! The blocked hexes of a side's radius traces leave out the enemy's zones of control its own
//! counters stand in (S10.5a), and a side's own counter in an enemy hex means the enemy's part
//! does not serve. Both were found from every counter of the side for each new version of the
//! counters (each step of a moving group, each counter put on top), though a step moves a few
//! counters. So each side keeps, with the enemy's part it was found for and the version of the
//! counters, the hex of each of its counters on the map and how many stand in each zone of
//! control of the part and in enemy hexes; the next version is brought up to date from the
//! counters the journal names (`model::counters`: `lent_since`). When the part is another, or
//! the journal does not reach back, it is counted afresh. Not part of the state: a memo kept
//! per thread, whose every answer is compared with the fresh one in debug builds.

use std::cell::RefCell;
use std::rc::Rc;

use adjutant_engine::Side;

use super::enemy_blocking::{ENEMY, EnemyPart, ZOC};
use crate::data::HexId;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// One side's own counters counted in its kept enemy part's zones of control.
struct Held {
    /// The enemy's part the marks are read from.
    part: Rc<EnemyPart>,
    /// The version of the counters counted.
    stamp: u64,
    /// The hex of each of the side's counters on the map, by key (`None`: off the map or the
    /// enemy's).
    hexes: Vec<Option<HexId>>,
    /// Each zone of control of the part where the side's counters stand, with how many,
    /// sorted.
    zones: Vec<(HexId, u32)>,
    /// How many of the side's counters stand in enemy hexes.
    in_enemy: u32,
}

impl Held {
    /// `side`'s counters in `g` counted in `part`'s marks.
    fn afresh(g: &BloodyRoadsSouth, side: Side, part: Rc<EnemyPart>) -> Held {
        let mut held = Held {
            part,
            stamp: g.units.stamp(),
            hexes: vec![None; g.units().len()],
            zones: Vec::new(),
            in_enemy: 0,
        };
        for k in g.keys() {
            held.update(g, side, k);
        }
        held
    }

    /// Counter `k` of `g` counted where it stands now, if it is `side`'s and has moved.
    fn update(&mut self, g: &BloodyRoadsSouth, side: Side, k: UnitKey) {
        let unit = g.unit(k);
        if unit.side != side {
            return;
        }
        let (was, now) = (self.hexes[k.index()], unit.hex());
        if was != now {
            if let Some(h) = was {
                self.count(h, false);
            }
            if let Some(h) = now {
                self.count(h, true);
            }
            self.hexes[k.index()] = now;
        }
    }

    /// One counter more (`more`) or less in `hex`.
    fn count(&mut self, hex: HexId, more: bool) {
        match self.part.marks(hex) {
            ENEMY if more => self.in_enemy += 1,
            ENEMY => self.in_enemy -= 1,
            ZOC => {
                let i = self.zones.partition_point(|&(h, _)| h < hex);
                match self.zones.get_mut(i) {
                    Some((h, n)) if *h == hex => {
                        if more {
                            *n += 1;
                        } else {
                            *n -= 1;
                            if *n == 0 {
                                self.zones.remove(i);
                            }
                        }
                    }
                    _ => {
                        debug_assert!(more, "a counter taken from a zone it was not counted in");
                        self.zones.insert(i, (hex, 1));
                    }
                }
            }
            _ => {}
        }
    }

    /// The zones of control held, sorted; `None` when a counter stands in an enemy hex.
    fn answer(&self) -> Option<Vec<HexId>> {
        (self.in_enemy == 0).then(|| self.zones.iter().map(|&(h, _)| h).collect())
    }
}

thread_local! {
    /// Per side (its index), the last counts.
    static KEPT: RefCell<[Option<Held>; 2]> = const { RefCell::new([None, None]) };
}

impl BloodyRoadsSouth {
    /// The zones of control of `part` (the enemy's, as `side` sees it) where `side`'s counters
    /// stand now, sorted and distinct; `None` when one of them stands in an enemy hex. Brought
    /// up to date from the last answer by the counters' journal (module docs).
    pub(super) fn held_zones(&self, side: Side, part: &Rc<EnemyPart>) -> Option<Vec<HexId>> {
        let kept = KEPT.with(|k| k.borrow_mut()[side.index()].take());
        let held = match kept {
            Some(mut held) if Rc::ptr_eq(&held.part, part) => {
                match self.units.lent_since(held.stamp) {
                    Some(lent) => {
                        for k in lent {
                            held.update(self, side, k);
                        }
                        held.stamp = self.units.stamp();
                        held
                    }
                    None => Held::afresh(self, side, part.clone()),
                }
            }
            _ => Held::afresh(self, side, part.clone()),
        };
        let answer = held.answer();
        debug_assert_eq!(
            answer,
            self.held_zones_afresh(side, part),
            "the {side} player's held zones of control counted from the journal differ from the fresh ones"
        );
        KEPT.with(|k| k.borrow_mut()[side.index()] = Some(held));
        answer
    }

    /// [`Self::held_zones`] found from every counter of `side`.
    fn held_zones_afresh(&self, side: Side, part: &EnemyPart) -> Option<Vec<HexId>> {
        let mut held = Vec::new();
        for h in self
            .units()
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.hex())
        {
            match part.marks(h) {
                ENEMY => return None,
                ZOC => held.push(h),
                _ => {}
            }
        }
        held.sort_unstable();
        held.dedup();
        Some(held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::{Location, UnitKind};
    use crate::testing::empty_game;

    #[test]
    fn held_zones_counted_from_the_journal_are_the_fresh_ones() {
        let mut g = empty_game("sanders-field", &[]);
        let near: Vec<HexId> = ["A12.10", "A12.11", "A13.10", "A13.11", "A14.12", "A14.11"]
            .iter()
            .map(|h| h.parse().expect("a hex id"))
            .collect();
        // Two Confederate brigades in the first two hexes; the Union moving around them.
        let brigades = g
            .keys()
            .filter(|&k| g.unit(k).side == Side::Confederate && g.is(k, UnitKind::Brigade));
        for (k, &hex) in brigades.collect::<Vec<_>>().into_iter().zip(&near[..2]) {
            g.unit_mut(k).location = Location::Map { hex };
        }
        let union: Vec<UnitKey> = g
            .keys()
            .filter(|&k| g.unit(k).side == Side::Union)
            .collect();
        let part = g
            .enemy_now(Side::Union)
            .as_ref()
            .as_ref()
            .expect("no Union counter on the map")
            .part
            .clone();
        let mut roll: u64 = 11;
        let mut next = |n: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % n
        };
        let (mut some, mut none, mut zones) = (0, 0, 0);
        for round in 0..300 {
            let moves = [0, 1, 2, 3, 1, 2, 40][round % 7];
            for _ in 0..moves {
                let k = union[next(union.len())];
                g.unit_mut(k).location = match near.get(next(near.len() + 3)) {
                    Some(&hex) => Location::Map { hex },
                    None => Location::Waiting,
                };
            }
            if round % 10 == 9 {
                // Out of the enemy's hexes, one by one (the journal forgets beyond its reach).
                for &k in &union {
                    if g.unit(k).hex().is_some_and(|h| near[..2].contains(&h)) {
                        g.unit_mut(k).location = Location::Waiting;
                    }
                }
            }
            if round % 23 == 7 {
                // Every counter lent out: the journal does not reach back.
                g.units_mut();
            }
            let held = g.held_zones(Side::Union, &part);
            assert_eq!(
                held,
                g.held_zones_afresh(Side::Union, &part),
                "round {round}"
            );
            match held {
                Some(held) => {
                    some += 1;
                    zones += held.len();
                }
                None => none += 1,
            }
        }
        assert!(
            some > 30 && none > 30 && zones > 30,
            "{some} {none} {zones}"
        );
    }
}
