//! `Match::replay_quiet` leaves the match as `Match::replay` does: same sequence numbers,
//! views, snapshot, offers (undo included) and the last action's events for every viewer;
//! a refused action is refused alike.

use serde_json::{Value, json};

use super::new_match;
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
                        action: Value::Null,
                        rolls: Vec::new(),
                        events: Vec::new(),
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
