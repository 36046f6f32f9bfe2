//! The hex map as a standalone SVG file (`adjutant map GAME --svg out.svg`), drawn with the
//! web client's geometry and colours (games/bloody-roads-south/web/hexmap.js) from the same
//! static data: the hexes of the sheets in play tinted by terrain and elevation, streams along
//! hexsides, roads by class, the Unfinished Railroad, each hex's book id; then, from the view,
//! the stacks the viewer sees (side colour, facing arrow, top counter) and the hexes its
//! choices name outlined.

use serde_json::Value;
use std::collections::HashSet;
use std::fmt::Write;

use crate::grid::{Cell, Grid, ROAD_MARKS};
use crate::{hexes_in, stack_marks};

/// Hex radius (centre to corner) in SVG units.
const R: f64 = 20.0;

fn hh() -> f64 {
    3f64.sqrt() * R
}

/// The centre of a cell, north up.
fn centre((c, r): Cell) -> (f64, f64) {
    let lift = if c.rem_euclid(2) == 0 {
        hh() / 2.0
    } else {
        0.0
    };
    (f64::from(c) * 1.5 * R, -f64::from(r) * hh() - lift)
}

/// The corner of a cell at `deg` degrees (SVG angles: 0 east, 90 south).
fn corner(cell: Cell, deg: f64) -> (f64, f64) {
    let (x, y) = centre(cell);
    let a = deg.to_radians();
    (x + R * a.cos(), y + R * a.sin())
}

fn fill(terrain: char, level: char) -> String {
    let level = level.to_digit(10).unwrap_or(3).min(5) as usize;
    let light = [86, 80, 74, 67, 60, 54][level];
    if terrain == 'c' {
        format!("hsl(46, 58%, {light}%)")
    } else {
        format!("hsl(96, 24%, {}%)", light - 8)
    }
}

/// The map as an SVG document, or a sentence saying why it cannot be drawn.
pub fn svg(v: &Value, data: &Value) -> Result<String, String> {
    let grid = Grid::new(data, v["scenario"]["id"].as_str().unwrap_or(""))
        .ok_or("The map cannot be drawn: the game's static data did not load.")?;
    Ok(draw(&grid, v, data))
}

/// The sheets of `grid` as an SVG document, with what view `v` shows (nothing for `Null`).
pub(crate) fn draw(grid: &Grid, v: &Value, data: &Value) -> String {
    let (c0, c1, r0, r1) = grid.bounds();
    let cells: Vec<Cell> = (c0..=c1)
        .flat_map(|c| (r0..=r1).map(move |r| (c, r)))
        .filter(|&cell| grid.in_play(cell))
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &cell in &cells {
        let (x, y) = centre(cell);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let m = 2.0 * R;
    let (x0, y0, w, h) = (x0 - m, y0 - m, x1 - x0 + 2.0 * m, y1 - y0 + 2.0 * m);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0} {y0:.0} {w:.0} {h:.0}" width="{w:.0}" height="{h:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(out, "<title>Map {}</title>", grid.sheet_names());
    let mut offered = Vec::new();
    hexes_in(&v["actions"], grid, &mut offered);
    let offered: HashSet<Cell> = offered.into_iter().collect();
    out.push_str("<g class=\"hexes\">\n");
    for &cell in &cells {
        let pts: Vec<String> = (0..6)
            .map(|i| {
                let (x, y) = corner(cell, 60.0 * f64::from(i));
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let id = grid.id(cell).unwrap_or_default();
        let (stroke, width) = if offered.contains(&cell) {
            ("#c0392b", 3.0)
        } else {
            ("#9a8f7a", 0.6)
        };
        let (x, y) = centre(cell);
        let _ = writeln!(
            out,
            r##"<polygon points="{}" fill="{}" stroke="{stroke}" stroke-width="{width}"><title>{id}</title></polygon><text x="{x:.1}" y="{:.1}" font-size="5" text-anchor="middle" fill="#555">{id}</text>"##,
            pts.join(" "),
            fill(grid.terrain(cell), grid.level(cell)),
            y - hh() / 2.0 + 6.0,
        );
    }
    out.push_str("</g>\n<g class=\"streams\" stroke=\"#3c70b0\" stroke-width=\"2.6\" stroke-linecap=\"round\">\n");
    for &cell in &cells {
        for dir in 0..6 {
            if grid.stream(cell, dir) {
                let a = corner(cell, 240.0 + 60.0 * dir as f64);
                let b = corner(cell, 300.0 + 60.0 * dir as f64);
                let _ = writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}"/>"#,
                    a.0, a.1, b.0, b.1
                );
            }
        }
    }
    out.push_str("</g>\n<g class=\"roads\" fill=\"none\" stroke-linejoin=\"round\">\n");
    let styles = [
        ("#7a2f14", 4.2, ""),
        ("#9a5a22", 3.4, ""),
        ("#a97b3c", 2.6, ""),
        ("#6b4f2a", 1.6, " stroke-dasharray=\"4 3\""),
    ];
    let path_points = |path: &Value| -> String {
        path.as_array()
            .into_iter()
            .flatten()
            .filter_map(|h| grid.cell(h.as_str()?))
            .map(|c| {
                let (x, y) = centre(c);
                format!("{x:.1},{y:.1}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    for road in data["roads"].as_array().into_iter().flatten() {
        let Some(i) = ROAD_MARKS.iter().position(|m| road["class"] == m.0) else {
            continue;
        };
        let (stroke, width, dash) = styles[i];
        let _ = writeln!(
            out,
            r#"<polyline points="{}" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
            path_points(&road["path"])
        );
    }
    let _ = writeln!(
        out,
        r##"<polyline points="{}" stroke="#2b2b2b" stroke-width="1.4"/>"##,
        path_points(&data["railroad"]["path"])
    );
    out.push_str("</g>\n<g class=\"stacks\" text-anchor=\"middle\">\n");
    let viewer = v["viewer"].as_str().unwrap_or("");
    for (cell, mark) in stack_marks(v, grid, viewer) {
        let (x, y) = centre(cell);
        let colour = if mark.line.starts_with('U') {
            "#2f4f8f"
        } else {
            "#7f7f7f"
        };
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="28" height="18" rx="2" fill="{colour}" stroke="#111"/><text x="{x:.1}" y="{:.1}" font-size="6" fill="#fff">{}</text><text x="{x:.1}" y="{:.1}" font-size="5" fill="#fff">{}</text>"##,
            x - 14.0,
            y - 7.0,
            y,
            escape(mark.line.trim()),
            y + 8.0,
            escape(mark.name.trim())
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Text made safe inside an SVG element.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
