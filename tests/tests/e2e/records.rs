//! Game records: redacted while the game runs, complete and verifiable once it is over.

use adjutant_engine::VerifyError;
use adjutant_protocol::{GameStatus, Visibility};
use serde_json::Value;

use crate::common::*;

#[tokio::test]
async fn verify_accepts_an_honest_record_and_rejects_a_changed_roll() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    // Mid-game, a player's record holds its own actions only, and no seed.
    let view = union.state(&game, None).await.unwrap();
    union
        .act(&game, 0, &offered(&view.view, "end_movement"))
        .await
        .unwrap();
    let view = confederate.state(&game, None).await.unwrap();
    confederate
        .act(&game, 1, &offered(&view.view, "end_movement"))
        .await
        .unwrap();
    let running = union.record(&game, None).await.unwrap();
    assert!(running.seed.is_none());
    assert!(running.secret_choices.union.is_some() && running.secret_choices.confederate.is_none());
    assert!(running.actions[0].action.is_some() && running.actions[1].action.is_none());
    assert!(running.actions.iter().all(|a| a.rolls.is_none()));
    assert!(matches!(
        adjutant_cli::verify(&adjutant_tests::registry(), &running),
        Err(VerifyError::NoSeed)
    ));
    let early = union.replay(&game, 1).await.unwrap_err();
    assert_eq!(early.code(), Some(adjutant_protocol::ErrorCode::Conflict));

    // Both sides march on each other, so the counters meet and battles roll dice.
    loop {
        let mut acted = false;
        for (client, toward) in [(&union, 1i64), (&confederate, -1)] {
            let state = client.state(&game, None).await.unwrap();
            if state.status == GameStatus::Finished {
                break;
            }
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let counters = state.view["counters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let post_of = |id: &Value| {
                counters
                    .iter()
                    .find(|c| &c["id"] == id)
                    .and_then(|c| c["post"].as_i64())
            };
            let advance = actions.iter().find(|a| {
                a["type"] == "move"
                    && post_of(&a["counter"]).is_some_and(|p| a["to"].as_i64() == Some(p + toward))
            });
            let choice = advance
                .or_else(|| actions.iter().find(|a| a["type"] == "end_movement"))
                .or_else(|| actions.iter().find(|a| a["stance"] == "attack"));
            if let Some(action) = choice {
                client.act(&game, state.seq, action).await.unwrap();
                acted = true;
            }
        }
        if !acted {
            break;
        }
    }

    let record = server.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());

    // A finished game can be stepped through, action by action, by anyone who may watch it.
    let last = record.actions.len() as u64;
    let start = server.client().replay(&game, 0).await.unwrap();
    assert_eq!((start.seq, start.last), (0, last));
    assert_eq!(start.view["round"], 1);
    assert!(start.events.is_empty());
    let end = server.client().replay(&game, last).await.unwrap();
    assert_eq!(
        end.view,
        server.client().state(&game, None).await.unwrap().view
    );
    assert_eq!(end.events, record.actions.last().unwrap().events);
    let beyond = server.client().replay(&game, last + 1).await.unwrap_err();
    assert_eq!(
        beyond.code(),
        Some(adjutant_protocol::ErrorCode::BadRequest)
    );
    let registry = adjutant_tests::registry();
    let verified = adjutant_cli::verify(&registry, &record).expect("an honest record verifies");
    assert_eq!(verified.actions, record.actions.len() as u64);
    assert!(verified.rolls > 0, "the game rolled dice");

    let mut forged = record.clone();
    let entry = forged
        .actions
        .iter_mut()
        .find(|a| a.rolls.as_ref().is_some_and(|r| !r.is_empty()))
        .unwrap();
    let roll = &mut entry.rolls.as_mut().unwrap()[0];
    *roll = *roll % 6 + 1;
    assert!(matches!(
        adjutant_cli::verify(&registry, &forged),
        Err(VerifyError::Roll { .. })
    ));

    let mut wrong_seed = record;
    wrong_seed.seed = Some("00".repeat(32));
    assert!(matches!(
        adjutant_cli::verify(&registry, &wrong_seed),
        Err(VerifyError::Commitment { .. })
    ));
}
