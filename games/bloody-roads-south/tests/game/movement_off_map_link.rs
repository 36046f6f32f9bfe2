//! The Confederate off-map link (rule 4.2), offered in Scenario 5: a group leaves by A1.01 or
//! B1.21 and reappears at the other end after 3 turns (infantry in column, artillery), 4
//! (wagons) or 2 (leaders), the stack at its slowest member's pace; a blocked end gives way to
//! the map-edge hexes within 10 hexes of it; only Confederates, only in column, only with
//! 1 MP left.

use adjutant_engine::{Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::{Formation, Location};
use bloody_roads_south::testing;

use crate::movement_board::{Board, hex};

const U: Side = Side::Union;
const C: Side = Side::Confederate;

/// Scenario 5 with an empty map at `time`, with these Confederate counters in column at `at`.
fn board(n: u64, time: &str, at: &str, ids: &[&str]) -> Board {
    let mut b = Board::empty_of("battle-of-the-wilderness", n);
    b.g.test_set_turn(time);
    for id in ids {
        b.place(C, id, at, Formation::Column, Vertex::N_NE);
    }
    b
}

fn location(b: &Board, id: &str) -> Location {
    testing::unit(&b.g, C, id).location()
}

/// The hexes `id` may enter at now.
fn enters(b: &Board, id: &str) -> Vec<String> {
    b.offered(C)
        .into_iter()
        .filter_map(|a| match a {
            Action::Enter { unit, hex } if unit.as_str() == id => Some(hex.to_string()),
            _ => None,
        })
        .collect()
}

/// Starts the Confederate Movement Phase of `time`.
fn movement_at(b: &mut Board, time: &str) {
    b.g.test_set_turn(time);
    b.begin(C);
}

#[test]
fn rule_4_2a_infantry_in_column_leaves_by_a1_01_and_reappears_at_b1_21_three_turns_later() {
    let mut b = board(21, "5 May 2:00pm", "A1.01", &["Sta/J/2"]);
    b.begin(C);
    b.pick(C, "Sta/J/2");
    assert!(b.is_offered(C, &Action::UseLink));
    let label = b.label(C, &Action::UseLink);
    assert!(
        label.contains("B1.21") && label.contains("3:30pm"),
        "{label}"
    );
    b.act(C, Action::UseLink);
    assert!(
        matches!(location(&b, "Sta/J/2"), Location::OffMap { to, .. } if to == hex("B1.21")),
        "{:?}",
        location(&b, "Sta/J/2")
    );
    assert!(b.g.moving().is_none());
    b.g.check_invariants().expect("invariants");
    let union = b.read(Viewer::Seat(U)).join("\n");
    assert!(union.contains("leaves the map by A1.01"), "{union}");
    // The owner reads when it is due.
    let own = b.g.build_view(Viewer::Seat(C))["waiting"].to_string();
    assert!(own.contains("off the map (4.2)"), "{own}");
    for time in ["5 May 2:30pm", "5 May 3:00pm"] {
        movement_at(&mut b, time);
        assert!(enters(&b, "Sta/J/2").is_empty(), "not yet at {time}");
    }
    movement_at(&mut b, "5 May 3:30pm");
    assert_eq!(enters(&b, "Sta/J/2"), ["B1.21"]);
    // Like a reinforcement, it may not be held back.
    assert!(!b.is_offered(C, &Action::FinishMovement));
    b.act(
        C,
        Action::Enter {
            unit: bloody_roads_south::data::UnitId::new("Sta/J/2"),
            hex: hex("B1.21"),
        },
    );
    assert_eq!(location(&b, "Sta/J/2"), Location::Map { hex: hex("B1.21") });
    assert_eq!(
        testing::unit(&b.g, C, "Sta/J/2").formation(),
        Formation::Column
    );
    let union = b.read(Viewer::Seat(U)).join("\n");
    assert!(union.contains("from the off-map link (4.2)"), "{union}");
    b.g.check_invariants().expect("invariants");
}

#[test]
fn rule_4_2b_4_2c_a_stack_moves_at_its_slowest_member_wagons_4_turns_leaders_2() {
    let mut b = board(22, "5 May 2:00pm", "B1.21", &["Ewell", "2 Corps Supply"]);
    b.begin(C);
    b.pick_with(C, "Ewell", &["2 Corps Supply"]);
    b.act(C, Action::UseLink);
    let due = |b: &Board, id: &str| match location(b, id) {
        Location::OffMap { to, due } => (to, due),
        other => panic!("{id}: {other:?}"),
    };
    assert_eq!(due(&b, "Ewell"), due(&b, "2 Corps Supply"));
    assert_eq!(due(&b, "Ewell").0, hex("A1.01"));
    movement_at(&mut b, "5 May 3:30pm");
    assert!(enters(&b, "Ewell").is_empty(), "the wagon sets the pace");
    movement_at(&mut b, "5 May 4:00pm");
    assert_eq!(enters(&b, "2 Corps Supply"), ["A1.01"]);
    assert_eq!(enters(&b, "Ewell"), ["A1.01"]);
    // A leader alone: 2 turns.
    let mut l = board(23, "5 May 2:00pm", "A1.01", &["Early"]);
    l.begin(C);
    l.pick(C, "Early");
    l.act(C, Action::UseLink);
    movement_at(&mut l, "5 May 3:00pm");
    assert_eq!(enters(&l, "Early"), ["B1.21"]);
}

#[test]
fn rule_4_2_only_confederates_in_column_at_an_end_on_both_maps() {
    // A brigade in line may not go.
    let mut b = board(24, "5 May 2:00pm", "A1.01", &[]);
    b.place(C, "Sta/J/2", "A1.01", Formation::Line, Vertex::N_NE);
    b.begin(C);
    b.pick(C, "Sta/J/2");
    assert!(
        !b.is_offered(C, &Action::UseLink),
        "in line (4.2a: in column)"
    );
    // Not from a hex that is not an end.
    let mut far = board(25, "5 May 2:00pm", "A2.05", &["Sta/J/2"]);
    far.begin(C);
    far.pick(C, "Sta/J/2");
    assert!(!far.is_offered(C, &Action::UseLink));
    // Never the Union.
    let mut union = Board::empty_of("battle-of-the-wilderness", 26);
    union.place(U, "1/1/5", "A1.01", Formation::Column, Vertex::N_NE);
    union.begin(U);
    union.pick(U, "1/1/5");
    assert!(!union.is_offered(U, &Action::UseLink));
    // In every scenario on both maps (4.2: "between Map A and Map B")...
    for (n, scenario) in [
        (27, "battles-of-may-5th"),
        (29, "second-day"),
        (30, "wasted-day"),
    ] {
        let mut both = Board::empty_of(scenario, n);
        both.place(C, "Sta/J/2", "A1.01", Formation::Column, Vertex::N_NE);
        both.begin(C);
        both.pick(C, "Sta/J/2");
        assert!(both.is_offered(C, &Action::UseLink), "{scenario}");
    }
    // ...and in none on one map: the other end is off the maps in play.
    let mut one = Board::empty_of("warren-and-sedgwick-vs-ewell", 31);
    one.place(C, "Sta/J/2", "A1.01", Formation::Column, Vertex::N_NE);
    one.begin(C);
    one.pick(C, "Sta/J/2");
    assert!(!one.is_offered(C, &Action::UseLink));
}

#[test]
fn rule_4_2_a_blocked_end_gives_way_to_an_edge_hex_within_10() {
    let mut b = board(28, "5 May 2:00pm", "A1.01", &["Sta/J/2"]);
    b.begin(C);
    b.pick(C, "Sta/J/2");
    b.act(C, Action::UseLink);
    // A Union brigade stands in the far end when it is due.
    b.place(U, "1/1/5", "B1.21", Formation::Line, Vertex::N_NE);
    movement_at(&mut b, "5 May 3:30pm");
    let at = enters(&b, "Sta/J/2");
    assert!(
        !at.is_empty() && !at.contains(&"B1.21".to_string()),
        "{at:?}"
    );
    let map = bloody_roads_south::data::map();
    for h in &at {
        let d = map.distance(hex(h), hex("B1.21")).expect("a distance");
        assert!(d <= 10, "{h} is {d} hexes away");
    }
}
