//! The schematic map as a standalone SVG file (`adjutant map GAME --svg out.svg`), drawn as
//! the web client draws it (games/mississippi-fortress/web/map.js) from the same static data:
//! the Areas as cells around their centres (a Voronoi schematic clipped to the map's edges)
//! coloured by terrain, rivers, roads, railroads and ridges, Area numbers and names, the river
//! arrows; then, from the view, a marker per side in each Area with the counters the viewer
//! sees there, and the Areas its choices name outlined.

use serde_json::Value;
use std::fmt::Write;

use crate::map::{lon_lat, projection};
use crate::names::Names;

/// The drawing's width in SVG units (the web client's).
const WIDTH: f64 = 1000.0;

type Point = (f64, f64);

/// Sutherland–Hodgman: the part of `poly` where `(p - m) · n <= 0`.
fn clip(poly: &[Point], m: Point, n: Point) -> Vec<Point> {
    let side = |p: Point| (p.0 - m.0) * n.0 + (p.1 - m.1) * n.1;
    let mut out = Vec::new();
    for (i, &a) in poly.iter().enumerate() {
        let b = poly[(i + 1) % poly.len()];
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            out.push(a);
        }
        if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
            let t = sa / (sa - sb);
            out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
        }
    }
    out
}

/// The Voronoi cell of each site inside the `WIDTH` × `height` frame.
fn cells(sites: &[Point], height: f64) -> Vec<Vec<Point>> {
    sites
        .iter()
        .enumerate()
        .map(|(i, &si)| {
            let mut poly = vec![(0.0, 0.0), (WIDTH, 0.0), (WIDTH, height), (0.0, height)];
            for (j, &sj) in sites.iter().enumerate() {
                if i == j || poly.is_empty() {
                    continue;
                }
                let m = ((si.0 + sj.0) / 2.0, (si.1 + sj.1) / 2.0);
                poly = clip(&poly, m, (sj.0 - si.0, sj.1 - si.1));
            }
            poly
        })
        .collect()
}

fn points(pts: &[Point]) -> String {
    pts.iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text made safe inside an SVG element or attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn terrain_fill(terrain: &str) -> &'static str {
    match terrain {
        "defensible" => "#d9c99b",
        "swamp" => "#b8c8a4",
        "mountainous" => "#c9b08a",
        _ => "#ece3c6",
    }
}

/// The map as an SVG document, or a sentence saying why it cannot be drawn.
pub fn svg(view: &Value, data: &Value) -> Result<String, String> {
    let n = &Names(data);
    let (height, p) = projection(data, WIDTH)
        .ok_or("The map cannot be drawn: the game's static data did not load.")?;
    let areas: Vec<(u64, &Value, Point)> = n
        .areas()
        .filter_map(|a| {
            let (lon, lat) = lon_lat(&a["centre"])?;
            Some((a["id"].as_u64()?, a, p(lon, lat)))
        })
        .collect();
    let centre = |id: u64| areas.iter().find(|(x, _, _)| *x == id).map(|(_, _, c)| *c);
    let polys = cells(
        &areas.iter().map(|(_, _, c)| *c).collect::<Vec<_>>(),
        height,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:.0}" width="{WIDTH}" height="{height:.0}" font-family="sans-serif">"##
    );
    let _ = writeln!(
        out,
        "<title>{}</title>",
        escape(n.0["map"]["title"].as_str().unwrap_or("Map"))
    );
    let offered: Vec<u64> = view["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|a| a["area"].as_u64())
        .collect();
    out.push_str("<g class=\"areas\">\n");
    for ((id, a, _), poly) in areas.iter().zip(&polys) {
        let terrain = a["terrain"].as_str().unwrap_or("clear");
        let (stroke, width) = if offered.contains(id) {
            ("#c0392b", 3.5)
        } else {
            ("#8c7a58", 1.0)
        };
        let _ = writeln!(
            out,
            r#"<polygon points="{}" fill="{}" stroke="{stroke}" stroke-width="{width}"><title>Area {id}: {} ({terrain})</title></polygon>"#,
            points(poly),
            terrain_fill(terrain),
            escape(a["name"].as_str().unwrap_or("")),
        );
    }
    out.push_str("</g>\n<g class=\"lines\" fill=\"none\">\n");
    // Roads dotted, railroads dashed: one polyline through the Areas each links.
    let lines = [
        (
            "roads",
            r##"stroke="#a08d68" stroke-width="1.2" stroke-dasharray="1 3" stroke-linecap="round""##,
        ),
        (
            "railroads",
            r##"stroke="#3b3128" stroke-width="1.5" stroke-dasharray="6 3""##,
        ),
    ];
    for (key, style) in lines {
        for line in n.0["map"][key].as_array().into_iter().flatten() {
            let pts: Vec<Point> = line["areas"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| centre(a.as_u64()?))
                .collect();
            let _ = writeln!(out, r#"<polyline points="{}" {style}/>"#, points(&pts));
        }
    }
    for river in n.0["map"]["rivers"].as_array().into_iter().flatten() {
        let course: Vec<Point> = river["course"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(lon_lat)
            .map(|(lon, lat)| p(lon, lat))
            .collect();
        let width = if river["class"] == "navigable" {
            7.0
        } else {
            3.5
        };
        let _ = writeln!(
            out,
            r##"<polyline points="{}" stroke="#4f7fbf" stroke-width="{width}" stroke-linejoin="round" opacity="0.9"><title>{}</title></polyline>"##,
            points(&course),
            escape(river["name"].as_str().unwrap_or(""))
        );
    }
    for b in n.borders().filter(|b| b["kind"] == "Ridge") {
        let (Some(a), Some(c)) = (
            b["a"].as_u64().and_then(centre),
            b["b"].as_u64().and_then(centre),
        ) else {
            continue;
        };
        let m = ((a.0 + c.0) / 2.0, (a.1 + c.1) / 2.0);
        let len = (c.0 - a.0).hypot(c.1 - a.1).max(1.0);
        let nx = (-(c.1 - a.1) / len * 16.0, (c.0 - a.0) / len * 16.0);
        let _ = writeln!(
            out,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#6b4b2a" stroke-width="5" stroke-dasharray="2 2"/>"##,
            m.0 - nx.0,
            m.1 - nx.1,
            m.0 + nx.0,
            m.1 + nx.1
        );
    }
    out.push_str("</g>\n<g class=\"labels\" text-anchor=\"middle\">\n");
    for (id, a, (x, y)) in &areas {
        let _ = writeln!(
            out,
            r#"<text x="{x:.1}" y="{:.1}" font-size="13" font-weight="bold">{id}</text><text x="{x:.1}" y="{:.1}" font-size="9">{}</text>"#,
            y - 14.0,
            y - 3.0,
            escape(a["name"].as_str().unwrap_or(""))
        );
    }
    for r in n.0["map"]["arrows"].as_array().into_iter().flatten() {
        let Some((lon, lat)) = lon_lat(&r["position"]) else {
            continue;
        };
        let (x, y) = p(lon, lat);
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="#e8f0fb" stroke="#1d4f91" stroke-width="1.5"><title>River arrow {}: {}</title></circle><text x="{x:.1}" y="{:.1}" font-size="8">{}</text>"##,
            escape(r["id"].as_str().unwrap_or("")),
            escape(r["name"].as_str().unwrap_or("")),
            y + 3.0,
            escape(r["id"].as_str().unwrap_or(""))
        );
    }
    out.push_str("</g>\n");
    out.push_str(&counters(view, &centre));
    out.push_str("</svg>\n");
    Ok(out)
}

/// A marker per side in each Area where the viewer sees counters: the side's colour and how
/// many counters (face-down ones included).
fn counters(view: &Value, centre: &dyn Fn(u64) -> Option<Point>) -> String {
    let mut out = String::from("<g class=\"counters\" text-anchor=\"middle\">\n");
    for a in view["areas"].as_array().into_iter().flatten() {
        let Some((x, y)) = a["area"].as_u64().and_then(centre) else {
            continue;
        };
        for (i, (side, fill)) in [("union", "#2f4f8f"), ("confederate", "#8f8f8f")]
            .iter()
            .enumerate()
        {
            let here = a["counters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|c| c["side"] == *side)
                .count();
            if here == 0 {
                continue;
            }
            let cx = x - 14.0 + 28.0 * i as f64;
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="24" height="16" rx="2" fill="{fill}" stroke="#111"><title>{here} {side} counter(s)</title></rect><text x="{cx:.1}" y="{:.1}" font-size="11" fill="#fff">{here}</text>"##,
                cx - 12.0,
                y + 3.0,
                y + 15.0
            );
        }
    }
    out.push_str("</g>\n");
    out
}
