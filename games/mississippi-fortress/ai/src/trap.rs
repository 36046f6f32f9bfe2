//! Closing every way out of the enemy stack the army is about to attack, before it goes in.
//! A Defender retreats before combat or withdraws only into an adjacent Area free of the
//! Attacker's combat units and not one the Attacker entered from (S8.4c, S9.74a); with none
//! left he must fight, and a Line Position that withdraws or is driven off surrenders
//! (S9.74e): every SP of it lost, 2 VPs each to the Union of 6.1. [`crate::cordon`] values
//! each step a column takes on its own, which spreads the cavalry over the ways out (each
//! closing a share) and never sends one two Areas round to the way out nobody else can reach.
//! This is the turn's plan for the cavalry: when the regiments not yet moved can close every
//! way out left open, each is posted to one (fewest steps in all), and they move before the
//! columns that attack, while the Areas those columns start from still count as closed.

use mississippi_fortress::data::{AreaId, Map};

use crate::Ctx;
use crate::cordon::{exits, strong_enough, support};
use crate::groups::marches_in_groups;
use crate::seen::Counter;

/// Movement allowance of cavalry (S3.1b): a post is reached without force marching.
const CAVALRY_MA: usize = 3;

/// Points of potential a posted regiment loses for each step it stands from its post (its
/// only concern while posted, see [`pull`]).
const PER_STEP: f64 = 20.0;

/// The cavalry's posts around one enemy stack.
#[derive(Clone, Debug, Default)]
pub struct Trap {
    /// The enemy's Area.
    pub area: u8,
    /// Each regiment sent (its id) and the way out it closes.
    pub posts: Vec<(String, u8)>,
}

impl Trap {
    /// The post of regiment `id`, if it has one.
    pub fn post(&self, id: &str) -> Option<u8> {
        self.posts.iter().find(|p| p.0 == id).map(|p| p.1)
    }
}

/// A regiment that may yet be posted: its id, where it stands, the steps it has left.
struct Rider {
    id: String,
    at: u8,
    steps: usize,
}

/// The trap to lay this phase, if any: the enemy stack (the largest expected) that my
/// columns there and next to it can attack at 3:2 after the terrain, whose open ways out the
/// unmoved cavalry can all close this phase. Only the hunting Union of 6.1 lays traps (the
/// army that marches in columns, [`marches_in_groups`]); elsewhere play is unchanged.
pub fn plan(ctx: &Ctx<'_>) -> Option<Trap> {
    let seen = &ctx.seen;
    if !marches_in_groups(seen) {
        return None;
    }
    let riders = riders(ctx);
    if riders.is_empty() {
        return None;
    }
    let riding = |c: &Counter| {
        c.id.as_deref()
            .is_some_and(|id| riders.iter().any(|r| r.id == id))
    };
    let mut targets: Vec<(u8, f64)> = ctx
        .belief
        .enemy
        .iter()
        .filter(|&(_, &e)| e >= 1.0)
        .map(|(&x, &e)| (x, e))
        .filter(|&(x, e)| {
            let attackers = seen.my_strength(x) + support(ctx, x, 0.0, x);
            strong_enough(attackers, e, x)
        })
        .collect();
    targets.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (x, _) = *targets.first()?;
    // A way out is open unless a combat unit of mine that will not be posted stands there.
    let open: Vec<u8> = exits(x)
        .filter(|&z| !seen.mine(z).any(|c| c.is_combat() && !riding(c)))
        .collect();
    if open.len() > riders.len() {
        return None;
    }
    let reach: Vec<Vec<Option<usize>>> = riders
        .iter()
        .map(|r| {
            open.iter()
                .map(|&z| steps(ctx, r.at, z, x).filter(|&d| d <= r.steps))
                .collect()
        })
        .collect();
    let mut best: Option<(usize, Vec<usize>)> = None;
    assign(&reach, 0, &mut Vec::new(), 0, &mut best);
    let (_, chosen) = best?;
    Some(Trap {
        area: x,
        posts: chosen
            .iter()
            .enumerate()
            .map(|(k, &r)| (riders[r].id.clone(), open[k]))
            .collect(),
    })
}

/// Tries every way of giving each open way out (`k` on) its own regiment; keeps the one of
/// fewest steps (the first found among equals).
fn assign(
    reach: &[Vec<Option<usize>>],
    k: usize,
    used: &mut Vec<usize>,
    cost: usize,
    best: &mut Option<(usize, Vec<usize>)>,
) {
    let exits = reach.first().map_or(0, Vec::len);
    if k == exits {
        if best.as_ref().is_none_or(|b| cost < b.0) {
            *best = Some((cost, used.clone()));
        }
        return;
    }
    for (r, row) in reach.iter().enumerate() {
        let Some(d) = row[k] else { continue };
        if used.contains(&r) {
            continue;
        }
        used.push(r);
        assign(reach, k + 1, used, cost + d, best);
        used.pop();
    }
}

/// The cavalry regiments that may be posted: those not yet moved, standing alone of any
/// enemy (a unit in contact may be pinned) and outside a held objective (its garrison), and
/// the regiment now moving alone, with the steps it has left.
fn riders(ctx: &Ctx<'_>) -> Vec<Rider> {
    let seen = &ctx.seen;
    let moving = seen.moving_ids();
    let mut riders = Vec::new();
    if let Some((_, at, path, ids)) = seen.moving.as_ref()
        && let [id] = ids.as_slice()
        && seen
            .my_counter(id)
            .is_some_and(|(_, c)| c.kind == "cavalry")
    {
        riders.push(Rider {
            id: id.clone(),
            at: *at,
            steps: CAVALRY_MA.saturating_sub(path.len()),
        });
    }
    for (&a, cs) in &seen.areas {
        let held = ctx.plan.objectives.iter().any(|o| o.hold && o.area == a);
        if held || seen.theirs(a).next().is_some() {
            continue;
        }
        for c in cs
            .iter()
            .filter(|c| c.side == seen.side() && c.kind == "cavalry" && !c.moved)
        {
            let Some(id) = c.id.as_deref() else { continue };
            if moving.contains(&id) {
                continue;
            }
            riders.push(Rider {
                id: id.to_string(),
                at: a,
                steps: CAVALRY_MA,
            });
        }
    }
    riders
}

/// Land steps from `a` to `z` through Areas free of the enemy (a stack entering one stops,
/// S3.51), never into or through the trapped Area `x`; `None` beyond six.
fn steps(ctx: &Ctx<'_>, a: u8, z: u8, x: u8) -> Option<usize> {
    if a != z && (a == x || ctx.seen.theirs(a).next().is_some()) {
        return None;
    }
    let map = Map::get();
    let mut frontier = vec![a];
    let mut seen_areas = vec![a];
    for d in 0..=6 {
        if frontier.contains(&z) {
            return Some(d);
        }
        let mut next = Vec::new();
        for &u in &frontier {
            if u != a && (ctx.seen.theirs(u).next().is_some() || u == x) {
                continue;
            }
            for b in map.neighbours(AreaId(u)) {
                if map.land_step(AreaId(u), *b, false) && b.0 != x && !seen_areas.contains(&b.0) {
                    seen_areas.push(b.0);
                    next.push(b.0);
                }
            }
        }
        frontier = next;
    }
    None
}

/// What standing in `area` is worth to the stack that moves from `from` when it is a posted
/// regiment — nothing at its post, [`PER_STEP`] less for each step short of it — in place of
/// everything else a step could earn it (Jackson's pull alone is worth more than a step).
pub fn pull(ctx: &Ctx<'_>, area: u8, from: u8) -> Option<f64> {
    let trap = ctx.trap()?;
    if trap.posts.is_empty() {
        return None;
    }
    let id = match ctx.seen.moving.as_ref() {
        Some(m) => match m.3.as_slice() {
            [id] => id.clone(),
            _ => return None,
        },
        None => match crate::moves::movers(ctx, from).as_slice() {
            [c] => c.id.clone()?,
            _ => return None,
        },
    };
    let post = trap.post(&id)?;
    let d = steps(ctx, area, post, trap.area).unwrap_or(7);
    Some(-PER_STEP * d as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::belief::Belief;
    use crate::seen::Seen;
    use crate::strategy::Plan;
    use crate::{AiRng, Level};
    use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
    use mississippi_fortress::MississippiFortress;
    use serde_json::Value;

    /// Champion Hill as the Union sees it when its first Movement Phase begins, with the
    /// actions offered to it.
    fn first_union_move() -> (Value, Vec<Value>) {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let mut m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([7; 32])).expect("sets up");
        loop {
            let side = m.to_act()[0];
            let offered: Vec<Value> = m
                .offered(side)
                .into_iter()
                .filter(crate::arena::is_move)
                .collect();
            if side == Side::Union && offered.iter().any(|o| o["type"] == "move_from") {
                return (m.view(Viewer::Seat(side)), offered);
            }
            // Both sides finish their set-up without dummies.
            let i = offered
                .iter()
                .position(|o| o["type"] != "place_dummy")
                .unwrap_or(0);
            m.play(side, &offered[i]).expect("offered");
        }
    }

    #[test]
    fn on_the_first_turn_the_cavalry_closes_every_way_out_of_jackson_first() {
        let (view, offered) = first_union_move();
        let seen = Seen::read(Side::Union, &view);
        let mut rng = AiRng::new(1);
        let belief = Belief::sample(&seen, 16, &mut rng);
        let plan = Plan::new(&seen, &belief);
        let ctx = Ctx {
            seen,
            belief,
            plan,
            budget: Level::Easy.budget(),
            view: &view,
            trap: Default::default(),
        };
        let trap = ctx.trap().expect("Johnston can be trapped in Jackson");
        assert_eq!(trap.area, 15);
        let mut posts = trap.posts.clone();
        posts.sort_by_key(|p| p.1);
        // Calhoun Station, Terry, and Brandon across the Pearl; Clinton and Raymond are the
        // columns' own Areas.
        let expected = [("wi-2-cav", 14), ("il-5-cav", 33), ("ia-3-cav", 34)];
        let got: Vec<(&str, u8)> = posts.iter().map(|p| (p.0.as_str(), p.1)).collect();
        assert_eq!(got, expected);
        // The regiments move before the columns.
        let i = crate::decide(Side::Union, &view, &offered, Level::Hard, &mut rng).unwrap();
        let chosen = serde_json::from_value(offered[i].clone()).expect("an action");
        let mississippi_fortress::Action::MoveFrom { area } = chosen else {
            panic!("{}", offered[i]);
        };
        assert!(matches!(area.0, 13 | 26 | 32), "{}", offered[i]);
        let first = crate::moves::movers(&ctx, area.0);
        assert_eq!(first.len(), 1, "a regiment alone");
        assert_eq!(first[0].kind, "cavalry");
    }
}
