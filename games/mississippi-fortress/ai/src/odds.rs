//! The odds of one engagement on the Battle Board, read from the printed charts (public):
//! CIC A for the Intensity Level (S9.2, Rain 3.2c), CIC B for the number of fire rolls
//! (S9.4, with the terrain shift S9.4c and the mountain tripling S9.3b), the FCRT for what
//! each roll costs (S9.5). Exact expectations over the die, no sampling.

use mississippi_fortress::data::Charts;
use mississippi_fortress::data::charts::{
    AttackerOrder, CombatOrder, CombatStrength, DefenderOrder, FcrtResult, RatioColumn,
    StrengthBand,
};
use mississippi_fortress::data::map::Terrain;

use crate::strategy::terrain;

/// One engagement as both sides see it.
#[derive(Clone, Copy, Debug)]
pub struct Engagement {
    /// The Attacker Line Position's strength (SP, after artillery and halving).
    pub attacker: f64,
    /// The Defender Line Position's strength (SP, before the mountain tripling).
    pub defender: f64,
    /// The battle Area.
    pub area: u8,
    /// Rain this turn.
    pub rain: bool,
}

/// Expected SP lost by (the attacker, the defender) in one round under these orders.
pub fn expected_losses(e: Engagement, att: AttackerOrder, def: DefenderOrder) -> (f64, f64) {
    let charts = Charts::get();
    let t = terrain(e.area);
    let counter = def == DefenderOrder::Counterattack;
    let defender = if t == Terrain::Mountainous && !counter {
        e.defender * 3.0
    } else {
        e.defender
    };
    let level = charts.cic_a.level_in_weather(def, att, e.rain);
    let mut column = RatioColumn::from_strengths(sixteenths(e.attacker), sixteenths(defender));
    if matches!(t, Terrain::Mountainous | Terrain::Defensible) && !counter {
        column = column.shifted(-1);
    }
    let Some(cell) = charts.cic_b(level, column) else {
        return (0.0, 0.0);
    };
    let per_roll = |strength: f64, order: CombatOrder| -> f64 {
        let band = StrengthBand::from_strength(sixteenths(strength));
        (1..=6u8)
            .map(|die| match charts.fcrt(order.fcrt_group(), band, die) {
                Some(c) => match c.result {
                    FcrtResult::NoEffect => 0.0,
                    FcrtResult::Loss(n) => f64::from(n),
                    FcrtResult::RollAgain => 2.0 / 6.0,
                },
                None => 0.0,
            })
            .sum::<f64>()
            / 6.0
    };
    let att_loss = f64::from(cell.defender_fires) * per_roll(defender, def.into());
    let def_loss = f64::from(cell.attacker_fires) * per_roll(e.attacker, att.into());
    (att_loss.min(e.attacker), def_loss.min(e.defender))
}

fn sixteenths(sp: f64) -> CombatStrength {
    CombatStrength::from_sixteenths((sp.max(0.0) * 16.0).round() as u32)
}

/// Every attacker order.
pub const ATTACK: [AttackerOrder; 3] = [
    AttackerOrder::Diversion,
    AttackerOrder::Advance,
    AttackerOrder::Assault,
];
/// Every defender order.
pub const DEFEND: [DefenderOrder; 3] = [
    DefenderOrder::Withdraw,
    DefenderOrder::Stand,
    DefenderOrder::Counterattack,
];

/// The value of one round to the attacker, in VP-like units: SP he inflicts times `gain`,
/// less SP he loses times `cost`, plus the outcome: a Defender who withdraws or is driven off
/// leaves the Area (S9.71, S9.72), an Attacker repulsed leaves it (S9.73).
pub fn attacker_value(
    e: Engagement,
    att: AttackerOrder,
    def: DefenderOrder,
    gain: f64,
    cost: f64,
    area_worth: f64,
) -> f64 {
    let (la, ld) = expected_losses(e, att, def);
    let mut v = ld * gain - la * cost;
    if def == DefenderOrder::Withdraw {
        v += area_worth;
    } else if att == AttackerOrder::Assault && ld > la {
        v += area_worth * ((ld - la) / (ld + 1.0)).min(1.0);
    }
    if def == DefenderOrder::Counterattack && la > ld {
        v -= area_worth * ((la - ld) / (la + 1.0)).min(1.0);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clear(attacker: f64, defender: f64) -> Engagement {
        // Area 13 (Clinton) is Clear; Area 18 (Vicksburg) Mountainous.
        Engagement {
            attacker,
            defender,
            area: 13,
            rain: false,
        }
    }

    #[test]
    fn an_assault_at_high_odds_hurts_the_defender_more_than_a_diversion() {
        let e = clear(20.0, 4.0);
        let (_, assault) = expected_losses(e, AttackerOrder::Assault, DefenderOrder::Stand);
        let (_, diversion) = expected_losses(e, AttackerOrder::Diversion, DefenderOrder::Stand);
        assert!(assault > diversion, "{assault} v {diversion}");
        assert!(assault > 0.0);
    }

    #[test]
    fn vicksburg_s_mountains_protect_a_defender_who_stands() {
        let open = clear(12.0, 6.0);
        let hill = Engagement { area: 18, ..open };
        let (_, in_open) = expected_losses(open, AttackerOrder::Assault, DefenderOrder::Stand);
        let (lost_in_hills, on_hill) =
            expected_losses(hill, AttackerOrder::Assault, DefenderOrder::Stand);
        let (lost_in_open, _) = expected_losses(open, AttackerOrder::Assault, DefenderOrder::Stand);
        assert!(on_hill <= in_open, "{on_hill} v {in_open}");
        assert!(lost_in_hills >= lost_in_open);
    }

    #[test]
    fn a_withdrawing_defender_gives_up_the_area() {
        let e = clear(10.0, 10.0);
        let stay = attacker_value(
            e,
            AttackerOrder::Advance,
            DefenderOrder::Stand,
            2.0,
            3.0,
            10.0,
        );
        let go = attacker_value(
            e,
            AttackerOrder::Advance,
            DefenderOrder::Withdraw,
            2.0,
            3.0,
            10.0,
        );
        assert!(go > stay);
    }
}
