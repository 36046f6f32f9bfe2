//! The Turn Record Track as text, from the static data's `turn_track` (reference 1.4): a
//! scenario's turns a line a date, night turns after "night:", the current turn in brackets.
//! The web board draws it as boxes (games/bloody-roads-south/web/track.js).

use serde_json::Value;

use crate::words::{count, wrap};

/// The track from the scenario's first turn to its last (the whole track when the data does
/// not name the scenario), `current` (a view's `turn.time`) in brackets.
pub fn track_section(data: &Value, scenario: &str, current: &str) -> String {
    let all: Vec<&Value> = data["turn_track"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let listed = data["scenarios"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["id"] == scenario);
    let at = |key: &str, default: usize| {
        listed
            .and_then(|s| s[key].as_str())
            .and_then(|t| all.iter().position(|x| x["time"] == t))
            .unwrap_or(default)
    };
    let (first, last) = (at("first", 0), at("last", all.len().saturating_sub(1)));
    let Some(turns) = all.get(first..=last).filter(|t| !t.is_empty()) else {
        return String::new();
    };
    let time = |t: &Value| t["time"].as_str().unwrap_or("").to_string();
    let nights = turns.iter().filter(|t| t["night"] == true).count() as u64;
    let mut out = format!(
        "\nTurn Record Track, {} to {} ({}{}; the current turn in brackets):\n",
        time(turns[0]),
        time(turns[turns.len() - 1]),
        count(turns.len() as u64, "turn", "turns"),
        if nights > 0 {
            format!(", {}", count(nights, "night turn", "night turns"))
        } else {
            ", all by day".to_string()
        }
    );
    // One line a date: "5 May: 7:30pm 8:00pm night: 9:00pm ...".
    let mut line = String::new();
    let mut date = String::new();
    let mut night = false;
    for t in turns {
        let full = time(t);
        let (day, clock) = full.rsplit_once(' ').unwrap_or(("", &full));
        if day != date {
            if !line.is_empty() {
                out.push_str(&wrap(&line, "  ", "      "));
            }
            line = format!("{day}:");
            date = day.to_string();
            night = false;
        }
        let dark = t["night"] == true;
        if dark && !night {
            line.push_str(" night:");
        } else if !dark && night {
            line.push_str(" day:");
        }
        night = dark;
        if full == current {
            line.push_str(&format!(" [{clock}]"));
        } else {
            line.push_str(&format!(" {clock}"));
        }
    }
    out.push_str(&wrap(&line, "  ", "      "));
    out
}
