//! What the enemy's face-down counters may be (S4, S4.6 dummies): determinization. The
//! candidates are the scenario's enemy land units that have arrived by now (printed set-up
//! and reinforcements: public) less those the view has identified. Each sample places them,
//! the most constrained first, on the face-down counters the view shows, each unit only
//! within reach of where it came on the map ([`Reach`]); the counters no unit takes are
//! dummies. Averaging the samples gives the enemy strength to expect in each Area.

use std::collections::BTreeMap;

use mississippi_fortress::data::scenarios::Location;
use mississippi_fortress::data::{AreaId, Map, Scenarios, Units, units::UnitKind};

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
        let pool = pool(seen);
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
        let reach = Reach::new(seen);
        let units: Vec<Card> = pool.into_iter().filter(|c| c.sp >= 0.0).collect();
        // The most constrained units are placed first.
        let mut order: Vec<(usize, usize)> = units
            .iter()
            .enumerate()
            .map(|(i, c)| (hidden.iter().filter(|h| reach.allows(c, h.0)).count(), i))
            .collect();
        order.sort();
        let mut sums: BTreeMap<u8, (f64, f64)> = BTreeMap::new();
        for _ in 0..samples {
            let mut free: Vec<usize> = hidden.iter().map(|h| h.1).collect();
            let mut sp = vec![0.0; hidden.len()];
            let mut real = vec![false; hidden.len()];
            for &(_, i) in &order {
                let card = &units[i];
                let room: usize = (0..hidden.len())
                    .filter(|&j| reach.allows(card, hidden[j].0))
                    .map(|j| free[j])
                    .sum();
                if room == 0 {
                    continue;
                }
                let mut k = rng.below(room);
                for j in 0..hidden.len() {
                    if !reach.allows(card, hidden[j].0) {
                        continue;
                    }
                    if k < free[j] {
                        free[j] -= 1;
                        sp[j] += card.sp;
                        real[j] |= card.sp > 0.0;
                        break;
                    }
                    k -= free[j];
                }
            }
            for (j, &(area, _)) in hidden.iter().enumerate() {
                let e = sums.entry(area).or_default();
                e.0 += sp[j];
                e.1 += f64::from(u8::from(real[j]));
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

/// One candidate unit: its strength, and the Area and turn it came on the map from (`None`:
/// not known to be in an Area).
#[derive(Clone, Copy, Debug)]
struct Card {
    sp: f64,
    origin: Option<(u8, u8)>,
}

/// How far the enemy's units can have gone: every unit starts where the set-up or its
/// reinforcement puts it (public), and goes at most four Areas in each of its side's
/// Movement Phases (a Leader's allowance, a force-marching cavalry's) and one more in each
/// of my Combat Phases (a retreat, S8.4c). So on the first turn the set-up is known exactly.
struct Reach {
    turn: u8,
    moved_this_turn: bool,
    fought_this_turn: bool,
    dist: Vec<Vec<u32>>,
}

impl Reach {
    fn new(seen: &Seen) -> Reach {
        let enemy = seen.side().opponent();
        let first = Scenarios::get()
            .by_name(&seen.scenario)
            .map(|s| s.first_player);
        let moved_this_turn = match seen.phase_player {
            Some(p) if p == enemy => true,
            Some(_) => first == Some(enemy),
            None => false,
        };
        // My Combat Phase of this turn has begun (his units may have retreated).
        let fought_this_turn = match seen.phase_player {
            Some(p) if p == enemy => first == Some(seen.side()),
            Some(_) => !matches!(seen.phase.as_str(), "Movement Phase" | "Weather Segment"),
            None => false,
        };
        Reach {
            turn: seen.turn,
            moved_this_turn,
            fought_this_turn,
            dist: land_distances(),
        }
    }

    /// Whether `card` can stand in `area` now.
    fn allows(&self, card: &Card, area: u8) -> bool {
        let Some((origin, since)) = card.origin else {
            return true;
        };
        let turns = u32::from(self.turn.saturating_sub(since));
        let phases = turns + u32::from(self.moved_this_turn);
        let steps = 4 * phases + turns + u32::from(self.fought_this_turn);
        self.dist[usize::from(origin)][usize::from(area)] <= steps
    }
}

/// Land steps between Areas (S3.2a), no steamers.
fn land_distances() -> Vec<Vec<u32>> {
    let map = Map::get();
    let n = 48usize;
    (0..n)
        .map(|s| {
            let mut d = vec![u32::MAX; n];
            if s == 0 {
                return d;
            }
            d[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(a) = queue.pop_front() {
                for b in map.neighbours(AreaId(a as u8)) {
                    let b_i = usize::from(b.0);
                    if b_i < n && d[b_i] == u32::MAX && map.land_step(AreaId(a as u8), *b, false) {
                        d[b_i] = d[a] + 1;
                        queue.push_back(b_i);
                    }
                }
            }
            d
        })
        .collect()
}

/// The enemy's land units that have arrived (the set-up, and reinforcements called for by
/// now: public) and the view has not identified, at their printed (or set-up) strength.
fn pool(seen: &Seen) -> Vec<Card> {
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
    let card = |id: &str, location: &Location, since: u8| Card {
        sp: s
            .reduced_strength(id)
            .map_or_else(|| printed_strength(id), f64::from),
        origin: match location {
            Location::Area(a) => Some((a.0, since)),
            _ => None,
        },
    };
    let mut cards: Vec<Card> = s
        .setup
        .iter()
        .flat_map(|p| p.units.iter().map(move |id| (id, &p.location)))
        .filter(|(id, _)| fits(id.as_str()))
        .map(|(id, l)| card(id.as_str(), l, s.first_turn))
        .collect();
    for r in &s.reinforcements {
        let due = r.turn.turn();
        if due.is_some_and(|t| t > seen.turn) {
            continue;
        }
        for id in r.units.iter().filter(|id| fits(id.as_str())) {
            let mut c = card(id.as_str(), &r.location, due.unwrap_or(0));
            if due.is_none() {
                c.origin = None;
            }
            cards.push(c);
        }
    }
    cards
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
    use mississippi_fortress::MississippiFortress;

    /// Champion Hill as the Union sees it when its first Movement Phase begins: the
    /// Confederates have placed their dummies but moved nothing.
    fn first_union_move() -> Seen {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let mut m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([7; 32])).expect("sets up");
        let mut rng = AiRng::new(3);
        loop {
            let side = m.to_act()[0];
            let offered: Vec<serde_json::Value> = m
                .offered(side)
                .into_iter()
                .filter(crate::arena::is_move)
                .collect();
            if side == Side::Union && offered.iter().any(|o| o["type"] == "move_from") {
                return Seen::read(Side::Union, &m.view(Viewer::Seat(Side::Union)));
            }
            // The Confederates place dummies at random; the Union finishes its set-up.
            let i = match side {
                Side::Confederate => rng.below(offered.len()),
                Side::Union => offered
                    .iter()
                    .position(|o| o["type"] != "place_dummy")
                    .unwrap_or(0),
            };
            m.play(side, &offered[i]).expect("offered");
        }
    }

    #[test]
    fn before_the_enemy_has_moved_his_set_up_is_known_exactly() {
        let seen = first_union_move();
        let hidden: usize = seen
            .areas
            .keys()
            .map(|&a| seen.theirs(a).filter(|c| c.id.is_none()).count())
            .sum();
        assert!(hidden > 0, "the Confederates are face down");
        let belief = Belief::sample(&seen, 16, &mut AiRng::new(1));
        // Jackson: Walker's, Gist's and Gregg's (3) Brigades and the Georgia Artillery
        // Battalion (6.1's set-up); Vicksburg: two divisions, artillery and the garrison.
        assert_eq!(belief.enemy_in(15), 11.0);
        assert_eq!(belief.enemy_in(18), 19.0);
        assert_eq!(belief.enemy_in(20), 29.0);
    }
}
