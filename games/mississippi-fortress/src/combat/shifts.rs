//! What modifies an engagement's combat (S9.2-S9.5), each item with its reason and rule:
//! the strength multipliers and halvings of S9.3, the Rain level of 3.2c, the CIC B terrain
//! shift of S9.4c and the FCRT column shifts of S9.5c.
//!
//! The numbers the resolution uses are computed from these lists (a strength folds its
//! steps, a column adds its shifts), so what the combat report says is exactly what was
//! applied: there is one place where each modifier is decided.

use adjutant_engine::Side;

use crate::actions::order_name;
use crate::data::Charts;
use crate::data::charts::{CombatOrder, CombatStrength};
use crate::data::map::Terrain;
use crate::model::counter::Kind;
use crate::model::game::MississippiFortress;
use crate::model::report::{Chart, Modifier, Role, Shift};

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

/// How one S9.3 item changes a strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Factor {
    /// Multiplied (artillery chart, mountain tripling).
    Times(u32),
    /// Divided exactly (halvings).
    Divided(u8),
}

/// One S9.3 item that applies to a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrengthStep {
    /// What it does.
    pub factor: Factor,
    /// Why, and the rule.
    pub modifier: Modifier,
}

fn step(factor: Factor, reason: String, rule: &str) -> StrengthStep {
    StrengthStep {
        factor,
        modifier: Modifier {
            reason,
            rule: rule.to_string(),
        },
    }
}

/// "halved", "divided by 3".
fn divided_words(d: u8) -> String {
    if d == 2 {
        "halved".to_string()
    } else {
        format!("divided by {d}")
    }
}

/// S9.3a-d: the items that modify one unit's strength, in the order they apply (they
/// multiply; artillery takes no other multiplier than the halving of (c)).
pub fn strength_steps(case: StrengthCase) -> Vec<StrengthStep> {
    let charts = Charts::get();
    let m = charts.cic_b.modifiers;
    let mut steps = Vec::new();
    if case.kind == Kind::Artillery {
        let f = charts.artillery_multiplier(case.side, case.order);
        if f != 1 {
            steps.push(step(
                Factor::Times(u32::from(f)),
                format!("artillery ×{f} on {}", order_name(case.order)),
                "S9.3a",
            ));
        }
    } else if !case.attacking && case.mountainous && case.order != CombatOrder::Counterattack {
        let f = m.mountain_defender_factor;
        steps.push(step(
            Factor::Times(u32::from(f)),
            format!("×{f} defending a Mountainous Area without Counterattack"),
            "S9.3b",
        ));
    }
    if case.attacking && case.crossed_or_marched {
        let d = m.crossed_or_force_marched_divisor;
        steps.push(step(
            Factor::Divided(d),
            format!(
                "{} after crossing a Major River or force marching",
                divided_words(d)
            ),
            "S9.3c",
        ));
    }
    if case.kind == Kind::Cavalry && case.against_regulars {
        let d = m.cavalry_divisor;
        steps.push(step(
            Factor::Divided(d),
            format!(
                "cavalry {} against units other than militia",
                divided_words(d)
            ),
            "S9.3d",
        ));
    }
    steps
}

/// S9.3: the strength one unit adds to its Line Position.
pub fn unit_strength(case: StrengthCase) -> CombatStrength {
    strength_steps(case).into_iter().fold(
        CombatStrength::from_sp(u32::from(case.present)),
        |s, step| match step.factor {
            Factor::Times(f) => s.times(f),
            Factor::Divided(d) => {
                CombatStrength::from_sixteenths(s.sixteenths() / u32::from(d.max(1)))
            }
        },
    )
}

/// 3.2c: Rain lowers the Combat Intensity Level (never below 0).
pub fn cic_a_shifts(rain: bool) -> Vec<Shift> {
    let by = Charts::get().cic_a.rain_modifier;
    if !rain || by == 0 {
        return Vec::new();
    }
    vec![Shift {
        chart: Chart::CicA,
        side: None,
        by,
        reason: "Rain (never below Level 0)".to_string(),
        rule: "3.2c".to_string(),
    }]
}

/// S9.4c: one column left for a Defensible or Mountainous Area unless the Defender
/// counterattacks.
pub fn cic_b_shifts(terrain: Terrain, defender_order: CombatOrder) -> Vec<Shift> {
    let name = match terrain {
        Terrain::Defensible => "Defensible",
        Terrain::Mountainous => "Mountainous",
        Terrain::Clear | Terrain::Swamp => return Vec::new(),
    };
    let by = Charts::get().cic_b.modifiers.terrain_left_shift;
    if defender_order == CombatOrder::Counterattack || by == 0 {
        return Vec::new();
    }
    vec![Shift {
        chart: Chart::CicB,
        side: Some(Role::Defender),
        by: -i8::try_from(by).unwrap_or(i8::MAX),
        reason: format!("{name} Area, the Defender does not counterattack"),
        rule: "S9.4c".to_string(),
    }]
}

/// The sum of some shifts.
pub fn total(shifts: &[Shift]) -> i32 {
    shifts.iter().map(|s| i32::from(s.by)).sum()
}

fn fcrt(side: Role, by: i8, reason: String) -> Option<Shift> {
    (by != 0).then(|| Shift {
        chart: Chart::Fcrt,
        side: Some(side),
        by,
        reason,
        rule: "S9.5c".to_string(),
    })
}

impl MississippiFortress {
    /// S9.5c: the FCRT column shifts of Attacker Line Position `a` firing on Defender Line
    /// Position `d` and back, with the rating Officers' ratings `a_rating` and `d_rating`.
    pub fn fcrt_shift_list(&self, a: usize, d: usize, a_rating: u8, d_rating: u8) -> Vec<Shift> {
        let Some(b) = &self.battle else {
            return Vec::new();
        };
        let (attacker, defender) = (b.attacker, b.defender());
        let m = Charts::get().fcrt.modifiers;
        let mut out = Vec::new();
        let officer =
            |mine: u8, theirs: u8| format!("the higher-rated Officer ({mine} against {theirs})");
        if self.mixed_formations(defender, d) {
            out.extend(fcrt(
                Role::Defender,
                m.defender_mixed_formations,
                "infantry of two or more formations".to_string(),
            ));
        } else if d_rating > a_rating {
            out.extend(fcrt(
                Role::Defender,
                m.defender_higher_officer,
                officer(d_rating, a_rating),
            ));
        }
        if self.mixed_formations(attacker, a) {
            out.extend(fcrt(
                Role::Attacker,
                m.attacker_mixed_formations,
                "infantry of two or more formations".to_string(),
            ));
        } else if a_rating > d_rating {
            out.extend(fcrt(
                Role::Attacker,
                m.attacker_higher_officer,
                officer(a_rating, d_rating),
            ));
        }
        let neighbours: Vec<usize> = [d.wrapping_sub(1), d + 1]
            .into_iter()
            .filter(|&j| j < 3)
            .collect();
        for &j in &neighbours {
            let j8 = u8::try_from(j).unwrap_or(0);
            if self.line_occupied(defender, j) && b.attacker_line_of(j8).is_none() {
                out.extend(fcrt(
                    Role::Attacker,
                    m.attacker_per_adjacent_unengaged,
                    format!("{defender} LP{} beside the target is not fired on", j + 1),
                ));
            }
        }
        let target = self.line_units(defender, d);
        if !target.is_empty()
            && target
                .iter()
                .all(|&k| self.counters[k].kind == Kind::Militia)
        {
            out.extend(fcrt(
                Role::Attacker,
                m.attacker_target_militia_only,
                "the target holds only militia".to_string(),
            ));
        }
        let beside_withdraw = neighbours.iter().any(|&j| {
            b.order(defender, u8::try_from(j).unwrap_or(0)) == Some(CombatOrder::Withdraw)
        });
        if beside_withdraw {
            out.extend(fcrt(
                Role::Attacker,
                m.attacker_target_beside_withdraw,
                "the target is beside a Line Position given Withdraw".to_string(),
            ));
        }
        out
    }
}
