//! What the enemy's face-down counters may be (S4, S4.6 dummies): determinization. The pool
//! of candidates is the scenario's enemy land counters that have arrived by now (printed
//! set-up and reinforcements: public) less those the view has identified, plus as many
//! dummies as the face-down counters on the map need beyond those units (see [`pool`]).
//! Each sample deals the pool at random to the face-down counters the view shows; averaging
//! the samples gives the enemy strength to expect in each Area.

use std::collections::BTreeMap;

use mississippi_fortress::data::{Scenarios, Units, units::UnitKind};

use crate::rng::AiRng;
use crate::seen::{Seen, printed_strength};

/// The expected enemy combat strength per Area.
#[derive(Clone, Debug, Default)]
pub struct Belief {
    /// Expected enemy SP by Area (identified counters at printed strength, face-down ones as
    /// sampled).
    pub enemy: BTreeMap<u8, f64>,
    /// The chance that each Area's enemy counters hold at least one combat unit.
    pub real: BTreeMap<u8, f64>,
}

impl Belief {
    /// Draws `samples` determinizations of the enemy's face-down counters.
    pub fn sample(seen: &Seen, samples: u32, rng: &mut AiRng) -> Belief {
        let hidden: usize = seen
            .areas
            .keys()
            .map(|&a| seen.theirs(a).filter(|c| c.id.is_none()).count())
            .sum();
        let pool = pool(seen, hidden);
        let hidden: Vec<(u8, usize)> = seen
            .areas
            .keys()
            .map(|&a| (a, seen.theirs(a).filter(|c| c.id.is_none()).count()))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut belief = Belief::default();
        for &a in seen.areas.keys() {
            let identified: f64 = seen
                .theirs(a)
                .filter(|c| c.is_combat())
                .map(|c| c.strength)
                .sum();
            if seen.theirs(a).next().is_some() {
                belief.enemy.insert(a, identified);
                belief
                    .real
                    .insert(a, if identified > 0.0 { 1.0 } else { 0.0 });
            }
        }
        let samples = samples.max(1);
        let mut sums: BTreeMap<u8, (f64, f64)> = BTreeMap::new();
        for _ in 0..samples {
            let mut deck = pool.clone();
            for &(area, n) in &hidden {
                let mut sp = 0.0;
                let mut real = false;
                for _ in 0..n {
                    if deck.is_empty() {
                        break;
                    }
                    let card = deck.swap_remove(rng.below(deck.len()));
                    if card >= 0.0 {
                        sp += card;
                        real |= card > 0.0;
                    }
                }
                let e = sums.entry(area).or_default();
                e.0 += sp;
                e.1 += f64::from(u8::from(real));
            }
        }
        for (area, (sp, real)) in sums {
            let n = f64::from(samples);
            *belief.enemy.entry(area).or_default() += sp / n;
            let r = belief.real.entry(area).or_default();
            *r = r.max(real / n);
        }
        belief
    }

    /// Expected enemy SP in `area`.
    pub fn enemy_in(&self, area: u8) -> f64 {
        self.enemy.get(&area).copied().unwrap_or(0.0)
    }
}

/// The cards the enemy's face-down counters are dealt from: his land units that have arrived
/// (the set-up, and reinforcements called for by now: public) and the view has not identified,
/// at their printed strength, and dummies (−1). The view shows how many face-down counters
/// he has on the map (`hidden`); those the units cannot account for are dummies, plus one for
/// each unit of a reinforcement he may still be withholding (S3.7c), up to his counter mix.
fn pool(seen: &Seen, hidden: usize) -> Vec<f64> {
    let enemy = seen.side().opponent();
    let Some(s) = Scenarios::get().by_name(&seen.scenario) else {
        return Vec::new();
    };
    let known = |id: &str| seen.known_enemy.iter().any(|k| k == id);
    let fits = |id: &str| {
        !known(id)
            && Units::get().unit(id).is_some_and(|u| {
                u.side == enemy
                    && !matches!(
                        u.kind,
                        UnitKind::ShoreBattery | UnitKind::Gunboat | UnitKind::Transport
                    )
            })
    };
    let strength = |id: &str| {
        s.reduced_strength(id)
            .map_or_else(|| printed_strength(id), f64::from)
    };
    let mut units: Vec<f64> = s
        .setup
        .iter()
        .flat_map(|p| p.units.iter())
        .filter(|id| fits(id.as_str()))
        .map(|id| strength(id.as_str()))
        .collect();
    let mut withheld = 0usize;
    for r in &s.reinforcements {
        let due = r.turn.turn().unwrap_or(0);
        if due > seen.turn {
            continue;
        }
        for id in r.units.iter().filter(|id| fits(id.as_str())) {
            units.push(strength(id.as_str()));
            if seen.turn <= due + 2 {
                withheld += 1;
            }
        }
    }
    let mix = usize::from(*Units::get().dummies().get(enemy));
    let dummies = (hidden.saturating_sub(units.len()) + withheld).min(mix);
    units.extend(std::iter::repeat_n(-1.0, dummies));
    units
}
