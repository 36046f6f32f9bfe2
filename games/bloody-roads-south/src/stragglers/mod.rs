//! Stragglers (S20.7, S21; reference 2.8): the straggler check (S21.1), recovery markers
//! (S21.2; rule 1.2f) and the recovery roll of the Rally Phase, and the return of eliminated
//! brigades through recovery (`returns`). Every die here is the owner's secret die (section 5:
//! straggler checks and recovery are seen by their owner only).
//!
//! Used by fire (a result of ½ or more, the table by the result before rounding), by the
//! emergency retreat (S10.4) and by forced march (S18: the ½–1 table, then the 1½+ table).

pub mod returns;

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::morale::MoraleState;
use crate::data::terrain::Terrain;
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

impl StragglerTable {
    /// The table for a fire result in halves, before rounding (S21.1): ½ and 1 read the ½–1
    /// table, 1½ and more the 1½+ table.
    pub fn for_result(halves: u16) -> StragglerTable {
        if halves <= 2 {
            StragglerTable::HalfToOne
        } else {
            StragglerTable::OneAndHalfOrMore
        }
    }
}

fn drm(key: &str) -> i32 {
    crate::data::charts()
        .straggler
        .drm
        .iter()
        .find(|d| d.key == key)
        .map(|d| i32::from(d.value))
        .unwrap_or(0)
}

impl BloodyRoadsSouth {
    /// The die roll modifier of a straggler check of `k` (S21.1): +1 if Disorganized or hit
    /// through its flank (`flank`, rule 1.2e included), +2 (once) if Routed, a wrecked brigade,
    /// or at night.
    pub fn straggler_drm(&self, k: UnitKey, flank: bool) -> i32 {
        let k = self.unit(k).part_of.unwrap_or(k);
        let morale = self.unit(k).morale;
        let mut m = 0;
        if flank || morale == MoraleState::Disorganized {
            m += drm("disorganized-mounted-or-flank");
        }
        if morale == MoraleState::Routed
            || self.brigade_wrecked(k, WreckCount::InPlay)
            || self.is_night()
        {
            m += drm("routed-wrecked-or-night");
        }
        m
    }

    /// A straggler check of a brigade (S21.1): d6 of its owner's secret dice plus
    /// [`Self::straggler_drm`], limited to 1-8, on its straggler rating's column (rule 3.3c:
    /// 4/9 uses A). The steps are added to its stragglers (never beyond its loss chart; a
    /// brigade whose every box is filled is eliminated) and returned. Artillery, leaders and
    /// other counters never straggle (0).
    pub fn straggler_check(
        &mut self,
        k: UnitKey,
        table: StragglerTable,
        flank: bool,
        fx: &mut Fx,
    ) -> u8 {
        let k = self.unit(k).part_of.unwrap_or(k);
        if self.unit(k).kind != UnitKind::Brigade {
            return 0;
        }
        let Some(b) = self.brigade_data(k) else {
            return 0;
        };
        let side = self.unit(k).side;
        let modifier = self.straggler_drm(k, flank);
        let charts = &crate::data::charts().straggler;
        let chart = match table {
            StragglerTable::HalfToOne => &charts.loss_half_to_one,
            StragglerTable::OneAndHalfOrMore => &charts.loss_one_and_half_or_more,
        };
        let die = self.secret_d6(side, fx);
        let modified = (i32::from(die) + modifier).clamp(1, 8);
        let steps = chart.steps(b.straggler_morale(), modified);
        let steps = self.add_stragglers(k, steps);
        let id = self.unit(k).id.clone();
        fx.private(
            EventKind::Straggler,
            side,
            format!(
                "Straggler check of {} ({} table): roll {die}{}, {steps} step{} of stragglers (21.1).",
                self.unit_name(side, &id),
                match table {
                    StragglerTable::HalfToOne => "½–1",
                    StragglerTable::OneAndHalfOrMore => "1½+",
                },
                if modifier != 0 {
                    format!(" {modifier:+} = {modified}")
                } else {
                    String::new()
                },
                if steps == 1 { "" } else { "s" },
            ),
        );
        self.settle_losses(k, fx);
        steps
    }

    /// Marks `steps` straggler steps on a brigade's loss chart (S20.7), never beyond its last
    /// box; returns the steps marked.
    pub(crate) fn add_stragglers(&mut self, k: UnitKey, steps: u8) -> u8 {
        let k = self.unit(k).part_of.unwrap_or(k);
        let Some(b) = self.brigade_data(k) else {
            return 0;
        };
        let u = self.unit(k);
        let room = b.steps.saturating_sub(u.casualties + u.stragglers);
        let steps = steps.min(room);
        self.unit_mut(k).stragglers += steps;
        steps
    }

    /// True when a brigade may carry a straggler recovery marker now (S21.2; rule 1.2f): it
    /// has stragglers, is at least 4 hexes from every enemy unit, in Normal morale (not even
    /// Blood Lust), in command radius, alone in its hex among combat units, not in a
    /// Wilderness hex (a hex with a road, trail or railroad found by its side is not
    /// Wilderness for this, 1.2a), and has not moved this phase.
    pub fn may_recover(&self, k: UnitKey) -> bool {
        let u = self.unit(k);
        let Some(hex) = u.hex() else {
            return false;
        };
        if u.kind != UnitKind::Brigade
            || u.part_of.is_some()
            || u.stragglers == 0
            || u.morale != MoraleState::Normal
            || u.marks.moved
            || !self.in_radius(k)
        {
            return false;
        }
        if self.recovery_wilderness(hex, u.side) {
            return false;
        }
        let others = self
            .at(hex)
            .into_iter()
            .any(|o| o != k && self.unit(o).kind.is_combat());
        if others {
            return false;
        }
        let min = u32::from(
            crate::data::charts()
                .straggler
                .recovery
                .min_distance_from_enemy,
        );
        self.distance_to_enemy(hex, u.side).is_none_or(|d| d >= min)
    }

    /// True when `hex` is a Wilderness hex for straggler recovery (rule 1.2f): Wilderness
    /// terrain without a road, trail or railroad found by `side` (1.2a).
    pub(crate) fn recovery_wilderness(&self, hex: HexId, side: Side) -> bool {
        crate::data::map().hex(hex).is_some_and(|h| {
            h.terrain == Terrain::Wilderness && !h.has_road_feature(self.railroad_found(side))
        })
    }

    /// The distance in hexes from `hex` to the nearest enemy combat unit of `side`'s enemy.
    pub fn distance_to_enemy(&self, hex: HexId, side: Side) -> Option<u32> {
        let map = crate::data::map();
        self.units()
            .iter()
            .filter(|u| u.side != side && u.kind.is_combat())
            .filter_map(|u| u.hex())
            .filter_map(|h| map.distance(hex, h))
            .min()
    }

    /// The Straggler Recovery segment (S21.2; reference 2.1 step 2.2): on an hour turn, a
    /// marker on every brigade of the phasing side that may recover (decision: placing one
    /// never hurts, so it is placed for the player); markers whose conditions fail are removed.
    pub(crate) fn place_recovery_markers(&mut self, side: Side, fx: &mut Fx) {
        let hour = self.turn().time.is_hour();
        let mut placed = Vec::new();
        for k in self.keys().collect::<Vec<_>>() {
            if self.unit(k).side != side {
                continue;
            }
            let ok = hour && self.may_recover(k);
            if ok && !self.unit(k).marks.recovering {
                placed.push(self.unit_name(side, &self.unit(k).id.clone()));
            }
            self.unit_mut(k).marks.recovering = ok;
        }
        if !placed.is_empty() {
            fx.private(
                EventKind::Straggler,
                side,
                format!(
                    "Straggler recovery markers placed on {} (21.2).",
                    placed.join(", ")
                ),
            );
        }
        if hour {
            self.place_return_markers(side, fx);
        }
    }

    /// The straggler recovery rolls of the Rally Phase (S21.2): a secret d6 per marked brigade
    /// whose conditions still hold (+2 at night, above 6 reads 6), the steps recovered from
    /// its own stragglers; every marker is then removed. Then the rolls of the eliminated
    /// brigades' return markers (`returns`).
    pub(crate) fn recovery_rolls(&mut self, side: Side, fx: &mut Fx) {
        let recovery = &crate::data::charts().straggler.recovery;
        for k in self.keys().collect::<Vec<_>>() {
            let u = self.unit(k);
            if u.side != side || !u.marks.recovering {
                continue;
            }
            self.unit_mut(k).marks.recovering = false;
            if !self.may_recover(k) {
                continue;
            }
            let Some(b) = self.brigade_data(k) else {
                continue;
            };
            let die = self.secret_d6(side, fx);
            let night = if self.is_night() {
                i32::from(recovery.night_drm)
            } else {
                0
            };
            let steps = recovery
                .steps(b.straggler_morale(), i32::from(die) + night)
                .min(self.unit(k).stragglers);
            self.unit_mut(k).stragglers -= steps;
            self.settle_losses(k, fx);
            let id = self.unit(k).id.clone();
            fx.private(
                EventKind::Straggler,
                side,
                format!(
                    "Straggler recovery of {}: roll {die}{}, {steps} step{} recovered (21.2).",
                    self.unit_name(side, &id),
                    if night != 0 {
                        format!(" {night:+}")
                    } else {
                        String::new()
                    },
                    if steps == 1 { "" } else { "s" },
                ),
            );
        }
        self.return_rolls(side, fx);
    }
}
