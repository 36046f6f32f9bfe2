//! Transport (4.12-4.14, S3.6): embarking, capacity, landing, evacuation, the LOC across the river.

use super::*;

#[test]
fn rule_4_12_embarkation_example_area_17() {
    // Units beginning the phase in Area 17 may board steamers that began it on the Vicksburg
    // or Warrenton arrow, not steamers that moved there that phase.
    let (mut game, _) = harbour(
        49,
        |g| {
            put(g, "xv-3-div", 17);
            put_ship(g, "transport-1", "A3");
            put_ship(g, "transport-2", "A2");
            put_ship(g, "transport-3", "A4");
        },
        Step::Embarkation(Side::Union),
    );
    let k = key(&game, "xv-3-div");
    let carriers: Vec<Vec<usize>> = game.carriers_for(k, false);
    let t1 = game.ship_index("transport-1").unwrap();
    let t3 = game.ship_index("transport-3").unwrap();
    assert_eq!(
        carriers,
        [vec![t1], vec![t3]],
        "A3 and A4 touch Area 17; A2 does not"
    );
    // A steamer that moved to A3 this phase could not be boarded.
    let t2 = game.ship_index("transport-2").unwrap();
    edit(&mut game, |s| {
        s.ship(t2, |t| t.set_at(Some(node("A3"))).set_moved(true))
    });
    assert!(!game.carriers_for(k, false).contains(&vec![t2]));
    assert!(
        game.carriers_for(k, true).contains(&vec![t2]),
        "an evacuation may use it"
    );
}

#[test]
fn rule_4_12c_seven_point_unit_needs_two_steamers_which_carry_five_more() {
    let (mut game, mut dice) = harbour(
        50,
        |g| {
            put(g, "xv-1-div", 35); // 7 SP
            put(g, "xvii-3-div", 35); // 5 SP present
            put(g, "xiii-12-div", 35); // 6 SP
            put(g, "grant", 35);
        },
        Step::Embarkation(Side::Union),
    );
    let (t1, t2) = (
        game.ship_index("transport-1").unwrap(),
        game.ship_index("transport-2").unwrap(),
    );
    let big = key(&game, "xv-1-div");
    assert!(
        game.carriers_for(big, false).iter().all(|c| c.len() == 2),
        "no single steamer takes 7 SP"
    );
    // Only the pair at A8 remains once transport-3 and 4 at A7 are away.
    for id in ["transport-3", "transport-4"] {
        edit(&mut game, |s| s.ship(id, |t| t.set_at(Some(Node::North))));
    }
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Board {
            counter: "xv-1-div".into(),
        },
    );
    assert!(matches!(game.counters()[big].place(), Place::Aboard(c) if c.also().is_some()));
    assert_eq!(game.load(t1) + game.load(t2), 7);
    assert_eq!(
        game.lashed_to(t1),
        Some(t2),
        "lashed together while the unit is aboard"
    );
    // Five more SP fit; a 6-SP unit does not.
    let five = key(&game, "xvii-3-div");
    assert!(!game.carriers_for(five, false).is_empty());
    let six = key(&game, "xiii-12-div");
    assert!(game.carriers_for(six, false).is_empty());
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Board {
            counter: "xvii-3-div".into(),
        },
    );
    assert_eq!(game.load(t1) + game.load(t2), 12);
    // Leaders ride free.
    assert!(!game.carriers_for(key(&game, "grant"), false).is_empty());
    assert!(game.check_invariants().is_ok());
    // The lashed pair moves as one stack.
    play(&mut game, &mut dice, Side::Union, Action::FinishEmbarkation);
    sail(&mut game, &mut dice, Side::Union, "A8", &["transport-2"]);
    assert_eq!(game.sailing().map(|f| f.ships().len()), Some(2));
}

#[test]
fn rule_4_12c_r10_a_steamer_takes_six_sp_aboard_per_turn() {
    let (mut game, mut dice) = harbour(
        51,
        |g| {
            put(g, "xiii-12-div", 36);
            put(g, "loring-div", 20);
        },
        Step::Embarkation(Side::Union),
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Board {
            counter: "xiii-12-div".into(),
        },
    );
    if !game.decisions().is_empty() {
        let t3 = game.ship_index("transport-3").unwrap();
        let id = game.ships()[t3].id().to_string();
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::Go {
                to: Dest::Ships(vec![id]),
            },
        );
    }
    let k = key(&game, "xiii-12-div");
    let Place::Aboard(c) = game.counters()[k].place() else {
        panic!("aboard")
    };
    assert_eq!(game.ships()[c.ship()].rec().taken(), 6);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Disembarkation(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Land {
            counter: "xiii-12-div".into(),
            area: area(36),
        },
    );
    // Empty again, but it already took 6 SP aboard this turn: no evacuation onto it.
    assert_eq!(game.load(c.ship()), 0);
    let carriers = game.carriers_for(k, true);
    assert!(
        !carriers.is_empty() && carriers.iter().all(|s| !s.contains(&c.ship())),
        "{carriers:?} {c:?}"
    );
}

#[test]
fn rule_4_12b_4_22b_landing_not_into_enemy_control_nor_beside_a_battery() {
    let (game, _) = harbour(
        52,
        |g| {
            put_ship(g, "transport-1", "A8");
            put_ship(g, "transport-2", "A4");
            edit(g, |s| {
                s.aboard("xiii-12-div", "transport-1")
                    // Moved this phase: the battery does not fire at it again (R21).
                    .ship("transport-2", |t| t.set_moved(true))
                    .aboard("xiii-14-div", "transport-2")
            });
            put(g, "ms-2-cav", 43);
        },
        Step::Disembarkation(Side::Union),
    );
    let landing = |g: &MississippiFortress, id: &str| -> Vec<u8> {
        g.landing_areas(key(g, id))
            .iter()
            .map(|a| a.number())
            .collect()
    };
    assert_eq!(
        landing(&game, "xiii-12-div"),
        [35],
        "Area 43 is Confederate-Controlled"
    );
    assert_eq!(
        landing(&game, "xiii-14-div"),
        [17],
        "Area 23 holds a face-up battery"
    );
}

#[test]
fn rule_s3_6_landing_across_the_river_counts_as_crossing_a_major_river() {
    let (mut game, mut dice) = harbour(
        53,
        |g| {
            put(g, "xiii-12-div", 35);
            put(g, "xiii-14-div", 35);
            put(g, "loring-div", 20);
        },
        Step::Embarkation(Side::Union),
    );
    for id in ["xiii-12-div", "xiii-14-div"] {
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::Board { counter: id.into() },
        );
        while !game.decisions().is_empty() {
            let first = game.legal_actions(Side::Union)[0].clone();
            play(&mut game, &mut dice, Side::Union, first);
        }
    }
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Disembarkation(Side::Union)
    });
    let offered = game.legal_actions(Side::Union);
    let across = offered.iter().find(|a| matches!(a, Action::Land { counter, area } if counter == "xiii-12-div" && area.number() == 36));
    play(
        &mut game,
        &mut dice,
        Side::Union,
        across.expect("36 offered").clone(),
    );
    let back = game
        .legal_actions(Side::Union)
        .into_iter()
        .find(|a| matches!(a, Action::Land { counter, area } if counter == "xiii-14-div" && area.number() == 35))
        .expect("35 offered");
    play(&mut game, &mut dice, Side::Union, back);
    assert!(
        game.counters()[key(&game, "xiii-12-div")]
            .rec()
            .crossed_river()
    );
    assert!(
        !game.counters()[key(&game, "xiii-14-div")]
            .rec()
            .crossed_river()
    );
}

#[test]
fn rule_4_12d_gunboats_carry_no_land_units() {
    let (mut game, _) = harbour(
        54,
        |g| {
            put(g, "xiii-12-div", 43);
            ships_leave_the_river(g);
            edit(g, |s| s.add_ship("benton", node("A8")));
        },
        Step::Movement(Side::Union),
    );
    assert!(
        game.carriers_for(key(&game, "xiii-12-div"), false)
            .is_empty()
    );
    let k = key(&game, "xiii-12-div");
    edit(&mut game, |s| s.step(Step::Embarkation(Side::Union)));
    assert_eq!(
        game.legal_actions(Side::Union),
        [Action::FinishEmbarkation],
        "{k}"
    );
}

#[test]
fn rule_4_13_emergency_evacuation_in_the_confederate_combat_phase() {
    let (mut game, mut dice) = lab(55);
    clear(&mut game, true);
    put(&mut game, "xiii-12-div", 35);
    put(&mut game, "grant", 35);
    put(&mut game, "ms-2-cav", 35);
    put(&mut game, "pemberton", 20);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Declaration(Side::Confederate)
    });
    // The only eligible Area declared, the declarations end by themselves.
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Declare { area: area(35) },
    );
    assert!(game.battle().is_some());
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::RetreatBeforeCombat {
            counter: "xiii-12-div".into(),
        },
    );
    let options = game.legal_actions(Side::Union);
    let t1 = Dest::Ships(vec!["transport-1".into()]);
    assert!(options.contains(&Action::Go {
        to: Dest::Area(area(27))
    }));
    assert!(
        options.contains(&Action::Go { to: t1.clone() }),
        "{options:?}"
    );
    let events = play(&mut game, &mut dice, Side::Union, Action::Go { to: t1 });
    let t = texts(&events);
    assert!(
        t.contains("escapes from Area 35 (Hard Times) aboard steamers (4.13)"),
        "{t}"
    );
    assert!(t.contains("casualties (prisoners)"), "the 4.13a check: {t}");
    let i = game.ship_index("transport-1").unwrap();
    assert!(
        game.ships()[i].rec().held(),
        "it may not move until the next Union Movement Phase"
    );
    // Grant may go with it (S8.4b), aboard the same steamer.
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::RetreatBeforeCombat {
            counter: "grant".into(),
        },
    );
    assert!(
        matches!(game.counters()[key(&game, "grant")].place(), Place::Aboard(c) if c.ship() == i)
    );
}

#[test]
fn rule_4_14_a_steamer_on_an_unguarded_arrow_carries_the_union_loc_across() {
    let (mut game, _) = harbour(56, |_| {}, Step::Movement(Side::Union));
    let census = game.census();
    assert!(
        game.loc_reaches(Side::Union, &census, &[area(35)], &[area(43)], 1),
        "A8 holds steamers"
    );
    ships_leave_the_river(&mut game);
    let census = game.census();
    assert!(!game.loc_reaches(Side::Union, &census, &[area(35)], &[area(43)], 1));
    assert!(!game.loc_reaches(Side::Confederate, &census, &[area(35)], &[area(43)], 1));
    // A face-up battery guards its arrow (S3.44d): A3 lies between Areas 9 and 17.
    put_ship(&mut game, "transport-1", "A3");
    let census = game.census();
    assert!(!game.loc_reaches(Side::Union, &census, &[area(17)], &[area(9)], 1));
    let batteries: Vec<String> = game
        .batteries()
        .iter()
        .map(|b| b.id().to_string())
        .collect();
    edit(&mut game, |s| {
        batteries
            .iter()
            .fold(s, |s, id| s.battery(id, BatteryState::Destroyed))
    });
    let census = game.census();
    assert!(game.loc_reaches(Side::Union, &census, &[area(17)], &[area(9)], 1));
}

#[test]
fn rule_4_12a_r9_reinforcements_placed_this_phase_may_embark() {
    let (mut game, mut dice) = lab(59);
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 16 && g.step() == Step::Arrival(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::PlaceReinforcements { group: 0 },
    );
    assert_eq!(where_is(&game, "xvi-4-div"), Some(35));
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Embarkation(Side::Union)
    });
    assert!(game.legal_actions(Side::Union).contains(&Action::Board {
        counter: "xvi-4-div".into()
    }));
}
