//! Test support for the Army Status rules (reference 3A) and the commands they touch:
//! statuses and panics set by hand, a step finished, a blow struck, the acceptance segment,
//! touching base, a counter leaving the map.

use adjutant_engine::{Dice, Side};

use super::{key, with_fx};
use crate::events::Event;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::Location;

/// Sets the status of `sheet`'s track ("Grant", "Meade", "Burnside", "Lee"; reference 3A.1).
pub fn set_status(g: &mut BloodyRoadsSouth, sheet: &str, status: u8) {
    for t in &mut g.army_status.tracks {
        if t.sheet.as_str() == sheet {
            t.status = status;
        }
    }
}

/// Puts `sheet`'s panic in force, or ends it (reference 3A.7).
pub fn set_panicked(g: &mut BloodyRoadsSouth, sheet: &str, on: bool) {
    for t in &mut g.army_status.tracks {
        if t.sheet.as_str() == sheet {
            t.panicked = on;
        }
    }
}

/// Every track's tally counted as things stand (a Status Check's new period, 3A.3).
pub fn rebase_tracks(g: &mut BloodyRoadsSouth) {
    g.rebase_tracks();
}

/// Leaves the current step for the next, running what happens on entering it (the Game Turn
/// End after the last step of a turn), and returns the events.
pub fn finish_step(g: &mut BloodyRoadsSouth, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.finish_step(fx)).1
}

/// A public blow against the counter `id` of `side` in the opponent's player turn (a close
/// combat won against it, reference 3A.6).
pub fn blow(g: &mut BloodyRoadsSouth, side: Side, id: &str) {
    let k = key(g, side, id);
    g.record_blow(k);
}

/// The New Order Acceptance segment of `side` (series 10.1f).
pub fn acceptance(g: &mut BloodyRoadsSouth, side: Side, dice: &mut Dice) -> Vec<Event> {
    with_fx(g, dice, |g, fx| g.acceptance_segment(side, fx)).1
}

/// The corps leader of `corps` touches base at his HQ (series 10.0): an accepted order comes
/// into force; returns whether it did.
pub fn touch_base(g: &mut BloodyRoadsSouth, side: Side, corps: &str, dice: &mut Dice) -> bool {
    let c = crate::data::FormationId(corps.into());
    with_fx(g, dice, |g, fx| g.touch_base(side, &c, fx)).0
}

/// Takes a counter off the map as leaving it by `hex` (out of play, not eliminated).
pub fn exit_map(g: &mut BloodyRoadsSouth, side: Side, id: &str, hex: &str) {
    let k = key(g, side, id);
    let hex = g
        .canonical(hex.parse().expect("a hex id"))
        .expect("a hex in play");
    g.unit_mut(k).location = Location::Exited { hex };
}
