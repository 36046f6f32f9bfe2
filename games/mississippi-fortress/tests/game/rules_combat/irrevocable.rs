//! The irrevocable mark (decision I38): the choice that completes a seat's part of a secret
//! simultaneous step — deployment (S8.6), Combat Orders (S8.8), commitments (S9.82) — and
//! only that choice, is marked, because after it the engine offers the seat no undo.

use adjutant_engine::Match;
use serde_json::Value;

use super::*;

fn marked(game: &MississippiFortress, side: Side) -> Vec<(Action, bool)> {
    game.legal_actions(side)
        .into_iter()
        .map(|a| {
            let m = game.irrevocable(side, &a);
            (a, m)
        })
        .collect()
}

#[test]
fn rule_s8_6_only_the_choice_that_completes_a_deployment_is_irrevocable() {
    let (mut game, mut dice) = field(96, true, |g| {
        for id in ["xiii-10-div", "xiii-12-div", "xiii-14-div"] {
            put(g, id, 21);
        }
        put(g, "loring-div", 21);
        put(g, "stevenson-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    for (action, m) in marked(&game, Side::Union) {
        assert_eq!(
            m,
            matches!(action, Action::DeployAll { .. }),
            "{action:?}: only placing all three completes the deployment"
        );
    }
    for (id, position) in [("xiii-10-div", LP1), ("xiii-12-div", LP2)] {
        let single = Action::Deploy {
            counter: id.into(),
            position,
        };
        assert!(
            !game.irrevocable(Side::Union, &single),
            "{id} is not the last"
        );
        play(&mut game, &mut dice, Side::Union, single);
    }
    assert_eq!(
        game.next_to_deploy(Side::Union),
        Some(key(&game, "xiii-14-div"))
    );
    let last = marked(&game, Side::Union);
    assert!(!last.is_empty() && last.iter().all(|(_, m)| *m), "{last:?}");
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-14-div".into(),
            position: LP3,
        },
    );
    assert!(game.prompt(Side::Union).is_none(), "nothing left to undo");
    assert!(!game.battle().unwrap().revealed());
    // The Confederate's last placement reveals both deployments (S8.7a).
    play(
        &mut game,
        &mut dice,
        Side::Confederate,
        Action::Deploy {
            counter: "loring-div".into(),
            position: LP2,
        },
    );
    let last = marked(&game, Side::Confederate);
    assert!(!last.is_empty() && last.iter().all(|(_, m)| *m), "{last:?}");
    let applied = game
        .apply(
            Side::Confederate,
            Action::Deploy {
                counter: "stevenson-div".into(),
                position: RESERVE,
            },
            &mut dice,
        )
        .expect("legal");
    assert!(applied.reveals);
}

#[test]
fn rule_s8_8_only_the_last_combat_order_is_irrevocable() {
    let (mut game, mut dice) = field(97, true, |g| {
        put(g, "xiii-12-div", 21);
        put(g, "xiii-14-div", 21);
        put(g, "loring-div", 21);
        put(g, "stevenson-div", 21);
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("stevenson-div", LP2)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[("xiii-12-div", LP1), ("xiii-14-div", LP2)],
    );
    assert_eq!(game.battle().unwrap().stage(), BattleStage::Orders);
    let first = marked(&game, Side::Union);
    assert!(
        first.len() == 3 && first.iter().all(|(_, m)| !m),
        "{first:?}"
    );
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Advance))],
    );
    let last = marked(&game, Side::Union);
    assert!(last.len() == 3 && last.iter().all(|(_, m)| *m), "{last:?}");
    let confederate = marked(&game, Side::Confederate);
    assert!(
        !confederate.is_empty() && confederate.iter().all(|(_, m)| !m),
        "the Confederate has two orders to give: {confederate:?}"
    );
}

/// Bad input never panics nor changes anything: "all" choices that are not offered, or not
/// actions at all, are refused.
fn refuses_what_is_not_offered(m: &Match<MississippiFortress>, side: Side) {
    let offered = m.offered(side);
    for bad in [
        serde_json::json!({"type": "deploy_all", "position": "lp4"}),
        serde_json::json!({"type": "deploy_all"}),
        serde_json::json!({"type": "commit_all", "position": "reserve"}),
        serde_json::json!({"type": "commit_all", "position": 2}),
    ] {
        if offered.iter().any(|a| {
            let mut a = a.clone();
            a.as_object_mut().map(|o| o.remove("label"));
            a.as_object_mut().map(|o| o.remove("irrevocable"));
            a == bad
        }) {
            continue;
        }
        let mut t = m.clone();
        assert!(t.play(side, &bad).is_err(), "{bad} was accepted");
        assert_eq!(t.seq(), m.seq());
        assert_eq!(
            t.view(Viewer::Seat(side)),
            m.view(Viewer::Seat(side)),
            "{bad} changed the game"
        );
    }
}

/// The mark against the engine's undo, in random games played through `Match`: in a secret
/// step of a battle an offered action is marked exactly when, once played, its seat is offered
/// no undo; outside them nothing is marked. "All" choices not offered are refused unchanged.
#[test]
fn rule_s8_6_s8_8_s9_82_the_mark_is_exactly_the_loss_of_undo_and_bad_posts_are_refused() {
    let (mut marks, mut unmarked) = (0, 0);
    for n in 0..10u64 {
        let mut m = new_match(n + 700);
        let mut rng = Rng(n.wrapping_mul(131) + 5);
        for _ in 0..1500 {
            if m.outcome().is_some() {
                break;
            }
            let secret = m.state().decisions().is_empty()
                && m.state().battle().is_some_and(|b| {
                    matches!(
                        b.stage(),
                        BattleStage::Deploy | BattleStage::Orders | BattleStage::Commit
                    )
                });
            for side in m.to_act() {
                if secret {
                    refuses_what_is_not_offered(&m, side);
                }
                for action in m.offered(side) {
                    let is_marked = action["irrevocable"] == true;
                    if !secret || action["type"] == "undo" {
                        assert!(!is_marked, "{action} is marked outside a secret step");
                        continue;
                    }
                    let mut t: Match<MississippiFortress> = m.clone();
                    t.play(side, &action).expect("an offered action plays");
                    let undo = t.offered(side).iter().any(|a| a["type"] == "undo");
                    assert_eq!(is_marked, !undo, "{action}");
                    if is_marked {
                        marks += 1;
                    } else {
                        unmarked += 1;
                    }
                }
            }
            let sides = m.to_act();
            let side = sides[rng.below(sides.len())];
            let offered: Vec<Value> = m
                .offered(side)
                .into_iter()
                .filter(|a| a["type"] != "undo")
                .collect();
            let pick = offered[rng.below(offered.len())].clone();
            m.play(side, &pick).expect("an offered action plays");
        }
    }
    assert!(
        marks >= 20 && unmarked >= 20,
        "only {marks} marked and {unmarked} unmarked secret choices"
    );
}
