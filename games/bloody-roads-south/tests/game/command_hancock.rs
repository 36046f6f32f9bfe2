//! Hancock's fall with divisions of other corps attached to 2 Corps (rule 3.2): the Union
//! player keeps at most one with 2 Corps, the others return to their corps. Scenario 6 attaches
//! two (4/5 and 2/6), Scenario 4 one (2/6).

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::FormationId;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::testing;

use crate::movement_board::Board;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn f(id: &str) -> FormationId {
    FormationId(id.into())
}

/// `scenario` with Hancock and the 2 Corps HQ on the map, and Hancock fallen.
fn hancock_falls(scenario: &str, n: u64) -> Board {
    let mut b = Board::empty_of(scenario, n);
    for id in ["Hancock", "2 Corps HQ"] {
        b.place(U, id, "B30.20", Formation::None, Vertex::NE_SE);
    }
    let hancock = testing::key(&b.g, U, "Hancock");
    let (_, said) = testing::with_fx(&mut b.g, &mut b.dice, |g, fx| {
        g.lose_leader(hancock, false, fx)
    });
    b.events.extend(said);
    b
}

fn keep(division: &str) -> Action {
    Action::KeepAttached {
        division: f(division),
    }
}

#[test]
fn rule_3_2_hancock_falls_with_two_attached_and_the_union_keeps_at_most_one() {
    let b = hancock_falls("second-day", 1);
    assert_eq!(b.g.attached_divisions(U, &f("2")), vec![f("4/5"), f("2/6")]);
    assert_eq!(
        b.offered(U),
        vec![keep("4/5"), keep("2/6"), Action::Decline],
        "one of the two, or none"
    );
    assert!(b.offered(C).is_empty(), "the Union player decides");
    assert!(b.g.prompt(U).unwrap().contains("(3.2)"));
    assert!(
        b.label(U, &keep("2/6"))
            .starts_with("Keep 2/6 with 2 Corps")
    );
    assert!(b.label(U, &Action::Decline).contains("all return"));
}

#[test]
fn rule_3_2_the_division_kept_stays_and_the_other_returns_to_its_corps() {
    let mut b = hancock_falls("second-day", 2);
    b.act(U, keep("2/6"));
    assert_eq!(b.g.corps_of_division(U, &f("2/6")), Some(f("2")));
    assert_eq!(b.g.corps_of_division(U, &f("4/5")), Some(f("5")));
    assert_eq!(b.g.attached_divisions(U, &f("2")), vec![f("2/6")]);
    assert!(b.g.decisions().is_empty());
    // A brigade of the returned division serves 5 Corps now.
    let brigade = testing::key(&b.g, U, "1/4/5");
    assert_eq!(b.g.corps_of(brigade), Some(f("5")));
    let own = b.read(Viewer::Seat(U)).join(" ");
    assert!(own.contains("2/6 stays with 2 Corps; 4/5 return"), "{own}");
}

#[test]
fn rule_3_2_keeping_none_returns_both() {
    let mut b = hancock_falls("second-day", 3);
    b.act(U, Action::Decline);
    assert_eq!(b.g.corps_of_division(U, &f("4/5")), Some(f("5")));
    assert_eq!(b.g.corps_of_division(U, &f("2/6")), Some(f("6")));
    assert!(b.g.attached_divisions(U, &f("2")).is_empty());
}

#[test]
fn rule_3_2_with_one_attached_it_stays_and_nothing_is_asked() {
    let b = hancock_falls("battles-of-may-5th", 4);
    assert!(b.g.decisions().is_empty());
    assert_eq!(b.g.corps_of_division(U, &f("2/6")), Some(f("2")));
}

#[test]
fn rule_3_2_secrecy_the_confederates_and_spectators_learn_nothing_of_the_choice() {
    let answers = [keep("4/5"), keep("2/6"), Action::Decline];
    let seen: Vec<_> = answers
        .iter()
        .map(|answer| {
            let mut b = hancock_falls("second-day", 5);
            b.act(U, answer.clone());
            [Viewer::Seat(C), Viewer::Spectator].map(|v| (b.g.view(v), b.read(v)))
        })
        .collect();
    assert!(
        seen.windows(2).all(|w| w[0] == w[1]),
        "the other viewers' views and events do not depend on the answer"
    );
    // Not blind: the Union's own log differs with the answer.
    let union_reads: Vec<Vec<String>> = answers
        .iter()
        .map(|answer| {
            let mut b = hancock_falls("second-day", 5);
            b.act(U, answer.clone());
            b.read(Viewer::Seat(U))
        })
        .collect();
    assert_ne!(union_reads[0], union_reads[1]);
    assert_ne!(union_reads[1], union_reads[2]);
}

#[test]
fn rule_3_2_scenario_3_asks_nothing_2_6_being_part_of_2_corps() {
    let b = hancock_falls("plank-road", 6);
    assert!(b.g.decisions().is_empty());
    assert_eq!(b.g.attached_divisions(U, &f("2")), vec![f("3/5")]);
    assert_eq!(b.g.corps_of_division(U, &f("2/6")), Some(f("2")));
    assert_eq!(b.g.corps_of_division(U, &f("3/5")), Some(f("2")));
}
