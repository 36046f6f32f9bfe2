//! The Union's steamers (4.1, 4.11, 4.12; S12.1). In 6.3 Grant's army stands on the
//! Louisiana bank and the transports come down from the north edge: Porter must run the
//! batteries (4.21, 4.23) to meet the army near Hard Times (6.3's introduction). Each naval
//! stack is a gunboat on top (armoured: a shot sinks a ship on a 6 only, 4.23b) and a
//! transport; it sails past Vicksburg and Warrenton to the New Carthage and Hard Times arrows
//! (A5, A6), where the army, marching down the Louisiana bank by the Richmond road, embarks
//! and lands on the Mississippi bank ([`crate::strategy`] counts those crossings). Ships
//! already on the river stay where they are (6.2 starts with the transports in place); an
//! overstacked arrow sends its gunboats off the map first (4.11a), keeping the transports.

use adjutant_engine::Side;
use mississippi_fortress::Action;
use mississippi_fortress::model::node::Node;
use serde_json::Value;

use crate::Ctx;

/// The river from the north edge down (4.11: downstream is north to south).
const CHAIN: [&str; 10] = [
    "north-edge",
    "A1",
    "A2",
    "A3",
    "A4",
    "A5",
    "A6",
    "A7",
    "A8",
    "south-edge",
];

/// Where the transports wait for the army: New Carthage – Davis Bend, Davis Bend – Hard Times.
const CROSSINGS: [&str; 2] = ["A6", "A5"];

/// Transports one crossing arrow may hold at the end of the phase (4.11a).
const PER_ARROW: usize = 2;

/// Scores naval actions; `None` for any other action (and for `Halt` and `Cancel` when no
/// naval stack is moving).
pub fn score(ctx: &Ctx<'_>, action: &Action) -> Option<f64> {
    let sailing = &ctx.view["sailing"];
    let moving = sailing.is_object();
    Some(match action {
        Action::SailFrom { node } => {
            let name = node_name(node);
            if ctx.seen.side() == Side::Union
                && name == CHAIN[0]
                && free_transports(ctx, &name) > 0
                && target(ctx).is_some()
            {
                20.0
            } else {
                -5.0
            }
        }
        Action::TakeShip { ship } => take_ship(ctx, sailing, ship),
        Action::SailTo { node } => {
            let Some(goal) = target(ctx) else {
                return Some(-5.0);
            };
            let to = index(&node_name(node));
            let at = index(sailing["at"].as_str().unwrap_or_default());
            if to > at && to <= goal {
                // Downstream toward the crossing.
                100.0 + to as f64
            } else {
                -5.0
            }
        }
        Action::Halt if moving => {
            let at = index(sailing["at"].as_str().unwrap_or_default());
            let goal = target(ctx);
            if goal.is_some_and(|g| at >= g) || (goal.is_none() && at >= index("A5")) {
                200.0
            } else {
                50.0
            }
        }
        Action::Cancel if moving => -50.0,
        Action::SendOffMap { ship } => {
            if is_transport(ctx, ship) {
                -10.0
            } else {
                10.0
            }
        }
        Action::TopShip { ship } => {
            if is_transport(ctx, ship) {
                -10.0
            } else {
                10.0
            }
        }
        _ => return None,
    })
}

/// The stack's first ship (on top) is a gunboat when one is there, the second a transport.
fn take_ship(ctx: &Ctx<'_>, sailing: &Value, ship: &str) -> f64 {
    let taken = sailing["ships"].as_array().map_or(0, Vec::len);
    let transport = is_transport(ctx, ship);
    let carrying = sailing["ships"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .any(|s| is_transport(ctx, s));
    match (taken, transport) {
        (0, false) => 10.0,
        (0, true) => 5.0,
        (_, true) if !carrying => 500.0,
        _ => -5.0,
    }
}

/// The crossing arrow the next transport should reach, as an index into [`CHAIN`]; `None`
/// once every crossing holds its transports (or outside the Union's campaign).
fn target(ctx: &Ctx<'_>) -> Option<usize> {
    if ctx.seen.side() != Side::Union || ctx.seen.scenario != "porter-runs-the-batteries" {
        return None;
    }
    CROSSINGS
        .iter()
        .map(|&a| (a, transports_at(ctx, a)))
        .filter(|&(_, n)| n < PER_ARROW)
        .min_by_key(|&(_, n)| n)
        .map(|(a, _)| index(a))
}

fn node_name(node: &Node) -> String {
    serde_json::to_value(node)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn index(name: &str) -> usize {
    CHAIN.iter().position(|&n| n == name).unwrap_or(0)
}

/// My ships on the river, by node, as (id, transport, moved).
fn ships<'a>(ctx: &'a Ctx<'_>, node: &'a str) -> impl Iterator<Item = (&'a str, bool, bool)> {
    let me = ctx.seen.side().as_str();
    ctx.view["river"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(move |n| n["node"].as_str() == Some(node))
        .flat_map(|n| n["ships"].as_array().into_iter().flatten())
        .filter(move |s| s["side"].as_str() == Some(me))
        .filter_map(|s| {
            Some((
                s["id"].as_str()?,
                s["transport"].as_bool() == Some(true),
                s["moved"].as_bool() == Some(true),
            ))
        })
}

fn transports_at(ctx: &Ctx<'_>, node: &str) -> usize {
    ships(ctx, node).filter(|s| s.1).count()
}

fn free_transports(ctx: &Ctx<'_>, node: &str) -> usize {
    ships(ctx, node).filter(|s| s.1 && !s.2).count()
}

fn is_transport(ctx: &Ctx<'_>, ship: &str) -> bool {
    ctx.view["river"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|n| n["ships"].as_array().into_iter().flatten())
        .any(|s| s["id"].as_str() == Some(ship) && s["transport"].as_bool() == Some(true))
}
