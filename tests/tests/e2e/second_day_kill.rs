//! Bloody Roads South's Scenario 6 (the Second Day, both maps joined) end to end through a
//! real server process: two bots over WebSocket and a spectator, the Confederate's secret
//! entry hex chosen on taking his seat, the server killed with SIGKILL twice in the middle
//! of the game and restarted on the same database, then a resignation; the finished record
//! verifies against the rules. (The whole 31 turns are some 16,800 actions: the bot games of
//! the game crate play them; here the server's part is what is tested.)

use adjutant_protocol::GameStatus;
use serde_json::{Value, json};
use std::time::Duration;

use crate::bloody_roads_south_kill::assert_spectator_view_hides;
use crate::common::*;
use crate::whole_game::{play_then_kill, spectate};

/// Actions played between one start of the server and its kill.
const PER_LIFE: u64 = 200;

/// The Confederate's secret (4.3): Anderson's division enters at A1.30, not its default hex.
const ANDERSON_ENTERS: &str = "A1.30";

/// No spectator view names the Confederate's chosen entry hex in a waiting list, or holds
/// any seat's secret choices.
fn assert_no_secret_entry(views: &[Value]) {
    for view in views {
        assert_spectator_view_hides(view);
        assert!(view.get("secret_choices").is_none(), "{view}");
        if let Some(waiting) = view.get("waiting") {
            assert!(
                !waiting.to_string().contains(ANDERSON_ENTERS),
                "a spectator reads where Anderson enters: {waiting}"
            );
        }
    }
}

#[tokio::test]
async fn a_game_of_the_second_day_survives_two_kill_9s_and_its_record_verifies() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let mut server = ServerProcess::start(&db);
    let union = account(&server.client(), "hancock").await;
    let confederate = account(&server.client(), "longstreet").await;
    let game = public_game(
        [&union, &confederate],
        "bloody-roads-south",
        "second-day",
        json!({}),
        json!({ "entry-anderson": ANDERSON_ENTERS }),
    )
    .await;
    let tokens = (
        union.token().unwrap().to_string(),
        confederate.token().unwrap().to_string(),
    );

    // Two lives of the server, each ended by SIGKILL in the middle of the game.
    let mut seq = 0;
    for (life, seeds) in [[61, 62], [63, 64]].into_iter().enumerate() {
        let (union, confederate) = (
            server.client().with_token(Some(tokens.0.clone())),
            server.client().with_token(Some(tokens.1.clone())),
        );
        let (before, views) = play_then_kill(
            server,
            [&union, &confederate],
            &game,
            seeds,
            Duration::from_secs(400),
            seq + PER_LIFE,
        )
        .await;
        assert_no_secret_entry(&views);
        assert!(before.seq > seq, "life {life}: the bots played");
        // A new process on the same database: everything acknowledged is there.
        server = ServerProcess::start(&db);
        let restored = server.client().state(&game, None).await.unwrap();
        assert!(
            restored.seq >= before.seq,
            "life {life}: nothing acknowledged is lost"
        );
        assert_eq!(restored.status, GameStatus::Active);
        seq = restored.seq;
    }

    // The Union resigns; the spectator sees the end.
    let watcher = spectate(server.base.clone(), game.clone()).await;
    let union = server.client().with_token(Some(tokens.0.clone()));
    union.resign(&game).await.expect("the Union resigns");
    let (views, status) = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the spectator sees the end")
        .unwrap();
    assert_eq!(status, GameStatus::Finished);
    assert!(!views.is_empty());

    // The finished record verifies, every action of every life in it.
    let done = server.client().state(&game, None).await.unwrap();
    assert_eq!(done.status, GameStatus::Finished);
    let record = server.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());
    assert_eq!(record.actions.len() as u64, done.seq);
    assert!(done.seq > seq, "the resignation is the last action");
    let verified = adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
    assert_eq!(verified.actions, done.seq);
    assert_eq!(verified.outcome, record.outcome);
    let outcome = verified.outcome.expect("a result");
    assert!(
        outcome.summary.to_lowercase().contains("resign"),
        "{}",
        outcome.summary
    );
}
