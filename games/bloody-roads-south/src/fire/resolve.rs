//! Resolving one fire (S20.0 steps 3-11; reference 2.7 steps 3-11; BRS 1.2e, 2.4): the
//! column and its shifts, the roll, accidental flank fire, the result, casualties, Low Ammo,
//! leader loss, the straggler check and the morale check. The Fire Combat Phase, fire drawn
//! outside it and the two fires of a close combat all come here.
//!
//! **Dice.** Every fire draws exactly three of the shared dice, the two fire dice and the die
//! that rounds a ½ result (used only when the result has a half), so that the number of
//! shared dice never depends on a secret (section 5: a spectator sees only the roll). Leader
//! loss, straggler and morale dice are the target owner's secret dice.
//!
//! **Who reads what** (section 5): the firer reads the fire points, the column, every shift
//! with its reason, the roll and the result; the target's owner the roll and the result (and,
//! privately, his losses and checks); spectators the roll only. The +2 shift names its reasons
//! together ("column, limbered, flank, DG or Routed"), as a player announces it; when neither
//! the target's face (column, limbered) nor the geometry (flank) explains it, the firer has
//! learnt that the target is DG or Routed, and the action is a reveal. Accidental flank fire
//! (the target is Shaken or DG) and breastworks beneath the top counter reveal likewise.

use adjutant_engine::Side;

use crate::data::HexId;
use crate::data::charts::fire::FireResult;
use crate::data::morale::MoraleState;
use crate::events::{EventKind, Fx};
use crate::geometry::is_flank_fire;
use crate::model::decision::RetreatCause;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::morale::check::MoraleContext;
use crate::stragglers::StragglerTable;

/// What kind of fire it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VolleyKind {
    /// Fire of the Fire Combat Phase (S20).
    Phase,
    /// Fire drawn outside the Fire Combat Phase (S14.1a, S15.0); `worse_formation`: the
    /// target counts as in column or limbered (a formation change, unlimbering).
    Drawn {
        /// The target counts as in column or limbered.
        worse_formation: bool,
    },
    /// One side's fire in a close combat (S23: the close-combat column, no morale check);
    /// `defender_flanked`: the defender's fire when attacked through its flank (−3).
    CloseCombat {
        /// The defender was attacked through its flank or rear.
        defender_flanked: bool,
    },
}

/// What a fire did, for the rules that follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VolleyOutcome {
    /// The result read on the table (`None`: no fire points, nothing happened).
    pub result: Option<FireResult>,
    /// Casualty steps taken.
    pub steps: u8,
    /// Flank modifiers apply to the checks (flank fire, or accidental flank fire, 1.2e).
    pub flank: bool,
    /// BRS 2.4 breastworks protected the target.
    pub breastworks: bool,
}

fn shift(key: &str) -> i32 {
    i32::from(crate::data::charts().fire.shift_columns(key).unwrap_or(0))
}

impl BloodyRoadsSouth {
    /// Resolves the fire of `firers` at the stack in `target` (at its artillery when
    /// `at_artillery`), applying every step of reference 2.7 but the bookkeeping of the Fire
    /// Combat Phase (which units fired, which hexes were targeted).
    pub(crate) fn resolve_volley(
        &mut self,
        firers: &[UnitKey],
        target: HexId,
        at_artillery: bool,
        kind: VolleyKind,
        fx: &mut Fx,
    ) -> VolleyOutcome {
        let nothing = VolleyOutcome {
            result: None,
            steps: 0,
            flank: false,
            breastworks: false,
        };
        let hit = if at_artillery {
            self.artillery_beneath(target)
                .or_else(|| self.fire_target_unit(target))
        } else {
            self.fire_target_unit(target)
        };
        let (Some(hit), Some(&first)) = (hit, firers.first()) else {
            return nothing;
        };
        let map = crate::data::map();
        let charts = &crate::data::charts().fire;
        let firer_side = self.unit(first).side;
        let target_side = self.unit(hit).side;
        let close = matches!(kind, VolleyKind::CloseCombat { .. });
        let top = self.unit(hit).clone();
        let target_is_guns = matches!(top.kind, UnitKind::Battery | UnitKind::Wagon);
        let points = self.fire_points(firers, target, target_is_guns, close);
        let mut hexes: Vec<HexId> = firers.iter().filter_map(|&k| self.unit(k).hex()).collect();
        hexes.sort();
        hexes.dedup();
        let from = hexes
            .iter()
            .map(|h| h.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let Some(halves) = points.halves_for_table() else {
            return nothing;
        };
        let table = &charts.table;
        let base = table.column(halves).unwrap_or(0);

        // Column shifts (reference 2.7 step 3), each once.
        let target_cell = map.cell(target);
        let flank = hexes.iter().any(|&h| match (map.cell(h), target_cell) {
            (Some(a), Some(b)) => is_flank_fire(a, b, top.facing),
            _ => false,
        });
        let worse_formation = matches!(
            kind,
            VolleyKind::Drawn {
                worse_formation: true
            }
        );
        let face_bad = top.formation.is_road_formation() || worse_formation;
        let state_bad = matches!(top.morale, MoraleState::Disorganized | MoraleState::Routed);
        let mut shifts: Vec<(i32, &str)> = Vec::new();
        if self.is_night() {
            shifts.push((shift("night"), "night"));
        }
        if points.low_ammo {
            shifts.push((shift("low-ammo"), "Low Ammo"));
        }
        if face_bad || flank || state_bad {
            shifts.push((
                shift("column-limbered-flank-dg-routed"),
                "target in column, limbered, flank, DG or Routed",
            ));
            if !face_bad && !flank {
                fx.reveal();
            }
        }
        if let VolleyKind::CloseCombat {
            defender_flanked: true,
        } = kind
        {
            shifts.push((
                shift("close-combat-flank-defender"),
                "defender attacked through its flank",
            ));
        }
        let total: i32 = shifts.iter().map(|s| s.0).sum();
        let column = table.shifted(base, total);

        // The roll (step 4), BRS 2.4 breastworks and BRS 1.2e accidental flank fire (step 5).
        let (d1, d2, rounding) = (self.shared_d6(fx), self.shared_d6(fx), self.shared_d6(fx));
        let natural = d1 + d2;
        let guns_here = self.at(target).into_iter().any(|k| {
            let u = self.unit(k);
            u.side == target_side
                && u.kind == UnitKind::Battery
                && u.formation == Formation::Unlimbered
        });
        let mut breastworks = guns_here && !flank;
        let afr = &charts.accidental_flank_fire;
        let accidental = matches!(top.morale, MoraleState::Shaken | MoraleState::Disorganized)
            && self.wilderness_for(target, target_side)
            && afr.rolls.contains(&natural);
        let mut final_column = column;
        if accidental {
            final_column = table.shifted(column, i32::from(afr.columns));
            breastworks = false;
            fx.reveal();
        } else if breastworks && self.unit(hit).kind != UnitKind::Battery {
            fx.reveal();
        }
        let roll = if breastworks { natural - 1 } else { natural }.clamp(2, 12);
        let result = table
            .result(final_column, roll)
            .unwrap_or(FireResult::NoEffect);

        // The result (step 6): casualties, a ½ rounded by the third die.
        let (steps, rounding_words) = match result {
            FireResult::Casualties(h) => {
                let up = h.has_half() && charts.half_rounding.up_on.contains(&rounding);
                let steps = h.whole() as u8 + u8::from(up);
                let words = if h.has_half() {
                    format!(
                        " (the ½ rounded {} on a {rounding})",
                        if up { "up" } else { "down" }
                    )
                } else {
                    String::new()
                };
                (steps, words)
            }
            _ => (0, String::new()),
        };

        // The sentences (section 5).
        let side_word = firer_side.to_string();
        let dice = format!("roll {d1}+{d2} = {natural}");
        let public = format!("{side_word} fire from {from} at {target}: {dice}.");
        let mut roll_words = dice.clone();
        if breastworks {
            roll_words.push_str(&format!(", −1 for breastworks (2.4) = {roll}"));
        }
        if accidental {
            roll_words.push_str(&format!(
                "; natural {natural}: accidental flank fire (1.2e), column {}",
                table.columns[final_column]
            ));
        }
        let shift_words = if shifts.is_empty() {
            "no shifts".to_string()
        } else {
            shifts
                .iter()
                .map(|(n, why)| format!("{n:+} {why}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let aim = if at_artillery {
            " (at its artillery)"
        } else {
            ""
        };
        let firer_text = format!(
            "{side_word} fire from {from} at {target}{aim}: {} fire points, column {}; {shift_words}: column {}; {roll_words}. Result: {result}{rounding_words}.",
            points.words(),
            table.columns[base],
            table.columns[column],
        );
        let target_text = format!(
            "{side_word} fire from {from} at {target}{aim}: {roll_words}. Result: {result}{rounding_words}."
        );
        let (union, confederate) = match firer_side {
            Side::Union => (Some(firer_text), Some(target_text)),
            Side::Confederate => (Some(target_text), Some(firer_text)),
        };
        fx.each(EventKind::Fire, public, union, confederate);

        // Casualties (step 6), Low Ammo (step 7), leader loss (step 8).
        let taken = if steps > 0 {
            self.take_casualties(target, hit, steps, fx)
        } else {
            0
        };
        if charts.table.low_ammo_rolls.contains(&natural) {
            for &k in &points.small_arms {
                self.unit_mut(k).low_ammo = true;
            }
            if !points.small_arms.is_empty() {
                fx.private(
                    EventKind::Supply,
                    firer_side,
                    format!("Natural {natural}: the firing brigades are Low Ammo (20.0, 28)."),
                );
            }
        }
        self.mark_fired_on(target, !points.small_arms.is_empty());
        if taken > 0 {
            self.leader_loss(target, target_side, fx);
        }

        // Straggler check (step 9), by the top non-artillery unit.
        let flank_checks = flank || accidental;
        if let FireResult::Casualties(h) = result
            && let Some(checker) = self.at(target).into_iter().find(|&k| {
                self.unit(k).side == target_side && self.unit(k).kind == UnitKind::Brigade
            })
        {
            self.straggler_check(checker, StragglerTable::for_result(h.0), flank_checks, fx);
        }

        // Morale check (step 10), never from the fire of a close combat.
        if !close && result != FireResult::NoEffect {
            let rows_up = match result {
                FireResult::MoraleCheck(n) => i32::from(n),
                _ => 0,
            };
            let units = self.stack_of(target, target_side);
            if !units.is_empty() {
                let ctx = MoraleContext {
                    rows_up,
                    flank: flank_checks,
                    breastworks,
                    close_combat: None,
                    away_from: hexes[0],
                    cause: RetreatCause::Morale,
                };
                self.morale_check(&units, &ctx, fx);
            }
        }
        VolleyOutcome {
            result: Some(result),
            steps: taken,
            flank: flank_checks,
            breastworks,
        }
    }

    /// Every counter of `side` in `hex`, top first: the stack that checks morale and retreats
    /// together (S24.2: the result applies to the whole stack).
    pub fn stack_of(&self, hex: HexId, side: Side) -> Vec<UnitKey> {
        self.at(hex)
            .into_iter()
            .filter(|&k| self.unit(k).side == side)
            .collect()
    }
}
