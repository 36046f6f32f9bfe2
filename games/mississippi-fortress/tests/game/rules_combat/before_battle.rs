//! Before the Battle Board: who may attack (S8.2a) and Retreat Before Combat (S8.4).

use super::*;

#[test]
fn rule_s8_2a_artillery_alone_cannot_attack() {
    let (game, _) = field(80, true, |g| {
        put(g, "xiii-art", 21);
        put(g, "xiii-12-div", 25);
        put(g, "loring-div", 21);
        put(g, "bowen-div", 25);
    });
    assert_eq!(game.eligible_battles(Side::Union), [area(25)]);
}

#[test]
fn rule_s8_4_retreat_before_combat_is_not_toward_the_attackers_approach() {
    let (mut game, mut dice) = lab(81);
    clear(&mut game, false);
    put(&mut game, "xiii-12-div", 22);
    put(&mut game, "loring-div", 21);
    put(&mut game, "xv-1-div", 12);
    put_dummy(&mut game, Side::Confederate, 21);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::MoveFrom { area: area(22) },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Take {
            counter: "xiii-12-div".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::StepTo { area: area(21) },
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Union)
    });
    let mut events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Declare { area: area(21) },
    );
    if game.battle().is_none() {
        events.extend(play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::FinishDeclarations,
        ));
    }
    // S8.3a, S4.6d(2): every dummy in the battle Area is removed first (one was with Loring).
    let t = texts(&events);
    assert!(
        t.contains("dummy in Area 21 (Champion Hill) is removed (a battle is fought there)"),
        "{t}"
    );
    assert_eq!(game.battle().unwrap().entries(), [area(22)]);
    // Before the roster is drawn up (S8.2d), each side's counters in the Area are counted: the
    // Battle Board's header reads one a side, not none.
    let seen = game.view(Viewer::Seat(Side::Union));
    assert_eq!(
        seen["battle"]["sides"]["union"]["participants"], 1,
        "{seen}"
    );
    assert_eq!(seen["battle"]["sides"]["confederate"]["participants"], 1);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::RetreatBeforeCombat {
            counter: "loring-div".into(),
        },
    );
    let options: Vec<Action> = game.legal_actions(Side::Confederate);
    let areas: Vec<u8> = options
        .iter()
        .filter_map(|a| match a {
            Action::Go { to: Dest::Area(a) } => Some(a.number()),
            _ => None,
        })
        .collect();
    assert_eq!(
        areas,
        [13, 20, 25, 26],
        "not 22 (the approach) nor 12 (Union troops)"
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Go {
            to: Dest::Area(area(20)),
        },
    );
    let t = texts(&events);
    assert!(
        t.contains("Straggler check for Loring's Division (retreat before combat)"),
        "{t}"
    );
    // S8.4d: the retreating unit stays face down.
    let public = events[0].redact(Viewer::Seat(Side::Union)).expect("public");
    assert!(
        public["text"]
            .as_str()
            .unwrap()
            .contains("1 counter leaves Area 21"),
        "{public}"
    );
    // S8.4g: no Defender combat unit left: no battle (nothing is left to decide).
    assert!(game.battle().is_none());
}

#[test]
fn rule_s8_4e_artillery_left_alone_must_retreat_too() {
    let (mut game, mut dice) = field(82, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "loring-div", 21);
        put(g, "la-art", 21);
    });
    attack(&mut game, &mut dice, 21);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::RetreatBeforeCombat {
            counter: "loring-div".into(),
        },
    );
    go(&mut game, &mut dice, Side::Confederate, 20);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::StandAndFight,
    );
    assert!(
        texts(&events).contains("Only artillery is left"),
        "{}",
        texts(&events)
    );
    assert!(matches!(
        game.decisions().first(),
        Some(Decision::Depart { .. })
    ));
    go(&mut game, &mut dice, Side::Confederate, 20);
    assert_eq!(where_is(&game, "la-art"), Some(20));
    assert!(game.battle().is_none());
}
