//! A Mississippi Fortress view as readable text: turn, date, phase, weather, VPs and the siege
//! track; each occupied Area with its stacks (known counters by name and strength, unknown ones
//! as a count); the river with its ships; the batteries; the Battle Board during a battle;
//! the viewer's own pending business; then the prompt and its numbered choices. Names and
//! printed values come from the game's static data, compiled into this program.

use adjutant_protocol::GameState;
use mississippi_fortress::data::{AreaId, Map, Units};
use serde_json::Value;
use std::fmt::Write;

use crate::render;

/// The whole state of a Mississippi Fortress game.
pub fn state(state: &GameState) -> String {
    let mut out = String::new();
    let players = |side: &Option<String>| side.clone().unwrap_or_else(|| "(open seat)".into());
    let _ = writeln!(
        out,
        "Mississippi Fortress · {} · game {} · {} · action {}",
        state.scenario,
        state.game_id,
        state.status.as_str(),
        state.seq
    );
    let _ = writeln!(
        out,
        "Union: {}   Confederate: {}   you see it as: {}",
        players(&state.players.union),
        players(&state.players.confederate),
        state.viewer
    );
    if state.view.is_null() {
        let _ = writeln!(out, "\nThe game starts when the second seat is taken.");
        return out;
    }
    out.push('\n');
    out.push_str(&board(&state.view));
    out.push_str(&render::prompt(&state.view));
    out
}

/// Everything of the view but the prompt.
pub fn board(v: &Value) -> String {
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
        let _ = writeln!(out, "  {}: {}", area_name(area), stacks(&a["counters"]));
    }
    let river = v["river"].as_array().cloned().unwrap_or_default();
    if !river.is_empty() {
        out.push_str("River:\n");
        for node in &river {
            let ships: Vec<String> = node["ships"]
                .as_array()
                .into_iter()
                .flatten()
                .map(ship)
                .collect();
            let _ = writeln!(
                out,
                "  {}: {}",
                node_name(node["node"].as_str().unwrap_or("")),
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
                unit_name(b["id"].as_str().unwrap_or("")),
                area_name(b["area"].as_u64().unwrap_or(0)),
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
            area_name(m["at"].as_u64().unwrap_or(0)),
            if path.is_empty() {
                "-".to_string()
            } else {
                path.join("-")
            }
        );
    }
    if let Some(d) = v["declared"].as_array() {
        let areas: Vec<String> = d.iter().filter_map(Value::as_u64).map(area_name).collect();
        let _ = writeln!(out, "Battles declared: {}", areas.join(", "));
    }
    if let Some(b) = v.get("battle") {
        out.push_str(&battle(b));
    }
    for side in ["union", "confederate"] {
        if let Some(p) = v.get(format!("{side}_private")) {
            out.push_str(&private(side, p));
        }
    }
    let gone: Vec<String> = v["eliminated"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| unit_name(c["id"].as_str().unwrap_or("")))
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
fn stacks(counters: &Value) -> String {
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
            .map(|c| counter(c))
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
fn counter(c: &Value) -> String {
    let id = c["id"].as_str().unwrap_or("");
    if c["kind"] == "dummy" {
        return format!("dummy ({id})");
    }
    let data_id = c["unit"].as_str().unwrap_or(id);
    let mut text = unit_name(data_id);
    if let Some(sp) = c["strength"].as_u64() {
        let _ = write!(text, " {sp} SP");
    } else if let Some(full) = Units::get().unit(data_id).and_then(|u| u.strength) {
        let _ = write!(text, " ({full} SP printed)");
    }
    let mut notes = Vec::new();
    if let Some(s) = c["stragglers"].as_u64() {
        notes.push(format!("{s} stragglers"));
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

fn ship(s: &Value) -> String {
    let mut text = unit_name(s["id"].as_str().unwrap_or(""));
    if let Some(aboard) = s["aboard"].as_array()
        && !aboard.is_empty()
    {
        let _ = write!(text, " carrying {}", stacks(&s["aboard"]));
    }
    if let Some(l) = s["lashed_to"].as_str() {
        let _ = write!(text, " (lashed to {})", unit_name(l));
    }
    if s["held"] == true {
        text.push_str(" (held until the next Union Movement Phase)");
    }
    text
}

fn battle(b: &Value) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nBattle in {}: {} attacks {} · round {} · {}{}",
        area_name(b["area"].as_u64().unwrap_or(0)),
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
                        stacks(&line["counters"]).replace(&format!("{}: ", capitalised(side)), "")
                    );
                }
                if let Some(r) = s["reserve"].as_array() {
                    let names: Vec<String> = r.iter().map(counter).collect();
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

fn private(side: &str, p: &Value) -> String {
    let mut out = format!("Your {side} records: dummies in pool {}", p["dummy_pool"]);
    for g in p["reinforcements"].as_array().into_iter().flatten() {
        let units: Vec<String> = g["units"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(unit_name)
            .collect();
        let _ = write!(
            out,
            "; reinforcements on Turn {} to {}: {}",
            g["turn"],
            area_name(g["area"].as_u64().unwrap_or(0)),
            units.join(", ")
        );
    }
    out.push('\n');
    out
}

fn unit_name(id: &str) -> String {
    match Units::get().unit(id) {
        Some(u) => u.display_name(),
        None => {
            // A numbered 0/0 replacement ("union-replacement-officer-2").
            let base = id.rsplit_once('-').map_or(id, |(b, _)| b);
            Units::get()
                .unit(base)
                .map_or_else(|| id.to_string(), |u| u.display_name())
        }
    }
}

fn area_name(n: u64) -> String {
    let id = AreaId(u8::try_from(n).unwrap_or(0));
    match Map::get().area(id) {
        Some(a) => format!("Area {n} {}", a.name),
        None => format!("Area {n}"),
    }
}

fn node_name(node: &str) -> String {
    match node {
        "north-edge" => "Off the map (north)".to_string(),
        "south-edge" => "Off the map (south)".to_string(),
        _ => match node.parse().ok().and_then(|a| Map::get().arrow(a)) {
            Some(a) => format!("{node} {}", a.name),
            None => node.to_string(),
        },
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

    fn game_state(viewer: Viewer) -> GameState {
        let setup = Setup {
            scenario: "champion-hill".into(),
            options: Default::default(),
            secret_choices: PerSide::default(),
        };
        let m: Match<MississippiFortress> =
            Match::new(&setup, &Seed::from_bytes([3; 32])).expect("sets up");
        serde_json::from_value(serde_json::json!({
            "game_id": "g1",
            "game": "mississippi-fortress",
            "scenario": "champion-hill",
            "status": "active",
            "seq": 0,
            "viewer": viewer.as_str(),
            "players": {"union": "u", "confederate": "c"},
            "visibility": "public",
            "options": {},
            "seed_commitment": "",
            "view": m.view(viewer),
        }))
        .expect("a game state")
    }

    #[test]
    fn a_view_renders_areas_stacks_river_and_numbered_choices() {
        let text = render::state(&game_state(Viewer::Seat(Side::Confederate)));
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
        assert!(text.contains("    1. Place a dummy in"), "{text}");
        let spectator = render::state(&game_state(Viewer::Spectator));
        assert!(!spectator.contains("Bowen"), "{spectator}");
        assert!(
            spectator.contains("Waiting for: confederate"),
            "{spectator}"
        );
    }
}
