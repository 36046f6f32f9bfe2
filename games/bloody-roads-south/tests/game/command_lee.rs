//! Lee as corps commander (rule 4.1d), in Scenario 3 where Lee and Hill are on the map: when
//! Hill falls the Confederate player chooses whether Lee takes 3 Corps or its senior division
//! commander does.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::data::FormationId;
use bloody_roads_south::data::leader::InitiativeRight;
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::unit::Formation;
use bloody_roads_south::testing;

use crate::movement_board::Board;

const U: Side = Side::Union;
const C: Side = Side::Confederate;

fn three() -> FormationId {
    FormationId("3".into())
}

/// Scenario 3 with Lee, Hill, Heth and Wilcox on the map, and Hill fallen.
fn hill_falls(n: u64) -> Board {
    let mut b = Board::empty_of("plank-road", n);
    for (id, at) in [
        ("Lee", "B18.21"),
        ("ANVa HQ", "B18.21"),
        ("Hill", "B19.22"),
        ("3 Corps HQ", "B19.22"),
        ("Heth", "B24.24"),
        ("D/H/3", "B24.24"),
        ("Wilcox", "B8.20"),
        ("L/W/3", "B8.20"),
    ] {
        let formation = if id.contains('/') {
            Formation::Line
        } else {
            Formation::None
        };
        b.place(C, id, at, formation, Vertex::NE_SE);
    }
    let hill = testing::key(&b.g, C, "Hill");
    let (_, said) = testing::with_fx(&mut b.g, &mut b.dice, |g, fx| g.lose_leader(hill, true, fx));
    b.events.extend(said);
    b
}

#[test]
fn rule_4_1d_when_hill_falls_the_confederate_player_chooses_who_takes_3_corps() {
    let b = hill_falls(1);
    let offered = b.offered(C);
    assert_eq!(offered, vec![Action::TakeCorps, Action::Decline]);
    assert!(b.offered(U).is_empty(), "the Confederate player decides");
    assert!(
        b.label(C, &Action::TakeCorps)
            .contains("Lee takes command of 3 Corps")
    );
    assert!(
        b.label(C, &Action::Decline)
            .contains("senior division commander")
    );
    assert!(b.g.prompt(C).unwrap().contains("4.1d"));
}

#[test]
fn rule_4_1d_lee_takes_3_corps_and_remains_army_commander() {
    let mut b = hill_falls(2);
    b.act(C, Action::TakeCorps);
    let lee = testing::key(&b.g, C, "Lee");
    assert_eq!(b.g.corps_commander(C, &three()), Some(lee));
    assert_eq!(
        b.g.chief(C).map(|(k, _)| k),
        Some(lee),
        "still army commander"
    );
    assert_eq!(b.g.initiative_right(lee), InitiativeRight::Any);
    let heth = testing::key(&b.g, C, "Heth");
    assert_eq!(
        b.g.division_leader(C, &FormationId("H/3".into())),
        Some(heth),
        "Heth keeps his division"
    );
    let seen = b.read(Viewer::Seat(U)).join("\n");
    assert!(
        seen.contains("Lee takes command of 3 Corps himself"),
        "{seen}"
    );
    b.g.check_invariants().expect("invariants");
    // If Lee falls too, 3 Corps passes to its senior division commander.
    testing::with_fx(&mut b.g, &mut b.dice, |g, fx| g.lose_leader(lee, false, fx));
    let now = b.g.corps_commander(C, &three()).expect("a successor");
    assert_ne!(now, lee);
    assert!(b.g.decisions().is_empty(), "no Lee to offer it to");
}

#[test]
fn rule_4_1d_declined_the_senior_division_commander_succeeds() {
    let mut b = hill_falls(3);
    b.act(C, Action::Decline);
    let lee = testing::key(&b.g, C, "Lee");
    let now = b.g.corps_commander(C, &three()).expect("a successor");
    assert_ne!(now, lee);
    let name = b.g.unit(now).id().as_str().to_string();
    assert!(["Heth", "Wilcox"].contains(&name.as_str()), "{name}");
    let seen = b.read(Viewer::Spectator).join("\n");
    assert!(seen.contains("takes command of 3 Corps (25.4)"), "{seen}");
    assert!(seen.contains("replacement leader"), "{seen}");
}

#[test]
fn rule_4_1d_only_for_confederate_corps_and_lee_on_the_map() {
    // Hancock falls: no question (the Union has no 4.1d; and 3.2 asks nothing, his one
    // attached division, 3/5, staying: 2/6 is printed as part of 2 Corps).
    let mut b = Board::empty_of("plank-road", 4);
    b.place(U, "Hancock", "B32.26", Formation::None, Vertex::SW_NW);
    b.place(U, "Getty", "B32.25", Formation::None, Vertex::SW_NW);
    let hancock = testing::key(&b.g, U, "Hancock");
    testing::with_fx(&mut b.g, &mut b.dice, |g, fx| {
        g.lose_leader(hancock, true, fx)
    });
    assert!(b.g.decisions().is_empty());
    // Hill falls with Lee off the map: the succession at once.
    let mut b = Board::empty_of("plank-road", 5);
    b.place(C, "Hill", "B19.22", Formation::None, Vertex::NE_SE);
    b.place(C, "Heth", "B24.24", Formation::None, Vertex::NE_SE);
    let hill = testing::key(&b.g, C, "Hill");
    testing::with_fx(&mut b.g, &mut b.dice, |g, fx| g.lose_leader(hill, true, fx));
    assert!(b.g.decisions().is_empty());
    let heth = testing::key(&b.g, C, "Heth");
    assert_eq!(b.g.corps_commander(C, &three()), Some(heth));
}
