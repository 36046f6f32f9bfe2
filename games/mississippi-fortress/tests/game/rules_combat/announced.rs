//! Decisions the rules make without asking are announced (decision I39), each to whoever may
//! know it: a forced Combat Order or placement to its owner alone until the reveal (S8.8b,
//! S8.6e), an idle Attacker Line Position to all (S8.7b(3), S8.8a), a division made
//! ineffective or effective again to its owner alone (S1.8, Appendix V). Each test plays two
//! choices or positions that the other side may not tell apart and checks that its events,
//! and the spectator's, are the same.

use mississippi_fortress::Event;
use serde_json::Value;

use super::*;

fn redacted(events: &[Event], viewer: Viewer) -> Vec<Value> {
    events.iter().filter_map(|e| e.redact(viewer)).collect()
}

/// Everything `viewer` reads of `events`, as one text.
fn read(events: &[Event], viewer: Viewer) -> String {
    redacted(events, viewer)
        .iter()
        .map(|e| {
            format!(
                "[{}] {} {}",
                e["type"].as_str().unwrap_or(""),
                e["text"].as_str().unwrap_or(""),
                e["secret"]["text"].as_str().unwrap_or("")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const OTHERS: [Viewer; 2] = [Viewer::Seat(Side::Confederate), Viewer::Spectator];

/// The 12th Division (XIII) with `casualties` attacks Loring alone in Area 21; the Union
/// deploys first, then the Confederate, whose placement reveals both: its events.
fn lone_attack(casualties: u8) -> (MississippiFortress, Vec<Event>) {
    let (mut game, mut dice) = field(98, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "loring-div", 21);
        edit(g, |s| {
            s.counter("xiii-12-div", |c| c.set_casualties(casualties))
        });
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-12-div", LP1)]);
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "loring-div".into(),
            position: LP1,
        },
    );
    (game, events)
}

#[test]
fn rule_s8_8b_an_ineffective_attacker_line_given_diversion_is_told_so_alone() {
    let (game, events) = lone_attack(3);
    assert!(game.battle().unwrap().orders().contains(&(
        Side::Union,
        0,
        Some(CombatOrder::Diversion)
    )));
    assert!(game.prompt(Side::Union).is_none(), "never asked");
    let union = read(&events, Viewer::Seat(Side::Union));
    assert!(
        union.contains(
            "[automatic]  Battle in Area 21 (Champion Hill), round 1: Union LP1 is given Diversion \
             automatically, the only order it may take: it holds an ineffective division \
             (12th Division (XIII), S1.8c) (S8.8b; secret until the orders are revealed, S8.8c)."
        ),
        "{union}"
    );
    // The same battle with the division effective: the Union is asked, and the Confederate
    // and the spectator read exactly the same as above.
    let (asked, plain) = lone_attack(0);
    assert!(
        asked
            .prompt(Side::Union)
            .is_some_and(|p| p.contains("Line Position 1 (secret")),
        "unrestricted: {:?}",
        asked.prompt(Side::Union)
    );
    assert!(!read(&plain, Viewer::Seat(Side::Union)).contains("automatically"));
    for viewer in OTHERS {
        assert_eq!(
            redacted(&events, viewer),
            redacted(&plain, viewer),
            "{viewer:?}"
        );
        assert!(!read(&events, viewer).contains("Diversion"), "{viewer:?}");
    }
}

#[test]
fn rule_s8_8b_the_order_prompt_says_why_a_line_position_is_restricted() {
    let (mut game, mut dice) = field(99, true, |g| {
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
        edit(g, |s| s.counter("xiii-14-div", |c| c.set_in_comms(false)));
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(&mut game, &mut dice, Side::Union, &[("xiii-14-div", LP2)]);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP2)],
    );
    let prompt = game.prompt(Side::Union).expect("asked");
    assert!(
        prompt.contains(
            "your Line Position 2 (restricted, S8.8b: it holds infantry out of communications \
             (14th Division (XIII), S6.6))"
        ),
        "{prompt}"
    );
}

#[test]
fn rule_s8_7b_s8_8a_an_idle_attacker_line_position_is_announced_to_everyone() {
    let (mut game, mut dice) = field(100, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP3)],
    );
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "loring-div".into(),
            position: LP1,
        },
    );
    let idle = "Battle in Area 21 (Champion Hill), round 1: Union LP3 engages no enemy Line \
                Position: it is idle this round, gets no Combat Order and neither fires nor is \
                fired on (S8.7b(3), S8.8a).";
    for viewer in [
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
        Viewer::Spectator,
    ] {
        assert!(
            read(&events, viewer).contains(&format!("[automatic] {idle}")),
            "{viewer:?}: {}",
            read(&events, viewer)
        );
    }
    assert_eq!(game.lines_needing_orders(Side::Union), [(0, true)]);
}

#[test]
fn rule_s8_6e_an_officer_placed_in_the_reserve_by_himself_is_told_to_his_owner_alone() {
    let (mut game, mut dice) = field(101, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "sherman", 21);
        put(g, "loring-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-12-div".into(),
            position: LP1,
        },
    );
    let b = game.battle().unwrap();
    assert!(b.slots().contains(&(key(&game, "sherman"), RESERVE)));
    let union = read(&events, Viewer::Seat(Side::Union));
    assert!(
        union.contains(
            "Sherman is placed in the Reserve automatically, the only place open to it: an \
             Officer stands in a Line Position only with infantry of his formations, and no Line \
             Position holds any (S8.6e) (secret until the deployments are revealed, S8.7a)."
        ),
        "{union}"
    );
    for viewer in OTHERS {
        assert!(redacted(&events, viewer).is_empty(), "{viewer:?}");
    }
}

/// The Union's LP1 (12th Division (XIII) at 4 of 6 SP, 14th at full strength) has 1 SP to
/// lose: the allocation is the Union's secret (S9.61); put on the 12th it makes the division
/// ineffective (S1.8a).
#[test]
fn rule_s1_8a_a_loss_that_makes_a_division_ineffective_is_flagged_to_its_owner_alone() {
    let (mut game, mut dice) = field(102, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
        edit(g, |s| s.counter("xiii-12-div", |c| c.set_casualties(2)));
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP1)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1)],
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Assault))],
    );
    // Fire with one seed after another until the Union's LP1 has a loss to allocate.
    let allocating = (0..200u64)
        .find_map(|n| {
            let (mut g, mut d) = (game.clone(), Dice::new(&seed(5000 + n)));
            play(
                &mut g,
                &mut d,
                Side::Confederate,
                Action::Order {
                    line: 0,
                    order: Some(CombatOrder::Counterattack),
                },
            );
            g.decisions()
                .first()
                .is_some_and(|dec| {
                    matches!(
                        dec,
                        Decision::Allocate {
                            side: Side::Union,
                            ..
                        }
                    )
                })
                .then_some((g, d))
        })
        .expect("some seed makes the Union allocate a loss");
    let (game, dice) = allocating;
    let on = |id: &str| {
        let (mut g, mut d) = (game.clone(), dice.clone());
        let events = play(
            &mut g,
            &mut d,
            Side::Union,
            Action::TakeLoss { counter: id.into() },
        );
        (g, events)
    };
    let (hit, flagged) = on("xiii-12-div");
    let (_, quiet) = on("xiii-14-div");
    assert!(hit.counters()[key(&hit, "xiii-12-div")].ineffective());
    let union = read(&flagged, Viewer::Seat(Side::Union));
    assert!(
        union.contains(
            "[ineffective]  12th Division (XIII) is now ineffective (S1.8a: 3 of its 6 SP \
             present, half or less): its Line Position may only take Diversion when attacking, \
             Withdraw or Stand when defending (S8.8b), and it may not force march (S1.8c); if \
             it is still ineffective on the map at the end of the game, it counts 4 VP to the \
             Confederate player (6.1, decision R6)."
        ),
        "{union}"
    );
    assert!(!read(&quiet, Viewer::Seat(Side::Union)).contains("ineffective"));
    for viewer in OTHERS {
        assert_eq!(
            redacted(&flagged, viewer),
            redacted(&quiet, viewer),
            "{viewer:?}"
        );
        assert!(
            !read(&flagged, viewer).contains("ineffective"),
            "{viewer:?}"
        );
    }
    // The view agrees: the owner sees the mark, the others do not (fog).
    let mark = |viewer: Viewer| {
        hit.view(viewer)
            .to_string()
            .contains("\"ineffective\":true")
    };
    assert!(mark(Viewer::Seat(Side::Union)));
    assert!(!mark(Viewer::Seat(Side::Confederate)) && !mark(Viewer::Spectator));
}

#[test]
fn rule_s1_8b_4_5_a_transfer_that_lifts_a_division_above_half_is_announced_to_its_owner() {
    let (mut game, mut dice) = lab(103);
    clear(&mut game, false);
    put(&mut game, "loring-div", 18);
    put(&mut game, "gregg-bde", 18);
    edit(&mut game, |s| {
        s.counter("loring-div", |c| c.set_casualties(5))
    });
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Transfers(Side::Confederate)
    });
    assert!(game.counters()[key(&game, "loring-div")].ineffective());
    let events = play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Absorb {
            brigade: "gregg-bde".into(),
            division: "loring-div".into(),
        },
    );
    let own = read(&events, Viewer::Seat(Side::Confederate));
    assert!(
        own.contains(
            "Loring's Division is effective again (S1.8b: 7 of its 9 SP present, more than \
             half): its Line Position may take any Combat Order again, and it no longer counts \
             toward the Union player's ineffective-division VPs."
        ),
        "{own}"
    );
    for viewer in [Viewer::Seat(Side::Union), Viewer::Spectator] {
        assert!(!read(&events, viewer).contains("effective"), "{viewer:?}");
    }
}
