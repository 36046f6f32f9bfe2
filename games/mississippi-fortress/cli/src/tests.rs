//! The renderers against real views of the rules and the real static data.

use super::*;
use crate::counters::counter;
use crate::names::Names;
use adjutant_engine::{Match, PerSide, Seed, Setup, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use serde_json::{Value, json};

fn new_match() -> Match<MississippiFortress> {
    let setup = Setup {
        scenario: "champion-hill".into(),
        options: Default::default(),
        secret_choices: PerSide::default(),
    };
    Match::new(&setup, &Seed::from_bytes([3; 32])).expect("sets up")
}

fn view(viewer: Viewer) -> Value {
    new_match().view(viewer)
}

/// The match past set-up (both players finish placing dummies, none placed).
fn past_set_up() -> Match<MississippiFortress> {
    let mut m = new_match();
    for side in [Side::Confederate, Side::Union] {
        let finish = m
            .offered(side)
            .into_iter()
            .find(|a| a["type"] == "finish_set_up")
            .expect("finish set-up offered");
        m.play(side, &finish).expect("finishes set-up");
    }
    m
}

fn data() -> Value {
    mississippi_fortress::kind().static_data().clone()
}

#[test]
fn a_view_renders_areas_stacks_river_and_batteries_from_the_static_data() {
    let text = board(&view(Viewer::Seat(Side::Confederate)), &data());
    assert!(text.contains("Turn 13 of 13-16 (May 13-14)"), "{text}");
    assert!(text.contains("VPs: Union 8, Confederate 15"), "{text}");
    assert!(
        text.contains(
            "Area 20 Edwards Station: Confederate: Bowen's Division 6/8 SP, Loring's Division 9 SP"
        ),
        "{text}"
    );
    assert!(
        text.contains("Area 13 Clinton: Union: 11 face-down counters"),
        "{text}"
    );
    assert!(
        text.contains("A8 Bruinsburg: Transport Steamer 1; Transport Steamer 2"),
        "{text}"
    );
    assert!(
        text.contains("Vicksburg Shore Battery (Area 18 Vicksburg, A3): face-up"),
        "{text}"
    );
    let spectator = board(&view(Viewer::Spectator), &data());
    assert!(!spectator.contains("Bowen"), "{spectator}");
}

/// Issue 15: at set-up every unit read "[out of communications]": no LOC is traced yet.
#[test]
fn no_unit_reads_out_of_communications_during_set_up() {
    let text = board(&view(Viewer::Seat(Side::Union)), &data());
    assert!(text.contains("Set-up"), "{text}");
    assert!(!text.contains("out of communications"), "{text}");
    let cut = json!({"id": "xv-1-div", "kind": "division", "side": "union", "strength": 7,
                     "in_comms": false});
    assert!(counter(&Names(&data()), &cut).contains("[out of communications]"));
}

/// Issue 15: printed values were not shown: a Leader's ratings, printed against present
/// strength, the movement allowances.
#[test]
fn printed_values_stand_beside_what_the_view_gives() {
    let text = board(&view(Viewer::Seat(Side::Union)), &data());
    assert!(text.contains("Grant (2-2)"), "{text}");
    // 3rd Division (XVII) starts Champion Hill with 3 casualties (S1.7d).
    assert!(text.contains("3rd Division (XVII) 5/8 SP"), "{text}");
    assert!(text.contains("1st Division (XV) 7 SP"), "{text}");
    assert!(
        text.contains(
            "Movement allowances (Areas a Movement Phase; more is a force march): infantry 2"
        ),
        "{text}"
    );
    let enemy = json!({"id": "loring-div", "kind": "division", "side": "confederate",
                       "face_up": true});
    let shown = counter(&Names(&data()), &enemy);
    assert!(shown.contains("SP printed"), "{shown}");
}

/// Issue 15: a dummy of one's own showed its raw id, "dummy (confederate-dummy-1)".
#[test]
fn a_dummy_of_ones_own_reads_a_dummy() {
    let dummy = json!({"id": "confederate-dummy-1", "kind": "dummy", "side": "confederate"});
    assert_eq!(counter(&Names(&data()), &dummy), "a dummy");
}

#[test]
fn one_straggler_is_one_straggler() {
    let n = Names(&Value::Null);
    let one = json!({"id": "x", "stragglers": 1});
    assert!(
        counter(&n, &one).ends_with("[1 straggler]"),
        "{}",
        counter(&n, &one)
    );
    let two = json!({"id": "x", "stragglers": 2});
    assert!(counter(&n, &two).ends_with("[2 stragglers]"));
}

#[test]
fn without_static_data_areas_and_counters_read_as_numbers_and_ids() {
    let text = board(&view(Viewer::Seat(Side::Confederate)), &Value::Null);
    assert!(text.contains("Area 20: Confederate: "), "{text}");
    assert!(map(&Value::Null, &Value::Null).contains("did not load"));
    assert!(svg(&Value::Null, &Value::Null).is_err());
}

#[test]
fn an_area_tells_its_terrain_neighbours_borders_and_who_is_there() {
    let m = past_set_up();
    let v = m.view(Viewer::Seat(Side::Confederate));
    let text = area("20", &v, &data()).expect("Area 20 exists");
    assert!(text.starts_with("Area 20 Edwards Station — "), "{text}");
    assert!(text.contains("Neighbours:"), "{text}");
    assert!(text.contains("a road"), "{text}");
    assert!(text.contains("a railroad"), "{text}");
    assert!(text.contains("(major river) by"), "{text}");
    assert!(
        text.contains("Bowen's Division 2 Areas; Loring's"),
        "{text}"
    );
    let vicksburg = area("Area 18", &v, &data()).expect("Area 18 exists");
    assert!(
        vicksburg.contains("Entering it from any Area brings a battle"),
        "{vicksburg}"
    );
    assert!(vicksburg.contains("shore battery site"), "{vicksburg}");
    let union = area("13", &m.view(Viewer::Seat(Side::Confederate)), &data()).unwrap();
    assert!(union.contains("Union: 11 face-down counters"), "{union}");
}

#[test]
fn an_area_lists_the_choices_that_name_it_with_their_numbers() {
    let v = view(Viewer::Seat(Side::Confederate));
    let text = area("18", &v, &data()).unwrap();
    assert!(text.contains("Your choices naming this Area"), "{text}");
    assert!(text.contains("Place a dummy in Area 18"), "{text}");
    let open = area("18", &Value::Null, &data()).unwrap();
    assert!(open.contains("The game has not started"), "{open}");
}

#[test]
fn a_bad_area_is_refused_in_words() {
    let v = view(Viewer::Spectator);
    assert_eq!(
        area("99", &v, &data()).unwrap_err(),
        "There is no Area 99: the Areas are 1 to 47."
    );
    assert!(
        area("Vicksburg", &v, &data())
            .unwrap_err()
            .contains("not an Area number")
    );
}

#[test]
fn the_map_draws_every_area_and_lists_its_borders() {
    let v = view(Viewer::Seat(Side::Confederate));
    let text = map(&v, &data());
    assert!(text.contains("north is up"), "{text}");
    assert!(text.contains('~'), "{text}");
    assert!(text.contains("20C"), "{text}");
    assert!(text.contains("13U"), "{text}");
    assert!(text.contains("Area 47 "), "{text}");
    assert!(
        text.contains("Area 20 Edwards Station (defensible): "),
        "{text}"
    );
}

#[test]
fn the_svg_map_has_a_cell_per_area_and_the_counters_seen() {
    let v = view(Viewer::Seat(Side::Confederate));
    let doc = svg(&v, &data()).expect("draws");
    assert!(
        doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{doc}"
    );
    assert!(doc.trim_end().ends_with("</svg>"));
    assert_eq!(doc.matches("<polygon ").count(), 47);
    assert!(doc.contains("Area 18: Vicksburg"), "{doc}");
    assert!(doc.contains("11 union counter(s)"), "{doc}");
    assert!(!doc.contains("NaN"));
}

/// A match played at random (seeded) until `side` may deploy all its counters left at once.
fn at_a_deploy_all(side: Side) -> Match<MississippiFortress> {
    for n in 0..40u8 {
        let mut m = Match::<MississippiFortress>::new(
            &Setup {
                scenario: "champion-hill".into(),
                options: Default::default(),
                secret_choices: PerSide::default(),
            },
            &Seed::from_bytes([n; 32]),
        )
        .expect("sets up");
        let mut pick = u64::from(n) * 7 + 1;
        for _ in 0..3000 {
            if m.offered(side).iter().any(|a| a["type"] == "deploy_all") {
                return m;
            }
            let Some(&who) = m.to_act().first() else {
                break;
            };
            let offered: Vec<Value> = m
                .offered(who)
                .into_iter()
                .filter(|a| a["type"] != "undo")
                .collect();
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = &offered[(pick >> 33) as usize % offered.len()];
            m.play(who, a).expect("an offered action plays");
        }
    }
    panic!("no game reached a deployment with all at once");
}

/// Decision I37: the Battle Board says which numbered choices place all counters at once.
#[test]
fn the_battle_board_names_the_choices_that_deploy_all_at_once() {
    let m = at_a_deploy_all(Side::Union);
    let v = m.view(Viewer::Seat(Side::Union));
    let text = board(&v, &data());
    let all: Vec<String> = v["actions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, a)| a["type"] == "deploy_all")
        .map(|(i, _)| format!("{} = ", i + 1))
        .collect();
    assert!(!all.is_empty());
    let line = text
        .lines()
        .find(|l| l.contains("All your counters left at once:"))
        .unwrap_or_else(|| panic!("no line for all at once: {text}"));
    for number in &all {
        assert!(line.contains(number.as_str()), "{number} in {line}");
    }
    assert!(
        !board(&m.view(Viewer::Spectator), &data()).contains("All your counters left"),
        "a spectator has no choices"
    );
}

/// Decision I39: an automatic choice and a division's status carry a note in the log; the
/// note follows the event as the viewer receives it (nothing for what he may not read).
#[test]
fn the_log_notes_choices_made_by_the_rules_and_a_divisions_status() {
    use mississippi_fortress::events::{Event, EventKind, Secret};
    let private = |kind| Event {
        kind,
        text: String::new(),
        secret: Some(Secret {
            side: Side::Union,
            text: "12th Division (XIII) is now ineffective".into(),
        }),
        combat: None,
    };
    let data = data();
    let own = |e: &Event| e.redact(Viewer::Seat(Side::Union)).unwrap();
    let auto = event(&own(&private(EventKind::Automatic)), &data).unwrap();
    assert!(auto.contains("made by the rules without asking"), "{auto}");
    let status = event(&own(&private(EventKind::Ineffective)), &data).unwrap();
    assert!(status.contains("S1.8: private"), "{status}");
    assert!(
        private(EventKind::Ineffective)
            .redact(Viewer::Seat(Side::Confederate))
            .is_none(),
        "the enemy receives nothing to note"
    );
    let idle = Event {
        kind: EventKind::Automatic,
        text: "Union LP3 engages no enemy Line Position".into(),
        secret: None,
        combat: None,
    };
    let public = event(&idle.redact(Viewer::Spectator).unwrap(), &data).unwrap();
    assert_eq!(public, "(made by the rules without asking)");
    let plain = Event {
        kind: EventKind::Battle,
        ..idle
    };
    assert_eq!(
        event(&plain.redact(Viewer::Spectator).unwrap(), &data),
        None
    );
}
