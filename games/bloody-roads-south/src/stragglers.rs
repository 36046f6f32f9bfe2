//! Straggler checks (S21.1; reference 2.8.2): a die plus modifiers, limited to 1-8, on the
//! column of the brigade's straggler rating (rule 3.3c: 4/9 uses A); the result is steps lost
//! as stragglers. Rolled with the owner's secret dice (section 5).
//!
//! Used by the emergency retreat (S10.4) and forced march (S18, ½–1 then 1½+ table); the fire
//! rules use it after a result of ½ or more (the table by the result before rounding).

use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// The two straggler loss tables (S21.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StragglerTable {
    /// For a fire result of ½ or 1, an emergency retreat, the first forced-march step.
    HalfToOne,
    /// For a fire result of 1½ or more, the second forced-march step.
    OneAndHalfOrMore,
}

impl BloodyRoadsSouth {
    /// A straggler check of a brigade (S21.1): d6 of its owner's secret dice, +1 if
    /// Disorganized or hit through its flank (`flank`), +2 if Routed, a wrecked brigade, or at
    /// night (once), limited to 1-8, on its straggler rating's column. The steps are added to
    /// its stragglers (never beyond its loss chart) and returned. Artillery never straggles (0).
    pub(crate) fn straggler_check(
        &mut self,
        k: UnitKey,
        table: StragglerTable,
        flank: bool,
        fx: &mut Fx,
    ) -> u8 {
        let k = self.unit(k).part_of.unwrap_or(k);
        let u = self.unit(k);
        if u.kind != UnitKind::Brigade {
            return 0;
        }
        let side = u.side;
        let Some(b) = self.brigade_data(k) else {
            return 0;
        };
        let charts = &crate::data::charts().straggler;
        let drm = |key: &str| {
            charts
                .drm
                .iter()
                .find(|d| d.key == key)
                .map(|d| i32::from(d.value))
                .unwrap_or(0)
        };
        let mut modifier = 0;
        if flank || u.morale == MoraleState::Disorganized {
            modifier += drm("disorganized-mounted-or-flank");
        }
        if u.morale == MoraleState::Routed
            || self.brigade_wrecked(k, WreckCount::InPlay)
            || self.is_night()
        {
            modifier += drm("routed-wrecked-or-night");
        }
        let rating = b.straggler_morale();
        let steps_max = b.steps;
        let die = self.secret_d6(side, fx);
        let chart = match table {
            StragglerTable::HalfToOne => &charts.loss_half_to_one,
            StragglerTable::OneAndHalfOrMore => &charts.loss_one_and_half_or_more,
        };
        let modified = i32::from(die) + modifier;
        let steps = chart.steps(rating, modified);
        let u = self.unit(k);
        let room = steps_max.saturating_sub(u.casualties + u.stragglers);
        let steps = steps.min(room);
        self.unit_mut(k).stragglers += steps;
        let id = self.unit(k).id.clone();
        fx.private(
            EventKind::Straggler,
            side,
            format!(
                "Straggler check of {}: roll {die}{}, {steps} step{} of stragglers (21.1).",
                self.unit_name(side, &id),
                if modifier != 0 {
                    format!(" {modifier:+} = {}", modified.clamp(1, 8))
                } else {
                    String::new()
                },
                if steps == 1 { "" } else { "s" },
            ),
        );
        steps
    }
}
