//! Counters and stacks as words: what the view gives of each counter, with the printed values
//! of the static data beside it (a Leader's ratings, a unit's printed strength), so a player
//! reads "Loring's Division 9/10 SP" rather than a present strength with nothing to compare.

use serde_json::Value;
use std::fmt::Write;

use crate::names::{Names, capitalised, count};

/// The counters of one Area: known ones by name and strength, unknown ones counted, per side.
pub(crate) fn stacks(n: &Names, counters: &Value) -> String {
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
        let hidden = of_side.iter().filter(|c| c["hidden"] == true).count() as u64;
        let mut text = known.join(", ");
        if hidden > 0 {
            if !text.is_empty() {
                text.push_str(", ");
            }
            text.push_str(&count(hidden, "face-down counter", "face-down counters"));
        }
        parts.push(format!("{}: {text}", capitalised(side)));
    }
    parts.join(" | ")
}

/// One known counter: its name, its Leader ratings, its strength (present over printed for
/// its owner when below full strength, printed for the enemy) and its owner's notes.
pub(crate) fn counter(n: &Names, c: &Value) -> String {
    let id = c["id"].as_str().unwrap_or("");
    if c["kind"] == "dummy" {
        // Its owner knows it is a dummy; its id says nothing more worth reading.
        return "a dummy".to_string();
    }
    let data_id = c["unit"].as_str().unwrap_or(id);
    let mut text = n.unit(data_id);
    if let Some(r) = n.ratings(data_id) {
        let _ = write!(text, " ({r})");
    }
    let printed = n.printed_strength(data_id);
    match (c["strength"].as_u64(), printed) {
        (Some(sp), Some(full)) if sp != full => {
            let _ = write!(text, " {sp}/{full} SP");
        }
        (Some(sp), _) => {
            let _ = write!(text, " {sp} SP");
        }
        (None, Some(full)) => {
            let _ = write!(text, " ({full} SP printed)");
        }
        (None, None) => {}
    }
    let mut notes = Vec::new();
    if let Some(s) = c["stragglers"].as_u64() {
        notes.push(count(s, "straggler", "stragglers"));
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
    if c["pinned"] == true {
        notes.push("may not move".to_string());
    }
    if c["face_up"] == true {
        notes.push("face up".to_string());
    }
    if !notes.is_empty() {
        let _ = write!(text, " [{}]", notes.join(", "));
    }
    text
}

/// One ship at a river node, with what it carries.
pub(crate) fn ship(n: &Names, s: &Value) -> String {
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

/// The key to the counters' numbers, with the printed movement allowances of the static data.
pub(crate) fn legend(n: &Names) -> String {
    let allowances: Vec<String> = [
        ("infantry", "division"),
        ("militia", "militia"),
        ("artillery", "artillery"),
        ("cavalry", "cavalry"),
        ("leaders", "leader"),
    ]
    .iter()
    .filter_map(|(word, kind)| Some(format!("{word} {}", n.movement_allowance(kind)?)))
    .collect();
    let mut out = String::from(
        "Key: SP strength points (present/printed where below full strength; printed only for \
         an enemy unit); a Leader's ratings offensive-defensive.\n",
    );
    if !allowances.is_empty() {
        let _ = writeln!(
            out,
            "Movement allowances (Areas a Movement Phase; more is a force march): {}.",
            allowances.join(", ")
        );
    }
    out
}
