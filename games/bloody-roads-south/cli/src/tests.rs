//! The text rendering of real views: games of Sander's Field made with the rules crate.

mod atlas;
mod sheets;

use super::*;
use adjutant_engine::{Match, PerSide, Rules, Seed, Setup, Side, Viewer};
use bloody_roads_south::{Action, BloodyRoadsSouth};

fn new_game() -> Match<BloodyRoadsSouth> {
    let setup = Setup {
        scenario: "sanders-field".into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    Match::new(&setup, &Seed::from_bytes([7; 32])).expect("Sander's Field sets up")
}

fn data() -> Value {
    bloody_roads_south::kind().static_data().clone()
}

fn play(m: &mut Match<BloodyRoadsSouth>, side: Side, action: &Action) {
    let value = serde_json::to_value(action).expect("actions serialise");
    m.play(side, &value).expect("the action is accepted");
}

/// Both players place every counter in the first hex offered, post their pre-set orders'
/// batch empty, then finish.
fn set_up(m: &mut Match<BloodyRoadsSouth>) {
    for side in Side::BOTH {
        while let Some(a) = m
            .state()
            .legal_actions(side)
            .into_iter()
            .find(|a| matches!(a, Action::Place { .. } | Action::IssueOrders { .. }))
        {
            play(m, side, &a);
        }
        let finish = m
            .state()
            .legal_actions(side)
            .into_iter()
            .find(|a| matches!(a, Action::FinishSetUp { .. }))
            .expect("set-up finishes");
        play(m, side, &finish);
    }
}

/// The view with the engine's fields, as the server sends it.
fn view(m: &Match<BloodyRoadsSouth>, viewer: Viewer) -> Value {
    m.view(viewer)
}

fn assert_no_json(text: &str) {
    for bad in ['{', '}', '"'] {
        assert!(!text.contains(bad), "the text shows {bad:?}:\n{text}");
    }
    assert!(!text.contains("null"), "the text shows null:\n{text}");
}

/// Names and ids of the counters of `side` that `viewer` may not see: every counter of a
/// stack but the one the viewer's view shows on top, less any name the viewer does see.
fn hidden_names(m: &Match<BloodyRoadsSouth>, side: &str, viewer: Viewer) -> Vec<String> {
    let all = view(m, Viewer::Omniscient);
    let seen = view(m, viewer);
    // A counter's printed name, and the id of a brigade or battery ("P/E/2"; a leader's id is
    // his surname, which places and orders may name too: "Grant's knoll").
    let words = |c: &Value| -> Vec<String> {
        let mut w: Vec<String> = c["name"].as_str().map(String::from).into_iter().collect();
        if c["kind"] == "brigade" || c["kind"] == "battery" {
            w.extend(c["id"].as_str().map(String::from));
        }
        w
    };
    let visible: Vec<String> = seen["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["counters"].as_array().unwrap().iter().flat_map(words))
        .collect();
    let mut out = Vec::new();
    for s in all["stacks"].as_array().unwrap() {
        if s["side"] != side {
            continue;
        }
        for c in s["counters"].as_array().unwrap() {
            out.extend(words(c).into_iter().filter(|w| !visible.contains(w)));
        }
    }
    out
}

/// The text with its line breaks and indentation read as single spaces.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The lines of the text map.
fn map_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with(['|', '+', ' ']) && l.contains('|'))
        .collect()
}

#[test]
fn the_map_window_shows_hex_ids_terrain_and_the_viewers_stacks() {
    let mut m = new_game();
    set_up(&mut m);
    let v = view(&m, Viewer::Seat(Side::Confederate));
    let text = board(&v, &data());
    println!("{text}");
    assert!(text.contains("turn 1 of 5, 5 May 1:00pm"), "{text}");
    assert!(
        text.contains("5 May 1:00pm, Confederate Command Phase"),
        "{text}"
    );
    assert!(text.contains("Map A, hexrows"), "{text}");
    // Every own stack in the window is drawn in its box, and listed in sentences.
    let stacks: Vec<&Value> = v["stacks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["side"] == "confederate")
        .collect();
    assert!(!stacks.is_empty());
    let mut drawn = 0;
    for s in &stacks {
        let hex = s["hex"].as_str().unwrap();
        assert!(
            text.contains(&format!("  {hex}")),
            "{hex} is not listed: {text}"
        );
        if text.contains(&format!("|{hex} ")) {
            drawn += 1;
        }
    }
    assert!(drawn > 0, "no own stack is in the map window:\n{text}");
    assert!(text.contains("Your stacks, top counter first:"), "{text}");
    assert!(text.contains("Legend: each box is a hex"), "{text}");
    assert!(
        text.contains(" w3") || text.contains(" c3") || text.contains(" w4"),
        "{text}"
    );
    assert!(text.contains("C→ ") || text.contains("C← "), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
    assert_no_json(&text);
}

#[test]
fn the_heading_says_night_on_a_night_turn() {
    // Scenario 2's last turn, 9:00pm, is a night turn (series 29.0; rules reference 1.4).
    let setup = Setup {
        scenario: "warren-and-sedgwick-vs-ewell".into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    let seed = Seed::from_bytes([7; 32]);
    let mut m = Match::new(&setup, &seed).expect("Scenario 2 sets up");
    set_up(&mut m);
    let text = board(&view(&m, Viewer::Seat(Side::Union)), &data());
    assert!(
        text.contains("turn 1 of 16, 5 May 1:00pm (day, unlimited visibility)"),
        "{text}"
    );
    let m = bloody_roads_south::testing::edit(&m, &seed, |g| {
        bloody_roads_south::testing::set_turn(g, "5 May 9:00pm");
    });
    let text = board(&view(&m, Viewer::Seat(Side::Union)), &data());
    assert!(
        text.contains("turn 16 of 16, 5 May 9:00pm (night, visibility 1 hex)"),
        "{text}"
    );
    assert!(
        text.contains("5 May 9:00pm, night, Confederate Command Phase"),
        "{text}"
    );
}

#[test]
fn an_enemy_stack_shows_only_its_top_counter() {
    let mut m = new_game();
    set_up(&mut m);
    let data = data();
    for (viewer, enemy) in [
        (Viewer::Seat(Side::Union), "confederate"),
        (Viewer::Seat(Side::Confederate), "union"),
    ] {
        let text = board(&view(&m, viewer), &data);
        assert!(
            text.contains("Enemy stacks (only the top counter shows):"),
            "{text}"
        );
        assert!(text.contains("Enemy troops in "), "{text}");
        assert!(text.contains(", top counter "), "{text}");
        assert!(text.contains("[T]") || text.contains("[B]"), "{text}");
        let hidden = hidden_names(&m, enemy, viewer);
        assert!(
            !hidden.is_empty(),
            "some {enemy} stack has counters beneath its top"
        );
        for name in &hidden {
            assert!(
                !text.contains(name.as_str()),
                "the {viewer:?} board names {name}, beneath an enemy top counter:\n{text}"
            );
        }
        for word in [
            "casualt",
            "straggler",
            "fire level",
            "gun point",
            "normal morale",
        ] {
            let enemy_part = text.split("Enemy stacks").nth(1).unwrap_or("");
            let enemy_part = enemy_part.split("\n\n").next().unwrap_or("");
            assert!(
                !enemy_part.contains(word),
                "{word} of an enemy stack: {enemy_part}"
            );
        }
        assert_no_json(&text);
    }
}

#[test]
fn the_order_log_reads_as_sentences() {
    let mut m = new_game();
    set_up(&mut m);
    let text = flat(&board(&view(&m, Viewer::Seat(Side::Union)), &data()));
    assert!(text.contains("Your order log:"), "{text}");
    assert!(
        text.contains(
            "No. 1, to 5 Corps, complex order by aide, written (pre-set before play, 5 May 1:00pm): “Attack Ewell's forces along the Orange Turnpike.” — in force."
        ),
        "{text}"
    );
    assert!(text.contains("to division 4/5"), "{text}");
    assert!(
        text.contains("Not yet on the map (reinforcements to come): "),
        "{text}"
    );
    assert!(text.contains("Crawford"), "{text}");
    assert_no_json(&text);
    // The Confederate board says nothing of the Union's orders.
    let other = board(&view(&m, Viewer::Seat(Side::Confederate)), &data());
    assert!(!other.contains("Attack Ewell"), "{other}");
    assert!(!other.contains("Crawford"), "{other}");
}

#[test]
fn during_set_up_the_window_shows_the_hexes_to_choose() {
    let m = new_game();
    let v = view(&m, Viewer::Seat(Side::Union));
    let text = board(&v, &data());
    assert!(
        text.contains("the Union player is still setting up"),
        "{text}"
    );
    let first = v["actions"][0]["hex"]
        .as_str()
        .expect("a placement is offered");
    assert!(
        text.contains(&format!("|{first:<6} ")) && map_lines(&text).iter().any(|l| l.contains('*')),
        "the window shows the hexes to choose, {first} among them:\n{text}"
    );
    // Spectators see no stack before both set-ups are revealed.
    let watched = board(&view(&m, Viewer::Spectator), &data());
    assert!(
        watched.contains("No stacks on the map are shown to you yet."),
        "{watched}"
    );
    assert!(
        map_lines(&watched).iter().all(|l| !l.contains('*')),
        "{watched}"
    );
    assert_no_json(&watched);
}

#[test]
fn a_spectator_sees_both_sides_as_top_counters() {
    let mut m = new_game();
    set_up(&mut m);
    let text = board(&view(&m, Viewer::Spectator), &data());
    assert!(
        text.contains("Stacks (only the top counter shows):"),
        "{text}"
    );
    assert!(text.contains("Union troops in "), "{text}");
    assert!(text.contains("Confederate troops in "), "{text}");
    assert!(!text.contains("Your stacks"), "{text}");
    assert!(!text.contains("order log"), "{text}");
    for side in ["union", "confederate"] {
        let hidden = hidden_names(&m, side, Viewer::Spectator);
        assert!(!hidden.is_empty());
        for name in hidden {
            assert!(
                !text.contains(name.as_str()),
                "the spectator reads {name}:\n{text}"
            );
        }
    }
    assert_no_json(&text);
}

#[test]
fn without_static_data_the_board_is_still_sentences() {
    let mut m = new_game();
    set_up(&mut m);
    let text = board(&view(&m, Viewer::Seat(Side::Union)), &Value::Null);
    assert!(text.contains("The map is not shown"), "{text}");
    assert!(text.contains("Your stacks"), "{text}");
    assert_no_json(&text);
}

#[test]
fn text_wraps_at_the_width() {
    let long = "word ".repeat(60);
    let wrapped = wrap(&long, "  ", "    ");
    assert!(wrapped.lines().all(|l| l.chars().count() <= words::WIDTH));
    assert!(wrapped.lines().count() > 2);
}

#[test]
fn a_scenario_on_map_b_draws_map_b_and_a_stream() {
    let setup = Setup {
        scenario: "plank-road".into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    let m = Match::<BloodyRoadsSouth>::new(&setup, &Seed::from_bytes([5; 32]))
        .expect("Scenario 3 is offered");
    let data = data();
    let text = board(&view(&m, Viewer::Seat(Side::Union)), &data);
    assert!(text.contains("Map B, hexrows B"), "{text}");
    assert!(!map_lines(&text).iter().any(|l| l.contains("|A")), "{text}");
    // Every hex of Map B is drawn somewhere: a window around B12.31 crosses Wilderness Run.
    let grid = Grid::new(&data, "plank-road").unwrap();
    let around = Window::around(&grid, &[grid.cell("B12.31").unwrap()]);
    let lines = map::draw(&grid, around, &HashMap::new(), &HashSet::new());
    assert!(
        lines.iter().any(|l| l.contains('~')),
        "{}",
        lines.join("\n")
    );
    assert!(
        lines.iter().any(|l| l.contains("B12.31 w4")),
        "{}",
        lines.join("\n")
    );
}

/// Plays on, each side to act taking its first "finish" (or "decline", "stop") choice, else
/// its first choice, until `done` holds.
fn play_until(m: &mut Match<BloodyRoadsSouth>, done: impl Fn(&Match<BloodyRoadsSouth>) -> bool) {
    for _ in 0..500 {
        if done(m) {
            return;
        }
        let side = *m.to_act().first().expect("someone is to act");
        let actions = m.state().legal_actions(side);
        let quiet = |a: &&Action| {
            let t = serde_json::to_value(a).unwrap()["type"]
                .as_str()
                .unwrap_or("")
                .to_string();
            t.starts_with("finish") || t == "decline" || t == "end_move"
        };
        let a = actions.iter().find(quiet).unwrap_or(&actions[0]).clone();
        play(m, side, &a);
    }
    panic!("the game never got there");
}

#[test]
fn a_written_order_is_in_its_writers_log_only() {
    let mut m = new_game();
    set_up(&mut m);
    let writes = |m: &Match<BloodyRoadsSouth>| {
        m.state()
            .legal_actions(Side::Union)
            .iter()
            .any(|a| matches!(a, Action::IssueOrders { .. }))
    };
    play_until(&mut m, writes);
    let v = view(&m, Viewer::Seat(Side::Union));
    let shown = flat(&board(&v, &data()));
    assert!(shown.contains("Your orders menu"), "{shown}");
    assert!(shown.contains("--order 'ENTRY|OBJECTIVE|WORDS'"), "{shown}");
    let entry = v["command"]["batch_menu"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["field"] == "orders" && e["item"]["receiver"]["to"] == "corps")
        .unwrap()
        .clone();
    let mut draft = entry["item"].clone();
    draft["text"] = Value::from("Press the attack up the pike past the field.");
    draft["objective"] = Value::from("A17.10");
    let order = serde_json::json!({"type": "issue_orders", "orders": [draft]});
    m.play(Side::Union, &order).expect("the order is accepted");
    let text = flat(&board(&view(&m, Viewer::Seat(Side::Union)), &data()));
    println!("{text}");
    assert!(
        text.contains("“Press the attack up the pike past the field.”"),
        "{text}"
    );
    assert!(text.contains(", objective A17.10"), "{text}");
    assert!(text.contains("No. 3, to "), "{text}");
    assert_no_json(&text);
    for viewer in [Viewer::Seat(Side::Confederate), Viewer::Spectator] {
        let other = board(&view(&m, viewer), &data());
        assert!(!other.contains("Press the attack"), "{other}");
    }
}

#[test]
fn rule_5_the_lists_a_choice_carries_say_how_to_fill_them() {
    let v = serde_json::json!({
        "pickable": [
            {"unit": "2/1/5", "hex": "A20.06", "with": ["Griffin"]},
            {"unit": "3/1/5", "hex": "A22.06", "with": []}
        ],
        "fire": {"target": "A18.10", "at_artillery": false,
                 "firers": [{"id": "Stwl/J/2", "hex": "A17.10", "points": "4"}]},
        "actions": [{"type": "finish_set_up", "facings": [], "formations": [], "extensions": []}],
        "setup_extensions": [{"unit": "2/2/5", "hex": "A21.07", "parts": 2, "hexes": ["A21.08", "A22.07"]}]
    });
    let text = crate::lists::lists_section(&v);
    assert!(text.contains("2/1/5 in A20.06: with Griffin."), "{text}");
    assert!(!text.contains("3/1/5"), "{text}");
    assert!(
        text.contains("Stwl/J/2 in A17.10: 4 fire points alone."),
        "{text}"
    );
    assert!(text.contains("--units ID,ID"), "{text}");
    assert!(text.contains("--set facings=JSON"), "{text}");
    assert!(text.contains("--set extensions=JSON"), "{text}");
    assert!(
        text.contains("2/2/5 in A21.07 may extend up to 2 parts into A21.08, A22.07."),
        "{text}"
    );
    assert_no_json(&text);
}

#[test]
fn rule_s21_2_a_return_entry_lists_its_hexes_and_how_to_post_it() {
    let v = serde_json::json!({"command": {"batch_menu": {"action": "issue_orders", "entries": [
        {"n": 1, "field": "returns", "label": "Return the eliminated 3/4/5",
         "item": {"brigade": "3/4/5", "hex": null}, "hexes": ["A38.07", "A39.06"]}
    ]}}});
    let text = flat(&crate::menu::menu_section(&v));
    assert!(text.contains("1. Return the eliminated 3/4/5"), "{text}");
    assert!(text.contains("In one of: A38.07, A39.06."), "{text}");
    assert!(text.contains("--order 'ENTRY|HEX'"), "{text}");
    assert_no_json(&text);
}
