//! Resolving a round (S9.1-S9.5): the orders are revealed; for each engagement the Combat
//! Intensity Level comes from CIC A (one lower in Rain, 3.2c), each Line Position's strength
//! from its units (artillery on the Artillery Strength Multiplier Chart, Defender non-artillery
//! tripled in the mountains unless counterattacking, Attackers that crossed a Major River or
//! force marched halved, cavalry halved against anything but militia), the CIC B column from
//! the ratio (one column left for Defensible and Mountainous Areas unless the Defender
//! counterattacks), and the cell gives how many times each side rolls on the FCRT, in the
//! column of its strength shifted by the printed modifiers. All fire is simultaneous.

use adjutant_engine::Side;

use crate::actions::order_name;
use crate::data::charts::{
    CombatOrder, CombatStrength, DefenderOrder, FcrtGroup, FcrtResult, RatioColumn, StrengthBand,
};
use crate::data::map::Terrain;
use crate::data::{Charts, Map};
use crate::events::{EventKind, Fx};
use crate::model::battle::BattleStage;
pub use crate::model::battle::{EngagementResult, FireRoll};
use crate::model::counter::Kind;
use crate::model::game::MississippiFortress;
use crate::model::report::{CombatReport, Fire, LineReport, Losses, Modifier, Role};

use super::shifts::strength_steps;
pub use super::shifts::{StrengthCase, cic_a_shifts, cic_b_shifts, total, unit_strength};

/// S9.4b-c: the CIC B column, shifted one left for a Defensible or Mountainous Area unless
/// the Defender counterattacks (the shifts: [`cic_b_shifts`]).
pub fn cic_b_column(
    attacker: CombatStrength,
    defender: CombatStrength,
    terrain: Terrain,
    defender_order: CombatOrder,
) -> RatioColumn {
    RatioColumn::from_strengths(attacker, defender)
        .shifted(total(&cic_b_shifts(terrain, defender_order)))
}

/// S9.5d: one FCRT roll (and the extra roll of a "*", drawn only when needed).
pub fn fire_roll(
    group: FcrtGroup,
    band: StrengthBand,
    die: u8,
    reroll: impl FnOnce() -> u8,
) -> FireRoll {
    let charts = Charts::get();
    let result = charts
        .fcrt(group, band, die)
        .map_or(FcrtResult::NoEffect, |c| c.result);
    match result {
        FcrtResult::NoEffect => FireRoll {
            die,
            result: result.label(),
            reroll: None,
            loss: 0,
        },
        FcrtResult::Loss(n) => FireRoll {
            die,
            result: result.label(),
            reroll: None,
            loss: n,
        },
        FcrtResult::RollAgain => {
            let again = reroll();
            FireRoll {
                die,
                result: result.label(),
                reroll: Some(again),
                loss: charts.fcrt.reroll_loss(again),
            }
        }
    }
}

fn defender_order(order: CombatOrder) -> DefenderOrder {
    match order {
        CombatOrder::Withdraw => DefenderOrder::Withdraw,
        CombatOrder::Counterattack => DefenderOrder::Counterattack,
        _ => DefenderOrder::Stand,
    }
}

fn attacker_order(order: CombatOrder) -> crate::data::charts::AttackerOrder {
    use crate::data::charts::AttackerOrder;
    match order {
        CombatOrder::Diversion => AttackerOrder::Diversion,
        CombatOrder::Assault => AttackerOrder::Assault,
        _ => AttackerOrder::Advance,
    }
}

impl MississippiFortress {
    /// S9.3: what modifies each unit of `side`'s Line Position `line` engaged with
    /// `enemy_line`.
    fn line_cases(
        &self,
        side: Side,
        line: usize,
        order: CombatOrder,
        enemy_line: usize,
    ) -> Vec<StrengthCase> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let attacking = side == b.attacker;
        let mountainous = Map::get()
            .area(b.area)
            .is_some_and(|a| a.terrain == Terrain::Mountainous);
        let against_regulars = self
            .line_units(side.opponent(), enemy_line)
            .iter()
            .any(|&k| self.counters[k].kind != Kind::Militia);
        self.line_units(side, line)
            .into_iter()
            .map(|k| {
                let c = &self.counters[k];
                StrengthCase {
                    side,
                    kind: c.kind,
                    present: c.present(),
                    order,
                    attacking,
                    mountainous,
                    crossed_or_marched: c.rec.crossed_river || c.rec.force_marched,
                    against_regulars,
                }
            })
            .collect()
    }

    /// S9.3: the strength of `side`'s Line Position `line` engaged with `enemy_line`.
    pub fn line_strength(
        &self,
        side: Side,
        line: usize,
        order: CombatOrder,
        enemy_line: usize,
    ) -> CombatStrength {
        self.line_cases(side, line, order, enemy_line)
            .into_iter()
            .map(unit_strength)
            .sum()
    }

    /// S9.3a-d: the multipliers and halvings that applied to some unit of the Line Position,
    /// each named once (never per unit: a unit's present strength is secret).
    pub fn line_modifiers(
        &self,
        side: Side,
        line: usize,
        order: CombatOrder,
        enemy_line: usize,
    ) -> Vec<Modifier> {
        let mut out: Vec<Modifier> = Vec::new();
        for case in self.line_cases(side, line, order, enemy_line) {
            for step in strength_steps(case) {
                if !out.contains(&step.modifier) {
                    out.push(step.modifier);
                }
            }
        }
        out
    }

    /// A Line Position in a combat report, before its rating, FCRT column and rolls are
    /// known: side, role, number (1-3), order, strength in SP and its S9.3 modifiers.
    fn line_report(
        &self,
        side: Side,
        line: usize,
        order: CombatOrder,
        strength: CombatStrength,
        enemy_line: usize,
    ) -> LineReport {
        let band = StrengthBand::from_strength(strength);
        LineReport {
            side,
            role: if self.battle.as_ref().is_some_and(|b| b.attacker == side) {
                Role::Attacker
            } else {
                Role::Defender
            },
            line: u8::try_from(line + 1).unwrap_or(0),
            order,
            strength: sp_text(strength),
            modifiers: self.line_modifiers(side, line, order, enemy_line),
            rating: 0,
            strength_band: band,
            band,
            rolls: 0,
        }
    }

    /// S9.5c: the Attacker's and the Defender's FCRT column shifts in an engagement, netted
    /// (each with its reason: [`MississippiFortress::fcrt_shift_list`]).
    pub fn fcrt_shifts(&self, a: usize, d: usize, a_rating: u8, d_rating: u8) -> (i32, i32) {
        let shifts = self.fcrt_shift_list(a, d, a_rating, d_rating);
        let of = |role: Role| {
            shifts
                .iter()
                .filter(|s| s.side == Some(role))
                .map(|s| i32::from(s.by))
                .sum()
        };
        (of(Role::Attacker), of(Role::Defender))
    }

    /// S8.8c, S9.1-S9.5: the orders are revealed and every engagement fires.
    pub(crate) fn resolve_round(&mut self, fx: &mut Fx) {
        let rain = self.raining();
        let Some(b) = self.battle.as_mut() else {
            return;
        };
        b.orders_revealed = true;
        let (attacker, defender, area, round) = (b.attacker, b.defender(), b.area, b.round);
        let mut shown: Vec<String> = b
            .orders
            .iter()
            .map(|(s, l, o)| format!("{s} LP{}: {}", l + 1, o.map_or("no order", order_name)))
            .collect();
        shown.sort();
        fx.reveal();
        fx.public(
            EventKind::Battle,
            format!(
                "Battle in {}, round {round}: orders revealed: {}.",
                Self::area_name(area),
                if shown.is_empty() {
                    "none".to_string()
                } else {
                    shown.join("; ")
                }
            ),
        );
        let terrain = Map::get().area(area).map_or(Terrain::Clear, |a| a.terrain);
        let charts = Charts::get();
        let engagements: Vec<(usize, usize)> = (0..3)
            .filter_map(|a| b.engaged[a].map(|d| (a, usize::from(d))))
            .collect();
        let mut results = Vec::new();
        let mut reports = Vec::new();
        let mut to_defender = [0u8; 3];
        let mut to_attacker = [0u8; 3];
        for (a, d) in engagements {
            let Some(b) = &self.battle else { return };
            let a8 = u8::try_from(a).unwrap_or(0);
            let d8 = u8::try_from(d).unwrap_or(0);
            let a_order = b.order(attacker, a8).unwrap_or(CombatOrder::Advance);
            let d_order = b.order(defender, d8).unwrap_or(CombatOrder::Stand);
            let level = charts.cic_a.level_in_weather(
                defender_order(d_order),
                attacker_order(a_order),
                rain,
            );
            let a_str = self.line_strength(attacker, a, a_order, d);
            let d_str = self.line_strength(defender, d, d_order, a);
            let column = cic_b_column(a_str, d_str, terrain, d_order);
            let cell = charts
                .cic_b(level, column)
                .unwrap_or(crate::data::charts::CicBCell {
                    defender_fires: 0,
                    attacker_fires: 0,
                    status: crate::data::Provenance::Printed,
                });
            let a_rating = self.line_rating(attacker, a);
            let d_rating = self.line_rating(defender, d);
            let fcrt_shifts = self.fcrt_shift_list(a, d, a_rating, d_rating);
            let shift_of = |role: Role| {
                fcrt_shifts
                    .iter()
                    .filter(|s| s.side == Some(role))
                    .map(|s| i32::from(s.by))
                    .sum::<i32>()
            };
            let a_band = StrengthBand::from_strength(a_str).shifted(shift_of(Role::Attacker));
            let d_band = StrengthBand::from_strength(d_str).shifted(shift_of(Role::Defender));
            let mut attacker_rolls = Vec::new();
            for _ in 0..cell.attacker_fires {
                let die = fx.d6();
                let roll = fire_roll(a_order.fcrt_group(), a_band, die, || fx.d6());
                to_defender[d] = to_defender[d].saturating_add(roll.loss);
                attacker_rolls.push(roll);
            }
            let mut defender_rolls = Vec::new();
            for _ in 0..cell.defender_fires {
                let die = fx.d6();
                let roll = fire_roll(d_order.fcrt_group(), d_band, die, || fx.d6());
                to_attacker[a] = to_attacker[a].saturating_add(roll.loss);
                defender_rolls.push(roll);
            }
            let text = |rolls: &[FireRoll]| {
                if rolls.is_empty() {
                    "no fire".to_string()
                } else {
                    rolls
                        .iter()
                        .map(|r| match r.reroll {
                            Some(x) => format!("{} (* then {x}: {})", r.die, r.loss),
                            None => format!("{} ({})", r.die, r.result),
                        })
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            let sentence = format!(
                "{attacker} LP{} ({}, strength {}) against {defender} LP{} ({}, strength {}): Intensity {level}{}, column {}, cell {}; {attacker} fires on {}: {}; {defender} fires on {}: {}.",
                a + 1,
                order_name(a_order),
                sp_text(a_str),
                d + 1,
                order_name(d_order),
                sp_text(d_str),
                if rain { " (Rain)" } else { "" },
                column.label(),
                cell.label(),
                a_band.label(),
                text(&attacker_rolls),
                d_band.label(),
                text(&defender_rolls),
            );
            let fire = |by: Role, r: &FireRoll| Fire {
                by,
                die: r.die,
                reroll: r.reroll,
                result: r.result.clone(),
                loss: r.loss,
            };
            let sum = |rolls: &[FireRoll]| rolls.iter().fold(0u8, |n, r| n.saturating_add(r.loss));
            let report = CombatReport {
                area,
                round,
                intensity: level,
                rain,
                attacker: LineReport {
                    rating: a_rating,
                    band: a_band,
                    rolls: cell.attacker_fires,
                    ..self.line_report(attacker, a, a_order, a_str, d)
                },
                defender: LineReport {
                    rating: d_rating,
                    band: d_band,
                    rolls: cell.defender_fires,
                    ..self.line_report(defender, d, d_order, d_str, a)
                },
                ratio: RatioColumn::from_strengths(a_str, d_str),
                column,
                cell: cell.label(),
                shifts: [
                    cic_a_shifts(rain),
                    cic_b_shifts(terrain, d_order),
                    fcrt_shifts,
                ]
                .concat(),
                fire: attacker_rolls
                    .iter()
                    .map(|r| fire(Role::Attacker, r))
                    .chain(defender_rolls.iter().map(|r| fire(Role::Defender, r)))
                    .collect(),
                losses: Losses {
                    attacker: sum(&defender_rolls),
                    defender: sum(&attacker_rolls),
                },
            };
            fx.combat(sentence, report.clone());
            reports.push(report);
            results.push(EngagementResult {
                attacker_line: a8,
                defender_line: d8,
                attacker_order: a_order,
                defender_order: d_order,
                attacker_strength: a_str,
                defender_strength: d_str,
                level,
                column,
                cell: cell.label(),
                ratings: (a_rating, d_rating),
                bands: (a_band, d_band),
                attacker_rolls,
                defender_rolls,
            });
        }
        if let Some(b) = self.battle.as_mut() {
            b.results = results;
            b.reports = reports;
        }
        self.take_fire(attacker, to_attacker, fx);
        self.take_fire(defender, to_defender, fx);
        self.set_stage(BattleStage::Outcomes);
    }
}

/// A strength in SP, with its fraction: "7", "3.5", "1.25".
pub fn sp_text(s: CombatStrength) -> String {
    let whole = s.sixteenths() / 16;
    let frac = s.sixteenths() % 16;
    if frac == 0 {
        whole.to_string()
    } else {
        let f = f64::from(s.sixteenths()) / 16.0;
        let mut t = format!("{f:.4}");
        while t.ends_with('0') {
            t.pop();
        }
        t
    }
}
