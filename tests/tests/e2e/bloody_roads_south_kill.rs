//! Bloody Roads South end to end through a real server process: a whole game of Sander's
//! Field between two bots over WebSocket while a spectator watches, the server killed with
//! SIGKILL in the middle and restarted on the same database, and the finished record
//! verified against the rules (seed, every action, every roll, every event, the result).

use adjutant_protocol::GameStatus;
use serde_json::{Value, json};
use std::time::Duration;

use crate::common::*;
use crate::whole_game::{play_then_kill, seat, spectate};

/// Actions played before the server is killed: past both set-ups, into the first turn.
const BEFORE_KILL: u64 = 80;

/// Keys only a counter's owner (or everyone after the game) may read (reference section 5).
const OWNER_ONLY: [&str; 8] = [
    "casualties",
    "stragglers",
    "fire_level",
    "morale",
    "gun_points",
    "low_ammo",
    "supply",
    "wrecked",
];

/// A spectator's view of a running game: enemy stacks of both sides show one counter and
/// no owner-only value; no order log, no prompt, no actions.
pub(crate) fn assert_spectator_view_hides(view: &Value) {
    if !view["result"].is_null() {
        return;
    }
    assert!(
        view.get("orders").is_none(),
        "a spectator reads an order log"
    );
    assert!(view["actions"].as_array().is_none_or(Vec::is_empty));
    for stack in view["stacks"].as_array().into_iter().flatten() {
        let counters = stack["counters"].as_array().expect("counters");
        assert!(
            counters.len() <= 1,
            "a spectator sees beneath a top counter: {stack}"
        );
        for c in counters {
            for key in OWNER_ONLY {
                assert!(c.get(key).is_none(), "a spectator reads {key}: {stack}");
            }
        }
    }
}

#[tokio::test]
async fn a_game_of_sanders_field_survives_kill_9_and_its_record_verifies() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let server = ServerProcess::start(&db);
    let union = account(&server.client(), "warren").await;
    let confederate = account(&server.client(), "ewell").await;
    let game = public_game(
        [&union, &confederate],
        "bloody-roads-south",
        "sanders-field",
        json!({}),
        json!({}),
    )
    .await;

    // First half: two bots and a spectator, until the server dies.
    let (union_token, confederate_token) = (
        union.token().unwrap().to_string(),
        confederate.token().unwrap().to_string(),
    );
    let (before, first_views) = play_then_kill(
        server,
        [&union, &confederate],
        &game,
        [31, 32],
        Duration::from_secs(400),
        BEFORE_KILL,
    )
    .await;
    first_views.iter().for_each(assert_spectator_view_hides);

    // Second half: a new process on the same database; everything acknowledged is there.
    let server = ServerProcess::start(&db);
    let union = server.client().with_token(Some(union_token));
    let confederate = server.client().with_token(Some(confederate_token));
    let restored = union.state(&game, None).await.unwrap();
    assert!(restored.seq >= before.seq, "nothing acknowledged is lost");
    assert_eq!(restored.status, GameStatus::Active);
    let watcher = spectate(server.base.clone(), game.clone()).await;
    let bots = [
        seat(union.clone(), game.clone(), 41, Duration::from_secs(400)),
        seat(
            confederate.clone(),
            game.clone(),
            42,
            Duration::from_secs(400),
        ),
    ];
    for handle in bots {
        let stats = handle.await.unwrap().expect("the bot plays to the end");
        assert!(stats.finished, "the game ended");
    }
    let (views, status) = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the spectator sees the end")
        .unwrap();
    assert_eq!(status, GameStatus::Finished);
    views.iter().for_each(assert_spectator_view_hides);

    // The finished record verifies, and the result is in the book's words.
    let done = server.client().state(&game, None).await.unwrap();
    assert_eq!(done.status, GameStatus::Finished);
    let record = server.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());
    assert_eq!(record.actions.len() as u64, done.seq);
    let verified = adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
    assert_eq!(verified.actions, done.seq);
    let outcome = verified.outcome.expect("a result");
    assert!(
        outcome.summary.contains("victory points"),
        "{}",
        outcome.summary
    );
    assert_eq!(Some(outcome), record.outcome);

    // The after-action report: a mark per turn (the view's `turn.number`), each with both
    // sides' strength on the map and the points of the moment; the end with the result's.
    let turns = server.client().turns(&game).await.expect("the turn index");
    assert_eq!(turns.key.as_deref(), Some("turn"));
    assert!(
        turns.turns.len() >= 5,
        "Sander's Field has 5 turns: {turns:?}"
    );
    for mark in &turns.turns {
        let tally = mark.tally.as_ref().expect("each turn has a standing");
        assert_eq!(tally.unit, "SP");
        assert!(tally.strength.is_some() && tally.vp.is_some());
    }
    let end = turns.end.expect("the standing at the end");
    assert_eq!(end.vp, record.outcome.and_then(|o| o.score));
}
