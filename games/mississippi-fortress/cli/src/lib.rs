//! A Mississippi Fortress view as readable text for the `adjutant` command: turn, date, phase,
//! weather, VPs and the siege track; each occupied Area with its stacks (known counters by name
//! and strength, unknown ones as a count); the river with its ships; the batteries; the Battle
//! Board during a battle; the viewer's own pending business. Names and printed values come from
//! the game's static data (`GET /api/catalog/mississippi-fortress`), so the command links no
//! rules. Reached through the registry (`games/registry`, feature `cli`).

use serde_json::Value;
use std::fmt::Write;

/// The game's name as the CLI's title line shows it.
pub const TITLE: &str = "Mississippi Fortress";

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

/// The counters of one Area: known ones by name and strength, unknown ones counted, per side.
fn stacks(n: &Names, counters: &Value) -> String {
    let mut parts = Vec::new();
    for side in ["union", "confederate"] {
        let of_side: Vec<&Value> = counters
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["side"] == side)
            .collect();
        if of_side.is_empty() {
            continue;
        }
        let known: Vec<String> = of_side
            .iter()
            .filter(|c| c["hidden"] != true)
            .map(|c| counter(n, c))
            .collect();
        let hidden = of_side.iter().filter(|c| c["hidden"] == true).count();
        let mut text = known.join(", ");
        if hidden > 0 {
            if !text.is_empty() {
                text.push_str(", ");
            }
            let _ = write!(
                text,
                "{hidden} face-down counter{}",
                if hidden == 1 { "" } else { "s" }
            );
        }
        parts.push(format!("{}: {text}", capitalised(side)));
    }
    parts.join(" | ")
}

/// One known counter: its name, its strength (present for its owner, printed for the enemy)
/// and its owner's notes.
fn counter(n: &Names, c: &Value) -> String {
    let id = c["id"].as_str().unwrap_or("");
    if c["kind"] == "dummy" {
        return format!("dummy ({id})");
    }
    let data_id = c["unit"].as_str().unwrap_or(id);
    let mut text = n.unit(data_id);
    if let Some(sp) = c["strength"].as_u64() {
        let _ = write!(text, " {sp} SP");
    } else if let Some(full) = n.printed_strength(data_id) {
        let _ = write!(text, " ({full} SP printed)");
    }
    let mut notes = Vec::new();
    if let Some(s) = c["stragglers"].as_u64() {
        notes.push(format!("{s} straggler{}", if s == 1 { "" } else { "s" }));
    }
    if c["ineffective"] == true {
        notes.push("ineffective".to_string());
    }
    if c["in_comms"] == false {
        notes.push("out of communications".to_string());
    }
    if c["moved"] == true {
        notes.push("moved".to_string());
    }
    if c["face_up"] == true {
        notes.push("face up".to_string());
    }
    if !notes.is_empty() {
        let _ = write!(text, " [{}]", notes.join(", "));
    }
    text
}

fn ship(n: &Names, s: &Value) -> String {
    let mut text = n.unit(s["id"].as_str().unwrap_or(""));
    if let Some(aboard) = s["aboard"].as_array()
        && !aboard.is_empty()
    {
        let _ = write!(text, " carrying {}", stacks(n, &s["aboard"]));
    }
    if let Some(l) = s["lashed_to"].as_str() {
        let _ = write!(text, " (lashed to {})", n.unit(l));
    }
    if s["held"] == true {
        text.push_str(" (held until the next Union Movement Phase)");
    }
    text
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
    for r in b["results"].as_array().into_iter().flatten() {
        let rolls = |x: &Value| -> String {
            let v: Vec<String> = x
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| format!("{}:{}", r["die"], r["loss"]))
                .collect();
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(" ")
            }
        };
        let _ = writeln!(
            out,
            "  LP{} vs LP{}: level {}, column {}, cell {}; attacker rolls {}; defender rolls {}",
            r["attacker_line"].as_u64().unwrap_or(0) + 1,
            r["defender_line"].as_u64().unwrap_or(0) + 1,
            r["level"],
            r["column"].as_str().unwrap_or(""),
            r["cell"].as_str().unwrap_or(""),
            rolls(&r["attacker_rolls"]),
            rolls(&r["defender_rolls"])
        );
    }
    out
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

/// Look-ups in the static data: units by id, Areas by number, river arrows by id.
struct Names<'a>(&'a Value);

impl Names<'_> {
    fn unit_data(&self, id: &str) -> Option<&Value> {
        let units = &self.0["units"];
        find(units, &Value::from(id)).or_else(|| {
            // A numbered 0/0 replacement ("union-replacement-officer-2").
            let base = id.rsplit_once('-').map_or(id, |(b, _)| b);
            find(units, &Value::from(base))
        })
    }

    /// The name with its formation, e.g. "1st Division (XV)" (Union infantry only).
    fn unit(&self, id: &str) -> String {
        let Some(u) = self.unit_data(id) else {
            return id.to_string();
        };
        let name = u["name"].as_str().unwrap_or(id);
        let infantry = matches!(
            u["kind"].as_str(),
            Some("infantry-division" | "infantry-brigade")
        );
        match u["formation"].as_str().map(formation_label) {
            Some(label) if infantry && u["side"] == "union" => format!("{name} ({label})"),
            _ => name.to_string(),
        }
    }

    /// The full strength printed on the Unit Status Sheet.
    fn printed_strength(&self, id: &str) -> Option<u64> {
        find(&self.0["units"], &Value::from(id))?["strength"].as_u64()
    }

    fn area(&self, n: u64) -> String {
        match find(&self.0["map"]["areas"], &Value::from(n)) {
            Some(a) => format!("Area {n} {}", a["name"].as_str().unwrap_or("")),
            None => format!("Area {n}"),
        }
    }

    fn node(&self, node: &str) -> String {
        match node {
            "north-edge" => "Off the map (north)".to_string(),
            "south-edge" => "Off the map (south)".to_string(),
            _ => match find(&self.0["map"]["arrows"], &Value::from(node)) {
                Some(a) => format!("{node} {}", a["name"].as_str().unwrap_or("")),
                None => node.to_string(),
            },
        }
    }
}

/// The entry of `list` whose `id` is `id`.
fn find<'v>(list: &'v Value, id: &Value) -> Option<&'v Value> {
    list.as_array()?.iter().find(|x| &x["id"] == id)
}

/// The label printed on the counter for a formation id of the static data.
fn formation_label(id: &str) -> &str {
    match id {
        "ix" => "IX",
        "xiii" => "XIII",
        "xv" => "XV",
        "xvi" => "XVI",
        "xvii" => "XVII",
        "j" => "J",
        "p" => "P",
        "i-corps" => "I",
        "dec62-1st" => "1st Div.",
        "dec62-2nd" => "2nd Div.",
        "dec62-3rd" => "3rd Div.",
        "dec62-4th" => "4th Div.",
        "dec62-stevenson" => "Stevenson",
        "dec62-sd-lee" => "S.D. Lee",
        other => other,
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
    use mississippi_fortress::MississippiFortress;

    fn view(viewer: Viewer) -> Value {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([3; 32])).expect("sets up");
        m.view(viewer)
    }

    #[test]
    fn a_view_renders_areas_stacks_river_and_batteries_from_the_static_data() {
        let data = mississippi_fortress::kind().static_data().clone();
        let text = board(&view(Viewer::Seat(Side::Confederate)), &data);
        assert!(text.contains("Turn 13 of 13-16 (May 13-14)"), "{text}");
        assert!(text.contains("VPs: Union 8, Confederate 15"), "{text}");
        assert!(
            text.contains("Area 20 Edwards Station: Confederate: Bowen's Division 6 SP"),
            "{text}"
        );
        assert!(
            text.contains("Area 13 Clinton: Union: 11 face-down counters"),
            "{text}"
        );
        assert!(
            text.contains("A8 Bruinsburg: Transport Steamer 1; Transport Steamer 2"),
            "{text}"
        );
        assert!(
            text.contains("Vicksburg Shore Battery (Area 18 Vicksburg, A3): face-up"),
            "{text}"
        );
        let spectator = board(&view(Viewer::Spectator), &data);
        assert!(!spectator.contains("Bowen"), "{spectator}");
    }

    #[test]
    fn one_straggler_is_one_straggler() {
        let n = Names(&Value::Null);
        let one = serde_json::json!({"id": "x", "stragglers": 1});
        assert!(
            counter(&n, &one).ends_with("[1 straggler]"),
            "{}",
            counter(&n, &one)
        );
        let two = serde_json::json!({"id": "x", "stragglers": 2});
        assert!(counter(&n, &two).ends_with("[2 stragglers]"));
    }

    #[test]
    fn without_static_data_areas_and_counters_read_as_numbers_and_ids() {
        let text = board(&view(Viewer::Seat(Side::Confederate)), &Value::Null);
        assert!(text.contains("Area 20: Confederate: "), "{text}");
    }
}
