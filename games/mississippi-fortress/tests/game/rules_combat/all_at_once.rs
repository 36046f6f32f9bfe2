//! All the remaining counters in one place (S8.6, S9.82, decision I37): `DeployAll` and
//! `CommitAll` are offered exactly when the single placements, one after another in roster
//! order, could all go there, and they end where those singles would — the same state, the
//! same events for everyone (the owner is spared only the notes of placements made for him).

use mississippi_fortress::events::EventKind;
use mississippi_fortress::state::Key;
use serde_json::Value;

use super::*;

/// The Battle Board stage being played ("all at once" exists in two of them).
fn stage(game: &MississippiFortress) -> Option<BattleStage> {
    game.battle()
        .filter(|_| game.decisions().is_empty())
        .map(|b| b.stage())
}

/// `side`'s counters still to place in this stage, in roster order.
fn queue(game: &MississippiFortress, side: Side) -> Vec<Key> {
    let b = game.battle().expect("a battle");
    b.roster()
        .iter()
        .copied()
        .filter(|&k| {
            let c = &game.counters()[k];
            c.side() == side
                && c.area() == Some(b.area())
                && match b.stage() {
                    BattleStage::Deploy => !b.slots().iter().any(|(o, _)| *o == k),
                    _ => {
                        b.slots().contains(&(k, RESERVE))
                            && !b.commits().iter().any(|(o, _)| *o == k)
                    }
                }
        })
        .collect()
}

/// The single choice that puts counter `k` in `p` in this stage.
fn single(game: &MississippiFortress, k: Key, p: Position) -> Action {
    let counter = game.counters()[k].id().to_string();
    match stage(game) {
        Some(BattleStage::Deploy) => Action::Deploy {
            counter,
            position: p,
        },
        _ => Action::Commit {
            counter,
            position: (p != RESERVE).then_some(p),
        },
    }
}

/// The "all" choice for `p` in this stage.
fn all(game: &MississippiFortress, p: Position) -> Action {
    match stage(game) {
        Some(BattleStage::Deploy) => Action::DeployAll { position: p },
        _ => Action::CommitAll {
            position: (p != RESERVE).then_some(p),
        },
    }
}

/// Where counter `k` stands on the board, its commitment (not yet revealed) counted.
fn where_now(game: &MississippiFortress, k: Key) -> Option<Position> {
    let b = game.battle()?;
    if let Some((_, p)) = b.commits().iter().find(|(o, _)| *o == k) {
        return Some(p.unwrap_or(RESERVE));
    }
    b.slots().iter().find(|(o, _)| *o == k).map(|(_, p)| *p)
}

/// The singles for `p` played one after another while `side` is asked: `None` as soon as one
/// is not offered; otherwise the state, the events, and whether every counter of `queue`
/// ended in `p` (`None` when the battle is over and nobody can tell).
struct Singles {
    game: MississippiFortress,
    events: Vec<mississippi_fortress::Event>,
    all_there: Option<bool>,
}

fn singles(game: &MississippiFortress, dice: &Dice, side: Side, p: Position) -> Option<Singles> {
    let (mut g, mut d) = (game.clone(), dice.clone());
    let start = stage(game);
    let queue = queue(game, side);
    let mut events = Vec::new();
    loop {
        if stage(&g) != start {
            break;
        }
        let next = match start {
            Some(BattleStage::Deploy) => g.next_to_deploy(side),
            _ => g.next_to_commit(side),
        };
        let Some(k) = next else { break };
        assert!(queue.contains(&k), "asked about a counter of the queue");
        let action = single(&g, k, p);
        if !g.legal_actions(side).contains(&action) {
            return None;
        }
        events.extend(g.apply(side, action, &mut d).expect("legal").events);
    }
    let all_there = g
        .battle()
        .map(|_| queue.iter().all(|&k| where_now(&g, k) == Some(p)));
    Some(Singles {
        game: g,
        events,
        all_there,
    })
}

fn redacted(events: &[mississippi_fortress::Event], viewer: Viewer) -> Vec<Value> {
    events.iter().filter_map(|e| e.redact(viewer)).collect()
}

/// Checks "all at once" for `side` in `game` against the singles for every position; returns
/// (offered and compared, refused rightly).
fn check_all_at_once(game: &MississippiFortress, dice: &Dice, side: Side) -> (usize, usize) {
    let offered = game.legal_actions(side);
    let queue = queue(game, side);
    let choice = offered
        .iter()
        .filter(|a| matches!(a, Action::Deploy { .. } | Action::Commit { .. }))
        .count()
        >= 2;
    let (mut compared, mut refused) = (0, 0);
    for p in [LP1, LP2, LP3, RESERVE] {
        let by_singles = singles(game, dice, side, p);
        let possible = by_singles
            .as_ref()
            .is_some_and(|s| s.all_there != Some(false));
        let expected = queue.len() >= 2 && choice && possible;
        let is_offered = offered.contains(&all(game, p));
        if by_singles.as_ref().is_some_and(|s| s.all_there.is_none()) {
            // The battle ended on the way: whether all stood there cannot be told afterwards.
            if !is_offered {
                continue;
            }
        } else {
            assert_eq!(
                is_offered,
                expected,
                "{side} all to {p:?} at {:?}: offered {offered:?}",
                stage(game)
            );
        }
        if !is_offered {
            refused += usize::from(queue.len() >= 2 && choice);
            continue;
        }
        let by_singles = by_singles.expect("offered: the singles are legal");
        let (mut g, mut d) = (game.clone(), dice.clone());
        let events = g.apply(side, all(game, p), &mut d).expect("legal").events;
        assert_eq!(
            serde_json::to_value(&g).unwrap(),
            serde_json::to_value(&by_singles.game).unwrap(),
            "all to {p:?} ends where the singles end"
        );
        for viewer in [Viewer::Seat(side.opponent()), Viewer::Spectator] {
            assert_eq!(
                redacted(&events, viewer),
                redacted(&by_singles.events, viewer),
                "{viewer:?} reads the same"
            );
        }
        let not_automatic = |events: &[mississippi_fortress::Event]| -> Vec<Value> {
            let kept: Vec<_> = events
                .iter()
                .filter(|e| e.kind != EventKind::Automatic)
                .cloned()
                .collect();
            redacted(&kept, Viewer::Seat(side))
        };
        assert_eq!(not_automatic(&events), not_automatic(&by_singles.events));
        compared += 1;
    }
    (compared, refused)
}

/// A battle in Area 21, the Union attacking with `union`, the Confederates defending with
/// `confederate`; both at the deployment.
fn battle(n: u64, union: &[&str], confederate: &[&str]) -> (MississippiFortress, Dice) {
    let (mut game, mut dice) = field(n, true, |g| {
        for id in union.iter().chain(confederate) {
            put(g, id, 21);
        }
    });
    attack(&mut game, &mut dice, 21);
    stand(&mut game, &mut dice);
    assert_eq!(stage(&game), Some(BattleStage::Deploy));
    (game, dice)
}

#[test]
fn rule_s8_6_deploy_all_places_every_counter_as_singles_would() {
    let (mut game, mut dice) = battle(
        93,
        &["xiii-10-div", "xiii-12-div", "xiii-14-div", "mcclernand"],
        &["loring-div"],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP2)],
    );
    let offered = game.legal_actions(Side::Union);
    let alls: Vec<&Action> = offered
        .iter()
        .filter(|a| matches!(a, Action::DeployAll { .. }))
        .collect();
    // S8.6g: the last division may not go to the Reserve with the others.
    assert_eq!(
        alls,
        [
            &Action::DeployAll { position: LP1 },
            &Action::DeployAll { position: LP2 },
            &Action::DeployAll { position: LP3 },
        ]
    );
    let label = game.label(Side::Union, &Action::DeployAll { position: LP2 });
    let names: Vec<String> = ["xiii-10-div", "xiii-12-div", "xiii-14-div", "mcclernand"]
        .iter()
        .map(|id| game.counter_name(id))
        .collect();
    assert_eq!(
        label,
        format!(
            "Deploy all 4 remaining counters ({}) in Line Position 2",
            names.join(", ")
        )
    );
    let prompt = game.prompt(Side::Union).expect("asked");
    assert!(
        prompt.contains("(4 counters left: one at a time, or all of them in one place)"),
        "{prompt}"
    );
    assert_eq!(check_all_at_once(&game, &dice, Side::Union), (3, 1));
    let events = play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::DeployAll { position: LP2 },
    );
    let b = game.battle().unwrap();
    assert!(b.revealed(), "the last deployment reveals both (S8.7a)");
    for id in ["xiii-10-div", "xiii-12-div", "xiii-14-div", "mcclernand"] {
        assert!(b.slots().contains(&(key(&game, id), LP2)), "{id}");
    }
    assert!(texts(&events).contains("Deployment revealed"));
}

#[test]
fn rule_s8_6b_deploy_all_is_refused_where_a_single_placement_would_be() {
    let (mut game, mut dice) = battle(
        94,
        &["xiii-12-div", "il-5-cav", "wi-2-cav", "xiii-art"],
        &["loring-div"],
    );
    // Two cavalry units never share a Line Position, and the last fighting unit may not
    // leave every Line Position empty (S8.6b, S8.6g): nothing takes them all.
    assert!(
        !game
            .legal_actions(Side::Union)
            .iter()
            .any(|a| matches!(a, Action::DeployAll { .. }))
    );
    assert_eq!(check_all_at_once(&game, &dice, Side::Union), (0, 4));
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::Deploy {
            counter: "xiii-12-div".into(),
            position: LP1,
        },
    );
    let alls: Vec<Action> = game
        .legal_actions(Side::Union)
        .into_iter()
        .filter(|a| matches!(a, Action::DeployAll { .. }))
        .collect();
    assert_eq!(alls, [Action::DeployAll { position: RESERVE }]);
    assert_eq!(check_all_at_once(&game, &dice, Side::Union), (1, 3));
}

#[test]
fn rule_s9_82_commit_all_or_keep_all_as_the_singles_would() {
    let (mut game, mut dice) = battle(
        95,
        &["xiii-10-div", "xiii-12-div", "xiii-14-div", "mcclernand"],
        &["loring-div", "stevenson-div"],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[("loring-div", LP1), ("stevenson-div", RESERVE)],
    );
    deploy(
        &mut game,
        &mut dice,
        Side::Union,
        &[
            ("xiii-10-div", RESERVE),
            ("xiii-12-div", LP1),
            ("xiii-14-div", RESERVE),
            ("mcclernand", RESERVE),
        ],
    );
    // A quiet round: Diversion against Stand; the losses fall where the first choice says.
    order(
        &mut game,
        &mut dice,
        Side::Union,
        &[(0, Some(CombatOrder::Diversion))],
    );
    order(
        &mut game,
        &mut dice,
        Side::Confederate,
        &[(0, Some(CombatOrder::Stand))],
    );
    for _ in 0..40 {
        if game.battle().map(|b| b.stage()) == Some(BattleStage::Continue)
            && game.decisions().is_empty()
        {
            break;
        }
        let side = Side::BOTH
            .into_iter()
            .find(|&s| game.prompt(s).is_some())
            .expect("someone answers");
        let first = game.legal_actions(side)[0].clone();
        play(&mut game, &mut dice, side, first);
    }
    play(&mut game, &mut dice, Side::Union, Action::SecondRound);
    assert_eq!(stage(&game), Some(BattleStage::Commit));
    let alls: Vec<Action> = game
        .legal_actions(Side::Union)
        .into_iter()
        .filter(|a| matches!(a, Action::CommitAll { .. }))
        .collect();
    assert_eq!(
        alls,
        [
            Action::CommitAll {
                position: Some(LP1)
            },
            Action::CommitAll {
                position: Some(LP2)
            },
            Action::CommitAll {
                position: Some(LP3)
            },
            Action::CommitAll { position: None },
        ]
    );
    let label = game.label(Side::Union, &Action::CommitAll { position: None });
    assert!(
        label.starts_with("Keep all 3 remaining Reserve counters (")
            && label.ends_with(") in the Reserve"),
        "{label}"
    );
    assert_eq!(check_all_at_once(&game, &dice, Side::Union), (4, 0));
    play(
        &mut game,
        &mut dice,
        Side::Union,
        Action::CommitAll {
            position: Some(LP3),
        },
    );
    assert!(game.prompt(Side::Union).is_none(), "the Union is done");
    let seen = game.view(Viewer::Seat(Side::Confederate));
    assert!(
        seen["battle"]["sides"]["union"].get("commits").is_none(),
        "secret until both are done (S9.82)"
    );
}

/// Random games of 6.1: every Battle Board deployment or commitment met is checked.
#[test]
fn rule_s8_6_s9_82_all_at_once_is_offered_exactly_when_the_singles_could_do_it() {
    let (mut compared, mut refused) = (0, 0);
    for n in 0..16u64 {
        let (mut game, mut dice) = new_game(n + 500);
        let mut rng = Rng(n.wrapping_mul(97) + 11);
        for _ in 0..2500 {
            if game.outcome().is_some() {
                break;
            }
            if matches!(
                stage(&game),
                Some(BattleStage::Deploy | BattleStage::Commit)
            ) {
                for side in Side::BOTH {
                    if !game.legal_actions(side).is_empty() {
                        let (c, r) = check_all_at_once(&game, &dice, side);
                        compared += c;
                        refused += r;
                    }
                }
            }
            let sides: Vec<Side> = Side::BOTH
                .into_iter()
                .filter(|&s| game.prompt(s).is_some())
                .collect();
            let side = sides[rng.below(sides.len())];
            let actions = game.legal_actions(side);
            let action = actions[rng.below(actions.len())].clone();
            game.apply(side, action, &mut dice).expect("legal");
        }
    }
    assert!(
        compared >= 20 && refused >= 20,
        "only {compared} offered and {refused} refused"
    );
}
