//! What the enemy's face-down counters may be (S4, S4.6 dummies): determinization. The pool
//! of candidates is the scenario's enemy land counters (printed set-up and reinforcements:
//! public) less those the view has identified, plus his dummies (the counter mix: public).
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
        let enemy = seen.side().opponent();
        let known: Vec<&str> = seen.known_enemy.iter().map(String::as_str).collect();
        let mut pool: Vec<f64> = Scenarios::get()
            .by_name(&seen.scenario)
            .map(|s| {
                s.unit_ids()
                    .filter(|id| !known.contains(&id.as_str()))
                    .filter_map(|id| Units::get().unit(id.as_str()))
                    .filter(|u| u.side == enemy)
                    .filter(|u| {
                        !matches!(
                            u.kind,
                            UnitKind::ShoreBattery | UnitKind::Gunboat | UnitKind::Transport
                        )
                    })
                    .map(|u| {
                        s.reduced_strength(u.id.as_str())
                            .map_or_else(|| printed_strength(u.id.as_str()), f64::from)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let dummies = usize::from(*Units::get().dummies().get(enemy));
        pool.extend(std::iter::repeat_n(-1.0, dummies));
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
