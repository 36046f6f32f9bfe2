//! The whole map for `adjutant map GAME`: a text diagram (each Area's number at its centre,
//! projected as the web client projects it, the rivers drawn as `~`, a side letter where
//! counters stand), then every Area with its terrain, its neighbours and the borders between
//! them in short words, and who is there as the viewer may see it.

use serde_json::Value;
use std::fmt::Write;

use crate::area::neighbours;
use crate::counters::stacks;
use crate::names::Names;

/// Characters across the diagram.
const WIDTH: f64 = 96.0;
/// A character cell's height over its width (terminal fonts are about twice as tall).
const ASPECT: f64 = 2.1;

/// Longitude and latitude to drawing units.
pub(crate) type Projection = Box<dyn Fn(f64, f64) -> (f64, f64)>;

/// The projection of the static data's `extent` the web client uses (equirectangular,
/// corrected for latitude) onto a drawing `width` units wide: `(height, project)`.
pub(crate) fn projection(data: &Value, width: f64) -> Option<(f64, Projection)> {
    let e = &data["map"]["extent"];
    let (west, east) = (e["west"].as_f64()?, e["east"].as_f64()?);
    let (south, north) = (e["south"].as_f64()?, e["north"].as_f64()?);
    let kx = ((north + south) / 2.0).to_radians().cos();
    let scale = width / ((east - west) * kx);
    let height = (north - south) * scale;
    Some((
        height,
        Box::new(move |lon: f64, lat: f64| ((lon - west) * kx * scale, (north - lat) * scale)),
    ))
}

/// A point of the static data: `{lon, lat}` or `[lon, lat]`.
pub(crate) fn lon_lat(p: &Value) -> Option<(f64, f64)> {
    match p {
        Value::Array(a) => Some((a.first()?.as_f64()?, a.get(1)?.as_f64()?)),
        _ => Some((p["lon"].as_f64()?, p["lat"].as_f64()?)),
    }
}

/// Which sides the viewer sees counters of in each Area: 'U', 'C' or 'B' (both).
pub(crate) fn presence(view: &Value) -> Vec<(u64, char)> {
    view["areas"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| {
            let sides: Vec<&str> = a["counters"]
                .as_array()?
                .iter()
                .filter_map(|c| c["side"].as_str())
                .collect();
            let (u, c) = (sides.contains(&"union"), sides.contains(&"confederate"));
            let mark = match (u, c) {
                (true, true) => 'B',
                (true, false) => 'U',
                (false, true) => 'C',
                _ => return None,
            };
            Some((a["area"].as_u64()?, mark))
        })
        .collect()
}

/// The whole map as text.
pub fn map(view: &Value, data: &Value) -> String {
    let n = &Names(data);
    let Some((height, project)) = projection(data, WIDTH) else {
        return "The map is not shown: the game's static data did not load.\n".to_string();
    };
    let rows = (height / ASPECT).ceil() as usize + 1;
    let cols = WIDTH as usize + 4;
    let mut canvas = vec![vec![' '; cols]; rows];
    let put = |x: f64, y: f64, ch: char, canvas: &mut Vec<Vec<char>>| {
        let (col, row) = (x.round() as i64, (y / ASPECT).round() as i64);
        if let Some(cell) = usize::try_from(row)
            .ok()
            .and_then(|r| canvas.get_mut(r))
            .and_then(|line| line.get_mut(usize::try_from(col).ok()?))
        {
            *cell = ch;
        }
    };
    for river in n.0["map"]["rivers"].as_array().into_iter().flatten() {
        let course: Vec<(f64, f64)> = river["course"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(lon_lat)
            .map(|(lon, lat)| project(lon, lat))
            .collect();
        for w in course.windows(2) {
            let ((x0, y0), (x1, y1)) = (w[0], w[1]);
            let steps = ((x1 - x0).abs().max((y1 - y0).abs() / ASPECT) * 2.0).ceil() as usize + 1;
            for i in 0..=steps {
                let t = i as f64 / steps as f64;
                put(x0 + t * (x1 - x0), y0 + t * (y1 - y0), '~', &mut canvas);
            }
        }
    }
    let marks = presence(view);
    for a in n.areas() {
        let (Some(id), Some((lon, lat))) = (a["id"].as_u64(), lon_lat(&a["centre"])) else {
            continue;
        };
        let (x, y) = project(lon, lat);
        let mut label = id.to_string();
        if let Some((_, m)) = marks.iter().find(|(area, _)| *area == id) {
            label.push(*m);
        }
        let start = x - (label.len() as f64 / 2.0).floor();
        for (i, ch) in label.chars().enumerate() {
            put(start + i as f64, y, ch, &mut canvas);
        }
    }
    let mut out = format!(
        "{} (north is up):\n",
        n.0["map"]["title"].as_str().unwrap_or("The map")
    );
    for line in canvas {
        let line: String = line.into_iter().collect();
        let _ = writeln!(out, "  {}", line.trim_end());
    }
    out.push_str(
        "Key: each Area's number stands at its centre, followed by U (Union counters there), \
         C (Confederate) or B (both) as you see them; ~ is a river.\n\nThe Areas (neighbours: \
         road, rail, ridge, the river crossed and how; `adjutant area GAME N` tells more):\n",
    );
    for a in n.areas() {
        let Some(id) = a["id"].as_u64() else { continue };
        let borders: Vec<String> = neighbours(n, id)
            .into_iter()
            .map(|(other, b)| match short_border(n, b) {
                s if s.is_empty() => other.to_string(),
                s => format!("{other} ({s})"),
            })
            .collect();
        let _ = writeln!(
            out,
            "  {} ({}): {}",
            n.area(id),
            a["terrain"].as_str().unwrap_or("?"),
            borders.join(", ")
        );
        let here = view["areas"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|x| x["area"].as_u64() == Some(id));
        if let Some(here) = here {
            let _ = writeln!(out, "      {}", stacks(n, &here["counters"]));
        }
    }
    out
}

/// A border in a few words for the list: "road", "ridge", "Big Black: ferry".
fn short_border(n: &Names, b: &Value) -> String {
    let mut parts = Vec::new();
    match &b["kind"] {
        Value::String(k) if k == "Open" => {}
        Value::String(k) if k == "Ridge" => parts.push("ridge".into()),
        Value::String(k) => parts.push(k.clone()),
        Value::Object(m) => {
            if let Some(r) = m.get("MajorRiver") {
                let river = n.river(r["river"].as_str().unwrap_or(""));
                let river = river.trim_end_matches(" River");
                let kinds: Vec<&str> = r["crossings"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|c| c["kind"].as_str())
                    .collect();
                parts.push(if kinds.is_empty() {
                    format!("{river}: no crossing")
                } else {
                    format!("{river}: {}", kinds.join("/"))
                });
            }
        }
        _ => {}
    }
    if b["road"] == true {
        parts.push("road".into());
    }
    if b["railroad"] == true {
        parts.push("rail".into());
    }
    parts.join(", ")
}
