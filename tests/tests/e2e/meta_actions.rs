//! The engine's own actions through the server (issue 12): an undo tells the opponent and
//! spectators only that moves were taken back, on every stream; `resign` and `time_out`
//! posted as actions are refused for either side, in turn or not, and change nothing.

use adjutant_cli::Client;
use adjutant_protocol::{ClientMessage, ErrorCode, ServerMessage, UpdateMode, Visibility};
use serde_json::{Value, json};

use crate::common::*;

/// Plays the side to act's moves (a `move_from` where offered) until `stop` is offered to
/// it; returns that side's client and the seq.
async fn play_until_offered<'a>(
    seats: [&'a Client; 2],
    game_id: &str,
    stop: &str,
) -> (&'a Client, u64) {
    for _ in 0..400 {
        let state = seats[0].state(game_id, None).await.expect("view");
        let side = state.view["to_act"][0].as_str().expect("someone acts");
        let me = if side == "union" { seats[0] } else { seats[1] };
        let mine = me.state(game_id, None).await.expect("view");
        let actions = mine.view["actions"].as_array().cloned().unwrap_or_default();
        if actions.iter().any(|a| a["type"] == stop) {
            return (me, mine.seq);
        }
        let pick = actions
            .iter()
            .find(|a| a["type"] == "move_from")
            .or_else(|| actions.iter().find(|a| a["type"] != "undo"))
            .expect("an action");
        me.act(game_id, mine.seq, pick).await.expect("accepted");
    }
    panic!("{stop} was never offered");
}

fn label_free(events: &[Value]) {
    for event in events.iter().filter(|e| e["type"] == "undone") {
        assert_eq!(
            event.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["side", "type"],
            "an undo seen by the others says who, nothing more: {event}"
        );
    }
}

#[tokio::test]
async fn an_undo_tells_the_opponent_and_spectators_only_that_a_move_was_taken_back() {
    let server = TestServer::start().await;
    let (union, confederate) = (
        server.account("grant").await,
        server.account("pemberton").await,
    );
    let game_id = mississippi_fortress_game(&union, &confederate, "champion-hill", json!({})).await;
    let mut watcher = live(&server.client()).await;
    watcher
        .send(&ClientMessage::Subscribe {
            game_id: game_id.clone(),
            after_seq: None,
            spectate_code: None,
            updates: UpdateMode::Patch,
            id: None,
        })
        .await
        .unwrap();
    let (mover, seq) = play_until_offered([&union, &confederate], &game_id, "take").await;
    let take = mover.state(&game_id, None).await.unwrap().view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "take")
        .cloned()
        .unwrap();
    let taken = take["label"].as_str().unwrap().to_string();
    mover
        .act(&game_id, seq, &take)
        .await
        .expect("take accepted");
    let undo = offered(&mover.state(&game_id, None).await.unwrap().view, "undo");
    assert_eq!(undo["label"], json!(format!("Undo: {taken}")));
    let undone = mover
        .act(&game_id, seq + 1, &undo)
        .await
        .expect("undo accepted");
    let opponent = if std::ptr::eq(mover, &union) {
        &confederate
    } else {
        &union
    };

    // The mover reads what it took back; nobody else does, on any stream.
    let own = mover.events(&game_id, seq + 1, None).await.unwrap();
    assert_eq!(own.entries[0].events[0]["label"], json!(taken));
    for reader in [opponent, &server.client()] {
        let log = reader.events(&game_id, seq + 1, None).await.unwrap();
        assert_eq!(
            log.entries[0].events,
            [json!({"type": "undone", "side": own.entries[0].side})]
        );
        let record = serde_json::to_string(&reader.record(&game_id, None).await.unwrap()).unwrap();
        assert!(!record.contains(&taken), "the live record names {taken}");
    }
    let frame = watcher
        .until(WAIT, |m| match m {
            ServerMessage::Update { seq: s, events, .. } if *s == undone.seq => {
                Some(events.clone())
            }
            _ => None,
        })
        .await
        .expect("the spectator is told of the undo")
        .0;
    label_free(&frame);
    assert!(!serde_json::to_string(&frame).unwrap().contains(&taken));
}

#[tokio::test]
async fn resign_and_time_out_posted_as_actions_are_refused_for_either_side() {
    let server = TestServer::start().await;
    let (union, confederate) = (
        server.account("ulysses").await,
        server.account("robert").await,
    );
    let created = outpost(&union, &confederate, Visibility::Public).await;
    let id = &created.game_id;
    let mut live_union = live(&union).await;
    for meta in ["time_out", "resign"] {
        for seat in [&union, &confederate] {
            let seq = seat.state(id, None).await.unwrap().seq;
            let refused = seat
                .act(id, seq, &json!({"type": meta}))
                .await
                .expect_err("refused");
            assert_eq!(
                refused.code(),
                Some(ErrorCode::IllegalAction),
                "{meta}: {refused}"
            );
        }
        live_union
            .send(&ClientMessage::Act {
                game_id: id.clone(),
                seq: 0,
                action: json!({"type": meta}),
                id: Some("meta".into()),
            })
            .await
            .unwrap();
        let error = live_union
            .until(WAIT, |m| match m {
                ServerMessage::Error { code, .. } => Some(*code),
                _ => None,
            })
            .await
            .expect("an error frame")
            .0;
        assert_eq!(error, ErrorCode::IllegalAction, "{meta} over the WebSocket");
    }
    let state = union.state(id, None).await.unwrap();
    assert_eq!(state.seq, 0, "nothing was recorded");
    assert!(state.view["outcome"].is_null(), "the game goes on");
    // Resigning through its own door still works.
    confederate.resign(id).await.expect("resigned");
    let over = union.state(id, None).await.unwrap();
    assert_eq!(over.view["outcome"]["reason"], "resigned");
    // The stored concession replays: every step of the finished game, and its turn index.
    let last = union
        .replay(id, over.seq)
        .await
        .expect("the last step replays");
    assert_eq!(last.view["outcome"]["reason"], "resigned");
    assert!(
        last.events.iter().any(|e| e["type"] == "resigned"),
        "{:?}",
        last.events
    );
    union.turns(id).await.expect("the turn index is built");
}
