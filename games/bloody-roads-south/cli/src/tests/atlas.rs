//! The whole map, one hex described and the SVG map, from real views of Sander's Field.

use super::*;

#[test]
fn the_whole_map_draws_every_hex_of_the_sheets_in_play() {
    let mut m = new_game();
    set_up(&mut m);
    let v = view(&m, Viewer::Seat(Side::Confederate));
    let text = map(&v, &data());
    assert!(text.contains("Map A, the whole of it"), "{text}");
    assert!(text.contains("Legend: each box is a hex"), "{text}");
    // Every own stack is drawn in its box (the window is the whole map).
    for s in v["stacks"].as_array().unwrap() {
        if s["side"] == "confederate" {
            let hex = s["hex"].as_str().unwrap();
            assert!(text.contains(&format!("|{hex} ")), "{hex} is not drawn");
        }
    }
    assert_no_json(&text);
}

#[test]
fn a_hex_tells_its_terrain_roads_neighbours_and_who_is_there() {
    let mut m = new_game();
    set_up(&mut m);
    let v = view(&m, Viewer::Seat(Side::Confederate));
    let text = area("a17.10", &v, &data()).expect("a hex of Map A");
    assert!(
        text.starts_with("A17.10 (Sander's Field) — clear, elevation level"),
        "{text}"
    );
    assert!(text.contains("Roads: "), "{text}");
    assert!(text.contains("Neighbours:"), "{text}");
    for dir in ["N ", "NE", "SE", "S ", "SW", "NW"] {
        assert!(text.contains(&format!("  {dir} A")), "{dir}: {text}");
    }
    assert!(text.contains("by the "), "{text}");
    assert_no_json(&text);
    // An own stack is described counter by counter.
    let own = v["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["side"] == "confederate")
        .unwrap();
    let hex = own["hex"].as_str().unwrap();
    let there = area(hex, &v, &data()).unwrap();
    assert!(there.contains("A Confederate stack, facing"), "{there}");
}

#[test]
fn a_bad_hex_is_refused_in_words() {
    let v = view(&new_game(), Viewer::Spectator);
    assert!(
        area("17", &v, &data())
            .unwrap_err()
            .contains("is not a hex")
    );
    assert!(
        area("B3.04", &v, &data())
            .unwrap_err()
            .contains("is not on Map A")
    );
    assert!(area("A17.10", &v, &Value::Null).is_err());
}

#[test]
fn the_svg_map_has_a_hex_per_cell_and_the_stacks_seen() {
    let mut m = new_game();
    set_up(&mut m);
    let v = view(&m, Viewer::Seat(Side::Union));
    let doc = svg(&v, &data()).expect("draws");
    assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(doc.trim_end().ends_with("</svg>"));
    assert!(doc.matches("<polygon ").count() > 100);
    assert!(doc.contains("<title>A17.10</title>"));
    assert!(doc.contains("<rect "), "no stack drawn");
    assert!(!doc.contains("NaN"));
    assert!(svg(&v, &Value::Null).is_err());
}
