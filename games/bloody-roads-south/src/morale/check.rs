//! Morale checks (series 24.2, 24.2c, 25.3a; reference 2.10.2-2.10.4; BRS 2.4): the row of the
//! top unit's rating, the row shifts (each line once, rows kept on the table), a d66 of the
//! owner's secret dice, the result applied to the whole stack by the additive effects of
//! 24.4; Blood Lust stacks roll 2d6 read as d66 with no modifiers instead.
//!
//! **Decision** (the `*` retreats): a stack that may ignore a `*` retreat — one holding
//! unlimbered artillery and other units, or behind BRS 2.4 breastworks — always ignores it, as
//! a player would: staying keeps the guns unlimbered and the protection of the works, while
//! retreating would limber the guns (with a Gun Loss roll next to the enemy) and give up the
//! hex. So no question is asked.
//!
//! The check and its result are the owner's secret (section 5); the opponent learns only what
//! moves on the map (the retreat, stragglers never).

use crate::data::HexId;
use crate::data::charts::morale::MoraleResult;
use crate::data::formation::Formation as OobFormation;
use crate::data::morale::{MoraleRating, MoraleState};
use crate::events::{EventKind, Fx};
use crate::model::decision::RetreatCause;
use crate::model::game::BloodyRoadsSouth;
use crate::model::unit::{Formation, UnitKey, UnitKind};
use crate::victory::wrecks::WreckCount;

/// A side's part in a close combat (series 23), for its morale checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseCombatRole {
    /// The attacker (−6 rows).
    Attacker,
    /// The defender (−4 rows).
    Defender,
}

/// Why a stack checks morale, and what follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoraleContext {
    /// Rows UP from the fire result (`m-1`: 1, `m-2`: 2).
    pub rows_up: i32,
    /// Fired on through the flank (or accidental flank fire, 1.2e): −6 rows.
    pub flank: bool,
    /// Protected by BRS 2.4 breastworks: +1 row, `*` retreats ignored.
    pub breastworks: bool,
    /// A check of a close combat (series 23 step D/E).
    pub close_combat: Option<CloseCombatRole>,
    /// The hex the threat comes from (retreats go away from it).
    pub away_from: HexId,
    /// Why a retreat would be made.
    pub cause: RetreatCause,
}

impl MoraleContext {
    /// A plain check after fire from `away_from`.
    pub fn after_fire(away_from: HexId) -> MoraleContext {
        MoraleContext {
            rows_up: 0,
            flank: false,
            breastworks: false,
            close_combat: None,
            away_from,
            cause: RetreatCause::Morale,
        }
    }
}

/// What a morale check did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoraleOutcome {
    /// The Morale Table result (`None` for a Blood Lust check or no check).
    pub result: Option<MoraleResult>,
    /// Hexes of retreat ordered (0 when none or ignored).
    pub retreat: u8,
}

fn rows(key: &str) -> i32 {
    i32::from(crate::data::charts().morale.shift_rows(key).unwrap_or(0))
}

impl BloodyRoadsSouth {
    /// The leader of a stack whose rating shifts its morale (series 25.3a): the senior active
    /// leader among `units` (army commander, then corps, then division; then by rating).
    pub fn senior_leader(&self, units: &[UnitKey]) -> Option<UnitKey> {
        units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).kind == UnitKind::Leader && self.unit(k).on_map())
            .max_by_key(|&k| {
                let rank = match self.leader_command(k).and_then(|f| {
                    crate::data::order_of_battle()
                        .side(self.unit(k).side)
                        .formation(&f)
                }) {
                    Some(OobFormation::Army(_)) => 3,
                    Some(OobFormation::Corps(_)) => 2,
                    Some(OobFormation::Division(_)) => 1,
                    None => 0,
                };
                let rating = self.leader_data(k).map(|l| l.rating).unwrap_or(0);
                (rank, rating, std::cmp::Reverse(k))
            })
    }

    /// The rating whose row a stack checks on (series 24.2: the top combat unit's; artillery
    /// on top counts as C) and the row shifts with their reasons (positive = up).
    pub fn morale_shifts(
        &self,
        units: &[UnitKey],
        ctx: &MoraleContext,
    ) -> Option<(MoraleRating, Vec<(i32, &'static str)>)> {
        let top = units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).kind.is_combat())
            .max_by_key(|&k| self.unit(k).z)?;
        let t = self.unit(top);
        let rating = match t.kind {
            UnitKind::Brigade => self.brigade_data(top).map(|b| b.morale)?,
            _ => MoraleRating::C,
        };
        let mut s: Vec<(i32, &'static str)> = Vec::new();
        match ctx.rows_up {
            0 => {}
            1 => s.push((1, "fire result m-1")),
            _ => s.push((2, "fire result m-2")),
        }
        let guns = units.iter().any(|&k| {
            let u = self.unit(k);
            u.kind == UnitKind::Battery && u.formation == Formation::Unlimbered
        });
        let troops = units
            .iter()
            .any(|&k| self.unit(k).kind == UnitKind::Brigade);
        if guns && troops {
            s.push((
                rows("with-unlimbered-artillery"),
                "stacked with unlimbered artillery",
            ));
        }
        if ctx.breastworks {
            s.push((rows("breastworks"), "breastworks (2.4)"));
        }
        if let Some(l) = self.senior_leader(units)
            && let Some(d) = self.leader_data(l)
            && d.morale_shift() != 0
        {
            s.push((i32::from(d.morale_shift()), "leader in the hex"));
        }
        if t.low_ammo {
            s.push((rows("low-ammo"), "Low Ammo"));
        }
        match t.morale {
            MoraleState::Shaken => s.push((rows("shaken"), "Shaken")),
            MoraleState::Disorganized => s.push((rows("disorganized"), "DG")),
            MoraleState::Routed => s.push((rows("routed"), "Routed")),
            _ => {}
        }
        if self.is_night() {
            s.push((rows("night"), "night"));
        }
        let parent = t.part_of.unwrap_or(top);
        if self.brigade_wrecked(parent, WreckCount::InPlay) {
            let b = self.brigade_data(parent);
            let special = b.is_some_and(|b| !b.counts_for_division_wreck());
            let division_wrecked = b
                .and_then(|b| b.division.clone())
                .is_some_and(|d| self.division_wrecked(t.side, &d, WreckCount::InPlay));
            if special || division_wrecked {
                s.push((
                    rows("wrecked-brigade-of-wrecked-division"),
                    "wrecked brigade of a wrecked division",
                ));
            } else {
                s.push((rows("wrecked-brigade"), "wrecked brigade"));
            }
        }
        match ctx.close_combat {
            Some(CloseCombatRole::Defender) => {
                s.push((rows("close-combat-defender"), "close combat defender"))
            }
            Some(CloseCombatRole::Attacker) => {
                s.push((rows("close-combat-attacker"), "close combat attacker"))
            }
            None => {}
        }
        if t.formation.is_road_formation() || ctx.flank {
            s.push((rows("column-limbered-flank"), "column, limbered or flank"));
        }
        Some((rating, s))
    }

    /// True when a stack may ignore a `*` retreat (series 24.2: stacked with unlimbered
    /// artillery; BRS 2.4: behind breastworks).
    fn may_ignore_retreat(&self, units: &[UnitKey], ctx: &MoraleContext) -> bool {
        let guns = units.iter().any(|&k| {
            let u = self.unit(k);
            u.kind == UnitKind::Battery && u.formation == Formation::Unlimbered
        });
        let troops = units
            .iter()
            .any(|&k| self.unit(k).kind == UnitKind::Brigade);
        (guns && troops) || ctx.breastworks
    }

    /// Series 24.2: the stack `units` (top first) checks morale. The result applies to every
    /// combat unit of it (additive effects, 24.4); stragglers fall on its top brigade (24.2e);
    /// a retreat is asked of the owner hex by hex (`morale::retreat`). A routed brigade with an
    /// extended line collapses first (S17.2a, `morale::extended`).
    pub fn morale_check(
        &mut self,
        units: &[UnitKey],
        ctx: &MoraleContext,
        fx: &mut Fx,
    ) -> MoraleOutcome {
        let none = MoraleOutcome {
            result: None,
            retreat: 0,
        };
        let combat: Vec<UnitKey> = units
            .iter()
            .copied()
            .filter(|&k| self.unit(k).kind.is_combat() && self.unit(k).on_map())
            .collect();
        let Some(&top) = combat.iter().max_by_key(|&&k| self.unit(k).z) else {
            return none;
        };
        let side = self.unit(top).side;
        let hex = self.unit(top).hex();
        let where_ = hex.map(|h| format!(" in {h}")).unwrap_or_default();
        if self.unit(top).morale == MoraleState::BloodLust {
            // Series 24.2c: 2d6 read as d66, no modifiers.
            let (a, b) = self.secret_2d6(side, fx);
            let d66 = a * 10 + b;
            let check = &crate::data::charts().morale.blood_lust_check;
            let removed = check.blood_lust_removed.contains(d66);
            if removed {
                for &k in &combat {
                    if self.unit(k).morale == MoraleState::BloodLust {
                        self.unit_mut(k).morale = MoraleState::Normal;
                    }
                }
            }
            fx.private(
                EventKind::Morale,
                side,
                format!(
                    "Blood Lust check of the stack{where_}: d66 {d66}, {} (24.2c).",
                    if removed {
                        "Blood Lust lost"
                    } else {
                        "no effect"
                    }
                ),
            );
            return none;
        }
        let Some((rating, shifts)) = self.morale_shifts(units, ctx) else {
            return none;
        };
        let total: i32 = shifts.iter().map(|s| s.0).sum();
        let table = &crate::data::charts().morale.table;
        let row = table.row_for(rating, total);
        let (a, b) = self.secret_2d6(side, fx);
        let d66 = a * 10 + b;
        let result = table.result(row, d66).unwrap_or(MoraleResult::NoEffect);
        if let Some(state) = result.state() {
            for &k in &combat {
                self.add_morale(k, state);
            }
        }
        let mut straggled = 0;
        let mut left = result.stragglers();
        for &k in &combat {
            if left == 0 {
                break;
            }
            if self.unit(k).kind == UnitKind::Brigade {
                let n = self.add_stragglers(k, left);
                straggled += n;
                left -= n;
            }
        }
        let ignored = result.retreat_may_be_ignored() && self.may_ignore_retreat(units, ctx);
        let retreat = if ignored { 0 } else { result.retreat() };
        let shift_words = if shifts.is_empty() {
            "no shifts".to_string()
        } else {
            shifts
                .iter()
                .map(|(n, why)| format!("{n:+} {why}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let column = &table.columns[MoraleResult::COLUMNS
            .iter()
            .position(|&c| c == result)
            .unwrap_or(1)];
        fx.private(
            EventKind::Morale,
            side,
            format!(
                "Morale check of the stack{where_}: rating {rating} (row {}), {shift_words}: row {row}; d66 {d66}: {column}{}{} (24.2).",
                rating.morale_table_row(),
                if straggled > 0 {
                    format!(", {straggled} step{} of stragglers", if straggled == 1 { "" } else { "s" })
                } else {
                    String::new()
                },
                if ignored { "; the retreat is ignored" } else { "" },
            ),
        );
        // S17.2a: a routed part collapses its brigade before the losses settle and the stack
        // retreats (a collapsed part's stragglers are on the brigade's chart all the same).
        self.collapse_routed_lines(fx);
        for &k in &combat {
            let u = self.unit(k);
            let k = u.part_of.filter(|_| !u.on_map()).unwrap_or(k);
            self.settle_losses(k, fx);
        }
        if retreat > 0 {
            let movers: Vec<UnitKey> = units
                .iter()
                .copied()
                .filter(|&k| self.unit(k).on_map())
                .collect();
            self.begin_retreat(&movers, retreat, ctx.away_from, ctx.cause, fx);
        }
        MoraleOutcome {
            result: Some(result),
            retreat,
        }
    }
}
