//! The map outside the play window, for `adjutant map GAME` and `adjutant area GAME HEX`: the
//! whole map of the sheets in play drawn as `show` draws the window around the action, the
//! ways off it and the scenario's Turn Record Track; and
//! one hex described — its terrain, elevation, the roads through it, its six neighbours with
//! the streams and fords on the hexsides between, who is there as the viewer may see it, and
//! the viewer's offered choices that name it. From the static data and the view only.

use serde_json::Value;
use std::collections::HashSet;
use std::fmt::Write;

use crate::grid::{self, Cell, DIRECTIONS, Grid, ROAD_MARKS};
use crate::map::{self, Window};
use crate::offmap::off_map_section;
use crate::track::track_section;
use crate::words::{self, side_name, wrap};
use crate::{hexes_in, in_full, legend, place_names, stack_marks};

/// The grid of the view's scenario (every sheet while the game is open).
fn grid_of(v: &Value, data: &Value) -> Option<Grid> {
    Grid::new(data, v["scenario"]["id"].as_str().unwrap_or(""))
}

/// The whole map of the sheets in play, with the stacks the viewer sees and the hexes its
/// choices name.
pub fn map(v: &Value, data: &Value) -> String {
    match grid_of(v, data) {
        Some(grid) => whole(&grid, v, data),
        None => "The map is not shown: the game's static data did not load.\n".to_string(),
    }
}

/// Every hex of `grid` with what view `v` shows on it (nothing for `Null`), the legend, the
/// ways off the map and the Turn Record Track (the scenario's, else all of it).
pub(crate) fn whole(grid: &Grid, v: &Value, data: &Value) -> String {
    let (c0, c1, r0, r1) = grid.bounds();
    let window = Window {
        cols: (c0, c1),
        rows: (r0, r1),
    };
    let viewer = v["viewer"].as_str().unwrap_or("");
    let marks = stack_marks(v, grid, viewer);
    let mut targets = Vec::new();
    hexes_in(&v["actions"], grid, &mut targets);
    let targets: HashSet<Cell> = targets.into_iter().collect();
    let mut out = format!(
        "Map {}, the whole of it (north is up; each hexrow's boxes run down the page):\n",
        grid.sheet_names()
    );
    for line in map::draw(grid, window, &marks, &targets) {
        let _ = writeln!(out, "{line}");
    }
    out.push_str(&legend());
    out.push_str(&off_map_section(data, grid));
    out.push_str(&track_section(
        data,
        v["scenario"]["id"].as_str().unwrap_or(""),
        v["turn"]["time"].as_str().unwrap_or(""),
    ));
    out
}

/// Hex `id` ("A17.10") described, or a sentence saying why it cannot be.
pub fn area(id: &str, v: &Value, data: &Value) -> Result<String, String> {
    let id = id.trim().to_uppercase();
    let grid =
        grid_of(v, data).ok_or("The map is not known: the game's static data did not load.")?;
    if grid::parse(&id).is_none() {
        return Err(format!(
            "“{id}” is not a hex: give its sheet, hexrow and hex, such as A17.10."
        ));
    }
    // On a sheet in play by this id (Map A's bottom row is on Map B's edge only by Map B's id).
    let named = |c: &Cell| {
        grid.ids(*c)
            .iter()
            .any(|i| grid::parse(i) == grid::parse(&id))
    };
    let cell = grid.cell(&id).filter(named).ok_or_else(|| {
        format!(
            "Hex {id} is not on Map {} of this game.",
            grid.sheet_names()
        )
    })?;
    // The book ids of the cell (two where the joined sheets share a row), the first sheet's
    // first.
    let ids = grid.ids(cell);
    let id = ids[0].clone();
    let names = place_names(data);
    let name_of = |ids: &[String]| {
        ids.iter()
            .find_map(|i| names.get(i))
            .map(|n| format!(" ({n})"))
            .unwrap_or_default()
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{id}{}{} — {}, elevation level {}",
        if ids.len() > 1 {
            format!(", also {} where the maps join", ids[1..].join(", "))
        } else {
            String::new()
        },
        name_of(&ids),
        terrain(grid.terrain(cell)),
        grid.level(cell)
    );
    let roads = roads_through(data, &ids);
    if !roads.is_empty() {
        let _ = writeln!(out, "Roads: {}.", roads.join("; "));
    }
    out.push_str("\nNeighbours:\n");
    for (dir, name) in DIRECTIONS.iter().enumerate() {
        let next = grid::neighbour(cell, dir);
        let others = grid.ids(next);
        let Some(other) = others.first() else {
            let _ = writeln!(out, "  {name:<2} off the map");
            continue;
        };
        let mut parts = vec![format!(
            "{}, level {}",
            terrain(grid.terrain(next)),
            grid.level(next)
        )];
        if let Some(road) = shared_road(data, &grid, cell, next) {
            parts.push(format!("by the {road}"));
        }
        if grid.stream(cell, dir) {
            parts.push(format!(
                "across {}",
                stream_name(data, &grid, cell, next).unwrap_or_else(|| "a stream".into())
            ));
        }
        if let Some(ford) = ford(data, &grid, cell, next) {
            parts.push(format!("at {ford}"));
        }
        let _ = writeln!(
            out,
            "  {name:<2} {other}{}: {}",
            name_of(&others),
            parts.join(", ")
        );
    }
    out.push_str(&who_is_there(v, &ids));
    out.push_str(&choices(v, &grid, cell));
    Ok(out)
}

fn terrain(t: char) -> &'static str {
    match t {
        'c' => "clear",
        'w' => "wilderness",
        _ => "unknown terrain",
    }
}

/// The roads of the static data whose path runs through a hex (by any of its `ids`): "the
/// Orange Turnpike (pike)".
fn roads_through(data: &Value, ids: &[String]) -> Vec<String> {
    let on = |path: &Value| {
        path.as_array()
            .is_some_and(|p| p.iter().any(|h| ids.iter().any(|i| h == i.as_str())))
    };
    data["roads"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| on(&r["path"]))
        .map(road_name)
        .chain(on(&data["railroad"]["path"]).then(|| {
            data["railroad"]["name"]
                .as_str()
                .unwrap_or("railroad")
                .to_string()
        }))
        .collect()
}

fn road_name(r: &Value) -> String {
    let class = r["class"].as_str().unwrap_or("");
    let class = ROAD_MARKS
        .iter()
        .find(|m| m.0 == class)
        .map_or(class, |m| m.2);
    match r["name"].as_str() {
        Some(name) if !name.is_empty() => format!("{name} ({class})"),
        _ => class.to_string(),
    }
}

/// The road that runs from cell `a` straight to cell `b`, if one does.
fn shared_road(data: &Value, grid: &Grid, a: Cell, b: Cell) -> Option<String> {
    data["roads"].as_array()?.iter().find_map(|r| {
        let path: Vec<Option<Cell>> = r["path"]
            .as_array()?
            .iter()
            .map(|h| grid.cell(h.as_str()?))
            .collect();
        path.windows(2)
            .any(|w| (w[0] == Some(a) && w[1] == Some(b)) || (w[0] == Some(b) && w[1] == Some(a)))
            .then(|| road_name(r))
    })
}

/// The stream on the hexside between cells `a` and `b`, by name.
fn stream_name(data: &Value, grid: &Grid, a: Cell, b: Cell) -> Option<String> {
    data["streams"]
        .as_array()?
        .iter()
        .find(|s| {
            s["hexsides"].as_array().is_some_and(|sides| {
                sides
                    .iter()
                    .filter_map(Value::as_str)
                    .any(|side| side_between(grid, side, a, b))
            })
        })
        .and_then(|s| s["name"].as_str().map(String::from))
}

/// The ford on the hexside between cells `a` and `b`, by name.
fn ford(data: &Value, grid: &Grid, a: Cell, b: Cell) -> Option<String> {
    data["fords"].as_array()?.iter().find_map(|f| {
        let side = f["hexside"].as_str()?;
        side_between(grid, side, a, b).then(|| f["name"].as_str().unwrap_or("a ford").to_string())
    })
}

/// Whether hexside "HEX:DIR" lies between cells `a` and `b` (of one sheet or across the join).
fn side_between(grid: &Grid, side: &str, a: Cell, b: Cell) -> bool {
    let Some((hex, dir)) = side.split_once(':') else {
        return false;
    };
    let (Some(at), Some(d)) = (grid.cell(hex), DIRECTIONS.iter().position(|x| *x == dir)) else {
        return false;
    };
    (at == a && grid::neighbour(a, d) == b) || (at == b && grid::neighbour(b, d) == a)
}

/// The stacks in a hex (by any of its `ids`) as the viewer sees them.
fn who_is_there(v: &Value, ids: &[String]) -> String {
    if v.is_null() {
        return "\nThe game has not started: nobody is on the map yet.\n".to_string();
    }
    let viewer = v["viewer"].as_str().unwrap_or("");
    let stacks: Vec<&Value> = v["stacks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| ids.iter().any(|i| s["hex"] == i.as_str()))
        .collect();
    if stacks.is_empty() {
        return "\nNobody is there that you can see.\n".to_string();
    }
    let mut out = String::from("\nThere:\n");
    for s in stacks {
        let facing = s["facing"].as_str().unwrap_or("");
        let side = side_name(s["side"].as_str().unwrap_or(""));
        if in_full(s, viewer) {
            let _ = writeln!(out, "  A {side} stack, {}:", words::facing(facing));
            for c in s["counters"].as_array().into_iter().flatten() {
                out.push_str(&wrap(&words::own_counter(c), "    - ", "      "));
            }
        } else {
            let line = format!(
                "A {side} stack, top counter {}.",
                words::top_counter(&s["counters"][0], facing)
            );
            out.push_str(&wrap(&line, "  ", "    "));
        }
    }
    out
}

/// The viewer's offered choices that name this hex, numbered as `show` numbers them.
fn choices(v: &Value, grid: &Grid, cell: Cell) -> String {
    let mut out = String::new();
    for (i, a) in v["actions"].as_array().into_iter().flatten().enumerate() {
        let mut cells = Vec::new();
        hexes_in(a, grid, &mut cells);
        if cells.contains(&cell) {
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
        format!("\nYour choices naming this hex (act with the number):\n{out}")
    }
}
