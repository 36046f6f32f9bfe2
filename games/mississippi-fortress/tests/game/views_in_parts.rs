//! Issue 16, "view in parts": a view reuses each Area's text from the viewer's last view
//! while what the viewer may see there is unchanged. Checked after every action of seeded
//! random games (undo taken whenever the dice give it, so that a state goes back under the
//! kept texts): every viewer's view is exactly the view a fresh copy of the state writes,
//! with nothing kept.

use adjutant_engine::{Match, Side, Viewer};
use mississippi_fortress::MississippiFortress;
use serde_json::Value;

use mississippi_fortress::situation::Situation;
use mississippi_fortress::state::BatteryState;

use crate::support::{Rng, new_game, new_match, seed, setup_with_every_option};

const VIEWERS: [Viewer; 4] = [
    Viewer::Seat(Side::Union),
    Viewer::Seat(Side::Confederate),
    Viewer::Spectator,
    Viewer::Omniscient,
];

/// Plays up to `actions` random offered actions of `m` (undo among them, resigning and draws
/// not), comparing every viewer's view with a fresh one after each.
fn check(mut m: Match<MississippiFortress>, n: u64, actions: u64) -> u64 {
    let mut rng = Rng(n ^ 0x9a27);
    let mut undone = 0;
    compare(&m, n);
    while m.outcome().is_none() && m.seq() < actions {
        let to_act = m.to_act();
        let side = to_act[rng.below(to_act.len())];
        let offered: Vec<Value> = m
            .offered(side)
            .into_iter()
            .filter(|a| {
                let kind = a.get("type").and_then(Value::as_str).unwrap_or("");
                !kind.ends_with("_draw") && kind != "resign"
            })
            .collect();
        let undo = offered.iter().find(|a| a["type"] == "undo");
        let action = match undo {
            Some(undo) if rng.below(4) == 0 => {
                undone += 1;
                undo
            }
            _ => &offered[rng.below(offered.len())],
        };
        m.play(side, action).expect("an offered action is accepted");
        compare(&m, n);
    }
    undone
}

/// Every viewer's view of `m` (its kept Area texts used) is the view written afresh; and each
/// seat's prompt, which the engine asks of the rules without their listing the actions again
/// (`Rules::prompt`), is the one the state gives after looking at them.
fn compare(m: &Match<MississippiFortress>, n: u64) {
    for side in Side::BOTH {
        assert_eq!(
            m.prompt(side),
            m.state().prompt(side),
            "game {n}, action {}: the {side} prompt",
            m.seq()
        );
    }
    let fresh = m.state().clone();
    for viewer in VIEWERS {
        let kept = m.state().view_text(viewer);
        let written = fresh.view_text(viewer);
        assert_eq!(
            kept,
            written,
            "game {n}, action {}, {}: the kept Areas differ from the fresh view",
            m.seq(),
            viewer.as_str()
        );
    }
}

#[test]
fn issue_16_views_built_from_kept_areas_are_the_views_written_afresh_champion_hill() {
    let undone: u64 = (0..4).map(|n| check(new_match(n), n, u64::MAX)).sum();
    assert!(undone > 0, "the games took back no action");
}

#[test]
fn issue_16_views_built_from_kept_areas_are_the_views_written_afresh_grand_campaign() {
    let setup = setup_with_every_option("porter-runs-the-batteries");
    let m = Match::new(&setup, &seed(7)).expect("6.3 sets up");
    check(m, 7, 1_500);
}

/// The batteries' text, kept for every viewer, is written again when a battery is silenced or
/// destroyed (the random games above seldom reach one). The state is changed in place, so its
/// kept texts stay with it.
#[test]
fn issue_16_a_battery_silenced_or_destroyed_is_written_again() {
    let (mut game, _) = new_game(3);
    let ids: Vec<String> = game
        .batteries()
        .iter()
        .map(|b| b.id().to_string())
        .collect();
    assert!(ids.len() >= 2, "6.1 has shore batteries");
    for (id, state) in ids
        .iter()
        .zip([BatteryState::Silenced, BatteryState::Destroyed])
    {
        for viewer in VIEWERS {
            game.view_text(viewer);
        }
        game = Situation::new(game)
            .battery(id, state)
            .build()
            .expect("a battery's state changes");
        let fresh = game.clone();
        for viewer in VIEWERS {
            let text = game.view_text(viewer);
            assert_eq!(text, fresh.view_text(viewer), "{id} {state:?}");
            assert!(text.contains(&format!("\"id\":\"{id}\"")), "{text}");
        }
    }
}
