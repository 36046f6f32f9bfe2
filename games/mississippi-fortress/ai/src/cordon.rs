//! Closing the way out of an enemy stack before attacking it. A Defender retreats before
//! combat, or withdraws, only into an adjacent Area that holds none of the Attacker's combat
//! units and is not one the Attacker entered the battle Area from this turn (S8.4c, S9.74a);
//! a unit that must leave and cannot surrenders (S9.74e), all its SP lost. So a stack whose
//! every way out is held or was the way in cannot slip away before combat, and a Withdraw
//! order or being driven off costs it everything. The hunting Union values a step by the
//! ways out it closes: entering an enemy Area with none left open, or standing in one of
//! the few left open around an enemy Area its columns have entered.

use mississippi_fortress::data::{AreaId, Map};

use crate::Ctx;
use crate::strategy::defence_factor;

/// What a stack caught with no way out is reckoned to be worth, per expected enemy SP
/// (2 VPs a Confederate SP, and most of it is lost once it cannot leave).
const PINNED: f64 = 3.0;

/// The Areas a unit in `x` could leave to (S8.4c(1): a legal land step).
pub fn exits(x: u8) -> impl Iterator<Item = u8> {
    let map = Map::get();
    map.neighbours(AreaId(x))
        .iter()
        .filter(move |b| map.land_step(AreaId(x), **b, false))
        .map(|b| b.0)
}

/// My combat strength in `area` besides the moving stack (strength `s`, now in `from`).
pub fn others(ctx: &Ctx<'_>, area: u8, s: f64, from: u8) -> f64 {
    let mine = ctx.seen.my_strength(area);
    if area == from {
        (mine - s).max(0.0)
    } else {
        mine
    }
}

/// The strength of my columns that have not moved yet and could join an attack on `area`
/// this phase: those beside the moving stack (strength `s`, now in `from`) and those in the
/// Areas next to `area`, less the garrison a held objective keeps. A column alone too weak for
/// a stack is not turned away when the next column will follow it in (each column, moving in
/// its turn, counts those already there).
pub fn support(ctx: &Ctx<'_>, area: u8, s: f64, from: u8) -> f64 {
    let seen = &ctx.seen;
    let moving = seen.moving_ids();
    let mut near: Vec<u8> = exits(area).collect();
    if !near.contains(&from) {
        near.push(from);
    }
    near.retain(|&a| a != area);
    near.iter()
        .map(|&a| {
            let own = if a == from { s } else { 0.0 };
            let mut free: f64 = seen
                .mine(a)
                .filter(|c| !c.moved && c.is_combat())
                .filter(|c| !c.id.as_deref().is_some_and(|id| moving.contains(&id)))
                .map(|c| c.strength)
                .sum();
            if moving.is_empty() {
                free -= own;
            }
            let need = ctx
                .plan
                .objectives
                .iter()
                .filter(|o| o.hold && o.area == a)
                .map(|o| crate::moves::garrison_need(ctx, o.area))
                .fold(0.0, f64::max);
            free.min(seen.my_strength(a) - own - need).max(0.0)
        })
        .sum()
}

/// The ways out of `x` no combat unit of mine closes, the moving stack left out; `entry`
/// (the Area the stack would enter `x` from) counts as closed.
fn open_exits(ctx: &Ctx<'_>, x: u8, s: f64, from: u8, entry: Option<u8>) -> Vec<u8> {
    exits(x)
        .filter(|&z| Some(z) != entry && others(ctx, z, s, from) <= 0.0)
        .collect()
}

/// Whether `attackers` SP are enough to attack `enemy` SP in `x` (after the terrain).
pub fn strong_enough(attackers: f64, enemy: f64, x: u8) -> bool {
    attackers >= 1.5 * enemy * defence_factor(x)
}

/// The value of the stack of strength `s`, now in `from`, standing in `area`, for the ways
/// out of enemy stacks it closes.
pub fn value(ctx: &Ctx<'_>, area: u8, s: f64, from: u8) -> f64 {
    let mut v = 0.0;
    let e = ctx.belief.enemy_in(area);
    if e > 0.0 && area != from {
        // Entering: caught if no way out is left.
        let attackers = s + others(ctx, area, s, from);
        if strong_enough(attackers, e, area)
            && open_exits(ctx, area, s, from, Some(from)).is_empty()
        {
            v += PINNED * e;
        }
    }
    // Standing in a way out of an enemy stack that my columns have entered.
    for x in exits(area) {
        let e = ctx.belief.enemy_in(x);
        let attackers = others(ctx, x, s, from);
        if e <= 0.0 || attackers <= 0.0 || !strong_enough(attackers, e, x) {
            continue;
        }
        if others(ctx, area, s, from) > 0.0 {
            continue;
        }
        let open = open_exits(ctx, x, s, from, None);
        if open.contains(&area) {
            v += PINNED * e / open.len() as f64;
        }
    }
    v
}
