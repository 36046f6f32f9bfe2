//! The ways off the map in sentences, from the static data's `off_map`: the Confederate
//! off-map link of rule 4.2 when both of its ends are on the sheets in play, and each off-map
//! road with the map-edge hexes in play it feeds. The web map draws them as boxes beside the
//! map edge (games/bloody-roads-south/web/offmap.js).

use serde_json::Value;

use crate::grid::Grid;
use crate::words::{count, list, wrap};

/// The hexes of `ids` on the sheets in play.
fn in_play(grid: &Grid, ids: &Value) -> Vec<String> {
    ids.as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|id| grid.cell(id).is_some_and(|c| grid.in_play(c)))
        .map(String::from)
        .collect()
}

/// "Off the map:" and a line for each way off it; empty when none is in play.
pub fn off_map_section(data: &Value, grid: &Grid) -> String {
    let mut lines = Vec::new();
    let link = &data["off_map"]["link"];
    let ends = in_play(grid, &link["hexes"]);
    if ends.len() == 2 {
        let delays: Vec<String> = link["delays"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|d| {
                let turns = d["turns"].as_u64().unwrap_or(0);
                format!(
                    "{} {} later",
                    d["who"].as_str().unwrap_or(""),
                    count(turns, "turn", "turns")
                )
            })
            .collect();
        lines.push(format!(
            "Off-map movement (rule {}): Confederate units leaving the map at {} come back at {}, \
             or the other way: {}.",
            link["rule"].as_str().unwrap_or("4.2"),
            ends[0],
            ends[1],
            list(&delays)
        ));
    }
    for road in data["off_map"]["roads"].as_array().into_iter().flatten() {
        let fed = in_play(grid, &road["feeds"]);
        if !fed.is_empty() {
            lines.push(format!(
                "The {} runs on off the map from {}.",
                road["name"].as_str().unwrap_or("road"),
                list(&fed)
            ));
        }
    }
    if lines.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nOff the map:\n");
    for line in lines {
        out.push_str(&wrap(&line, "  - ", "    "));
    }
    out
}
