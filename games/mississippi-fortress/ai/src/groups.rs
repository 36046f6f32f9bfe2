//! Marching groups: the Union army of 6.1 hunts in several columns rather than one. The
//! counters of an Area that are to move are split into corps — each Officer with the infantry
//! and artillery of his formations, so that every group keeps its lines of communication
//! (S6.3) — and single cavalry regiments (MA 3, S3.1b), which screen and close the way out
//! of a stack being attacked (S8.4c). Grant and any unit of no formation present go with the
//! largest group. The largest group moves first; the next is chosen again once it has moved.

use mississippi_fortress::data::Units;
use mississippi_fortress::data::units::{Formation, LeaderRole};

use crate::seen::{Counter, Seen};

/// Whether `seen`'s side marches in groups: the Union in 6.1, whose VPs come from hunting.
pub fn marches_in_groups(seen: &Seen) -> bool {
    seen.side() == adjutant_engine::Side::Union && seen.scenario == "champion-hill"
}

/// The group of `movers` to move first.
pub fn first(movers: Vec<&Counter>) -> Vec<&Counter> {
    let mut groups = split(movers);
    groups.sort_by(|a, b| strength(b).total_cmp(&strength(a)));
    groups.into_iter().next().unwrap_or_default()
}

fn strength(g: &[&Counter]) -> f64 {
    g.iter().filter(|c| c.is_combat()).map(|c| c.strength).sum()
}

/// `movers` split into groups (see the module's notes).
fn split(movers: Vec<&Counter>) -> Vec<Vec<&Counter>> {
    let units = Units::get();
    let formation = |c: &Counter| -> Option<Formation> {
        if !matches!(c.kind.as_str(), "division" | "brigade" | "artillery") {
            return None;
        }
        units.unit(c.id.as_deref()?).and_then(|u| u.formation)
    };
    let mut groups: Vec<(Option<Formation>, Vec<&Counter>)> = Vec::new();
    let mut rest: Vec<&Counter> = Vec::new();
    for c in &movers {
        if c.kind == "cavalry" {
            groups.push((None, vec![c]));
        } else if let Some(f) = formation(c) {
            match groups.iter_mut().find(|g| g.0 == Some(f)) {
                Some(g) => g.1.push(c),
                None => groups.push((Some(f), vec![c])),
            }
        } else {
            rest.push(c);
        }
    }
    // Artillery cannot stand alone in a Line Position (S8.6b): a corps of artillery only
    // joins the rest.
    let (mut groups, lone): (Vec<_>, Vec<_>) = groups
        .into_iter()
        .partition(|g| g.1.iter().any(|c| c.kind != "artillery"));
    rest.extend(lone.into_iter().flat_map(|g| g.1));
    let mut leftover: Vec<&Counter> = Vec::new();
    for c in rest {
        let officer_of = units
            .unit(c.id.as_deref().unwrap_or_default())
            .and_then(|u| u.leader.as_ref())
            .filter(|l| l.role == LeaderRole::Officer)
            .map(|l| l.commands.clone());
        match officer_of.and_then(|fs| {
            groups
                .iter_mut()
                .find(|g| g.0.is_some_and(|f| fs.contains(&f)))
        }) {
            Some(g) => g.1.push(c),
            None => leftover.push(c),
        }
    }
    let mut groups: Vec<Vec<&Counter>> = groups.into_iter().map(|g| g.1).collect();
    let largest = groups
        .iter()
        .enumerate()
        .max_by(|a, b| strength(a.1).total_cmp(&strength(b.1)))
        .map(|(i, _)| i);
    match largest {
        Some(i) => groups[i].extend(leftover),
        None => groups.push(leftover),
    }
    groups.retain(|g| !g.is_empty());
    groups
}
