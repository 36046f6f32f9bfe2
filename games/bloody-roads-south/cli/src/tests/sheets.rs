//! Map B and both maps joined, drawn as the scenario's data says (the catalog offers only
//! Map A scenarios so far: the data's scenario list is given the scenario here, and the view
//! is the least a view of it holds), the ways off the map and the Turn Record Track.

use super::*;

/// The static data with `scenario` listed on `maps`, from `first` to `last`.
fn data_with(scenario: &str, maps: &str, first: &str, last: &str) -> Value {
    let mut data = data();
    data["scenarios"].as_array_mut().unwrap().push(serde_json::json!({
        "id": scenario, "title": scenario, "maps": maps, "turns": 1, "first": first, "last": last,
    }));
    data
}

/// A view of `scenario` at `time` with nobody on the map and nothing to do.
fn bare_view(scenario: &str, time: &str) -> Value {
    serde_json::json!({
        "scenario": {"id": scenario, "title": scenario},
        "turn": {"number": 1, "of": 1, "time": time, "night": false},
        "viewer": "confederate", "stacks": [], "actions": [],
    })
}

/// The line and column of the box of hex `id` in the text map (its left edge, `|` or a
/// stream's `~`).
fn box_at(text: &str, id: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(i, l)| {
            ['|', '~']
                .iter()
                .find_map(|edge| l.find(&format!("{edge}{id} ")))
                .map(|c| (i, c))
        })
        .unwrap_or_else(|| panic!("{id} is not drawn"))
}

#[test]
fn both_maps_join_on_the_row_they_share() {
    let data = data_with("battles-of-may-5th", "Both", "5 May 1:00pm", "5 May 8:30pm");
    let v = bare_view("battles-of-may-5th", "5 May 1:00pm");
    let text = map(&v, &data);
    assert!(text.contains("Map A and B, the whole of it"), "{text}");
    // One column of boxes runs from Map A into Map B: A23.02 above A23.01 (= B17.35) above
    // B17.34, each box four lines below the one north of it.
    let (a2, a2c) = box_at(&text, "A23.02");
    let (a1, a1c) = box_at(&text, "A23.01");
    let (b34, b34c) = box_at(&text, "B17.34");
    assert_eq!((a2c, a1c), (b34c, b34c));
    assert_eq!((a1 - a2, b34 - a1), (4, 4));
    assert!(!text.contains("B17.35 "), "the shared row is named once");
    // Map A's west hexrows lie west of Map B, Map B's east ones east of Map A.
    assert!(box_at(&text, "A1.01").1 < box_at(&text, "B1.01").1);
    assert!(box_at(&text, "B51.35").1 > box_at(&text, "A50.35").1);
    // Both ends of the off-map link are in play, and the Catharpin Road's three hexes.
    let flat = flat(&text);
    assert!(
        flat.contains("Off-map movement (rule 4.2): Confederate units leaving the map at A1.01 come back at B1.21, or the other way: infantry in column and artillery 3 turns later, wagons and trains 4 turns later and leaders and orders 2 turns later."),
        "{flat}"
    );
    assert!(
        flat.contains("The Catharpin Road runs on off the map from B1.20, B29.01 and B39.01."),
        "{flat}"
    );
    assert_no_json(&text);
}

#[test]
fn a_hex_of_the_shared_row_is_described_by_both_ids_and_its_neighbours_on_both_maps() {
    let data = data_with("battles-of-may-5th", "Both", "5 May 1:00pm", "5 May 8:30pm");
    let v = bare_view("battles-of-may-5th", "5 May 1:00pm");
    let text = area("B17.35", &v, &data).expect("on the joined maps");
    assert!(
        text.starts_with("A23.01, also B17.35 where the maps join — "),
        "{text}"
    );
    assert!(text.contains("  N  A23.02"), "{text}");
    assert!(text.contains("  S  B17.34"), "{text}");
    assert_eq!(text.matches("Nobody is there").count(), 1, "{text}");
    // Parker's Store Road crosses the join at A19.01 (= B13.35): the road is found by either id.
    let text = area("A19.01", &v, &data).unwrap();
    assert!(text.contains("Parker's Store Road"), "{text}");
    assert!(
        text.contains("  S  B13.34") && text.contains("by the Parker's Store Road"),
        "{text}"
    );
}

#[test]
fn map_b_alone_knows_its_hexes_and_not_map_a() {
    let data = data_with("plank-road", "B", "5 May 1:00pm", "5 May 8:30pm");
    let v = bare_view("plank-road", "5 May 1:00pm");
    let text = area("b12.28", &v, &data).expect("a hex of Map B");
    assert!(
        text.starts_with("B12.28 (Chewning Farm) — clear, elevation level"),
        "{text}"
    );
    assert!(text.contains("  N  B12.29"), "{text}");
    // The shared row is Map B's edge: nothing north of B17.35, and Map A is not there.
    let edge = area("B17.35", &v, &data).unwrap();
    assert!(edge.starts_with("B17.35 — "), "{edge}");
    assert!(edge.contains("  N  off the map"), "{edge}");
    assert!(
        area("A23.01", &v, &data)
            .unwrap_err()
            .contains("is not on Map B")
    );
    let whole = map(&v, &data);
    assert!(!whole.contains("|A"), "Map A drawn on Map B alone");
    // One end of the off-map link is on Map A: no link; the Catharpin Road is still there.
    assert!(!whole.contains("Off-map movement"), "{whole}");
    assert!(
        whole.contains("The Catharpin Road runs on off the map"),
        "{whole}"
    );
    let doc = svg(&v, &data).unwrap();
    assert_eq!(doc.matches("<polygon ").count(), 51 * 35);
    assert!(doc.contains("<title>B12.28</title>") && !doc.contains("<title>A"));
}

#[test]
fn the_svg_of_both_maps_draws_each_hex_once() {
    let data = data_with("battles-of-may-5th", "Both", "5 May 1:00pm", "5 May 8:30pm");
    let doc = svg(&bare_view("battles-of-may-5th", "5 May 1:00pm"), &data).unwrap();
    assert_eq!(doc.matches("<polygon ").count(), 50 * 35 + 51 * 35 - 44);
    for id in ["A1.01", "A23.01", "B1.01", "B51.35"] {
        assert!(doc.contains(&format!("<title>{id}</title>")), "{id}");
    }
    assert!(!doc.contains("<title>B17.35</title>"));
}

#[test]
fn the_turn_track_runs_through_the_night_with_the_current_turn_bracketed() {
    let data = data_with("a-night", "A", "5 May 7:00pm", "6 May 5:30am");
    let text = map(&bare_view("a-night", "5 May 11:00pm"), &data);
    let flat = flat(&text);
    assert!(
        flat.contains("Turn Record Track, 5 May 7:00pm to 6 May 5:30am (13 turns, 8 night turns; the current turn in brackets):"),
        "{flat}"
    );
    assert!(
        text.contains("  5 May: 7:00pm 7:30pm 8:00pm night: 9:00pm 10:00pm [11:00pm] 12:00am\n"),
        "{text}"
    );
    assert!(
        text.contains("  6 May: night: 1:00am 2:00am 3:00am 4:00am day: 5:00am 5:30am\n"),
        "{text}"
    );
}

#[test]
fn sanders_field_shows_its_five_day_turns_and_no_off_map_link() {
    let mut m = new_game();
    set_up(&mut m);
    let text = map(&view(&m, Viewer::Seat(Side::Union)), &data());
    assert!(
        text.contains("(5 turns, all by day; the current turn in brackets):\n  5 May: [1:00pm] 1:30pm 2:00pm 2:30pm 3:00pm\n"),
        "{text}"
    );
    assert!(!text.contains("Off-map movement"), "{text}");
}

#[test]
fn the_maps_alone_are_drawn_as_asked_without_a_game() {
    let data = data();
    let b = maps(&data, "b", false).expect("Map B");
    assert!(b.starts_with("Map B, the whole of it"), "{b}");
    assert!(b.contains("|B12.28 c") && !b.contains("|A"), "{b}");
    assert!(
        flat(&b).contains(
            "Turn Record Track, 5 May 5:00am to 7 May 8:00pm (109 turns, 16 night turns;"
        ),
        "{b}"
    );
    let both = maps(&data, "", false).unwrap();
    assert!(both.starts_with("Map A and B, the whole of it"));
    assert!(both.contains("Off-map movement (rule 4.2)"));
    let doc = maps(&data, "A, B", true).unwrap();
    assert_eq!(doc.matches("<polygon ").count(), 50 * 35 + 51 * 35 - 44);
    assert_eq!(
        maps(&data, "C", false).unwrap_err(),
        "There is no Map C: the sheets are Map A and Map B."
    );
    assert!(maps(&Value::Null, "A", false).is_err());
    assert_no_json(&both);
}
