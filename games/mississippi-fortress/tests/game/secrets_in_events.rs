//! Non-interference of the event streams (S4, Appendix V), the engine's own events included:
//! what a player may not know never reaches the other player or a spectator through an
//! event. Two ways to differ in secrets are tried: a side takes one of two actions that looked
//! alike to the others and then undoes it (the undo must look alike too), and the other side
//! plays the same actions over two positions that differ only in one side's secrets (its
//! events, as it and a spectator see them, must be the same).

use adjutant_engine::{Dice, Match, Rules, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use serde_json::{Value, json};

use crate::support::*;
use crate::views::{perturbations, position};

/// The viewers who may not see `side`'s secrets.
fn others(side: Side) -> [Viewer; 2] {
    [Viewer::Seat(side.opponent()), Viewer::Spectator]
}

fn redact(events: &[Value], viewer: Viewer) -> Vec<Value> {
    Match::<MississippiFortress>::redact(events, viewer)
}

/// A match reached through the engine by `steps` random offered actions (undo left out).
fn reached(n: u64, steps: usize) -> Match<MississippiFortress> {
    let mut m = new_match(n);
    let mut rng = Rng(n ^ 0x05EC_2E75);
    for _ in 0..steps {
        let sides = m.to_act();
        if sides.is_empty() {
            break;
        }
        let side = sides[rng.below(sides.len())];
        let offered: Vec<Value> = m
            .offered(side)
            .into_iter()
            .filter(|a| a["type"] != "undo")
            .collect();
        let pick = offered[rng.below(offered.len())].clone();
        m.play(side, &pick).expect("an offered action plays");
    }
    m
}

/// One undoable action played and taken back: the events of both, and the views between.
struct TakenBack {
    label: String,
    played: Vec<Value>,
    after: Vec<Value>,
    undone: Vec<Value>,
}

fn take_back(m: &Match<MississippiFortress>, side: Side, action: &Value) -> Option<TakenBack> {
    let mut t = m.clone();
    let played = t.play(side, action).ok()?;
    let undo = t.offered(side).into_iter().find(|a| a["type"] == "undo")?;
    let after = others(side).map(|v| t.view(v)).to_vec();
    let undone = t.play(side, &undo).expect("an offered undo plays");
    Some(TakenBack {
        label: action["label"].as_str().unwrap_or_default().to_string(),
        played: played.events(),
        after,
        undone: undone.events(),
    })
}

#[test]
fn an_undo_tells_the_others_no_more_than_the_action_it_took_back() {
    let (mut compared, mut told_apart_by_owner) = (0, 0);
    for n in 0..40 {
        let m = reached(n, 15 + 11 * n as usize);
        for side in m.to_act() {
            let tried: Vec<TakenBack> = m
                .offered(side)
                .iter()
                .filter(|a| a["type"] != "undo")
                .take(10)
                .filter_map(|a| take_back(&m, side, a))
                .collect();
            for t in &tried {
                for event in redact(&t.undone, Viewer::Seat(side)) {
                    assert_eq!(event["label"], json!(t.label), "the owner reads its undo");
                }
            }
            for (i, a) in tried.iter().enumerate() {
                for b in &tried[i + 1..] {
                    for (w, viewer) in others(side).into_iter().enumerate() {
                        let alike = redact(&a.played, viewer) == redact(&b.played, viewer)
                            && a.after[w] == b.after[w];
                        if !alike {
                            continue;
                        }
                        assert_eq!(
                            redact(&a.undone, viewer),
                            redact(&b.undone, viewer),
                            "{viewer:?} told apart the undo of {:?} from that of {:?}",
                            a.label,
                            b.label
                        );
                        compared += 1;
                        told_apart_by_owner += usize::from(a.label != b.label);
                    }
                }
            }
        }
    }
    assert!(
        told_apart_by_owner >= 50,
        "only {told_apart_by_owner} of {compared} pairs of undos differed for their owner"
    );
}

/// The other side of `secret` plays the same random offered actions from `a` and `b` (two
/// positions differing only in `secret`'s secrets) until `secret` must act or something is
/// revealed; returns how many actions were compared.
fn the_other_side_plays_alike(
    mut a: MississippiFortress,
    mut b: MississippiFortress,
    secret: Side,
    n: u64,
) -> usize {
    let other = secret.opponent();
    let (mut dice_a, mut dice_b) = (Dice::new(&seed(n)), Dice::new(&seed(n)));
    let mut rng = Rng(n.wrapping_mul(77) + 3);
    for step in 0..40 {
        if a.outcome().is_some() || a.prompt(secret).is_some() || b.prompt(secret).is_some() {
            return step;
        }
        assert_eq!(
            a.prompt(other),
            b.prompt(other),
            "the {other} prompt changed"
        );
        let offered = a.legal_actions(other);
        assert_eq!(
            offered,
            b.legal_actions(other),
            "the {other} actions changed"
        );
        if offered.is_empty() {
            return step;
        }
        let labels = |g: &MississippiFortress| -> Vec<String> {
            offered.iter().map(|x| g.label(other, x)).collect()
        };
        assert_eq!(labels(&a), labels(&b), "the {other} labels changed");
        let pick = offered[rng.below(offered.len())].clone();
        let ea = a.apply(other, pick.clone(), &mut dice_a).expect("legal");
        let eb = b.apply(other, pick, &mut dice_b).expect("legal");
        if ea.reveals || eb.reveals {
            return step;
        }
        let json = |events: &[mississippi_fortress::Event]| -> Vec<Value> {
            events
                .iter()
                .map(|e| serde_json::to_value(e).unwrap())
                .collect()
        };
        let (ja, jb) = (json(&ea.events), json(&eb.events));
        for viewer in others(secret) {
            assert_eq!(
                redact(&ja, viewer),
                redact(&jb, viewer),
                "{viewer:?} saw the {secret} secrets in the events of the {other} action"
            );
            assert_eq!(a.view(viewer), b.view(viewer), "{viewer:?} view");
        }
    }
    40
}

#[test]
fn the_other_sides_events_never_depend_on_ones_secrets() {
    let mut compared = 0;
    for n in 0..30 {
        let game = position(n, 25 * n as usize);
        for secret in Side::BOTH {
            for variant in perturbations(&game, secret, n) {
                compared += the_other_side_plays_alike(game.clone(), variant, secret, n);
            }
        }
    }
    assert!(compared >= 100, "only {compared} actions compared");
}
