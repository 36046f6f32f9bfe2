//! The enemy's part of the hexes that block a side's radius traces (S10.5a; reference 2.3.11,
//! 2.4), kept from one action to the next.
//!
//! The blocked hexes are the enemy's hexes and the zones of control the enemy's top counters
//! show where no counter stands. The radius refresh after every step of a moving group found
//! them afresh (every counter's stack, every enemy stack's zone of control), yet a step moves
//! only the mover's own counters: the enemy's hexes and zones of control are the same as
//! before it, and only which of those zones the mover's counters now stand in has changed.
//!
//! So the enemy's part (its hexes, and its zones of control outside them) is kept per tracing
//! side, with everything it is computed from: every enemy counter on the map, its hex, its
//! place in its stack, kind, formation and facing, and the maps in play. It serves again only
//! when all of these are equal now (checked in one pass over the counters), so it is a pure
//! function's memo, as the radius traces' is
//! (`reach_memo`): nothing can change it unseen. It is only valid while no hex holds counters
//! of both sides (then a stack's side and top counter depend on the enemy's counters alone);
//! when one does, the hexes are found afresh. The zones of control movement meets
//! (`known_zoc`) are read from the same part, which keeps the enemy hex showing each. The check
//! against the counters is made once per version of them (`read_whole`, `model::counters`),
//! and not at all while the enemy's counters keep the stamp they had at the last check (none of
//! them has changed since: a moving group changes only its own side's counters). The side's
//! own counters in the part's zones of control are counted from the counters' journal
//! (`enemy_held`), and the blocked hexes are the last ones with the few zones of control held
//! or let go since taken out or put back ([`LastBlocked`]): the same shared list while none
//! is, so that the traces kept by the blocked hexes they were found for (`reach_memo`,
//! `movement::closing_searches`) know them unchanged by their address alone.
//! In debug builds every answer is compared with the fresh one, and test `kept_blocked_hexes`
//! compares them in every state of bot games.

use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::rc::Rc;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::map::MapsUsed;
use crate::geometry::facing::Vertex;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};

/// What of one enemy counter on the map the enemy's part depends on.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Seen {
    key: UnitKey,
    hex: HexId,
    /// Its place in its stack (series 12.0): which counter shows on top.
    z: u32,
    kind: UnitKind,
    formation: Formation,
    facing: Vertex,
}

/// One tracing side's kept part of its blocked hexes.
pub(super) struct EnemyPart {
    /// The maps in play (a zone of control's hexes depend on them).
    maps: MapsUsed,
    /// The last version of the enemy's counters (`model::counters`) found to be `seen`: while
    /// it is the version now, no enemy counter has changed and `seen` needs no check.
    enemy_stamp: Cell<u64>,
    /// Every enemy counter on the map, in key order: all the part is computed from.
    seen: Vec<Seen>,
    /// The hexes holding enemy counters, sorted.
    hexes: Vec<HexId>,
    /// Every (hex, enemy hex) where the enemy's top counters in the second show a zone of
    /// control into the first, sorted.
    shown: Vec<(HexId, HexId)>,
    /// The hexes of `shown`, less the enemy's own hexes, sorted and distinct.
    zoc: Vec<HexId>,
    /// Which hexes are in `hexes` ([`ENEMY`]) or `zoc` ([`ZOC`]), by [`HexId::slot`]:
    /// the side's own hexes are looked up here, not searched for.
    marks: Vec<u8>,
}

/// A mark of [`EnemyPart::marks`]: an enemy hex.
pub(super) const ENEMY: u8 = 1;
/// A mark of [`EnemyPart::marks`]: a zone of control shown outside the enemy's hexes.
pub(super) const ZOC: u8 = 2;

impl EnemyPart {
    /// The marks of `hex`.
    pub(super) fn marks(&self, hex: HexId) -> u8 {
        self.marks.get(hex.slot()).copied().unwrap_or(0)
    }
}

/// The enemy as one side sees it now, when no hex holds counters of both sides.
pub(crate) struct EnemyNow {
    /// The enemy's part, kept or found now.
    pub(super) part: Rc<EnemyPart>,
    /// The zones of control of `part` where the side's own counters stand, sorted and
    /// distinct (`enemy_held`).
    held: Vec<HexId>,
}

impl EnemyNow {
    /// The enemy hexes whose top counters show a zone of control into `hex`.
    pub(crate) fn shown_into(&self, hex: HexId) -> impl Iterator<Item = HexId> + '_ {
        let shown = &self.part.shown;
        let start = shown.partition_point(|&(h, _)| h < hex);
        shown[start..]
            .iter()
            .take_while(move |&&(h, _)| h == hex)
            .map(|&(_, from)| from)
    }
}

thread_local! {
    /// Per tracing side (its index), the part last found.
    static KEPT: RefCell<[Option<Rc<EnemyPart>>; 2]> = const { RefCell::new([None, None]) };
    /// Per tracing side (its index), the blocked hexes last found.
    static LAST_BLOCKED: RefCell<[Option<LastBlocked>; 2]> = const { RefCell::new([None, None]) };
}

/// A side's blocked hexes as last found, with the part and the zones of control held they
/// were found from: between two versions of the counters a few of the side's counters move,
/// so the zones held differ in a few hexes, and each hex held now and not then is taken out of
/// the blocked hexes, each held then and not now put back (a zone of control of the part is
/// never an enemy hex), instead of merging the part's lists again.
struct LastBlocked {
    part: Rc<EnemyPart>,
    /// The zones of control of `part` the side's counters stood in, sorted.
    held: Vec<HexId>,
    /// The blocked hexes, sorted; the same list handed out until one changes.
    blocked: Rc<Vec<HexId>>,
}

impl LastBlocked {
    /// The blocked hexes of `now`, found from its part.
    fn afresh(now: &EnemyNow) -> LastBlocked {
        let part = &now.part;
        // The zones of control the side's own counters stand in block nothing.
        let mut held = now.held.iter().peekable();
        let free = part.zoc.iter().copied().filter(|h| {
            while held.next_if(|&x| x < h).is_some() {}
            held.peek() != Some(&h)
        });
        // Both sorted, and no zone of control counted is an enemy hex: merged, not sorted.
        LastBlocked {
            part: part.clone(),
            held: now.held.clone(),
            blocked: Rc::new(merge(free, part.hexes.iter().copied())),
        }
    }

    /// The same part's blocked hexes with `held` the zones held now: a new list only where
    /// one changes (the last one handed out is never changed).
    fn shift(&mut self, held: &[HexId]) {
        let (mut i, mut j) = (0, 0);
        loop {
            let order = match (self.held.get(i), held.get(j)) {
                (None, None) => break,
                (Some(a), Some(b)) => a.cmp(b),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
            };
            let blocked = &mut self.blocked;
            match order {
                Ordering::Equal => (i, j) = (i + 1, j + 1),
                Ordering::Less => {
                    // Held then, not now: it blocks again.
                    let hex = self.held[i];
                    i += 1;
                    let at = blocked.binary_search(&hex);
                    debug_assert!(at.is_err(), "{hex} held and blocked");
                    if let Err(at) = at {
                        Rc::make_mut(blocked).insert(at, hex);
                    }
                }
                Ordering::Greater => {
                    // Held now, not then: it blocks no more.
                    let hex = held[j];
                    j += 1;
                    let at = blocked.binary_search(&hex);
                    debug_assert!(at.is_ok(), "{hex} neither held nor blocked");
                    if let Ok(at) = at {
                        Rc::make_mut(blocked).remove(at);
                    }
                }
            }
        }
        self.held.clear();
        self.held.extend_from_slice(held);
    }
}

impl BloodyRoadsSouth {
    /// The hexes no radius trace of `side` may enter, sorted: the enemy's part kept when
    /// nothing it is computed from has changed (module docs), the side's own counters' hexes
    /// taken out of its zones of control now.
    pub(crate) fn blocked_kept(&self, side: Side) -> Rc<Vec<HexId>> {
        let found = self.blocked_from_part(side);
        debug_assert!(
            found
                .as_ref()
                .is_none_or(|b| **b == self.trace_blocked_afresh(side)),
            "the kept blocked hexes of {side} differ from the fresh ones"
        );
        found.unwrap_or_else(|| Rc::new(self.trace_blocked_afresh(side)))
    }

    /// [`Self::blocked_kept`], `None` when a hex holds counters of both sides: the last
    /// answer for the same part with the zones of control held since it taken out or put back
    /// ([`LastBlocked`]), or found from the part.
    fn blocked_from_part(&self, side: Side) -> Option<Rc<Vec<HexId>>> {
        let now = self.enemy_now(side);
        let now = now.as_ref().as_ref()?;
        Some(LAST_BLOCKED.with(|l| {
            let mut l = l.borrow_mut();
            let slot = &mut l[side.index()];
            match slot {
                Some(last) if Rc::ptr_eq(&last.part, &now.part) => last.shift(&now.held),
                _ => *slot = Some(LastBlocked::afresh(now)),
            }
            slot.as_ref()
                .map_or_else(Rc::default, |last| last.blocked.clone())
        }))
    }

    /// The enemy as `side` sees it now (`None` inside when a hex holds counters of both
    /// sides): kept while the game is read whole, its part kept across actions (module docs).
    pub(crate) fn enemy_now(&self, side: Side) -> Rc<Option<EnemyNow>> {
        self.enemy_for(side, || self.find_enemy_now(side))
    }

    /// [`Self::enemy_now`], checked against every enemy counter now unless none has changed
    /// since the last check.
    fn find_enemy_now(&self, side: Side) -> Option<EnemyNow> {
        let maps = self.maps();
        let enemy_stamp = self.units.side_stamp(side.opponent());
        let kept = KEPT.with(|k| k.borrow()[side.index()].clone());
        let part = match kept {
            Some(p) if p.maps == maps && p.enemy_stamp.get() == enemy_stamp => p,
            kept => {
                let seen: Vec<Seen> = self
                    .keys()
                    .zip(self.units())
                    .filter(|(_, u)| u.side != side)
                    .filter_map(|(k, u)| {
                        Some(Seen {
                            key: k,
                            hex: u.hex()?,
                            z: u.z,
                            kind: u.kind,
                            formation: u.formation,
                            facing: u.facing,
                        })
                    })
                    .collect();
                match kept {
                    Some(p) if p.maps == maps && p.seen == seen => {
                        p.enemy_stamp.set(enemy_stamp);
                        p
                    }
                    _ => {
                        // Found only when no hex holds both sides (module docs).
                        let mut hexes: Vec<HexId> = seen.iter().map(|s| s.hex).collect();
                        hexes.sort_unstable();
                        hexes.dedup();
                        if self
                            .own_hexes(side)
                            .any(|h| hexes.binary_search(&h).is_ok())
                        {
                            return None;
                        }
                        let part = Rc::new(self.enemy_part(side, maps, enemy_stamp, seen, hexes));
                        KEPT.with(|k| k.borrow_mut()[side.index()] = Some(part.clone()));
                        part
                    }
                }
            }
        };
        let held = self.held_zones(side, &part)?;
        Some(EnemyNow { part, held })
    }

    /// The hexes of `side`'s counters on the map, in key order (repeated).
    fn own_hexes(&self, side: Side) -> impl Iterator<Item = HexId> + '_ {
        self.units()
            .iter()
            .filter(move |u| u.side == side)
            .filter_map(|u| u.hex())
    }

    /// The enemy's part of `side`'s blocked hexes, found from `seen` (the enemy's counters on
    /// the map) and `hexes` (theirs, sorted and distinct).
    fn enemy_part(
        &self,
        side: Side,
        maps: MapsUsed,
        enemy_stamp: u64,
        seen: Vec<Seen>,
        hexes: Vec<HexId>,
    ) -> EnemyPart {
        let mut shown = self.apparent_zoc_shown(side);
        shown.sort_unstable();
        shown.dedup();
        let mut zoc: Vec<HexId> = shown
            .iter()
            .map(|&(h, _)| h)
            .filter(|h| hexes.binary_search(h).is_err())
            .collect();
        zoc.dedup();
        let mut marks = vec![0; HexId::SLOTS];
        for (list, mark) in [(&hexes, ENEMY), (&zoc, ZOC)] {
            for h in list {
                marks[h.slot()] = mark;
            }
        }
        EnemyPart {
            maps,
            enemy_stamp: Cell::new(enemy_stamp),
            seen,
            hexes,
            shown,
            zoc,
            marks,
        }
    }

    /// Whether the kept blocked hexes and zones of control of each side are the fresh ones now
    /// (for the tests: see the module's doc); the first difference, in words. The zones of
    /// control are compared in every hex next to a counter, for no moving group and for the
    /// one on the move.
    pub fn check_kept_blocked(&self) -> Result<(), String> {
        for side in Side::BOTH {
            if let Some(kept) = self.blocked_from_part(side) {
                let fresh = self.trace_blocked_afresh(side);
                if *kept != fresh {
                    return Err(format!(
                        "the {side} player's kept blocked hexes {kept:?} are not the fresh {fresh:?}"
                    ));
                }
            }
            let mut near: Vec<HexId> = self
                .units()
                .iter()
                .filter_map(|u| u.hex())
                .flat_map(|h| self.neighbour_hexes(h).into_iter().chain([h]))
                .collect();
            near.sort_unstable();
            near.dedup();
            for group in [None, self.moving.as_ref()] {
                for &hex in &near {
                    let kept = self.known_zoc(side, hex, group);
                    let fresh = self.known_zoc_afresh(side, hex, group);
                    if kept != fresh {
                        return Err(format!(
                            "{hex} in a zone of control for the {side} player: kept {kept}, fresh {fresh}"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The hexes of two sorted lists, sorted.
fn merge(a: impl Iterator<Item = HexId>, b: impl Iterator<Item = HexId>) -> Vec<HexId> {
    let (mut a, mut b) = (a.peekable(), b.peekable());
    let mut out = Vec::with_capacity(a.size_hint().0 + b.size_hint().0);
    loop {
        let next = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x <= y => a.next(),
            (_, Some(_)) => b.next(),
            (Some(_), None) => a.next(),
            (None, None) => return out,
        };
        out.extend(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::unit::{Location, UnitKey};
    use crate::testing::empty_game;

    #[test]
    fn blocked_hexes_shifted_where_zones_are_held_are_the_fresh_ones() {
        let mut g = empty_game("sanders-field", &[]);
        let near: Vec<HexId> = ["A12.10", "A13.11"]
            .iter()
            .map(|h| h.parse().expect("a hex id"))
            .collect();
        // Two Confederate brigades.
        let brigades = g
            .keys()
            .filter(|&k| g.unit(k).side == Side::Confederate && g.is(k, UnitKind::Brigade));
        for (k, &hex) in brigades.collect::<Vec<_>>().into_iter().zip(&near[..2]) {
            g.unit_mut(k).location = Location::Map { hex };
        }
        // The Union's first few counters moving off the map, into the hexes around them, and
        // now and then into one of theirs (no part then).
        let union: Vec<UnitKey> = g
            .keys()
            .filter(|&k| g.unit(k).side == Side::Union)
            .take(12)
            .collect();
        let mut around: Vec<HexId> = near[..2]
            .iter()
            .flat_map(|&h| g.neighbour_hexes(h))
            .filter(|h| !near[..2].contains(h))
            .collect();
        around.sort_unstable();
        around.dedup();
        let mut roll: u64 = 3;
        let mut next = |n: usize| {
            roll = roll.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (roll >> 33) as usize % n
        };
        let (mut kept, mut held) = (0, Vec::new());
        // The last answer, what it held then, and the zones held it was found for.
        type Answer = (Rc<Vec<HexId>>, Vec<HexId>, Vec<HexId>);
        let mut last: Option<Answer> = None;
        let mut shared = 0;
        for round in 0..300 {
            for _ in 0..[0, 1, 2, 1, 3][round % 5] {
                let k = union[next(union.len())];
                let to = match next(20) {
                    0 => Some(near[next(2)]),
                    1..8 => None,
                    _ => Some(around[next(around.len())]),
                };
                g.unit_mut(k).location = match to {
                    Some(hex) => Location::Map { hex },
                    None => Location::Waiting,
                };
            }
            for &k in &union {
                if round % 10 == 9 && g.unit(k).hex().is_some_and(|h| near[..2].contains(&h)) {
                    g.unit_mut(k).location = Location::Waiting;
                }
            }
            if let Some(blocked) = g.blocked_from_part(Side::Union) {
                assert_eq!(
                    *blocked,
                    g.trace_blocked_afresh(Side::Union),
                    "round {round}"
                );
                kept += 1;
                let now = g.enemy_now(Side::Union);
                let held_now = now.as_ref().as_ref().map(|n| n.held.clone());
                // An answer handed out is never changed; the same one while no zone held is.
                if let Some((was, then, held_then)) = &last {
                    assert_eq!(**was, *then, "round {round}: an answer changed in place");
                    if Some(held_then) == held_now.as_ref() {
                        assert!(Rc::ptr_eq(was, &blocked), "round {round}: a new list");
                        shared += 1;
                    }
                }
                last = held_now
                    .clone()
                    .map(|h| (blocked.clone(), blocked.to_vec(), h));
                held.push(held_now);
            }
        }
        held.dedup();
        assert!(kept > 100 && held.len() > 30, "{kept} {}", held.len());
        assert!(shared > 30, "{shared}");
    }
}
