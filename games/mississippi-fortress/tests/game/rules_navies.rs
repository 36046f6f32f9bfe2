//! The campaign navies: naval reinforcements (4.15a), Grand Gulf silenced (4.23e), the
//! Confederate navy and naval combat (7.21), Farragut's fleet (7.22), and their views.

use adjutant_engine::{Dice, Rules, Side};
use mississippi_fortress::MississippiFortress;
use mississippi_fortress::actions::Action;
use mississippi_fortress::decisions::Decision;
use mississippi_fortress::naval::Node;
use mississippi_fortress::naval::stations::Station;
use mississippi_fortress::sequence::Step;
use mississippi_fortress::state::{BatteryState, OffRiver};
use serde_json::json;

use crate::support::*;

fn ship<'a>(game: &'a MississippiFortress, id: &str) -> &'a mississippi_fortress::state::Ship {
    &game.ships()[game.ship_index(id).expect("a ship")]
}

#[test]
fn rule_4_15a_naval_reinforcements_arrive_off_the_map_and_may_wait_there() {
    let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", 1, json!({}));
    assert_eq!(game.turn(), 1);
    // The Turn 1 group is off the north edge; the Turn 3 group is not called for yet.
    assert_eq!(ship(&game, "benton").at(), Some(Node::North));
    assert_eq!(ship(&game, "transport-1").at(), Some(Node::North));
    assert_eq!(
        ship(&game, "choctaw").off(),
        Some(OffRiver::Awaiting {
            turn: 3,
            edge: Node::North
        })
    );
    assert_eq!(ship(&game, "choctaw").at(), None);
    let view = game.view(adjutant_engine::Viewer::Spectator);
    let off = view["ships_off"].as_array().expect("ships off the river");
    assert!(
        off.iter()
            .any(|s| s["id"] == "choctaw" && s["off"]["kind"] == "awaiting")
    );
    // They may come on in the Movement Phase: onto A1, from the north edge.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    assert!(
        game.legal_actions(Side::Union)
            .contains(&Action::SailFrom { node: Node::North })
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom { node: Node::North },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "benton".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A1") },
    );
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert_eq!(ship(&game, "benton").at(), Some(node("A1")));
    // The others are held off the map, turn after turn (unlike land units, S3.7c).
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 3 && g.step() == Step::Movement(Side::Union)
    });
    assert_eq!(ship(&game, "transport-1").at(), Some(Node::North));
    assert_eq!(ship(&game, "choctaw").at(), Some(Node::North));
    assert_eq!(ship(&game, "choctaw").off(), None);
}

/// 6.3 with both optional navies, the Confederate ships placed per `stations` (set-up, 7.21a),
/// no dummies, at the Union arrival of Turn 1.
fn navies(n: u64, stations: &[(&str, Station)]) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = new_scenario(
        "porter-runs-the-batteries",
        json!({"rebel-iron-afloat": true, "farraguts-fleet": true}),
        n,
    );
    for (id, at) in stations {
        act(
            &mut game,
            &mut dice,
            Side::Confederate,
            Action::Station {
                ship: id.to_string(),
                at: *at,
            },
        );
    }
    act(&mut game, &mut dice, Side::Confederate, Action::FinishSetUp);
    act(&mut game, &mut dice, Side::Union, Action::FinishSetUp);
    assert_eq!(game.step(), Step::Arrival(Side::Union));
    (game, dice)
}

/// The usual set-up: the Arkansas* supports Vicksburg, the others support Warrenton.
fn ashore(n: u64) -> (MississippiFortress, Dice) {
    navies(
        n,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(23))),
            ("confederate-steamer", Station::Support(area(23))),
        ],
    )
}

#[test]
fn rule_7_21a_the_confederate_player_sets_up_his_ships_on_or_beside_a_battery() {
    let (game, _) = new_scenario(
        "porter-runs-the-batteries",
        json!({"rebel-iron-afloat": true}),
        1,
    );
    assert_eq!(game.step(), Step::SetUpDummies(Side::Confederate));
    // The Arkansas* first: the Vicksburg arrow or in support of the Vicksburg battery.
    let offered = game.legal_actions(Side::Confederate);
    assert_eq!(
        offered,
        [
            Action::Station {
                ship: "arkansas".into(),
                at: Station::Arrow(node("A3"))
            },
            Action::Station {
                ship: "arkansas".into(),
                at: Station::Support(area(18))
            },
        ]
    );
    assert!(game.legal_actions(Side::Union).is_empty());
    // The Gunboat* and Steamer*: any battery, on its arrow or in support.
    let (game, _) = navies(
        1,
        &[
            ("arkansas", Station::Arrow(node("A3"))),
            ("confederate-gunboat", Station::Arrow(node("A7"))),
            ("confederate-steamer", Station::Support(area(36))),
        ],
    );
    assert_eq!(ship(&game, "arkansas").at(), Some(node("A3")));
    assert_eq!(ship(&game, "confederate-gunboat").at(), Some(node("A7")));
    assert_eq!(
        ship(&game, "confederate-steamer").supporting(),
        Some(area(36))
    );
    // Farragut's fleet (7.22) waits off the south edge from the start.
    assert_eq!(ship(&game, "hartford").at(), Some(Node::South));
}

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

#[test]
fn rule_7_22_farraguts_fleet_enters_at_the_arrow_of_area_43() {
    let (mut game, mut dice) = ashore(2);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Union)
    });
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailFrom { node: Node::South },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "hartford".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::TakeShip {
            ship: "richmond".into(),
        },
    );
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::SailTo { node: node("A8") },
    );
    assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
    assert_eq!(ship(&game, "richmond").rec().upstream(), 1);
    play(&mut game, &mut dice, Side::Union, Action::Halt);
    assert_eq!(ship(&game, "mississippi").at(), Some(Node::South));
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
fn rule_7_21c_ships_hop_into_support_and_back_and_fall_with_their_battery() {
    let (mut game, mut dice) = navies(
        3,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Arrow(node("A4"))),
            ("confederate-steamer", Station::Support(area(36))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    let hop = Action::SupportBattery {
        ship: "confederate-gunboat".into(),
    };
    assert!(game.legal_actions(Side::Confederate).contains(&hop));
    // The Arkansas* in support may go back onto the river.
    assert!(
        game.legal_actions(Side::Confederate)
            .contains(&Action::LeaveSupport {
                ship: "arkansas".into()
            })
    );
    play(&mut game, &mut dice, Side::Confederate, hop);
    assert_eq!(
        ship(&game, "confederate-gunboat").supporting(),
        Some(area(23))
    );
    assert_eq!(ship(&game, "confederate-gunboat").at(), None);
    // Ships in support are shown, publicly.
    let view = game.view(adjutant_engine::Viewer::Spectator);
    let off = view["ships_off"].as_array().expect("ships off the river");
    assert!(
        off.iter().any(|s| s["id"] == "confederate-gunboat"
            && s["off"] == json!({"kind": "support", "area": 23}))
    );
    // Not back in the same phase: it has finished moving.
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .contains(&Action::LeaveSupport {
                ship: "confederate-gunboat".into()
            })
    );
    // The battery falls (4.22c): the ships supporting it are eliminated.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Union)
    });
    let vp_before = game.vp().union;
    empty_area(&mut game, 23);
    put(&mut game, "xv-1-div", 23);
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert!(ship(&game, "confederate-gunboat").lost());
    // 7.21d (R13): the Union scored 5 VPs for the Confederate ship lost.
    assert!(game.vp().union >= vp_before + 5);
}

/// 7.22 with S12.2: a repaired ship of Farragut's fleet is not put beside Confederate ships
/// on the Area 43 arrow without a naval combat: it waits off the south edge and sails on.
#[test]
fn rule_7_22_a_repaired_farragut_ship_waits_off_the_map_while_the_enemy_holds_area_43s_arrow() {
    let (mut game, mut dice) = ashore(5);
    edit(&mut game, |s| {
        s.ship_off("hartford", OffRiver::Damaged { turn: 2 })
    });
    put_ship(&mut game, "confederate-gunboat", "A8");
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 2 && g.step() == Step::Arrival(Side::Union)
    });
    assert_eq!(ship(&game, "hartford").at(), Some(Node::South));
}

/// 7.21d, 7.22, played through: the Hartford sails from the south edge onto the Area 43 arrow
/// (A8) against the Gunboat*, is damaged in the naval combat (Turn 1) and is back on that
/// arrow at the start of the Union player turn of Turn 6, five turns later — not off the map
/// to sail on again.
#[test]
fn rule_7_21d_7_22_a_farragut_ship_damaged_in_naval_combat_is_back_on_the_area_43_arrow() {
    for n in 0..60 {
        let (mut game, mut dice) = ashore(n);
        put_ship(&mut game, "confederate-gunboat", "A8");
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        sail(
            &mut game,
            &mut dice,
            Side::Union,
            "south-edge",
            &["hartford"],
        );
        play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::SailTo { node: node("A8") },
        );
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        // Wanted: the Hartford damaged, and no Confederate ship left on A8 to keep it away.
        let damaged = ship(&game, "hartford").off() == Some(OffRiver::Damaged { turn: 6 });
        if !damaged
            || game
                .ships_at(Side::Confederate, node("A8"))
                .next()
                .is_some()
        {
            continue;
        }
        assert_eq!(ship(&game, "hartford").at(), None, "it left the river");
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 5 && g.step() == Step::Arrival(Side::Union)
        });
        assert_eq!(ship(&game, "hartford").at(), None, "not before Turn 6");
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 6 && g.step() == Step::Arrival(Side::Union)
        });
        assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
        assert_eq!(ship(&game, "hartford").off(), None);
        return;
    }
    panic!("the Hartford was never damaged alone");
}

#[test]
fn rule_7_21d_7_22_damaged_ships_return_union_at_area_1_or_43_confederate_at_vicksburg() {
    let (mut game, mut dice) = ashore(4);
    edit(&mut game, |s| {
        s.ship_off("benton", OffRiver::Damaged { turn: 2 })
            .ship_off("hartford", OffRiver::Damaged { turn: 2 })
            // In support of Warrenton: off the river already.
            .ship("confederate-gunboat", |g| {
                g.set_off(Some(OffRiver::Damaged { turn: 2 }))
            })
    });
    // Turn 1: nobody is back yet.
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    assert!(
        !game
            .legal_actions(Side::Confederate)
            .iter()
            .any(|a| matches!(a, Action::Station { .. }))
    );
    finish_until(&mut game, &mut dice, |g| {
        g.turn() == 2 && g.step() == Step::Arrival(Side::Union)
    });
    // Union: off the north edge (Area 1); Farragut's ships on the river arrow at Area 43
    // (7.22).
    assert_eq!(ship(&game, "benton").at(), Some(Node::North));
    assert_eq!(ship(&game, "hartford").at(), Some(node("A8")));
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Arrival(Side::Confederate)
    });
    let back: Vec<Action> = game
        .legal_actions(Side::Confederate)
        .into_iter()
        .filter(|a| matches!(a, Action::Station { .. }))
        .collect();
    assert_eq!(
        back,
        [
            Action::Station {
                ship: "confederate-gunboat".into(),
                at: Station::Arrow(node("A3"))
            },
            Action::Station {
                ship: "confederate-gunboat".into(),
                at: Station::Support(area(18))
            },
        ]
    );
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Station {
            ship: "confederate-gunboat".into(),
            at: Station::Arrow(node("A3")),
        },
    );
    assert_eq!(ship(&game, "confederate-gunboat").at(), Some(node("A3")));
}

#[test]
fn rule_4_23e_grand_gulf_is_silenced_after_five_union_phases_and_recovers() {
    for n in 0..30 {
        let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", n, json!({}));
        put_ship(&mut game, "benton", "A7");
        edit(&mut game, |s| s.grand_gulf_count(4));
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        let t = texts(&play(
            &mut game,
            &mut dice,
            Side::Union,
            Action::FinishMovement,
        ));
        if ship(&game, "benton").at().is_none() {
            continue; // sunk by the battery in the fifth phase
        }
        assert!(t.contains("fires at Benton"), "{t}");
        assert!(
            t.contains("The Grand Gulf Shore Battery is silenced: a Union gunboat has stayed opposite it for 5 consecutive Union Movement Phases (4.23e)"),
            "{t}"
        );
        // Face up again at the start of the Confederate player turn; the count goes on.
        assert!(
            t.contains("The Grand Gulf Shore Battery is manned again"),
            "{t}"
        );
        assert_eq!(game.grand_gulf_count(), 5);
        let gg = game
            .batteries()
            .iter()
            .position(|b| b.area() == area(36))
            .expect("Grand Gulf");
        assert_eq!(game.batteries()[gg].state(), BatteryState::FaceUp);
        // Without a gunboat there the count starts again.
        edit(&mut game, |s| {
            s.ship("benton", |b| b.set_at(Some(Node::South)))
        });
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == 2 && g.step() == Step::Movement(Side::Union)
        });
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        assert_eq!(game.grand_gulf_count(), 0);
        assert_eq!(game.batteries()[gg].state(), BatteryState::FaceUp);
        return;
    }
    panic!("benton never survived");
}

#[test]
fn rule_4_23e_a_gunboat_opposite_vicksburg_never_silences_it() {
    let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", 1, json!({}));
    put_ship(&mut game, "benton", "A3");
    edit(&mut game, |s| s.grand_gulf_count(0));
    for _ in 0..6 {
        // A gunboat opposite Vicksburg counts for nothing.
        let t = game.turn();
        finish_until(&mut game, &mut dice, |g| {
            g.turn() == t + 1 && g.step() == Step::Arrival(Side::Union)
        });
        if ship(&game, "benton").at().is_none() {
            break;
        }
    }
    assert_eq!(game.grand_gulf_count(), 0);
    assert!(
        game.batteries()
            .iter()
            .all(|b| b.state() != BatteryState::Silenced)
    );
}

#[test]
fn rule_7_21a_the_confederate_steamer_carries_troops_like_a_union_steamer() {
    let (mut game, mut dice) = navies(
        5,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(18))),
            ("confederate-steamer", Station::Arrow(node("A3"))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Embarkation(Side::Confederate)
    });
    let board = Action::Board {
        counter: "ms-2-cav".into(),
    };
    assert!(game.legal_actions(Side::Confederate).contains(&board));
    play(&mut game, &mut dice, Side::Confederate, board);
    assert!(matches!(
        game.counters()[key(&game, "ms-2-cav")].place(),
        mississippi_fortress::state::Place::Aboard(_)
    ));
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishEmbarkation,
    );
    sail(
        &mut game,
        &mut dice,
        Side::Confederate,
        "A3",
        &["confederate-steamer"],
    );
    // Its own batteries do not fire at it (4.21).
    let t = texts(&play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::SailTo { node: node("A4") },
    ));
    assert!(!t.contains("fires"), "{t}");
    play(&mut game, &mut dice, Side::Confederate, Action::Halt);
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::FinishMovement,
    );
    assert_eq!(game.step(), Step::Disembarkation(Side::Confederate));
    // It may land beside its own battery (4.22b binds the Union only).
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Land {
            counter: "ms-2-cav".into(),
            area: area(23),
        },
    );
    assert_eq!(where_is(&game, "ms-2-cav"), Some(23));
}

#[test]
fn rule_4_23e_union_troops_may_land_at_silenced_grand_gulf_destroying_the_battery() {
    for n in 0..30 {
        let (mut game, mut dice) = scenario_lab("porter-runs-the-batteries", n, json!({}));
        put_ship(&mut game, "benton", "A7");
        put_ship(&mut game, "transport-1", "A7");
        // Grand Gulf held by its battery alone.
        empty_area(&mut game, 36);
        let k = key(&game, "xiii-9-div");
        let sp = game.counters()[k].present();
        assert!(sp <= 6);
        edit(&mut game, |s| {
            s.aboard("xiii-9-div", "transport-1").grand_gulf_count(4)
        });
        finish_until(&mut game, &mut dice, |g| {
            g.step() == Step::Movement(Side::Union)
        });
        play(&mut game, &mut dice, Side::Union, Action::FinishMovement);
        // R8: the Union puts the gunboat on top before the battery fires (R21).
        if matches!(game.decisions().first(), Some(Decision::TopShip { .. })) {
            play(
                &mut game,
                &mut dice,
                Side::Union,
                Action::TopShip {
                    ship: "benton".into(),
                },
            );
        }
        if ship(&game, "benton").at().is_none() || ship(&game, "transport-1").at().is_none() {
            continue;
        }
        assert_eq!(game.step(), Step::Disembarkation(Side::Union));
        let gg = game
            .batteries()
            .iter()
            .position(|b| b.area() == area(36))
            .expect("Grand Gulf");
        assert_eq!(game.batteries()[gg].state(), BatteryState::Silenced);
        let land = Action::Land {
            counter: "xiii-9-div".into(),
            area: area(36),
        };
        play(&mut game, &mut dice, Side::Union, land);
        assert_eq!(game.batteries()[gg].state(), BatteryState::Destroyed);
        return;
    }
    panic!("benton never survived");
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
fn rule_7_21a_the_confederate_steamer_may_only_defend() {
    let (mut game, mut dice) = navies(
        6,
        &[
            ("arkansas", Station::Support(area(18))),
            ("confederate-gunboat", Station::Support(area(23))),
            ("confederate-steamer", Station::Support(area(23))),
        ],
    );
    finish_until(&mut game, &mut dice, |g| {
        g.step() == Step::Movement(Side::Confederate)
    });
    put_ship(&mut game, "confederate-steamer", "A5");
    put_ship(&mut game, "benton", "A6");
    put_ship(&mut game, "tyler", "A4");
    // Alone it may not sail onto the Union ships at A6 or A4.
    sail(
        &mut game,
        &mut dice,
        Side::Confederate,
        "A5",
        &["confederate-steamer"],
    );
    let offered = game.legal_actions(Side::Confederate);
    assert!(
        !offered.contains(&Action::SailTo { node: node("A6") }),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&Action::SailTo { node: node("A4") }),
        "{offered:?}"
    );
    // With nowhere to go, the stack was put down again (its only option).
    assert!(game.sailing().is_none());
    // Nor hop off a battery onto Union ships.
    edit(&mut game, |s| {
        s.ship_off("confederate-steamer", OffRiver::Support { area: area(23) })
    });
    let offered = game.legal_actions(Side::Confederate);
    assert!(!offered.contains(&Action::LeaveSupport {
        ship: "confederate-steamer".into()
    }));
    // The Gunboat* may: it starts a naval combat.
    assert!(offered.contains(&Action::LeaveSupport {
        ship: "confederate-gunboat".into()
    }));
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
