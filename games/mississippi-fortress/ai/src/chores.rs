//! The rest of a turn: dummies (S4.6), reinforcements (S3.7), steamers (4.12), strength
//! transfers (4.5), cavalry probes (S5), and where a displaced, retreating or withdrawing
//! counter goes.

use mississippi_fortress::Action;
use mississippi_fortress::model::action::Dest;

use crate::Ctx;
use crate::moves::potential;
use crate::strategy::louisiana;

/// Scores the remaining actions; `None` for one it does not know.
pub fn score(ctx: &Ctx<'_>, action: &Action, all: &[Option<Action>]) -> Option<f64> {
    let seen = &ctx.seen;
    Some(match action {
        // Dummies go where the enemy is near, to make him guess (S4.6); none are taken back.
        Action::PlaceDummy { area } => 10.0 + front(ctx, area.0),
        Action::RemoveDummy { .. } => -10.0,
        Action::FinishSetUp => 0.0,
        Action::PlaceReinforcements { .. } => 10.0,
        Action::WithholdReinforcements { .. } => -10.0,
        Action::FinishArrival => 0.0,
        // The Union crosses the Mississippi by steamer (4.12, 5.3): whatever stands on the
        // Louisiana bank embarks, infantry first.
        Action::Board { counter } => match seen.my_counter(counter) {
            Some((area, c)) if louisiana(area) && c.kind != "dummy" => {
                10.0 + if c.is_infantry() { c.strength } else { 0.0 }
            }
            _ => -10.0,
        },
        Action::FinishEmbarkation => 0.0,
        // Land on the Mississippi bank, where the plan is best.
        Action::Land { area, .. } => {
            if louisiana(area.0) {
                -10.0
            } else {
                10.0 + potential(ctx, area.0, 10.0, 0) * 0.1
            }
        }
        Action::FinishDisembarkation => 0.0,
        Action::Absorb { .. } => 5.0,
        Action::FinishTransfers => 0.0,
        // Probes (S5): send cavalry into an adjacent Area of face-down enemy counters.
        Action::ProbeWith { .. } => {
            if all
                .iter()
                .flatten()
                .any(|a| matches!(a, Action::ProbeInto { .. }))
            {
                -1.0
            } else {
                5.0
            }
        }
        Action::ProbeInto { area } => {
            let hidden = seen.theirs(area.0).filter(|c| c.id.is_none()).count();
            if hidden > 0 {
                5.0 + hidden as f64
            } else {
                -1.0
            }
        }
        Action::FinishProbes => 0.0,
        Action::Go { to } => match to {
            Dest::Area(a) => {
                let enemy = ctx.belief.enemy_in(a.0);
                let friends = seen.my_strength(a.0);
                potential(ctx, a.0, 5.0, 0) - 10.0 * enemy + friends.min(10.0)
            }
            Dest::Ships(_) => -20.0,
        },
        Action::Cancel => -50.0,
        _ => 0.0,
    })
}

/// How close `area` is to the enemy: higher nearer.
fn front(ctx: &Ctx<'_>, area: u8) -> f64 {
    ctx.belief
        .enemy
        .keys()
        .map(|&e| ctx.plan.d(area, e))
        .min()
        .map_or(0.0, |d| 5.0 / (1.0 + f64::from(d)))
}
