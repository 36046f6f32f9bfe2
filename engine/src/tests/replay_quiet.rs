//! `Match::replay_quiet` leaves the match as `Match::replay` does: same sequence numbers,
//! views, snapshot, offers (undo included) and the last action's events for every viewer;
//! a refused action is refused alike.

use serde_json::{Value, json};

use super::new_match;
use crate::game_match::quiet::unreachable_by_undo;
use crate::*;

#[test]
fn a_quiet_replay_leaves_the_match_as_a_replay_does() {
    // A whole race played by taking the first offered rules action (or passing), then an
    // undo and a resignation, as a store holds them.
    let mut played = new_match();
    let mut log: Vec<(Side, Value)> = Vec::new();
    while played.outcome().is_none() && log.len() < 60 {
        let side = played.to_act()[0];
        let offered = played.offered(side);
        // Steps (undoable) and an undo early on, then rolls.
        let wanted = match log.len() {
            0..=3 => "step",
            4 => "undo",
            _ => "roll",
        };
        let action = offered
            .iter()
            .find(|a| a["type"] == wanted)
            .or_else(|| offered.iter().find(|a| a["type"] != "undo"))
            .cloned()
            .expect("an action");
        played.play(side, &action).expect("offered");
        log.push((side, action));
    }
    assert!(
        log.iter().any(|(_, a)| a["type"] == "undo"),
        "an undo replayed"
    );
    log.push((Side::Confederate, json!({"type": "resign"})));
    let (mut loud, mut quiet) = (new_match(), new_match());
    for (side, action) in &log {
        let seq = loud.replay(*side, action).map(|p| p.seq);
        assert_eq!(quiet.replay_quiet(*side, action), seq, "{action}");
        for viewer in [
            Viewer::Seat(Side::Union),
            Viewer::Seat(Side::Confederate),
            Viewer::Spectator,
        ] {
            assert_eq!(quiet.view_text(viewer), loud.view_text(viewer));
            let last = |m: &Match<super::Race>| {
                m.redact_played(
                    &Played {
                        seq: m.seq(),
                        side: *side,
                        action_json: String::new(),
                        rolls: Vec::new(),
                        events_json: String::new(),
                    },
                    viewer,
                )
            };
            assert_eq!(last(&quiet), last(&loud), "the last action's events");
        }
        assert_eq!(
            serde_json::to_value(quiet.snapshot()).unwrap(),
            serde_json::to_value(loud.snapshot()).unwrap()
        );
    }
    assert!(quiet.outcome().is_some());
    // Refused alike, with the same error.
    let late = json!({"type": "step"});
    assert_eq!(
        quiet
            .replay_quiet(Side::Union, &late)
            .unwrap_err()
            .to_string(),
        loud.replay(Side::Union, &late).unwrap_err().to_string()
    );
}

/// A random race (undos among its actions, as a player takes them) as a store holds it.
fn random_log(seed: u64) -> Vec<(Side, Value)> {
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((rng >> 33) as usize) % n
    };
    let mut m = new_match();
    let mut log = Vec::new();
    while m.outcome().is_none() && log.len() < 80 {
        let side = m.to_act()[0];
        let offered = m.offered(side);
        let action = offered[next(offered.len())].clone();
        m.play(side, &action).expect("offered");
        log.push((side, action));
    }
    log
}

/// Everything of a match a later action could meet: its snapshot (the undo history with its
/// copies of the state), each seat's offer and each view.
fn standing(m: &Match<super::Race>) -> Value {
    json!({
        "snapshot": serde_json::to_value(m.snapshot()).unwrap(),
        "offered": [m.offered(Side::Union), m.offered(Side::Confederate)],
        "view": m.view(Viewer::Omniscient),
    })
}

/// A stretch of the record replayed at once keeps no copy for the actions no undo can reach
/// and leaves the match exactly as replaying its actions one by one does: cut anywhere, and
/// an undo taken after it takes back the same action.
#[test]
fn a_stretch_replayed_at_once_leaves_the_match_as_one_by_one() {
    let mut undos = 0;
    for seed in 0..200 {
        let log = random_log(seed);
        undos += log.iter().filter(|(_, a)| a["type"] == "undo").count();
        for cut in [1, 2, 3, 5, 8, log.len()] {
            let (mut one, mut all) = (new_match(), new_match());
            for stretch in log.chunks(cut) {
                for (side, action) in stretch {
                    one.replay_quiet(*side, action).expect("recorded");
                }
                assert_eq!(all.replay_quiet_all(stretch), Ok(one.seq()));
                assert_eq!(standing(&all), standing(&one), "seed {seed}, cut {cut}");
            }
            if let Some(side) = one.to_act().first().copied()
                && one.offered(side).iter().any(|a| a["type"] == "undo")
            {
                let undo = json!({"type": "undo"});
                assert_eq!(
                    all.play(side, &undo).map(|p| p.events()),
                    one.play(side, &undo).map(|p| p.events())
                );
                assert_eq!(standing(&all), standing(&one), "seed {seed}, undone");
            }
        }
    }
    assert!(undos > 50, "the logs take back actions ({undos})");
}

#[test]
fn no_undo_reaches_an_action_the_other_sides_next_rules_action_clears() {
    let (u, c) = (Side::Union, Side::Confederate);
    let step = json!({"type": "step"});
    let undo = json!({"type": "undo"});
    let offer = json!({"type": "offer_draw"});
    let log = |actions: &[(Side, &Value)]| -> Vec<(Side, Value)> {
        actions.iter().map(|(s, a)| (*s, (*a).clone())).collect()
    };
    // The Union's run ends at the Confederate's step: unreachable; the Confederate's run is
    // the last, reachable.
    let plain = log(&[(u, &step), (u, &step), (c, &step), (c, &step)]);
    assert_eq!(unreachable_by_undo(&plain), [true, true, false, false]);
    // An undo before the other side acts keeps the run reachable; a draw offer changes
    // nothing.
    let undone = log(&[(u, &step), (u, &step), (u, &undo), (c, &offer), (c, &step)]);
    assert_eq!(
        unreachable_by_undo(&undone),
        [false, false, false, false, false]
    );
    let offered = log(&[(u, &step), (c, &offer), (u, &step), (c, &step)]);
    assert_eq!(unreachable_by_undo(&offered), [true, false, true, false]);
}
