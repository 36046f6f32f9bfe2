//! A Bloody Roads South view as readable text for the `adjutant` command: the turn and phase,
//! the hex map around the action drawn as text (see README.md for its legend), the viewer's
//! stacks counter by counter in sentences, the other side's stacks as their top counters, the
//! counters off the map, the viewer's order log, the hexes held, the result. The map comes from
//! the game's static data (`GET /api/catalog/bloody-roads-south`), the rest from the view, so
//! the command links no rules. Reached through the registry (`games/registry`, feature `cli`).
//!
//! An enemy stack shows exactly what the view gives of it (rules reference, section 5): its
//! top counter's face, its facing and whether it holds troops, artillery, both or neither.

mod atlas;
mod grid;
mod lists;
mod map;
mod maps;
mod menu;
mod offmap;
mod svg;
mod track;
mod words;

use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use grid::{Cell, Grid, RAILROAD_MARK, ROAD_MARKS};
use map::{Mark, Window};
use words::{FACINGS, FORMATIONS, side_name, wrap};

pub use atlas::{area, map};
pub use maps::maps;
pub use svg::svg;

/// The game's name as the CLI's title line shows it.
pub const TITLE: &str = "Bloody Roads South";

/// Everything of the view but the prompt: the map from `data`, the rest from the view.
pub fn board(v: &Value, data: &Value) -> String {
    let mut out = String::new();
    let viewer = v["viewer"].as_str().unwrap_or("");
    out.push_str(&heading(v));
    let grid = Grid::new(data, v["scenario"]["id"].as_str().unwrap_or(""));
    match &grid {
        Some(grid) => out.push_str(&map_section(v, grid, viewer)),
        None => out.push_str("\n(The map is not shown: the game's static data did not load.)\n"),
    }
    out.push_str(&stacks_section(v, data, viewer));
    out.push_str(&waiting_section(v));
    out.push_str(&orders_section(v));
    out.push_str(&menu::menu_section(v));
    out.push_str(&holdings_section(v));
    out.push_str(&lists::lists_section(v));
    if v["railroad_found"] == true {
        out.push_str("\nYour side has found the Unfinished Railroad (rule 1.3).\n");
    }
    let outcome = [&v["outcome"], &v["result"]]
        .into_iter()
        .find_map(|o| o["summary"].as_str());
    if let Some(summary) = outcome {
        let _ = writeln!(out, "\nResult: {summary}");
    }
    out
}

/// The scenario, turn, time and phase, and who is still setting up.
fn heading(v: &Value) -> String {
    let mut out = String::new();
    let turn = &v["turn"];
    let sight = match turn["visibility"].as_u64() {
        Some(n) => format!("visibility {}", words::count(n, "hex", "hexes")),
        None => "unlimited visibility".to_string(),
    };
    let _ = writeln!(
        out,
        "{}: turn {} of {}, {} ({}, {sight})",
        v["scenario"]["title"]
            .as_str()
            .unwrap_or("Bloody Roads South"),
        turn["number"].as_u64().unwrap_or(0),
        turn["of"].as_u64().unwrap_or(0),
        turn["time"].as_str().unwrap_or(""),
        if turn["night"] == true {
            "night"
        } else {
            "day"
        },
    );
    if let Some(title) = v["phase"]["title"].as_str() {
        let _ = writeln!(out, "{title}");
    }
    if let Some(done) = v["setup_done"].as_object() {
        let said: Vec<String> = ["union", "confederate"]
            .iter()
            .map(|s| {
                let state = if done.get(*s) == Some(&Value::Bool(true)) {
                    "has finished"
                } else {
                    "is still setting up"
                };
                format!("the {} player {state}", side_name(s))
            })
            .collect();
        let _ = writeln!(
            out,
            "Set-up (6.0): {}; the set-ups are revealed together.",
            said.join(", ")
        );
    }
    out
}

/// True when the viewer sees the stack's every counter (its own, or everything after the game).
pub(crate) fn in_full(stack: &Value, viewer: &str) -> bool {
    viewer == "omniscient" || stack["side"] == viewer
}

/// Every hex id named by a string field of `v` (an action's `hex`, `to` ...).
pub(crate) fn hexes_in(v: &Value, grid: &Grid, out: &mut Vec<Cell>) {
    match v {
        Value::String(s) => out.extend(grid::parse(s).and_then(|_| grid.cell(s))),
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| k.as_str() != "label")
            .for_each(|(_, x)| hexes_in(x, grid, out)),
        Value::Array(a) => a.iter().for_each(|x| hexes_in(x, grid, out)),
        _ => {}
    }
}

/// The map window around the action: the hexes the viewer may choose now, else a moving
/// group or target the view names, else the viewer's stacks, else every stack.
fn map_section(v: &Value, grid: &Grid, viewer: &str) -> String {
    let stacks: Vec<&Value> = v["stacks"].as_array().into_iter().flatten().collect();
    let mut targets = Vec::new();
    hexes_in(&v["actions"], grid, &mut targets);
    let mut named = Vec::new();
    for key in ["moving", "fire", "target", "last"] {
        hexes_in(&v[key], grid, &mut named);
    }
    let cells_of = |own: bool| -> Vec<Cell> {
        stacks
            .iter()
            .filter(|s| !own || in_full(s, viewer))
            .filter_map(|s| grid.cell(s["hex"].as_str()?))
            .collect()
    };
    let own = cells_of(true);
    let focus = [targets.clone(), named, own.clone(), cells_of(false)]
        .into_iter()
        .find(|cells| !cells.is_empty())
        .unwrap_or_default();
    let window = Window::around(grid, &focus);
    let marks = stack_marks(v, grid, viewer);
    let target_set: HashSet<Cell> = targets.iter().copied().collect();
    let mut out = String::new();
    // A hexrow's name ("A17") from any of its hexes in the window.
    let hexrow = |c: i32| {
        (window.rows.0..=window.rows.1)
            .find_map(|r| grid.id((c, r)))
            .and_then(|id| id.split('.').next().map(String::from))
            .unwrap_or_else(|| "?".into())
    };
    let _ = writeln!(
        out,
        "\nMap {}, hexrows {} to {} (north is up; each hexrow's boxes run down the page):",
        grid.sheet_names(),
        hexrow(window.cols.0),
        hexrow(window.cols.1),
    );
    for line in map::draw(grid, window, &marks, &target_set) {
        let _ = writeln!(out, "{line}");
    }
    let outside = |cells: &[Cell]| {
        let mut seen: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| !window.shows(c))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    };
    let (far_targets, far_own) = (outside(&targets), outside(&own));
    if far_targets + far_own > 0 {
        let mut parts = Vec::new();
        if far_targets > 0 {
            parts.push(words::count(
                far_targets as u64,
                "hex you may choose",
                "hexes you may choose",
            ));
        }
        if far_own > 0 {
            parts.push(words::count(
                far_own as u64,
                "of your stacks",
                "of your stacks",
            ));
        }
        let _ = writeln!(out, "Beyond this window: {}.", parts.join(" and "));
    }
    out.push_str(&legend());
    out
}

/// What the text map shows of each stack, by cell: side, facing, top counter's formation and
/// either how many more counters are beneath (the viewer's own) or what the stack holds.
pub(crate) fn stack_marks(v: &Value, grid: &Grid, viewer: &str) -> HashMap<Cell, Mark> {
    let stacks: Vec<&Value> = v["stacks"].as_array().into_iter().flatten().collect();
    let mut marks = HashMap::new();
    for s in &stacks {
        let Some(cell) = s["hex"].as_str().and_then(|h| grid.cell(h)) else {
            continue;
        };
        let counters: Vec<&Value> = s["counters"].as_array().into_iter().flatten().collect();
        let Some(top) = counters.first() else {
            continue;
        };
        let extra = if in_full(s, viewer) {
            if counters.len() > 1 {
                format!("+{}", counters.len() - 1)
            } else {
                String::new()
            }
        } else {
            let letter = match s["contents"].as_str().unwrap_or("") {
                "troops" => 'T',
                "artillery" => 'A',
                "both" => 'B',
                _ => 'N',
            };
            format!("[{letter}]")
        };
        let side = if s["side"] == "union" { 'U' } else { 'C' };
        let line = format!(
            "{side}{} {:<4} {extra}",
            words::arrow(s["facing"].as_str().unwrap_or("")),
            words::formation_short(top["formation"].as_str().unwrap_or("")),
        );
        marks.insert(
            cell,
            Mark {
                line,
                name: words::short_name(top),
            },
        );
    }
    marks
}

/// The key to the text map (the same words as the crate's README).
pub fn legend() -> String {
    let roads: Vec<String> = ROAD_MARKS
        .iter()
        .map(|(_, mark, name)| format!("{mark} {name}"))
        .collect();
    let arrows: Vec<String> = FACINGS
        .iter()
        .map(|(vertex, arrow, _)| format!("{arrow} {vertex}"))
        .collect();
    let forms: Vec<String> = FORMATIONS
        .iter()
        .map(|(word, short)| {
            if word == short {
                word.to_string()
            } else {
                format!("{short} {word}")
            }
        })
        .collect();
    let text = format!(
        "Legend: each box is a hex, with its book id, then c clear or w wilderness, its elevation \
         level, the road through it ({}, {RAILROAD_MARK} the Unfinished Railroad) and * when one \
         of your choices names it; ~ on an edge is a stream. In a box with a stack: U Union or C \
         Confederate, the arrow of its facing ({}), its top counter's formation ({}), then +N \
         more counters of yours beneath, or for a stack you only see the top of, what it holds \
         ([T] troops, [A] artillery, [B] both, [N] neither); below, the top counter.",
        roads.join(", "),
        arrows.join(", "),
        forms.join(", "),
    );
    wrap(&text, "", "  ")
}

/// Names of hexes: a place's own hex, else the clearing it lies in.
pub(crate) fn place_names(data: &Value) -> HashMap<String, String> {
    let mut names = HashMap::new();
    for c in data["clearings"].as_array().into_iter().flatten() {
        let name = c["name"].as_str().unwrap_or("");
        for h in c["hexes"].as_array().into_iter().flatten() {
            if let Some(h) = h.as_str() {
                names.insert(h.to_string(), name.to_string());
            }
        }
    }
    for p in data["places"].as_array().into_iter().flatten() {
        if let (Some(h), Some(n)) = (p["hex"].as_str(), p["name"].as_str()) {
            names.insert(h.to_string(), n.to_string());
        }
    }
    names
}

/// The viewer's stacks counter by counter, then the stacks it sees only the top of.
fn stacks_section(v: &Value, data: &Value, viewer: &str) -> String {
    let names = place_names(data);
    let stacks: Vec<&Value> = v["stacks"].as_array().into_iter().flatten().collect();
    let mut out = String::new();
    let where_ = |s: &Value| {
        let hex = s["hex"].as_str().unwrap_or("?");
        match names.get(hex) {
            Some(n) if !n.starts_with(hex) => format!("{hex} ({n})"),
            _ => hex.to_string(),
        }
    };
    let full: Vec<&&Value> = stacks.iter().filter(|s| in_full(s, viewer)).collect();
    let seats = viewer == "union" || viewer == "confederate";
    if !full.is_empty() {
        out.push_str(if seats {
            "\nYour stacks, top counter first:\n"
        } else {
            "\nThe stacks, top counter first:\n"
        });
        for s in full {
            let owner = if seats {
                String::new()
            } else {
                format!("{} ", side_name(s["side"].as_str().unwrap_or("")))
            };
            let _ = writeln!(
                out,
                "  {owner}{}, {}:",
                where_(s),
                words::facing(s["facing"].as_str().unwrap_or(""))
            );
            for c in s["counters"].as_array().into_iter().flatten() {
                out.push_str(&wrap(&words::own_counter(c), "    - ", "      "));
            }
        }
    } else if seats {
        out.push_str("\nYou have no stacks on the map.\n");
    }
    let tops: Vec<&&Value> = stacks.iter().filter(|s| !in_full(s, viewer)).collect();
    if !tops.is_empty() {
        out.push_str(if seats {
            "\nEnemy stacks (only the top counter shows):\n"
        } else {
            "\nStacks (only the top counter shows):\n"
        });
        for s in tops {
            let who = if seats {
                "Enemy".to_string()
            } else {
                side_name(s["side"].as_str().unwrap_or(""))
            };
            let what = match s["contents"].as_str().unwrap_or("") {
                "troops" => "troops",
                "artillery" => "artillery",
                "both" => "troops and artillery",
                _ => "leaders, HQs or wagons (no troops, no artillery)",
            };
            let top = s["counters"][0].clone();
            let line = format!(
                "{who} {what} in {}, top counter {}.",
                where_(s),
                words::top_counter(&top, s["facing"].as_str().unwrap_or(""))
            );
            out.push_str(&wrap(&line, "  ", "    "));
        }
    }
    if stacks.is_empty() {
        out.push_str("\nNo stacks on the map are shown to you yet.\n");
    }
    out
}

/// The viewer's counters not on the map: reinforcements to come, and those lost.
fn waiting_section(v: &Value) -> String {
    let mut out = String::new();
    let waiting: Vec<&Value> = v["waiting"].as_array().into_iter().flatten().collect();
    for (status, heading) in [
        ("waiting", "Not yet on the map (reinforcements to come)"),
        ("gone", "Lost or removed"),
    ] {
        let names: Vec<String> = waiting
            .iter()
            .filter(|c| c["status"] == status)
            .map(|c| words::counter_name(c))
            .collect();
        if !names.is_empty() {
            out.push_str(&wrap(
                &format!("{heading}: {}.", names.join("; ")),
                "\n",
                "  ",
            ));
        }
    }
    out
}

/// The viewer's order log (both logs after the game).
fn orders_section(v: &Value) -> String {
    let mut out = String::new();
    let mut logs: Vec<(String, &Value)> = Vec::new();
    if v.get("orders").is_some() {
        logs.push(("Your order log".into(), &v["orders"]));
    }
    for side in ["union", "confederate"] {
        if let Some(log) = v["orders_of_both"].get(side) {
            logs.push((format!("The {} order log", side_name(side)), log));
        }
    }
    for (heading, log) in logs {
        let orders: Vec<&Value> = log.as_array().into_iter().flatten().collect();
        if orders.is_empty() {
            let _ = writeln!(out, "\n{heading} is empty.");
            continue;
        }
        let _ = writeln!(out, "\n{heading}:");
        for o in orders {
            out.push_str(&wrap(&words::order(o), "  ", "    "));
        }
    }
    out
}

/// Who holds which hexes (public: possession follows occupation, rule 5.1d).
fn holdings_section(v: &Value) -> String {
    let holdings: Vec<&Value> = v["holdings"].as_array().into_iter().flatten().collect();
    if holdings.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = ["union", "confederate"]
        .iter()
        .filter_map(|side| {
            let hexes: Vec<&str> = holdings
                .iter()
                .filter(|h| h["side"] == *side)
                .filter_map(|h| h["hex"].as_str())
                .collect();
            (!hexes.is_empty()).then(|| format!("{} {}", side_name(side), hexes.join(", ")))
        })
        .collect();
    wrap(&format!("Hexes held: {}.", parts.join("; ")), "\n", "  ")
}

#[cfg(test)]
mod tests;
