//! Units out of command radius move closer (series 10.5a; BRS 6.0a; reference 2.3.11).
//!
//! - A unit out of radius at the very start of the Movement Phase must spend its movement
//!   moving closer to its leader or HQ: every step it makes must lower the leader-MP cost of
//!   the cheapest radius trace from that leader or HQ (the trace of 2.3.11: leader costs,
//!   not through enemy units nor through enemy zones of control that no friendly unit holds;
//!   the zones of control as the enemy's top counters show them, `seams`). Once back within
//!   radius it moves freely. A unit of the group that must close is restricted for the whole
//!   group.
//! - The group may not stop while such a step is open to it; and the phase cannot end while a unit
//!   out of radius at the start (not OCR) and still out has not been picked up (decision:
//!   "must spend all its movement" made checkable; each unit is picked once a phase, so this
//!   always ends; one with no step closer may stop at once).
//! - Units set up OCR (6.0a) hold their hex until their owner moves them; once moved they
//!   move as units out of radius until back in it. They are never forced to move.
//! - A goal in force releases a division or brigade from radius (S10.5b).
//!
//! The radius data (who is out, the trace) come from `seams` until the command module lands.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::cell::Halves;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::UnitKey;

/// How far (in halves of a leader MP) the closing trace looks: 24 leader MP, three times the
/// widest radius. A unit farther than this from its leader or HQ moves freely (decision: the
/// trace is bounded so that movement stays quick to compute).
const CLOSING_HORIZON: Halves = Halves(48);

impl BloodyRoadsSouth {
    /// The unit was out of command radius when the phase began (or is an OCR unit, 6.0a) and
    /// is not back in radius now.
    pub(crate) fn must_close(&self, k: UnitKey) -> bool {
        let parent = self.unit(k).part_of.unwrap_or(k);
        (self.movement.out_of_radius.contains(&parent) || self.unit(parent).ocr)
            && !self.radius_ok(k)
    }

    /// Finds, where the moving group stands, which adjacent hexes its units that must close
    /// may step into, and whether its combat units are in radius (both kept in the group:
    /// they change only when it moves). A unit whose trace does not reach the group's hex
    /// within [`CLOSING_HORIZON`] is not restricted.
    pub(crate) fn refresh_radius(&mut self, side: Side) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(here) = self.group_hex(&g) else {
            return;
        };
        let mut closing: Option<Vec<HexId>> = None;
        for &k in &g.units {
            if !self.must_close(k) {
                continue;
            }
            let Some((from, _)) = self.radius_source(k) else {
                continue;
            };
            let Some(now) = self.leader_cost_to(side, from, here, CLOSING_HORIZON) else {
                continue;
            };
            let neighbours = self.neighbour_hexes(here);
            let closer: Vec<HexId> = neighbours
                .into_iter()
                .filter(|&n| {
                    now.0
                        .checked_sub(1)
                        .and_then(|below| self.leader_cost_to(side, from, n, Halves(below)))
                        .is_some()
                })
                .collect();
            closing = Some(match closing {
                None => closer,
                Some(c) => c.into_iter().filter(|h| closer.contains(h)).collect(),
            });
        }
        let in_radius = g
            .units
            .iter()
            .filter(|&&k| self.unit(k).kind.is_combat())
            .all(|&k| self.radius_ok(k));
        if let Some(m) = self.moving.as_mut() {
            m.closing = closing;
            m.in_radius = in_radius;
        }
    }

    /// Units out of radius at the start of the phase, not OCR, not yet moved and able to
    /// move: the phase may not end before they have been picked up (module docs; one that is
    /// back in radius or cannot close may then stop where it is).
    pub(crate) fn units_that_must_close(&self, side: Side) -> Vec<UnitKey> {
        self.movement
            .out_of_radius
            .iter()
            .copied()
            .filter(|&k| {
                let u = self.unit(k);
                u.side == side && u.on_map() && !u.ocr && !u.marks.moved && self.may_pick(side, k)
            })
            .collect()
    }
}
