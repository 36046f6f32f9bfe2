//! Army command (S10.6; reference 2.3.8, 2.3.13): army HQs that are "moving", the army
//! commander's one in-person order away from his HQ and its recharge, and an overrun army HQ.
//!
//! Decision: "a whole turn" in the HQ hex (recharge) or in the destination (end of "moving")
//! is checked at the start of the owner's Command Phase: the commander (HQ) found there at the
//! start of two of his Command Phases in a row has spent the whole turn between them there.

use adjutant_engine::Side;

use crate::data::{FormationId, HexId};
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::order::ArmyHqState;
use crate::model::unit::UnitKey;

impl BloodyRoadsSouth {
    /// The state of an army HQ, if it has one yet.
    pub(crate) fn army_state(&self, side: Side, army: &FormationId) -> Option<&ArmyHqState> {
        self.command_state
            .armies
            .iter()
            .find(|a| a.side == side && &a.army == army)
    }

    /// The state of an army HQ, created if needed.
    pub(crate) fn army_state_mut(&mut self, side: Side, army: &FormationId) -> &mut ArmyHqState {
        let armies = &mut self.command_state.armies;
        let i = match armies
            .iter()
            .position(|a| a.side == side && &a.army == army)
        {
            Some(i) => i,
            None => {
                armies.push(ArmyHqState {
                    side,
                    army: army.clone(),
                    moving_to: None,
                    arrived_on: None,
                    ipv_spent: false,
                    at_hq_since: None,
                    conference_day: None,
                });
                armies.len() - 1
            }
        };
        &mut armies[i]
    }

    /// The army HQ is "moving" (S10.6): its commander writes no aide orders. The movement
    /// rules move it toward the returned destination.
    pub fn army_hq_destination(&self, side: Side, army: &FormationId) -> Option<HexId> {
        self.army_state(side, army).and_then(|a| a.moving_to)
    }

    /// The writer `k` of army `army` is stacked with his own non-moving army HQ (S10.6: the
    /// condition of aide orders).
    pub(crate) fn at_own_hq(&self, k: UnitKey, army: &FormationId) -> bool {
        let side = self.unit(k).side;
        let Some(hq) = self.army_hq(side, army) else {
            return false;
        };
        self.unit(k).hex().is_some()
            && self.unit(k).hex() == self.unit(hq).hex()
            && self.army_hq_destination(side, army).is_none()
    }

    /// Start of a side's Command Phase (S10.6): an HQ that has spent a whole turn in its
    /// destination stops "moving"; a commander who has spent a whole turn in his non-moving
    /// HQ's hex has his in-person order again.
    pub(crate) fn army_hqs_at_command_start(
        &mut self,
        side: Side,
        writers: &[(UnitKey, FormationId)],
        fx: &mut Fx,
    ) {
        let turn = self.turn;
        for (k, army) in writers {
            let Some(hq) = self.army_hq(side, army) else {
                continue;
            };
            let hq_hex = self.unit(hq).hex();
            let here = self.unit(*k).hex() == hq_hex;
            let name = self.leader_name(*k);
            let state = self.army_state_mut(side, army);
            if let Some(dest) = state.moving_to {
                if hq_hex == Some(dest) {
                    match state.arrived_on {
                        Some(t) if t < turn => {
                            state.moving_to = None;
                            state.arrived_on = None;
                            fx.private(
                                EventKind::Order,
                                side,
                                format!("The {army} HQ has settled in {dest} (10.6)."),
                            );
                        }
                        Some(_) => {}
                        None => state.arrived_on = Some(turn),
                    }
                } else {
                    state.arrived_on = None;
                }
            }
            let moving = state.moving_to.is_some();
            if here && !moving {
                match state.at_hq_since {
                    Some(t) if t < turn => {
                        if state.ipv_spent {
                            state.ipv_spent = false;
                            fx.private(
                                EventKind::Order,
                                side,
                                format!("{name} may again give an order in person (10.6)."),
                            );
                        }
                    }
                    Some(_) => {}
                    None => state.at_hq_since = Some(turn),
                }
            } else {
                state.at_hq_since = None;
            }
        }
    }

    /// An army HQ was overrun (S10.0; reference 2.3.1): the rules that move it to a friendly
    /// unit call this; it is "moving" until it has spent a whole turn in `hex`. No retreat.
    #[allow(dead_code, reason = "a hook for the movement rules, which overrun HQs")]
    pub(crate) fn army_hq_overrun(&mut self, side: Side, army: &FormationId, hex: HexId) {
        let state = self.army_state_mut(side, army);
        state.moving_to = Some(hex);
        state.arrived_on = None;
    }
}
