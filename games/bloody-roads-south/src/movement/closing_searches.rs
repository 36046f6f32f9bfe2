//! The closing searches of units out of command radius (S10.5a; reference 2.3.11), kept
//! across the steps of a moving group.
//!
//! After every step of a group holding a unit that must close on its leader or HQ, the radius
//! refresh asks which neighbours of the group's hex are closer to that leader or HQ: a
//! cheapest-path search from the leader's hex, at leader costs, stopped once the group's hex
//! is settled (it then has settled every cheaper hex). The next step asks the same search for
//! a hex one step closer, which it has already settled — as long as nothing the search depends
//! on has changed: the leader's hex, the mover (the sheets in play, whether the railroad is
//! found) and the hexes the trace may not enter (`trace_blocked`, which change when the group
//! enters or leaves a zone of control the enemy shows).
//!
//! So the last few searches are kept with all of these, per thread, and one serves again when
//! all are equal but the blocked hexes, and those give the same answer for every hex it has
//! asked about (a pure function's memo, as the radius traces' is, `command::reach_memo`: the
//! search reads the blocked hexes only by asking whether it may enter a hex, and the same
//! answers lead it to settle the same hexes at the same costs). A unit's move elsewhere on the
//! map, entering or leaving a zone of control the enemy shows there, or the enemy's last turn,
//! changes the blocked hexes where the search never looked: the next group of the same
//! division closing on the same leader is answered by the search its brigade before started.
//! Taken up again for a hex it has not settled yet, it settles on from where it stopped, now
//! asking the new blocked hexes, and gives the answers a fresh search would
//! (`geometry::paths::Settling`). In debug builds every answer is compared with a fresh
//! search's.

use std::cell::RefCell;
use std::rc::Rc;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::map::MapsUsed;
use crate::geometry::{Mover, Settling};

/// How many searches are kept: a group's units close on one or two leaders or HQs, but the
/// groups of a Movement Phase come from several divisions in turn (with four kept, two thirds
/// of the searches made afresh were from a leader searched from among the last 64 asked).
const KEPT: usize = 16;

/// A search and everything it depends on.
struct Kept {
    from: HexId,
    max: Halves,
    maps: MapsUsed,
    class: MoveClass,
    railroad_found: bool,
    /// The blocked hexes it last settled or served for: they answer every question it has
    /// asked as it was answered.
    blocked: Rc<Vec<HexId>>,
    search: Settling<'static>,
}

impl Kept {
    /// The hexes `blocked` (sorted) answer every question the search has asked as it was
    /// answered: no hex blocked in one of `blocked` and [`Kept::blocked`] but not in the other
    /// is one it asked about.
    fn serves(&self, blocked: &Rc<Vec<HexId>>) -> bool {
        if Rc::ptr_eq(&self.blocked, blocked) || self.blocked == *blocked {
            return true;
        }
        crate::geometry::changed::changed_only_unasked(&self.blocked, blocked, |h| {
            self.search.asked(h)
        })
    }
}

thread_local! {
    /// The last searches, the latest first.
    static SEARCHES: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// Of the hexes `near`, those whose cheapest trace from `from` (at most `max`, entering no
/// hex of `blocked`, sorted) costs less than the trace to `to`; `None` when `to` itself is
/// not reached within `max`.
pub(crate) fn closer_hexes(
    mover: &Mover<'static>,
    from: HexId,
    max: Halves,
    blocked: &Rc<Vec<HexId>>,
    to: HexId,
    near: &[HexId],
) -> Option<Vec<HexId>> {
    let same = |k: &Kept| {
        k.from == from
            && k.max == max
            && k.maps == mover.maps
            && k.class == mover.class
            && k.railroad_found == mover.railroad_found
            && k.serves(blocked)
    };
    let kept = SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        let i = s.iter().position(same)?;
        let mut kept = s.remove(i);
        kept.blocked = blocked.clone();
        Some(kept)
    });
    let mut kept = kept.unwrap_or_else(|| Kept {
        from,
        max,
        maps: mover.maps,
        class: mover.class,
        railroad_found: mover.railroad_found,
        blocked: blocked.clone(),
        search: Settling::new(mover, from, max),
    });
    let answer = closer(&mut kept.search, mover, blocked, to, near);
    debug_assert_eq!(
        answer,
        closer(
            &mut Settling::new(mover, from, max),
            mover,
            blocked,
            to,
            near
        ),
        "a kept closing search from {from} to {to} differs from a fresh one"
    );
    SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        s.insert(0, kept);
        s.truncate(KEPT);
    });
    answer
}

/// [`closer_hexes`] on one search.
fn closer(
    search: &mut Settling<'static>,
    mover: &Mover<'static>,
    blocked: &Rc<Vec<HexId>>,
    to: HexId,
    near: &[HexId],
) -> Option<Vec<HexId>> {
    let bits = crate::geometry::hex_bits::bits_of(blocked);
    let passable = |h: HexId| !crate::geometry::hex_bits::listed(&bits, blocked, h);
    let now = search.settle_to(mover, to, passable)?;
    Some(
        near.iter()
            .copied()
            .filter(|&n| search.cost_of(n).is_some_and(|c| c < now))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        s.parse().expect(s)
    }

    fn blocked(ids: &[&str]) -> Rc<Vec<HexId>> {
        let mut v: Vec<HexId> = ids.iter().map(|s| h(s)).collect();
        v.sort();
        Rc::new(v)
    }

    fn kept() -> usize {
        SEARCHES.with(|s| s.borrow().len())
    }

    /// A kept search serves blocked hexes that differ from the ones it last served only where
    /// it never looked (a hex far away blocked too), and no others (a hex next to the leader
    /// blocked): those get a search of their own. Every answer is a fresh search's.
    #[test]
    fn a_kept_closing_search_serves_blocked_hexes_differing_only_where_it_never_looked() {
        let map = crate::data::map();
        let mover = Mover {
            map,
            chart: &crate::data::charts().movement,
            maps: MapsUsed::A,
            class: MoveClass::Leader,
            railroad_found: false,
        };
        let (from, max) = (h("A15.10"), Halves(48));
        let ask = |blocked: &Rc<Vec<HexId>>, to: &str| {
            let to = h(to);
            let near: Vec<HexId> = map
                .neighbours(to, MapsUsed::A)
                .into_iter()
                .map(|(_, n)| n)
                .collect();
            let answer = closer_hexes(&mover, from, max, blocked, to, &near);
            let fresh = closer(
                &mut Settling::new(&mover, from, max),
                &mover,
                blocked,
                to,
                &near,
            );
            assert_eq!(answer, fresh, "{to} over {blocked:?}");
            answer
        };
        let (none, far, near) = (
            blocked(&[]),
            blocked(&["A40.01"]),
            blocked(&["A15.11", "A40.01"]),
        );
        assert!(ask(&none, "A20.10").is_some(), "within reach");
        assert_eq!(kept(), 1);
        ask(&far, "A20.10");
        assert_eq!(kept(), 1, "a hex it never looked at blocked: served");
        ask(&near, "A20.10");
        assert_eq!(kept(), 2, "a hex it looked at blocked: searched afresh");
        ask(&far, "A22.12");
        ask(&none, "A18.09");
        assert_eq!(kept(), 2, "both served again");
        ask(&near, "A25.10");
        assert_eq!(kept(), 2);
    }
}
