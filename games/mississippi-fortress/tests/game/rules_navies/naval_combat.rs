//! Naval combat (7.21b, 7.22, S12.5): modifiers, rounds, hits, the battery's shot, stacking after, views.

use super::*;

#[test]
fn rule_7_21b_modifiers_enemy_wooden_plus_two_arkansas_minus_two() {
    let (mut game, _) = ashore(1);
    edit(&mut game, |s| s.without_ships());
    let a5 = node("A5");
    put_ship(&mut game, "benton", "A5");
    put_ship(&mut game, "confederate-gunboat", "A5");
    // The Union against a wooden gunboat: +2; the Confederates against an ironclad: 0.
    assert_eq!(game.naval_modifier(Side::Union, a5), 2);
    assert_eq!(game.naval_modifier(Side::Confederate, a5), 0);
    // With the Arkansas* present the Union loses 2.
    put_ship(&mut game, "arkansas", "A5");
    assert_eq!(game.naval_modifier(Side::Union, a5), 0);
    edit(&mut game, |s| {
        s.ship("confederate-gunboat", |g| g.set_at(None))
    });
    assert_eq!(game.naval_modifier(Side::Union, a5), -2);
    // Against Union wooden ships the Confederates add 2 (steamers are wooden too).
    put_ship(&mut game, "tyler", "A5");
    assert_eq!(game.naval_modifier(Side::Confederate, a5), 2);
}

#[test]
fn rule_7_22_farraguts_ships_cancel_the_wooden_bonus_or_cost_one_alone() {
    let (mut game, _) = ashore(1);
    edit(&mut game, |s| s.without_ships());
    let a5 = node("A5");
    put_ship(&mut game, "arkansas", "A5");
    // Farragut's wooden ships alone: -1 for the Confederates.
    put_ship(&mut game, "hartford", "A5");
    assert_eq!(game.naval_modifier(Side::Confederate, a5), -1);
    // With other Union wooden ships: +0 instead of +2.
    put_ship(&mut game, "tyler", "A5");
    assert_eq!(game.naval_modifier(Side::Confederate, a5), 0);
    // With an ironclad only: still Farragut's wooden ships alone, -1.
    edit(&mut game, |s| s.ship("tyler", |t| t.set_at(None)));
    put_ship(&mut game, "benton", "A5");
    assert_eq!(game.naval_modifier(Side::Confederate, a5), -1);
}

/// Runs a naval combat at A5 between benton (Union) and the Gunboat*: the Union sails into it.
fn fight_at_a5(n: u64) -> (MississippiFortress, Vec<String>) {
    let (mut game, mut dice) = ashore(n);
    put_ship(&mut game, "confederate-gunboat", "A5");
    put_ship(&mut game, "benton", "A6");
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    sail(&mut game, &mut dice, Side::Union, "A6", &["benton"]);
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A5") },
    );
    // R32: the stack stops on the enemy's arrow; the combat waits for the end of movement.
    assert!(game.sailing().is_none());
    assert!(ship(&game, "benton").rec().done());
    assert_eq!(game.naval_combat_arrows(), [node("A5")]);
    let events = play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
    let t: Vec<String> = events.iter().map(|e| e.text.clone()).collect();
    (game, t)
}

#[test]
fn rule_7_21b_naval_combat_rounds_until_one_side_is_gone() {
    for n in 0..6 {
        let (game, texts) = fight_at_a5(n);
        let all = texts.join("\n");
        assert!(
            all.contains("Naval combat at A5 (New Carthage) (7.21b)"),
            "{all}"
        );
        assert!(all.contains("round 1: the Union player rolls"), "{all}");
        assert!(all.contains("+2 ="), "{all}");
        assert!(
            all.contains("The naval combat at A5 (New Carthage) is over"),
            "{all}"
        );
        let union = game.ships_at(Side::Union, node("A5")).count();
        let confederate = game.ships_at(Side::Confederate, node("A5")).count();
        assert!(union == 0 || confederate == 0, "{all}");
        assert!(game.naval_combat().is_none());
        assert_eq!(game.step(), Step::Movement(Side::Union));
        // 7.21d: a damaged ship leaves the river to come back later; a sunk one is lost.
        for id in ["benton", "confederate-gunboat"] {
            let s = ship(&game, id);
            if s.at().is_none() {
                match s.off() {
                    Some(OffRiver::Damaged { turn }) => {
                        let back = if s.side() == Side::Union { 6 } else { 4 };
                        assert_eq!(turn, back);
                    }
                    None => assert!(s.lost()),
                    other => panic!("{id}: {other:?}"),
                }
            } else {
                assert!(s.rec().fought());
            }
        }
    }
}

#[test]
fn rule_7_21b_the_owner_chooses_which_ship_takes_a_hit() {
    // Two Confederate ships against the Union: each Confederate hit is the Confederate's
    // choice between them.
    for n in 0..40 {
        let (mut game, mut dice) = ashore(n);
        put_ship(&mut game, "confederate-gunboat", "A5");
        put_ship(&mut game, "arkansas", "A5");
        put_ship(&mut game, "tyler", "A6");
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        sail(&mut game, &mut dice, Side::Union, "A6", &["tyler"]);
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SailTo { node: node("A5") },
        );
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        if let Some(Decision::NavalHit { side, .. }) = game.decisions().first() {
            assert_eq!(*side, Side::Confederate);
            let offered = game.legal_actions(Side::Confederate);
            assert_eq!(
                offered,
                [
                    Action::HitShip {
                        ship: "arkansas".into()
                    },
                    Action::HitShip {
                        ship: "confederate-gunboat".into()
                    },
                ]
            );
            play(
                &mut game,
                &mut dice,
                Side::Confederate,
                Action::HitShip {
                    ship: "confederate-gunboat".into(),
                },
            );
            assert_eq!(ship(&game, "confederate-gunboat").at(), None);
            assert_eq!(ship(&game, "arkansas").at(), Some(node("A5")));
            return;
        }
    }
    panic!("no seed gave the Union a hit");
}

#[test]
fn rule_7_21b_a_battery_beside_the_arrow_fires_once_before_the_first_round() {
    for n in 0..40 {
        let (mut game, mut dice) = ashore(n);
        put_ship(&mut game, "confederate-gunboat", "A3");
        put_ship(&mut game, "benton", "A2");
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        sail(&mut game, &mut dice, Side::Union, "A2", &["benton"]);
        let entry = texts(&play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SailTo { node: node("A3") },
        ));
        // 7.21c: the Arkansas* supports the Vicksburg battery: +1 on CRT A.
        assert!(entry.contains("+1 (the Arkansas* supports it)"), "{entry}");
        if ship(&game, "benton").at().is_none() {
            continue;
        }
        let t = texts(&play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::FinishMovement,
        ));
        let shot = t
            .find("Vicksburg Shore Battery fires")
            .expect("the battery fires");
        let round = t.find("round 1").unwrap_or(usize::MAX);
        assert!(shot < round, "{t}");
        assert_eq!(t.matches("Vicksburg Shore Battery fires").count(), 1, "{t}");
        return;
    }
    panic!("benton never survived the entry");
}

#[test]
fn rule_7_21b_phasing_ships_overstacked_after_naval_combat_are_eliminated() {
    for n in 0..40 {
        let (mut game, mut dice) = ashore(n);
        for id in ["benton", "carondolet", "louisville", "confederate-gunboat"] {
            put_ship(&mut game, id, "A5");
        }
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        // Union hits are all on the lone Gunboat*; Confederate hits the Union chooses.
        while let Some(Decision::NavalHit {
            side: Side::Union, ..
        }) = game.decisions().first()
        {
            let first = game.legal_actions(Side::Union)[0].clone();
            play(&mut game, &mut dice, Side::Union, first);
        }
        if game.step() == Step::Movement(Side::Union) {
            play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        }
        if game.ships_at(Side::Union, node("A5")).count() < 3 {
            continue;
        }
        assert_eq!(game.naval_fought(), [node("A5")]);
        let prompt = game.prompt(Side::Union).expect("a choice");
        assert!(prompt.contains("eliminate (7.21b"), "{prompt}");
        let t = texts(&play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SendOffMap {
                ship: "louisville".into(),
            },
        ));
        assert!(
            t.contains("is eliminated: overstacked after naval combat (7.21b)"),
            "{t}"
        );
        assert!(ship(&game, "louisville").lost());
        return;
    }
    panic!("no seed left three Union ships");
}

#[test]
fn rule_s4_2_ships_off_the_river_and_naval_combat_show_alike_to_everyone() {
    use adjutant_engine::Viewer;
    let (mut game, _) = ashore(7);
    edit(&mut game, |s| {
        s.ship("confederate-gunboat", |g| {
            g.set_off(Some(OffRiver::Damaged { turn: 4 }))
        })
        .ship_off("benton", OffRiver::Damaged { turn: 6 })
    });
    let views: Vec<serde_json::Value> = [
        Viewer::Spectator,
        Viewer::Seat(Side::Union),
        Viewer::Seat(Side::Confederate),
    ]
    .into_iter()
    .map(|v| game.view(v)["ships_off"].clone())
    .collect();
    assert_eq!(views[0], views[1]);
    assert_eq!(views[0], views[2]);
    let off = views[0].as_array().expect("ships off the river");
    assert!(
        off.contains(&json!({"id": "benton", "side": "union", "transport": false,
        "off": {"kind": "damaged", "turn": 6}}))
    );
    assert!(off.contains(
        &json!({"id": "arkansas", "side": "confederate", "transport": false,
        "off": {"kind": "support", "area": 18}})
    ));
    assert!(
        off.iter()
            .any(|s| s["id"] == "choctaw" && s["off"]["kind"] == "awaiting")
    );
    assert!(game.check_invariants().is_ok());
}

#[test]
fn rule_7_21b_r17_steamers_alone_share_an_arrow_and_do_not_roll() {
    let (mut game, _) = ashore(8);
    edit(&mut game, |s| s.without_ships());
    put_ship(&mut game, "transport-1", "A5");
    put_ship(&mut game, "confederate-steamer", "A5");
    assert!(game.naval_combat_arrows().is_empty());
    // A warship on either side makes it a naval combat.
    put_ship(&mut game, "confederate-gunboat", "A5");
    assert_eq!(game.naval_combat_arrows(), [node("A5")]);
}
