//! Rout-through (series 24.3; reference 2.10.5): a retreat entering a friendly stack. The
//! units there either step aside one hex (`Displace`: one morale level worse, Blood Lust lost;
//! unlimbered artillery cannot and takes the arrivals' state) or stand fast (`StandFast`:
//! every unit shares the worst state, so a routed arrival routs them and Blood Lust is lost).

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::action::Action;
use crate::model::decision::Question;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, Location, UnitKey, UnitKind};
use crate::morale::state::one_worse;
use crate::setup::placement::{STACK_C_UNITS, STACK_GUN_POINTS};

impl BloodyRoadsSouth {
    /// Applies the answer to a rout-through question (S24.3).
    pub(crate) fn apply_rout_through(
        &mut self,
        hex: HexId,
        retreating: &[UnitKey],
        action: Action,
        fx: &mut Fx,
    ) {
        match action {
            Action::StandFast => {
                let mut all = retreating.to_vec();
                all.extend(self.at(hex).into_iter().filter(|k| !retreating.contains(k)));
                self.share_worst_state(&all);
                let goes_on = self.decisions.first().is_some_and(|d| {
                    matches!(d.question(), Question::Retreat { units, .. } if units.as_slice() == retreating)
                });
                if !goes_on && let Some(&k) = retreating.first() {
                    let side = self.unit(k).side;
                    self.penalise_retreat_overstacking(side, hex, fx);
                }
            }
            Action::Displace { to } => {
                let movers = self.displacers(hex, retreating);
                let state = retreating
                    .iter()
                    .filter(|&&k| self.unit(k).kind.is_combat())
                    .map(|&k| self.unit(k).morale)
                    .max()
                    .unwrap_or(MoraleState::Normal);
                for &k in movers.iter().rev() {
                    self.unit_mut(k).location = Location::Map { hex: to };
                    self.put_on_top(k);
                    if self.unit(k).kind.is_combat() {
                        let m = one_worse(self.unit(k).morale);
                        self.unit_mut(k).morale = m;
                    }
                }
                // Unlimbered artillery stays and takes the retreating units' state.
                for k in self.at(hex) {
                    if !retreating.contains(&k) && self.unit(k).kind == UnitKind::Battery {
                        self.unit_mut(k).morale = self.unit(k).morale.max(state);
                    }
                }
                let side = self.unit(retreating[0]).side;
                fx.public(
                    EventKind::Retreat,
                    format!("The {side} units in {hex} step aside into {to} (24.3)."),
                );
            }
            _ => {}
        }
    }

    /// The units in `hex` a rout-through would displace (not the retreating ones, not
    /// unlimbered artillery, which cannot displace).
    fn displacers(&self, hex: HexId, retreating: &[UnitKey]) -> Vec<UnitKey> {
        let side = retreating.first().map(|&k| self.unit(k).side);
        self.at(hex)
            .into_iter()
            .filter(|&k| Some(self.unit(k).side) == side && !retreating.contains(&k))
            .filter(|&k| {
                !(self.unit(k).kind == UnitKind::Battery
                    && self.unit(k).formation == Formation::Unlimbered)
            })
            .collect()
    }

    /// Where the units in `hex` may step aside to: adjacent hexes they may enter that are not
    /// in an enemy zone of control.
    pub(crate) fn displace_hexes(&self, hex: HexId, retreating: &[UnitKey]) -> Vec<HexId> {
        let movers = self.displacers(hex, retreating);
        let Some(&first) = movers.first() else {
            return Vec::new();
        };
        let side = self.unit(first).side;
        let map = crate::data::map();
        map.neighbours(hex, self.maps())
            .into_iter()
            .filter_map(|(_, h)| self.canonical(h))
            .filter(|&h| self.may_step(side, hex, h) && !self.in_enemy_zoc(h, side))
            .filter(|&h| self.fits_with(h, &movers))
            .collect()
    }

    /// True when `units` added to the stack in `hex` keep within the stacking limits (S12.0).
    fn fits_with(&self, hex: HexId, units: &[UnitKey]) -> bool {
        let (mut c, mut g) = self.stack_load(hex, None);
        for &k in units {
            if self.unit(k).hex() != Some(hex) {
                match self.unit(k).kind {
                    UnitKind::Brigade => c += u16::from(self.c_units(k)),
                    UnitKind::Battery => g += u16::from(self.unit(k).gun_points),
                    _ => {}
                }
            }
        }
        c <= STACK_C_UNITS && g <= STACK_GUN_POINTS
    }

    /// The answers to a rout-through question: step aside into each hex that can take the
    /// units, or stand fast — when the stack then keeps within the stacking limits, or the
    /// retreat goes on beyond the hex (the stacking is momentary), or there is no other way
    /// (**decision**: the retreat may not leave an over-stacked hex at rest when the units
    /// there can step aside; with no way out, the stack stands fast over-stacked, S12.0).
    pub(crate) fn rout_through_actions(&self, hex: HexId, retreating: &[UnitKey]) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .displace_hexes(hex, retreating)
            .into_iter()
            .map(|to| Action::Displace { to })
            .collect();
        let goes_on = self.decisions.get(1).is_some_and(|d| {
            matches!(d.question(), Question::Retreat { units, .. } if units.as_slice() == retreating)
        });
        let (c, g) = self.stack_load(hex, None);
        if goes_on || (c <= STACK_C_UNITS && g <= STACK_GUN_POINTS) || out.is_empty() {
            out.push(Action::StandFast);
        }
        out
    }

    /// Series 24.3: units stacking together share the worst state; Blood Lust is lost on
    /// stacking with units not in Blood Lust (it is the best state, so the worst covers it).
    pub(crate) fn share_worst_state(&mut self, units: &[UnitKey]) {
        let worst = units
            .iter()
            .filter(|&&k| self.unit(k).kind.is_combat())
            .map(|&k| self.unit(k).morale)
            .max();
        if let Some(w) = worst {
            for &k in units {
                if self.unit(k).kind.is_combat() {
                    self.unit_mut(k).morale = w;
                }
            }
        }
    }
}
