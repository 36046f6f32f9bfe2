//! The facings, formations and extended lines a player chooses at set-up (rules 6.0, 6.0h;
//! series 11, 13, 17; reference 6.0 "set-up procedure", 5.2).
//!
//! **Decision.** They are typed parameters of `FinishSetUp`, not actions of their own: the
//! number of set-up actions is then the number of counters to place and never tells the
//! opponent how many stacks were turned, which (perhaps hidden) units set up in column or
//! limbered, or which brigades extended. A client stages them and sends them with the last
//! action. Each entry is checked whole on arrival, in this order: a formation a brigade (line
//! or column) or a battery (unlimbered or limbered) of his on the map may take, at most one a
//! unit (a printed road column's units only column or limbered); an extended line as `Extend` would allow it (`extensions`); a facing for a hex
//! holding one of the player's stacks (a part's included), at most one a hex. A bad entry
//! refuses the whole `FinishSetUp`, naming it, and nothing changes.

use adjutant_engine::Side;

use crate::model::action::{SetUpExtension, SetUpFacing, SetUpFormation};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::refusal::Refusal;

impl BloodyRoadsSouth {
    /// Checks a set-up's facings, formations and extended lines whole (module docs), on a copy
    /// of the game: nothing changes.
    pub(crate) fn check_setup_choices(
        &self,
        side: Side,
        facings: &[SetUpFacing],
        formations: &[SetUpFormation],
        extensions: &[SetUpExtension],
    ) -> Result<(), Refusal> {
        self.clone()
            .setup_choices(side, facings, formations, extensions)
    }

    /// Makes a set-up's choices, each entry checked as it comes (module docs): the
    /// formations, then the extended lines (which need a brigade in line), then the facings
    /// (a part's hex may be faced). The first bad entry stops it with its refusal, so the
    /// engine calls it on a copy first ([`Self::check_setup_choices`]).
    pub(crate) fn setup_choices(
        &mut self,
        side: Side,
        facings: &[SetUpFacing],
        formations: &[SetUpFormation],
        extensions: &[SetUpExtension],
    ) -> Result<(), Refusal> {
        for (i, f) in formations.iter().enumerate() {
            let Some(k) = self
                .setup_unit(side, f)
                .filter(|&k| may_take(self.unit(k).kind, f.formation))
            else {
                return Err(Refusal::CannotForm {
                    unit: f.unit.clone(),
                    formation: f.formation,
                });
            };
            if self.in_road_column(side, &f.unit)
                && !matches!(f.formation, Formation::Column | Formation::Limbered)
            {
                return Err(Refusal::InRoadColumn {
                    unit: f.unit.clone(),
                    formation: f.formation,
                });
            }
            if formations[..i].iter().any(|e| e.unit == f.unit) {
                return Err(Refusal::FormedTwice {
                    unit: f.unit.clone(),
                });
            }
            self.unit_mut(k).formation = f.formation;
        }
        for e in extensions {
            let (k, hex) = self
                .setup_extension(side, e)
                .map_err(|why| Refusal::CannotExtend {
                    unit: e.unit.clone(),
                    hex: e.hex,
                    why,
                })?;
            self.make_part(k, hex);
        }
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
            for k in self.at(f.hex) {
                if self.unit(k).side == side {
                    self.unit_mut(k).facing = f.facing;
                }
            }
        }
        Ok(())
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
