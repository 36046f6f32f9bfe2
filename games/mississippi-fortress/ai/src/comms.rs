//! Lines of communication (S6.3–S6.5) as a moving stack should weigh them. Each Union
//! infantry unit out of reach of its Officer (two Areas, S6.3) earns the Confederates a VP in
//! every one of their VP Phases (6.2/6.3 C2), recovers no stragglers (S7.5) and cannot hold
//! Jackson for 6.1's victory; an Officer more than four Areas from his Commander cuts all his
//! units off (S6.5a). So a stack neither leaves its Officer behind nor leaves its own units
//! behind when it holds their Officer, and Officers stay within four Areas of the Commander.

use mississippi_fortress::data::Units;
use mississippi_fortress::data::units::{Formation, Leader, LeaderRole};

use crate::Ctx;
use crate::moves::movers;
use crate::seen::Counter;
use crate::strategy::FAR;

/// What a unit out of communications is reckoned to cost (a VP a turn for several turns).
const CUT_OFF: f64 = 8.0;
/// And each Area further.
const PER_STEP: f64 = 2.0;

/// The LOC value of the stack now moving from `from` (or the movers of `from`) standing in
/// `area`: zero when every unit it concerns stays in reach, negative otherwise.
pub fn communications(ctx: &Ctx<'_>, area: u8, from: u8) -> f64 {
    let units = Units::get();
    let moving: Vec<String> = ctx
        .seen
        .moving
        .as_ref()
        .map(|m| m.3.clone())
        .unwrap_or_else(|| {
            movers(ctx, from)
                .iter()
                .filter_map(|c| c.id.clone())
                .collect()
        });
    let goes = |c: &Counter| c.id.as_ref().is_some_and(|id| moving.contains(id));
    // Where each of my counters will stand: the moving ones in `area`.
    let mut placed: Vec<(u8, &Counter)> = Vec::new();
    for (&a, cs) in &ctx.seen.areas {
        for c in cs.iter().filter(|c| c.side == ctx.seen.side()) {
            placed.push((if goes(c) { area } else { a }, c));
        }
    }
    let leader = |c: &Counter| -> Option<&'static Leader> {
        units.unit(c.id.as_deref()?).and_then(|u| u.leader.as_ref())
    };
    let formation = |c: &Counter| -> Option<Formation> {
        if !matches!(c.kind.as_str(), "division" | "brigade") {
            return None;
        }
        units.unit(c.id.as_deref()?).and_then(|u| u.formation)
    };
    let mut v = 0.0;
    // Infantry to its Officer (S6.3: two Areas), counted for the units the move concerns:
    // those that move, and those whose Officer moves.
    for &(at, c) in &placed {
        let Some(f) = formation(c) else { continue };
        let officers: Vec<(u8, bool)> = placed
            .iter()
            .filter(|(_, l)| leader(l).is_some_and(|l| l.commands.contains(&f)))
            .map(|&(a, l)| (a, goes(l)))
            .collect();
        if officers.is_empty() || !(goes(c) || officers.iter().any(|o| o.1)) {
            continue;
        }
        let d = officers
            .iter()
            .map(|&(a, _)| ctx.plan.d(at, a))
            .min()
            .unwrap_or(FAR);
        if d > 2 {
            v -= CUT_OFF + PER_STEP * f64::from(d.min(8) - 2);
        }
    }
    // Officers to a Commander (S6.3: four Areas).
    let commanders: Vec<(u8, bool)> = placed
        .iter()
        .filter(|(_, l)| leader(l).is_some_and(|l| l.role != LeaderRole::Officer))
        .map(|&(a, l)| (a, goes(l)))
        .collect();
    for &(at, c) in &placed {
        if !leader(c).is_some_and(|l| l.role == LeaderRole::Officer) {
            continue;
        }
        if commanders.is_empty() || !(goes(c) || commanders.iter().any(|o| o.1)) {
            continue;
        }
        let d = commanders
            .iter()
            .map(|&(a, _)| ctx.plan.d(at, a))
            .min()
            .unwrap_or(FAR);
        if d > 4 {
            v -= 3.0 * f64::from(d.min(10) - 4);
        }
    }
    v
}
