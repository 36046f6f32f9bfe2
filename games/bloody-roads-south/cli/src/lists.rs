//! The lists a choice carries, in words, with how to fill them from the command line (rules
//! reference 5, consequence 4: a moving group is one choice, a fire one choice, the set-up's
//! facings, formations and extended lines go with Finish setting up). Only in the viewer's own
//! view.

use serde_json::Value;

use crate::words::wrap;

/// Who may go with each unit that may move, the units that may fire at the chosen target, and
/// how to send the set-up's choices.
pub fn lists_section(v: &Value) -> String {
    let mut out = String::new();
    let picks: Vec<&Value> = v["pickable"].as_array().into_iter().flatten().collect();
    let grouped: Vec<&&Value> = picks
        .iter()
        .filter(|p| p["with"].as_array().is_some_and(|w| !w.is_empty()))
        .collect();
    if !grouped.is_empty() {
        out.push_str(&wrap(
            "Units that may move with another (a choice “Move …” moves the unit alone; add \
             those that go with it with --units ID,ID):",
            "\n",
            "",
        ));
        for p in grouped {
            let with: Vec<&str> = p["with"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let line = format!(
                "{} in {}: with {}.",
                p["unit"].as_str().unwrap_or(""),
                p["hex"].as_str().unwrap_or(""),
                with.join(", ")
            );
            out.push_str(&wrap(&line, "  ", "    "));
        }
    }
    if let Some(fire) = v.get("fire") {
        let head = format!(
            "Fire at {}{}: every unit that may fire is in the choice “Fire …”; to leave some \
             out, name those that fire with --units ID,ID.",
            fire["target"].as_str().unwrap_or(""),
            if fire["at_artillery"] == true {
                " (at its artillery)"
            } else {
                ""
            }
        );
        out.push_str(&wrap(&head, "\n", ""));
        for f in fire["firers"].as_array().into_iter().flatten() {
            let line = format!(
                "{} in {}: {} fire points alone.",
                f["id"].as_str().unwrap_or(""),
                f["hex"].as_str().unwrap_or(""),
                f["points"].as_str().unwrap_or("?")
            );
            out.push_str(&wrap(&line, "  ", "    "));
        }
    }
    let finishing = v["actions"]
        .as_array()
        .is_some_and(|a| a.iter().any(|x| x["type"] == "finish_set_up"));
    if finishing {
        out.push_str(&wrap(
            "Set-up: facings, formations and extended lines are sent with Finish setting up \
             (see adjutant act --help):",
            "\n",
            "",
        ));
        for line in [
            "--set facings=JSON: a list of hex and facing (N-NE, NE-SE, SE-S, S-SW, SW-NW or \
             NW-N).",
            "--set formations=JSON: a list of unit and formation (brigades line or column, \
             artillery unlimbered or limbered).",
            "--set extensions=JSON: a list of unit and hex (a brigade in line extends a part \
             into that adjacent hex, 6.0h):",
        ] {
            out.push_str(&wrap(line, "  ", "    "));
        }
        for e in v["setup_extensions"].as_array().into_iter().flatten() {
            let hexes: Vec<&str> = e["hexes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let parts = e["parts"].as_u64().unwrap_or(1);
            let line = format!(
                "{} in {} may extend {} into {}.",
                e["unit"].as_str().unwrap_or(""),
                e["hex"].as_str().unwrap_or(""),
                if parts == 1 {
                    "one part".to_string()
                } else {
                    format!("up to {parts} parts")
                },
                hexes.join(", ")
            );
            out.push_str(&wrap(&line, "    ", "      "));
        }
    }
    out
}
