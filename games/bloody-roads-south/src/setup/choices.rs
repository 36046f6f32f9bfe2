//! The facings and formations a player chooses at set-up (rules 6.0; series 11, 13; reference
//! 6.0 "set-up procedure", 5.2).
//!
//! **Decision.** They are typed parameters of `FinishSetUp`, not actions of their own: the
//! number of set-up actions is then the number of counters to place and never tells the
//! opponent how many stacks were turned or which (perhaps hidden) units set up in column or
//! limbered. A client stages them and sends them with the last action. Each entry is checked
//! whole on arrival: a facing for a hex holding one of the player's stacks, at most one a hex;
//! a formation a brigade (line or column) or a battery (unlimbered or limbered) of his on the
//! map may take, at most one a unit. A bad entry refuses the whole `FinishSetUp`.

use adjutant_engine::Side;

use crate::model::action::{SetUpFacing, SetUpFormation};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::refusal::Refusal;

impl BloodyRoadsSouth {
    /// Checks a set-up's facings and formations whole (module docs).
    pub(crate) fn check_setup_choices(
        &self,
        side: Side,
        facings: &[SetUpFacing],
        formations: &[SetUpFormation],
    ) -> Result<(), Refusal> {
        for (i, f) in facings.iter().enumerate() {
            let own = self
                .at(f.hex)
                .first()
                .is_some_and(|&k| self.unit(k).side == side);
            if !own {
                return Err(Refusal::NoStackToFace { hex: f.hex });
            }
            if facings[..i].iter().any(|e| e.hex == f.hex) {
                return Err(Refusal::FacedTwice { hex: f.hex });
            }
        }
        for (i, f) in formations.iter().enumerate() {
            let fits = self
                .setup_unit(side, f)
                .is_some_and(|k| may_take(self.unit(k).kind, f.formation));
            if !fits {
                return Err(Refusal::CannotForm {
                    unit: f.unit.clone(),
                    formation: f.formation,
                });
            }
            if formations[..i].iter().any(|e| e.unit == f.unit) {
                return Err(Refusal::FormedTwice {
                    unit: f.unit.clone(),
                });
            }
        }
        Ok(())
    }

    /// Applies checked facings and formations.
    pub(crate) fn apply_setup_choices(
        &mut self,
        side: Side,
        facings: &[SetUpFacing],
        formations: &[SetUpFormation],
    ) {
        for f in facings {
            for k in self.at(f.hex) {
                if self.unit(k).side == side {
                    self.unit_mut(k).facing = f.facing;
                }
            }
        }
        for f in formations {
            if let Some(k) = self.setup_unit(side, f) {
                self.unit_mut(k).formation = f.formation;
            }
        }
    }

    /// The counter of `side` on the map a formation entry names.
    fn setup_unit(&self, side: Side, f: &SetUpFormation) -> Option<UnitKey> {
        self.key(side, &f.unit).filter(|&k| self.unit(k).on_map())
    }
}

/// The formations a kind of counter may take at set-up (series 11, 26).
fn may_take(kind: UnitKind, formation: Formation) -> bool {
    matches!(
        (kind, formation),
        (UnitKind::Brigade, Formation::Line | Formation::Column)
            | (
                UnitKind::Battery,
                Formation::Unlimbered | Formation::Limbered
            )
    )
}
