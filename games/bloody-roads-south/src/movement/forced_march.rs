//! Forced march (series 18.0; reference 2.5).
//!
//! Infantry that began the phase in column (or entered the map in column this phase), and is
//! neither DG nor Routed, may take +2 MP after a straggler check on the ½–1 table, and then a
//! further +2 MP after a check on the 1½+ table (at most +4, `limits.toml`). A brigade that
//! force marched may not change to line this phase (`formation`). `ForceMarch` applies to
//! every such brigade of the moving group at once; the checks and their results are secret
//! (reference 5: straggler checks are the owner's).

use adjutant_engine::Side;

use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::moves::MovingGroup;
use crate::model::unit::{Formation, UnitKey, UnitKind};

use crate::stragglers::StragglerTable;

impl BloodyRoadsSouth {
    /// The brigades of a group that may force march now.
    pub(crate) fn force_marchers(&self, g: &MovingGroup) -> Vec<UnitKey> {
        let limits = &crate::data::charts().limits.forced_march;
        g.units
            .iter()
            .copied()
            .filter(|&k| {
                let u = self.unit(k);
                u.kind == UnitKind::Brigade
                    && u.formation == Formation::Column
                    && self.movement.column_at_start.contains(&k)
                    && !matches!(u.morale, MoraleState::Disorganized | MoraleState::Routed)
                    && u.marks.mp_bonus < 2 * u16::from(limits.max_extra_mp)
            })
            .collect()
    }

    /// Takes the next forced-march bonus for every brigade of the group that may.
    pub(crate) fn force_march(&mut self, side: Side, fx: &mut Fx) {
        let Some(g) = self.moving.clone() else {
            return;
        };
        let other = &crate::data::charts().movement.other;
        for k in self.force_marchers(&g) {
            let first = self.unit(k).marks.mp_bonus == 0;
            let (table, mp) = if first {
                (StragglerTable::HalfToOne, other.forced_march_first)
            } else {
                (StragglerTable::OneAndHalfOrMore, other.forced_march_second)
            };
            let lost = self.straggler_check(k, table, false, fx);
            let m = &mut self.unit_mut(k).marks;
            m.mp_bonus += 2 * u16::from(mp);
            let total = m.mp_bonus / 2;
            let name = self.group_member_name(k);
            fx.private(
                EventKind::Move,
                side,
                format!(
                    "{name} force marches: +{mp} MP (+{total} this phase) for {lost} step{} of stragglers (18.0).",
                    if lost == 1 { "" } else { "s" }
                ),
            );
        }
    }
}
