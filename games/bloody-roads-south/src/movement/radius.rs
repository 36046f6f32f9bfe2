//! Units out of command radius move closer (series 10.5a; BRS 6.0a; reference 2.3.11).
//!
//! - A unit out of radius at the very start of the Movement Phase must spend its movement
//!   moving closer to its leader or HQ: every step it makes must lower the leader-MP cost of
//!   the cheapest radius trace from that leader or HQ (the trace of 2.3.11: leader costs,
//!   not through enemy units nor through enemy zones of control that no friendly unit holds;
//!   the zones of control as the enemy's top counters show them, `zoc`). Once back within
//!   radius it moves freely. A unit of the group that must close is restricted for the whole
//!   group.
//! - The group may not stop while such a step is open to it ("must spend all its movement").
//!   **Decision**: a unit out of radius is not forced to be picked up: the obligation is
//!   checked on the moves it makes (a player who leaves it where it is forgoes its movement,
//!   as an OCR unit may, 6.0a).
//! - Units set up OCR (6.0a) hold their hex until their owner moves them; once moved they
//!   move as units out of radius until back in it. They are never forced to move.
//! - A goal in force releases a division or brigade from radius (S10.5b).
//!
//! Who was out of radius when the phase began and who is in it now are the command rules'
//! (`out_of_radius`, `in_radius`); the closing distances are traced here the same way, from
//! the leader or HQ the unit traces to, with the zones of control as the enemy's top counters
//! show them (reference 2.4: what the owner may do never depends on the enemy's secrets).

use adjutant_engine::Side;

use crate::command::roles::AOP;
use crate::data::charts::cell::Halves;
use crate::data::charts::movement::MoveClass;
use crate::data::{FormationId, HexId};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};

use super::closing_searches::closer_hexes;

/// How far (in halves of a leader MP) the closing trace looks: 24 leader MP, three times the
/// widest radius. A unit farther than this from its leader or HQ moves freely (decision: the
/// trace is bounded so that movement stays quick to compute).
const CLOSING_HORIZON: Halves = Halves(48);

impl BloodyRoadsSouth {
    /// The hex of the HQ a formation traces to: its corps HQ, or the A Pot HQ for the army's
    /// own troops (rule 3.6).
    fn radius_hq_hex(&self, side: Side, formation: &FormationId) -> Option<HexId> {
        if formation.as_str() == AOP {
            return self
                .army_hq(side, formation)
                .and_then(|k| self.unit(k).hex());
        }
        self.corps_hq_hex(side, formation)
    }

    /// Where a unit's radius is traced from (S10.5a): a brigade's division leader, a division
    /// leader's or corps artillery's HQ.
    fn radius_source(&self, k: UnitKey) -> Option<HexId> {
        let side = self.unit(k).side;
        let parent = self.unit(k).part_of.unwrap_or(k);
        match self.unit(parent).kind {
            UnitKind::Brigade => {
                let d = self.division_of(parent)?;
                self.division_leader(side, &d)
                    .and_then(|l| self.unit(l).hex())
            }
            UnitKind::Leader => {
                let d = self.division_of(parent)?;
                let c = self.corps_of_division(side, &d)?;
                self.radius_hq_hex(side, &c)
            }
            UnitKind::Battery => {
                let c = self.corps_of(parent)?;
                self.radius_hq_hex(side, &c)
            }
            _ => None,
        }
    }

    /// Finds, where the moving group stands, which adjacent hexes its units that must close
    /// may step into, and whether its combat units are in radius (both kept in the group:
    /// they change only when it moves). A unit whose trace does not reach the group's hex
    /// within [`CLOSING_HORIZON`] is not restricted. One search per leader or HQ: the trace to
    /// the group's hex settles every hex cheaper than it, so it tells which neighbours are
    /// closer (their trace costs less, in leader MP); it is kept for the group's next steps,
    /// which ask it for hexes it has mostly settled already (`closing_searches`). (Searching
    /// to the whole horizon at once was tried: slower, as most groups of a Movement Phase
    /// take one or two steps.) The blocked hexes are the radius traces' own
    /// (`trace_blocked`), found once while this reads the game.
    pub(crate) fn refresh_radius(&mut self, side: Side) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let Some(here) = self.moving_hex(&g) else {
            return;
        };
        // Only read until the group is updated below: each unit's trace finds the side's
        // blocked hexes once (`read_whole`).
        let reading = self.read_whole();
        // Each unit's radius found once, where it is asked: a unit must close when it was out
        // of radius when the phase began (an OCR unit counts, 6.0a) and is not back in it; the
        // group is in radius when every combat unit is.
        let mut sources: Vec<HexId> = Vec::new();
        let mut in_radius = true;
        for &k in &g.units {
            let was_out = self.out_of_radius(self.unit(k).part_of.unwrap_or(k));
            let combat = self.unit(k).kind.is_combat();
            let asked = was_out || (combat && in_radius);
            if !asked {
                continue;
            }
            let inside = self.in_radius(k);
            if was_out && !inside {
                sources.extend(self.radius_source(k));
            }
            in_radius &= inside || !combat;
        }
        let mut closing_hexes: Option<Vec<HexId>> = None;
        if !sources.is_empty() {
            let mover = self.mover(side, MoveClass::Leader);
            let blocked = self.trace_blocked(side);
            let neighbours = self.neighbour_hexes(here);
            for from in sources {
                let Some(closer) =
                    closer_hexes(&mover, from, CLOSING_HORIZON, &blocked, here, &neighbours)
                else {
                    continue;
                };
                closing_hexes = Some(match closing_hexes {
                    None => closer,
                    Some(c) => c.into_iter().filter(|h| closer.contains(h)).collect(),
                });
            }
        }
        drop(reading);
        if let Some(m) = self.moving.as_mut() {
            m.closing = closing_hexes;
            m.in_radius = in_radius;
        }
    }
}
