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
//! So the last few searches are kept with all of these, per thread, and one serves again only
//! when all are equal (a pure function's memo, as the radius traces' is, `command::reach_memo`):
//! taken up again for a hex it has not settled yet, it settles on from where it stopped, and
//! gives the answers a fresh search would (`geometry::paths::Settling`). In debug builds every
//! answer is compared with a fresh search's.

use std::cell::RefCell;
use std::rc::Rc;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::map::MapsUsed;
use crate::geometry::{Mover, Settling};

/// How many searches are kept (a group's units close on one or two leaders or HQs).
const KEPT: usize = 4;

/// A search and everything it depends on.
struct Kept {
    from: HexId,
    max: Halves,
    maps: MapsUsed,
    class: MoveClass,
    railroad_found: bool,
    blocked: Rc<Vec<HexId>>,
    search: Settling<'static>,
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
            && (Rc::ptr_eq(&k.blocked, blocked) || k.blocked == *blocked)
    };
    let kept = SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        let i = s.iter().position(same)?;
        Some(s.remove(i))
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
    blocked: &[HexId],
    to: HexId,
    near: &[HexId],
) -> Option<Vec<HexId>> {
    let passable = |h: HexId| blocked.binary_search(&h).is_err();
    let now = search.settle_to(mover, to, passable)?;
    Some(
        near.iter()
            .copied()
            .filter(|&n| search.cost_of(n).is_some_and(|c| c < now))
            .collect(),
    )
}
