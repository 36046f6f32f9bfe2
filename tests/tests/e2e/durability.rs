//! Nothing acknowledged is lost: kill -9 between actions, restart on the same file, carry on.

use adjutant_cli::bot;
use adjutant_protocol::{GameStatus, Visibility};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::common::*;

#[tokio::test]
async fn every_acknowledged_action_survives_kill_9_and_play_continues() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let server = ServerProcess::start(&db);
    let union = account(&server.client(), "union").await;
    let confederate = account(&server.client(), "confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let (union_token, confederate_token) = (
        union.token().unwrap().to_string(),
        confederate.token().unwrap().to_string(),
    );

    // Play until at least 12 actions are acknowledged, alternating whoever must act.
    let mut rng = StdRng::seed_from_u64(5);
    let mut acknowledged = Vec::new();
    while acknowledged.len() < 12 {
        for client in [&union, &confederate] {
            let state = client.state(&game, None).await.unwrap();
            if let Some(action) = bot::choose(state.view["actions"].as_array().unwrap(), &mut rng) {
                let accepted = client.act(&game, state.seq, &action).await.unwrap();
                acknowledged.push((accepted.seq, action));
            }
        }
    }
    let last_seen = union.state(&game, None).await.unwrap();
    server.kill_9();

    let server = ServerProcess::start(&db);
    let union = server.client().with_token(Some(union_token));
    let confederate = server.client().with_token(Some(confederate_token));
    let restored = union.state(&game, None).await.unwrap();
    assert_eq!(restored.seq, acknowledged.last().unwrap().0);
    assert_eq!(
        restored.view, last_seen.view,
        "the restarted server shows the same game"
    );
    let events = union.events(&game, 0, None).await.unwrap();
    assert_eq!(events.entries.len(), acknowledged.len());
    for (entry, (seq, _)) in events.entries.iter().zip(&acknowledged) {
        assert_eq!(entry.seq, *seq);
    }

    // Play on to the end on the restarted server.
    loop {
        let mut progressed = false;
        for client in [&union, &confederate] {
            let state = client.state(&game, None).await.unwrap();
            if state.status == GameStatus::Finished {
                return;
            }
            if let Some(action) = bot::choose(state.view["actions"].as_array().unwrap(), &mut rng) {
                client.act(&game, state.seq, &action).await.unwrap();
                progressed = true;
            }
        }
        assert!(progressed, "someone must always be able to act");
    }
}
