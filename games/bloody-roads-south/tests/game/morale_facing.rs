//! Facing after a close combat and at the end of a morale retreat (S13.0; reference 2.4):
//! the non-phasing player's `Face` question.

use adjutant_engine::{Rules, Side, Viewer};
use bloody_roads_south::Action;
use bloody_roads_south::close_combat::CloseCombatEnd;
use bloody_roads_south::model::decision::{FaceCause, Question, RetreatCause};
use bloody_roads_south::model::facing::Vertex;
use bloody_roads_south::model::step::{MovementSegment, Step};
use bloody_roads_south::model::unit::{Formation, UnitKey};
use bloody_roads_south::testing;
use bloody_roads_south::{BloodyRoadsSouth, Event};

use crate::fire_setup::*;

/// Stwl/J/2 in A17.10 attacks 2/1/5 in A18.10 in the Confederate Movement Phase (the Union
/// is the non-phasing player).
fn fight() -> BloodyRoadsSouth {
    let mut g = game();
    testing::set_step(
        &mut g,
        Step::Movement {
            side: C,
            segment: MovementSegment::Move,
        },
    );
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    g
}

/// The `Face` question waiting first, with who answers it.
fn face_question(g: &BloodyRoadsSouth) -> Option<(Side, String, FaceCause)> {
    g.decisions().first().and_then(|d| match d.question() {
        Question::Face { hex, after } => Some((d.side(), hex.to_string(), *after)),
        _ => None,
    })
}

/// Answers every retreat question of `side` with its first hex; returns the events.
fn retreat_all(g: &mut BloodyRoadsSouth, side: Side) -> Vec<Event> {
    let mut d = dice();
    let mut ev = Vec::new();
    while let Some(Question::Retreat { .. }) = g
        .decisions()
        .first()
        .filter(|q| q.side() == side)
        .map(|q| q.question())
    {
        let a = g.legal_actions(side)[0].clone();
        ev.extend(testing::play(g, side, a, &mut d));
    }
    ev
}

fn start_retreat(g: &mut BloodyRoadsSouth, side: Side, at: &str, hexes: u8, away_from: &str) {
    let units: Vec<UnitKey> = g.stack_of(hex(at), side);
    let mut d = dice();
    testing::with_fx(g, &mut d, |g, fx| {
        g.begin_retreat(&units, hexes, hex(away_from), RetreatCause::Morale, fx)
    });
}

#[test]
fn rule_s13_defender_may_face_after_close_combat() {
    let mut g = fight();
    // Both fires ½ rounded down, no retreat on the checks; odds 1-2 or less, die 1: D.
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 1, 1]);
    testing::script_dice(&mut g, C, &[1, 1, 2]);
    testing::script_dice(&mut g, U, &[1, 1, 1]);
    let mut d = dice();
    let (end, _) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::AttackerRetreats);
    // The attacker retreats first (his own question); he is never asked to face (phasing).
    retreat_all(&mut g, C);
    assert_eq!(
        face_question(&g),
        Some((U, "A18.10".into(), FaceCause::CloseCombat))
    );
    assert!(g.legal_actions(C).is_empty(), "only the defender answers");
    let now = testing::unit(&g, U, "2/1/5").facing();
    let offered = g.legal_actions(U);
    assert_eq!(
        offered.len(),
        6,
        "five other vertices and keep: {offered:?}"
    );
    assert!(offered.contains(&Action::Decline));
    assert!(!offered.contains(&Action::Face { facing: now }));
    let turn = now.rotated(3);
    assert_eq!(
        g.label(U, &Action::Face { facing: turn }),
        format!(
            "Turn the stack in A18.10 to face {} ({turn})",
            turn.compass()
        )
    );
    assert!(
        g.label(U, &Action::Decline)
            .starts_with("Keep the stack in A18.10 facing")
    );
    let prompt = g.prompt(U).expect("the defender is asked");
    assert!(prompt.contains("close combat is over"), "{prompt}");
    // A leader beneath the brigade turns with it.
    testing::place(&mut g, U, "Griffin", "A18.10");
    testing::face(&mut g, U, "Griffin", now.rotated(1));
    let ev = testing::play(&mut g, U, Action::Face { facing: turn }, &mut d);
    assert_eq!(testing::unit(&g, U, "2/1/5").facing(), turn);
    assert_eq!(testing::unit(&g, U, "Griffin").facing(), turn);
    assert!(g.decisions().is_empty());
    for viewer in [Viewer::Seat(C), Viewer::Spectator] {
        let text = all(&ev, viewer);
        assert!(
            text.contains("The Union stack in A18.10 turns to face"),
            "facing is public: {text}"
        );
    }
}

#[test]
fn rule_s13_close_combat_defender_faces_where_its_retreat_ends() {
    let mut g = fight();
    // Odds die 6: A; the defender retreats 2 and checks again (d66 21: no effect).
    testing::script_shared(&mut g, &[1, 1, 1, 1, 1, 1, 6, 1]);
    testing::script_dice(&mut g, C, &[1, 1, 2]);
    testing::script_dice(&mut g, U, &[1, 1, 1, 2, 1]);
    let mut d = dice();
    let (end, _) = testing::close_combat(&mut g, C, &["Stwl/J/2"], "A18.10", &mut d);
    assert_eq!(end, CloseCombatEnd::DefenderRetreats);
    assert!(
        face_question(&g).is_none(),
        "not before the retreat is over"
    );
    retreat_all(&mut g, U);
    assert_eq!(
        testing::scripted_left(&g, U),
        0,
        "the second check came first"
    );
    let at = testing::unit(&g, U, "2/1/5").hex().unwrap().to_string();
    assert_ne!(at, "A18.10");
    assert_eq!(face_question(&g), Some((U, at, FaceCause::Retreat)));
    let now = testing::unit(&g, U, "2/1/5").facing();
    testing::play(&mut g, U, Action::Decline, &mut d);
    assert_eq!(testing::unit(&g, U, "2/1/5").facing(), now, "kept");
    assert!(g.decisions().is_empty(), "asked once, not again for A18.10");
}

#[test]
fn rule_s13_non_phasing_stack_may_face_at_the_end_of_a_morale_retreat() {
    // The Union's Fire Combat Phase: a Confederate stack retreats from the Union's fire.
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    start_retreat(&mut g, C, "A17.10", 2, "A18.10");
    assert!(face_question(&g).is_none());
    retreat_all(&mut g, C);
    let at = testing::unit(&g, C, "Stwl/J/2").hex().unwrap();
    assert_eq!(
        face_question(&g),
        Some((C, at.to_string(), FaceCause::Retreat))
    );
    assert!(g.prompt(C).unwrap().contains("retreat is over"));
    let turn = testing::unit(&g, C, "Stwl/J/2").facing().rotated(-1);
    let mut d = dice();
    testing::play(&mut g, C, Action::Face { facing: turn }, &mut d);
    assert_eq!(testing::unit(&g, C, "Stwl/J/2").facing(), turn);
    assert!(g.decisions().is_empty());
}

#[test]
fn rule_s13_a_stack_that_routs_in_place_may_face() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    let units = g.stack_of(hex("A17.10"), C);
    let ways = g.retreat_hexes(&units, hex("A18.10"), RetreatCause::Morale);
    for (h, id) in ways.iter().zip(["1/1/5", "3/1/5", "1/2/5", "2/2/5"]) {
        testing::place(&mut g, U, id, &h.to_string());
    }
    assert!(
        g.retreat_hexes(&units, hex("A18.10"), RetreatCause::Morale)
            .is_empty()
    );
    start_retreat(&mut g, C, "A17.10", 1, "A18.10");
    assert_eq!(
        face_question(&g),
        Some((C, "A17.10".into(), FaceCause::Retreat))
    );
}

#[test]
fn rule_s13_the_phasing_player_is_not_asked_after_his_retreat() {
    // The Union is phasing (its Fire Combat Phase): its own retreat asks nothing.
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    start_retreat(&mut g, U, "A18.10", 2, "A17.10");
    retreat_all(&mut g, U);
    assert!(testing::unit(&g, U, "2/1/5").hex() != Some(hex("A18.10")));
    assert!(g.decisions().is_empty(), "{:?}", g.decisions());
}

#[test]
fn rule_s13_the_question_never_follows_a_retreat_that_was_ignored() {
    // A non-phasing stack with unlimbered artillery ignores a `*` retreat (a secret result):
    // it is asked nothing, exactly as after a check with no effect.
    let run = |roll: [u8; 2]| {
        let mut g = game();
        put(&mut g, C, "2b-1", "A17.10", toward("A17.10", "A18.10"));
        testing::form(&mut g, C, "2b-1", Formation::Unlimbered);
        testing::gun_points(&mut g, C, "2b-1", 3);
        put(&mut g, C, "Stwl/J/2", "A17.10", toward("A17.10", "A18.10"));
        testing::form(&mut g, C, "Stwl/J/2", Formation::Line);
        put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
        testing::script_dice(&mut g, C, &roll);
        let units = g.stack_of(hex("A17.10"), C);
        let mut d = dice();
        let ((), _) = testing::with_fx(&mut g, &mut d, |g, fx| {
            g.morale_check(
                &units,
                &bloody_roads_south::morale::check::MoraleContext::after_fire(hex("A18.10")),
                fx,
            );
        });
        g
    };
    // A row 2 +1 (with unlimbered artillery) = row 1: 21 no effect, 63 Sh back 1* (ignored).
    let quiet = run([2, 1]);
    let ignored = run([6, 3]);
    assert_eq!(
        testing::unit(&ignored, C, "Stwl/J/2").morale(),
        bloody_roads_south::data::morale::MoraleState::Shaken,
        "the check did give Sh back 1*"
    );
    for g in [&quiet, &ignored] {
        assert!(g.decisions().is_empty(), "{:?}", g.decisions());
        assert_eq!(g.stack_of(hex("A17.10"), C).len(), 2);
    }
    assert_eq!(
        quiet.view(Viewer::Seat(U))["stacks"],
        ignored.view(Viewer::Seat(U))["stacks"]
    );
    assert_eq!(quiet.legal_actions(C), ignored.legal_actions(C));
}

#[test]
fn rule_s13_face_answers_only_the_question_asked() {
    let mut g = game();
    put(&mut g, C, "Stwl/J/2", "A17.10", Vertex::NE_SE);
    put(&mut g, U, "2/1/5", "A18.10", toward("A18.10", "A17.10"));
    start_retreat(&mut g, C, "A17.10", 1, "A18.10");
    retreat_all(&mut g, C);
    let offered = g.legal_actions(C);
    let now = testing::unit(&g, C, "Stwl/J/2").facing();
    for v in Vertex::ALL {
        assert_eq!(
            offered.contains(&Action::Face { facing: v }),
            v != now,
            "{v}"
        );
    }
    // The opponent has nothing to answer meanwhile, and no Turn is offered.
    assert!(g.legal_actions(U).is_empty());
    assert!(!offered.iter().any(|a| matches!(a, Action::Turn { .. })));
}
