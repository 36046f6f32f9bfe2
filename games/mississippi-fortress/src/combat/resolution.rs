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

/// What modifies one unit's strength in a round (S9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthCase {
    /// The unit's side.
    pub side: Side,
    /// Its kind.
    pub kind: Kind,
    /// Present strength.
    pub present: u8,
    /// Its Line Position's order.
    pub order: CombatOrder,
    /// It belongs to the Attacker.
    pub attacking: bool,
    /// The battle Area is Mountainous.
    pub mountainous: bool,
    /// It crossed a Major River or force marched this turn (S8.2e).
    pub crossed_or_marched: bool,
    /// The Line Position it is engaged with holds a unit other than militia infantry.
    pub against_regulars: bool,
}

/// S9.3: the strength one unit adds to its Line Position.
pub fn unit_strength(case: StrengthCase) -> CombatStrength {
    let charts = Charts::get();
    let m = charts.cic_b.modifiers;
    let mut s = CombatStrength::from_sp(u32::from(case.present));
    if case.kind == Kind::Artillery {
        s = s.times(u32::from(
            charts.artillery_multiplier(case.side, case.order),
        ));
    } else if !case.attacking && case.mountainous && case.order != CombatOrder::Counterattack {
        s = s.times(u32::from(m.mountain_defender_factor));
    }
    if case.attacking && case.crossed_or_marched {
        s = divided(s, m.crossed_or_force_marched_divisor);
    }
    if case.kind == Kind::Cavalry && case.against_regulars {
        s = divided(s, m.cavalry_divisor);
    }
    s
}

fn divided(s: CombatStrength, divisor: u8) -> CombatStrength {
    CombatStrength::from_sixteenths(s.sixteenths() / u32::from(divisor.max(1)))
}

/// S9.4b-c: the CIC B column, shifted one left for a Defensible or Mountainous Area unless
/// the Defender counterattacks.
pub fn cic_b_column(
    attacker: CombatStrength,
    defender: CombatStrength,
    terrain: Terrain,
    defender_order: CombatOrder,
) -> RatioColumn {
    let column = RatioColumn::from_strengths(attacker, defender);
    let favourable = matches!(terrain, Terrain::Defensible | Terrain::Mountainous);
    if favourable && defender_order != CombatOrder::Counterattack {
        column.shifted(-i32::from(Charts::get().cic_b.modifiers.terrain_left_shift))
    } else {
        column
    }
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
    /// S9.3: the strength of `side`'s Line Position `line` engaged with `enemy_line`.
    pub fn line_strength(
        &self,
        side: Side,
        line: usize,
        order: CombatOrder,
        enemy_line: usize,
    ) -> CombatStrength {
        let Some(b) = &self.battle else {
            return CombatStrength::ZERO;
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
                unit_strength(StrengthCase {
                    side,
                    kind: c.kind,
                    present: c.present(),
                    order,
                    attacking,
                    mountainous,
                    crossed_or_marched: c.rec.crossed_river || c.rec.force_marched,
                    against_regulars,
                })
            })
            .sum()
    }

    /// S9.5c: the Attacker's and the Defender's FCRT column shifts in an engagement.
    pub fn fcrt_shifts(&self, a: usize, d: usize, a_rating: u8, d_rating: u8) -> (i32, i32) {
        let Some(b) = &self.battle else { return (0, 0) };
        let (attacker, defender) = (b.attacker, b.defender());
        let m = Charts::get().fcrt.modifiers;
        let a_mixed = self.mixed_formations(attacker, a);
        let d_mixed = self.mixed_formations(defender, d);
        let mut def = 0;
        if d_mixed {
            def += i32::from(m.defender_mixed_formations);
        } else if d_rating > a_rating {
            def += i32::from(m.defender_higher_officer);
        }
        let mut att = 0;
        if a_mixed {
            att += i32::from(m.attacker_mixed_formations);
        } else if a_rating > d_rating {
            att += i32::from(m.attacker_higher_officer);
        }
        let neighbours = [d.wrapping_sub(1), d + 1];
        for j in neighbours.into_iter().filter(|&j| j < 3) {
            let j8 = u8::try_from(j).unwrap_or(0);
            if self.line_occupied(defender, j) && b.attacker_line_of(j8).is_none() {
                att += i32::from(m.attacker_per_adjacent_unengaged);
            }
        }
        let target = self.line_units(defender, d);
        if !target.is_empty()
            && target
                .iter()
                .all(|&k| self.counters[k].kind == Kind::Militia)
        {
            att += i32::from(m.attacker_target_militia_only);
        }
        let beside_withdraw = neighbours.into_iter().filter(|&j| j < 3).any(|j| {
            b.order(defender, u8::try_from(j).unwrap_or(0)) == Some(CombatOrder::Withdraw)
        });
        if beside_withdraw {
            att += i32::from(m.attacker_target_beside_withdraw);
        }
        (att, def)
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
            let (a_shift, d_shift) = self.fcrt_shifts(a, d, a_rating, d_rating);
            let a_band = StrengthBand::from_strength(a_str).shifted(a_shift);
            let d_band = StrengthBand::from_strength(d_str).shifted(d_shift);
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
            fx.public(
                EventKind::Battle,
                format!(
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
                ),
            );
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
