//! One Area described for `adjutant area GAME N`: its terrain and towns, each neighbour with
//! the border between them (open ground, a ridge, a river and its crossings, a road, a
//! railroad) from the static data; who is there as the viewer may see it; the stack the
//! viewer is moving (its printed allowance and the steps taken); and the viewer's offered
//! choices that name the Area, by their labels, which say why a destination is offered
//! ("(force march)"). Nothing here decides what is legal: the choices are the view's.

use serde_json::Value;
use std::fmt::Write;

use crate::counters::stacks;
use crate::names::{Names, capitalised, count};

/// The description of Area `id` ("20"), or a sentence saying why there is none.
pub fn area(id: &str, view: &Value, data: &Value) -> Result<String, String> {
    let n = &Names(data);
    let number: u64 = id
        .trim()
        .trim_start_matches(['A', 'a'])
        .trim_start_matches("rea")
        .trim()
        .parse()
        .map_err(|_| format!("“{id}” is not an Area number: give one such as 20."))?;
    let Some(a) = n.area_data(number) else {
        let last = n.areas().filter_map(|a| a["id"].as_u64()).max();
        return Err(match last {
            Some(last) => format!("There is no Area {number}: the Areas are 1 to {last}."),
            None => "The map is not known: the game's static data did not load.".to_string(),
        });
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} — {}{}",
        n.area(number),
        a["terrain"].as_str().unwrap_or("terrain unknown"),
        a["state"]
            .as_str()
            .map(|s| format!(", in {}", capitalised(s)))
            .unwrap_or_default()
    );
    let towns: Vec<&str> = a["towns"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["name"].as_str())
        .collect();
    if !towns.is_empty() {
        let _ = writeln!(out, "Towns: {}.", towns.join(", "));
    }
    if let Some(edges) = a["map_edges"].as_array().filter(|e| !e.is_empty()) {
        let edges: Vec<&str> = edges.iter().filter_map(Value::as_str).collect();
        let _ = writeln!(out, "On the {} edge of the map.", edges.join(" and "));
    }
    out.push_str(&specials(n, number));
    out.push_str("\nNeighbours:\n");
    for (other, border) in neighbours(n, number) {
        let _ = writeln!(out, "  {} — {}", n.area(other), border_words(n, border));
    }
    out.push_str(&occupants(n, number, view));
    out.push_str(&moving(n, number, view));
    out.push_str(&choices(number, view));
    Ok(out)
}

/// The Areas bordering Area `number`, with the border, by number.
pub(crate) fn neighbours<'v>(n: &'v Names, number: u64) -> Vec<(u64, &'v Value)> {
    let mut out: Vec<(u64, &Value)> = n
        .borders()
        .filter_map(|b| {
            let (a, other) = (b["a"].as_u64()?, b["b"].as_u64()?);
            if a == number {
                Some((other, b))
            } else if other == number {
                Some((a, b))
            } else {
                None
            }
        })
        .collect();
    out.sort_by_key(|(other, _)| *other);
    out
}

/// A border in words: what lies along it, then the road and railroad crossing it.
pub(crate) fn border_words(n: &Names, b: &Value) -> String {
    let mut parts = Vec::new();
    match &b["kind"] {
        Value::String(k) if k == "Open" => parts.push("open ground".to_string()),
        Value::String(k) if k == "Ridge" => parts.push("a ridge".to_string()),
        Value::String(k) if k == "Mississippi" => {
            parts.push("across the Mississippi River".to_string())
        }
        Value::String(k) if k == "Yazoo" => parts.push("across the Yazoo River".to_string()),
        Value::String(k) => parts.push(k.to_lowercase()),
        Value::Object(m) => {
            if let Some(r) = m.get("MajorRiver") {
                let river = n.river(r["river"].as_str().unwrap_or(""));
                let crossings: Vec<String> = r["crossings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|c| {
                        format!(
                            "{} ({})",
                            c["name"].as_str().unwrap_or(""),
                            c["kind"].as_str().unwrap_or("crossing")
                        )
                    })
                    .collect();
                if crossings.is_empty() {
                    parts.push(format!("across the {river} (major river), no crossing"));
                } else {
                    parts.push(format!(
                        "across the {river} (major river) by {}",
                        crossings.join(" or ")
                    ));
                }
            }
        }
        _ => {}
    }
    if b["road"] == true {
        parts.push("a road".to_string());
    }
    if b["railroad"] == true {
        parts.push("a railroad".to_string());
    }
    if let Some(arrows) = b["arrows"].as_array().filter(|a| !a.is_empty()) {
        let arrows: Vec<&str> = arrows.iter().filter_map(Value::as_str).collect();
        parts.push(format!("river arrow {}", arrows.join(", ")));
    }
    parts.join(", ")
}

/// What the static data says is special about the Area: a shore battery site, mandatory
/// combat on entering it.
fn specials(n: &Names, number: u64) -> String {
    let mut out = String::new();
    for s in n.0["map"]["shore_battery_sites"]
        .as_array()
        .into_iter()
        .flatten()
    {
        if s["area"].as_u64() == Some(number) {
            let _ = writeln!(
                out,
                "A shore battery site, firing on river arrow {}.",
                s["arrow"].as_str().unwrap_or("?")
            );
        }
    }
    for m in n.0["map"]["mandatory_combat"]
        .as_array()
        .into_iter()
        .flatten()
    {
        if m["into"].as_u64() != Some(number) {
            continue;
        }
        if m["from_any"] == true {
            let _ = writeln!(
                out,
                "Entering it from any Area brings a battle (mandatory)."
            );
        } else {
            let from: Vec<String> = m["from"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .map(|a| n.area(a))
                .collect();
            let _ = writeln!(
                out,
                "Entering it from {} brings a battle (mandatory).",
                from.join(" or ")
            );
        }
    }
    out
}

/// Who is in the Area, as the view shows it, with each known counter's movement allowance.
fn occupants(n: &Names, number: u64, view: &Value) -> String {
    if view.is_null() {
        return "\nThe game has not started: nobody is on the map yet.\n".to_string();
    }
    let here = view["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|a| a["area"].as_u64() == Some(number));
    let Some(here) = here else {
        return "\nNobody is there that you can see.\n".to_string();
    };
    let mut out = String::from("\nThere:\n");
    let _ = writeln!(out, "  {}", stacks(n, &here["counters"]));
    let known: Vec<String> = here["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["hidden"] != true && c["side"] == view["viewer"])
        .filter_map(|c| {
            let ma = n.movement_allowance(c["kind"].as_str()?)?;
            let id = c["unit"].as_str().or(c["id"].as_str())?;
            Some(format!("{} {}", n.unit(id), count(ma, "Area", "Areas")))
        })
        .collect();
    if !known.is_empty() {
        let _ = writeln!(out, "  Movement allowances: {}.", known.join("; "));
    }
    out
}

/// The stack being moved, if it stands in this Area: steps taken against the slowest
/// counter's printed allowance (the choices' labels say when a step is a force march).
fn moving(n: &Names, number: u64, view: &Value) -> String {
    let m = &view["moving"];
    if m["at"].as_u64() != Some(number) {
        return String::new();
    }
    let steps = m["path"].as_array().map_or(0, Vec::len) as u64;
    let mut out = format!(
        "\nThe {} stack moving from {} is here ({}, {} taken).",
        capitalised(m["side"].as_str().unwrap_or("")),
        n.area(m["from"].as_u64().unwrap_or(0)),
        count(m["count"].as_u64().unwrap_or(0), "counter", "counters"),
        count(steps, "step", "steps"),
    );
    // The moving counters' kinds, where the view names them (the mover's own view).
    let ids: Vec<&str> = m["counters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let slowest = view["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|a| a["counters"].as_array().into_iter().flatten())
        .filter(|c| c["id"].as_str().is_some_and(|id| ids.contains(&id)))
        .filter_map(|c| n.movement_allowance(c["kind"].as_str()?))
        .min();
    if let Some(ma) = slowest {
        let left = ma.saturating_sub(steps);
        let _ = write!(
            out,
            " Its slowest counter's allowance is {}: {} before a force march.",
            count(ma, "Area", "Areas"),
            count(left, "step is left", "steps are left")
        );
    }
    out.push('\n');
    out
}

/// The viewer's offered choices that name this Area, numbered as `show` numbers them.
fn choices(number: u64, view: &Value) -> String {
    let mut out = String::new();
    for (i, a) in view["actions"].as_array().into_iter().flatten().enumerate() {
        if a["area"].as_u64() == Some(number) {
            let _ = writeln!(
                out,
                "  {:>3}. {}",
                i + 1,
                a["label"].as_str().unwrap_or("(a choice)")
            );
        }
    }
    if out.is_empty() {
        out
    } else {
        format!("\nYour choices naming this Area (act with the number):\n{out}")
    }
}
