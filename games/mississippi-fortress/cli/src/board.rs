//! The board of a view: turn, date, phase, weather, VPs and the siege track; each occupied
//! Area with its stacks; the river with its ships; the batteries; the Battle Board during a
//! battle; the viewer's own pending business.

use serde_json::Value;
use std::fmt::Write;

use crate::counters::{counter, legend, ship, stacks};
use crate::names::{Names, capitalised};

/// Everything of the view but the prompt, names and printed values taken from `data`.
pub fn board(v: &Value, data: &Value) -> String {
    let n = &Names(data);
    let mut out = String::new();
    let phase = &v["phase"];
    let player = phase["player"]
        .as_str()
        .map(|p| format!("{} ", capitalised(p)))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "Turn {} of {}-{} ({}) · {player}{} ({}) · Weather: {}{}",
        v["turn"],
        v["first_turn"],
        v["last_turn"],
        v["dates"].as_str().unwrap_or(""),
        phase["name"].as_str().unwrap_or(""),
        phase["segment"].as_str().unwrap_or(""),
        v["weather"].as_str().unwrap_or("clear"),
        if v["continuing_rain"] == true {
            " (continuing)"
        } else {
            ""
        }
    );
    let siege = &v["siege"];
    let _ = writeln!(
        out,
        "VPs: Union {}, Confederate {} · Vicksburg {}{}",
        v["vp"]["union"],
        v["vp"]["confederate"],
        if siege["besieged"] == true {
            "besieged"
        } else {
            "not besieged"
        },
        siege["supplies"]
            .as_u64()
            .map(|s| format!(", supplies {s}"))
            .unwrap_or_default()
    );
    out.push_str("\nAreas:\n");
    for a in v["areas"].as_array().into_iter().flatten() {
        let area = a["area"].as_u64().unwrap_or(0);
        let _ = writeln!(out, "  {}: {}", n.area(area), stacks(n, &a["counters"]));
    }
    out.push_str(&legend(n));
    let river = v["river"].as_array().cloned().unwrap_or_default();
    if !river.is_empty() {
        out.push_str("River:\n");
        for node in &river {
            let ships: Vec<String> = node["ships"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| ship(n, s))
                .collect();
            let _ = writeln!(
                out,
                "  {}: {}",
                n.node(node["node"].as_str().unwrap_or("")),
                ships.join("; ")
            );
        }
    }
    let batteries: Vec<String> = v["batteries"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|b| {
            format!(
                "{} ({}, {}): {}",
                n.unit(b["id"].as_str().unwrap_or("")),
                n.area(b["area"].as_u64().unwrap_or(0)),
                b["arrow"].as_str().unwrap_or(""),
                b["state"].as_str().unwrap_or("")
            )
        })
        .collect();
    if !batteries.is_empty() {
        let _ = writeln!(out, "Batteries: {}", batteries.join("; "));
    }
    if let Some(m) = v.get("moving") {
        let path: Vec<String> = m["path"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .map(|a| a.to_string())
            .collect();
        let _ = writeln!(
            out,
            "Moving ({}): {} counter(s) from Area {}, now in {} (path {})",
            m["side"].as_str().unwrap_or(""),
            m["count"],
            m["from"],
            n.area(m["at"].as_u64().unwrap_or(0)),
            if path.is_empty() {
                "-".to_string()
            } else {
                path.join("-")
            }
        );
    }
    if let Some(d) = v["declared"].as_array() {
        let areas: Vec<String> = d
            .iter()
            .filter_map(Value::as_u64)
            .map(|a| n.area(a))
            .collect();
        let _ = writeln!(out, "Battles declared: {}", areas.join(", "));
    }
    if let Some(b) = v.get("battle") {
        out.push_str(&battle(n, b));
        out.push_str(&all_at_once(v));
    }
    for side in ["union", "confederate"] {
        if let Some(p) = v.get(format!("{side}_private")) {
            out.push_str(&private(n, side, p));
        }
    }
    let gone: Vec<String> = v["eliminated"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| n.unit(c["id"].as_str().unwrap_or("")))
        .collect();
    if !gone.is_empty() {
        let _ = writeln!(out, "Eliminated or fallen: {}", gone.join(", "));
    }
    if let Some(outcome) = v.get("outcome").filter(|o| !o.is_null()) {
        let _ = writeln!(
            out,
            "\nResult: {}",
            outcome["summary"].as_str().unwrap_or("game over")
        );
    }
    out
}

fn battle(n: &Names, b: &Value) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nBattle in {}: {} attacks {} · round {} · {}{}",
        n.area(b["area"].as_u64().unwrap_or(0)),
        capitalised(b["attacker"].as_str().unwrap_or("")),
        capitalised(b["defender"].as_str().unwrap_or("")),
        b["round"],
        b["stage"].as_str().unwrap_or(""),
        if b["compelled"] == true {
            " (compelled, 5.11)"
        } else {
            ""
        }
    );
    for side in ["union", "confederate"] {
        let s = &b["sides"][side];
        let _ = write!(out, "  {}:", capitalised(side));
        match s["lines"].as_array() {
            Some(lines) => {
                for (i, line) in lines.iter().enumerate() {
                    let _ = write!(
                        out,
                        " LP{}: [{}]",
                        i + 1,
                        stacks(n, &line["counters"])
                            .replace(&format!("{}: ", capitalised(side)), "")
                    );
                }
                if let Some(r) = s["reserve"].as_array() {
                    let names: Vec<String> = r.iter().map(|c| counter(n, c)).collect();
                    let _ = write!(out, " Reserve: [{}]", names.join(", "));
                } else if let Some(n) = s["reserve_count"].as_u64() {
                    let _ = write!(out, " Reserve: {n} face-down");
                }
            }
            None => {
                let _ = write!(out, " {} counters, not yet revealed", s["participants"]);
            }
        }
        if let Some(orders) = s["orders"].as_array().filter(|o| !o.is_empty()) {
            let shown: Vec<String> = orders
                .iter()
                .map(|o| {
                    format!(
                        "LP{} {}",
                        o["line"].as_u64().unwrap_or(0) + 1,
                        o["order"].as_str().unwrap_or("no order")
                    )
                })
                .collect();
            let _ = write!(out, " · orders: {}", shown.join(", "));
        }
        out.push('\n');
    }
    // After fire, each engagement worked out (the engine's combat reports).
    out.push_str(&crate::combat::board(b, n.0));
    out
}

/// The viewer's choices that place every counter left at once (deploy_all, commit_all;
/// decision I37), by their numbers in the list of choices: "All at once: 5 = Line Position 1,
/// 8 = the Reserve".
fn all_at_once(v: &Value) -> String {
    let place = |p: &Value| match p.as_str() {
        Some(lp) if lp.starts_with("lp") => format!("Line Position {}", &lp[2..]),
        _ => "the Reserve".to_string(),
    };
    let choices: Vec<String> = v["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, a)| {
            let to = match a["type"].as_str()? {
                "deploy_all" => place(&a["position"]),
                "commit_all" if a["position"].is_null() => "keep them in the Reserve".to_string(),
                "commit_all" => place(&a["position"]),
                _ => return None,
            };
            Some(format!("{} = {to}", i + 1))
        })
        .collect();
    if choices.is_empty() {
        return String::new();
    }
    format!(
        "  All your counters left at once: {} (the numbers of your choices)\n",
        choices.join(", ")
    )
}

fn private(n: &Names, side: &str, p: &Value) -> String {
    let mut out = format!("Your {side} records: dummies in pool {}", p["dummy_pool"]);
    for g in p["reinforcements"].as_array().into_iter().flatten() {
        let units: Vec<String> = g["units"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|u| n.unit(u))
            .collect();
        let _ = write!(
            out,
            "; reinforcements on Turn {} to {}: {}",
            g["turn"],
            n.area(g["area"].as_u64().unwrap_or(0)),
            units.join(", ")
        );
    }
    out.push('\n');
    out
}
