//! Whole games through the server: one player over HTTP only, the other over WebSocket, a
//! spectator watching, an outsider unable to interfere.

use adjutant_cli::{Client, Live, bot};
use adjutant_protocol::{
    ClientMessage, ErrorCode, GameStatus, ServerMessage, UpdateMode, Visibility,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::Value;
use tokio::sync::watch;

use crate::common::*;

/// Plays the Union seat over HTTP only, reading its view; each order carries a unique note.
/// With nothing to do it waits until `moved` (the sequence number the WebSocket player last
/// saw) passes the view's, rather than polling on the clock.
async fn http_player(client: Client, game_id: String, mut moved: watch::Receiver<u64>) -> u64 {
    let mut rng = StdRng::seed_from_u64(11);
    let mut acted = 0;
    loop {
        let state = client.state(&game_id, None).await.expect("view");
        if state.status == GameStatus::Finished {
            return acted;
        }
        let actions = state.view["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let Some(mut action) = bot::choose(&actions, &mut rng) else {
            // The other side moves next; once the WebSocket player has stopped, the game is
            // over and the next view says so.
            let _ = moved.wait_for(|&seq| seq > state.seq).await;
            continue;
        };
        if action["type"] == "order" {
            action["note"] = Value::String(format!("union-secret-{}", state.seq));
        }
        match client.act(&game_id, state.seq, &action).await {
            Ok(accepted) => {
                assert_eq!(accepted.seq, state.seq + 1);
                acted += 1;
            }
            Err(e) if matches!(e.code(), Some(ErrorCode::StaleSeq | ErrorCode::NotYourTurn)) => {}
            Err(e) => panic!("the HTTP player's action was refused: {e}"),
        }
    }
}

/// Plays the Confederate seat over WebSocket, checking every frame it receives.
async fn ws_player(
    mut live: Live,
    game_id: String,
    moved: watch::Sender<u64>,
) -> (u64, Vec<ServerMessage>) {
    let mut rng = StdRng::seed_from_u64(12);
    live.send(&ClientMessage::Subscribe {
        game_id: game_id.clone(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: Some("sub".into()),
    })
    .await
    .unwrap();
    let mut frames = Vec::new();
    let mut view = Value::Null;
    let mut seq = 0;
    let mut waiting = false;
    let mut acted = 0;
    loop {
        if !waiting && view["prompt"].is_string() {
            let actions = view["actions"].as_array().cloned().unwrap_or_default();
            let mut action = bot::choose(&actions, &mut rng).expect("a prompt comes with actions");
            if action["type"] == "order" {
                action["note"] = Value::String(format!("confederate-secret-{seq}"));
            }
            live.send(&ClientMessage::Act {
                game_id: game_id.clone(),
                seq,
                action,
                id: Some(format!("a{seq}")),
            })
            .await
            .unwrap();
            waiting = true;
        }
        let frame = live
            .next_within(WAIT)
            .await
            .expect("a frame")
            .expect("a valid frame");
        match &frame {
            ServerMessage::Subscribed {
                view: v, seq: s, ..
            }
            | ServerMessage::Started {
                view: v, seq: s, ..
            } => {
                view = v.clone();
                seq = *s;
            }
            ServerMessage::Update {
                view: v,
                seq: s,
                status,
                ..
            } => {
                view = v.clone().expect("view mode sends whole views");
                seq = *s;
                moved.send_replace(seq);
                if *status == GameStatus::Finished {
                    frames.push(frame);
                    if waiting {
                        // The reply to the game's last action follows its update.
                        live.until(WAIT, |f| {
                            matches!(f, ServerMessage::Acted { .. }).then_some(())
                        })
                        .await
                        .unwrap();
                        acted += 1;
                    }
                    return (acted, frames);
                }
            }
            ServerMessage::Acted { seq: s, id, .. } => {
                assert_eq!(id.as_deref(), Some(format!("a{}", s - 1).as_str()));
                acted += 1;
                waiting = false;
            }
            ServerMessage::Error {
                code: ErrorCode::StaleSeq | ErrorCode::NotYourTurn,
                ..
            } => waiting = false,
            ServerMessage::Error { code, message, .. } => {
                panic!("the WebSocket player was refused: {message} ({code})")
            }
            _ => {}
        }
        frames.push(frame);
    }
}

/// Every frame of a viewer who is not the Union player: no Union order's note or stance
/// before the orders are revealed, no identity of a hidden Union counter.
fn assert_union_secrets_kept(frames: &[ServerMessage], who: &str) {
    for frame in frames {
        let (events, view) = match frame {
            // Once the game is over everyone sees everything.
            ServerMessage::Update {
                status: GameStatus::Finished,
                ..
            } => continue,
            ServerMessage::Update { events, view, .. } => (events.clone(), view.clone()),
            ServerMessage::Subscribed { view, .. } | ServerMessage::Started { view, .. } => {
                (vec![], Some(view.clone()))
            }
            _ => continue,
        };
        for event in &events {
            if event["type"] == "order_given" && event["side"] == "union" {
                assert!(
                    event.get("note").is_none() && event.get("stance").is_none(),
                    "{who} saw a Union order early: {event}"
                );
            }
            if event["type"] == "moved"
                && event["side"] == "union"
                && event.get("counter").is_some()
            {
                assert_eq!(
                    event["revealed"], true,
                    "{who} saw which hidden Union counter moved: {event}"
                );
            }
        }
        if let Some(view) = view.filter(|v| v["outcome"].is_null()) {
            for counter in view["counters"].as_array().into_iter().flatten() {
                if counter["hidden"] == true {
                    let keys: Vec<&String> = counter.as_object().unwrap().keys().collect();
                    assert_eq!(
                        keys,
                        ["hidden", "post", "side"],
                        "{who} got a hidden counter with more: {counter}"
                    );
                }
            }
            let union_order = &view["orders"]["union"];
            assert!(
                union_order.get("note").is_none(),
                "{who} saw the Union order in a view: {union_order}"
            );
        }
    }
}

#[tokio::test]
async fn two_players_finish_a_game_one_over_http_one_over_websocket_while_a_spectator_watches() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let created = outpost(&union, &confederate, Visibility::Public).await;
    let game_id = created.game_id.clone();

    let mut spectator = live(&server.client()).await;
    spectator
        .send(&ClientMessage::Subscribe {
            game_id: game_id.clone(),
            after_seq: None,
            spectate_code: None,
            updates: UpdateMode::Patch,
            id: None,
        })
        .await
        .unwrap();
    let watcher = tokio::spawn(async move {
        let mut frames = Vec::new();
        let mut view = Value::Null;
        loop {
            let frame = spectator
                .next_within(WAIT)
                .await
                .expect("spectator frame")
                .unwrap();
            match &frame {
                ServerMessage::Subscribed {
                    view: v, viewer, ..
                } => {
                    assert_eq!(viewer, "spectator");
                    view = v.clone();
                }
                ServerMessage::Update {
                    patch: Some(ops),
                    status,
                    ..
                } => {
                    adjutant_protocol::patch::apply(&mut view, ops).expect("patch applies");
                    frames.push(ServerMessage::Subscribed {
                        game_id: String::new(),
                        seq: 0,
                        status: *status,
                        viewer: "spectator".into(),
                        view: view.clone(),
                        presence: Default::default(),
                        id: None,
                    });
                    if *status == GameStatus::Finished {
                        frames.push(frame);
                        return (frames, view);
                    }
                }
                _ => {}
            }
            frames.push(frame);
        }
    });

    let ws = live(&confederate).await;
    let (moved, seen) = watch::channel(0);
    let (http_acted, (ws_acted, confederate_frames)) = tokio::join!(
        http_player(union.clone(), game_id.clone(), seen),
        ws_player(ws, game_id.clone(), moved)
    );
    assert!(
        http_acted > 3 && ws_acted > 3,
        "both sides played: {http_acted} {ws_acted}"
    );

    let (spectator_frames, spectator_view) = watcher.await.unwrap();
    assert_union_secrets_kept(&confederate_frames, "the Confederate player");
    assert_union_secrets_kept(&spectator_frames, "the spectator");

    // Over: everyone sees everything, and the patched view equals the served one.
    let final_state = server.client().state(&game_id, None).await.unwrap();
    assert_eq!(final_state.status, GameStatus::Finished);
    assert_eq!(final_state.viewer, "omniscient");
    assert_eq!(final_state.view, spectator_view);
    assert!(final_state.view["outcome"]["summary"].is_string());
    assert_eq!(final_state.seq, http_acted + ws_acted);
    let mine = union
        .list(adjutant_protocol::GameFilter::Mine)
        .await
        .unwrap();
    let outcome: adjutant_protocol::Outcome =
        serde_json::from_value(final_state.view["outcome"].clone()).unwrap();
    assert_eq!(mine.games[0].outcome, Some(outcome));
}

#[tokio::test]
async fn an_outsider_cannot_act_join_or_resign_and_a_private_game_needs_its_spectate_code() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let outsider = server.account("outsider").await;
    let created = outpost(&union, &confederate, Visibility::Private).await;
    let id = &created.game_id;
    let union_view = union.state(id, None).await.unwrap();
    let action = offered(&union_view.view, "end_movement");

    let refused = outsider.act(id, union_view.seq, &action).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Forbidden));
    assert_eq!(
        outsider.resign(id).await.unwrap_err().code(),
        Some(ErrorCode::Forbidden)
    );
    assert_eq!(
        server
            .client()
            .act(id, 0, &action)
            .await
            .unwrap_err()
            .code(),
        Some(ErrorCode::Unauthorized)
    );
    assert_eq!(
        outsider.state(id, None).await.unwrap_err().code(),
        Some(ErrorCode::Forbidden)
    );
    assert_eq!(
        outsider.events(id, 0, None).await.unwrap_err().code(),
        Some(ErrorCode::Forbidden)
    );
    let watched = outsider
        .state(id, Some(&created.spectate_code))
        .await
        .unwrap();
    assert_eq!(watched.viewer, "spectator");
    assert!(watched.view["actions"].as_array().unwrap().is_empty());
    assert!(watched.view["prompt"].is_null());

    // Nothing the outsider tried changed the game.
    assert_eq!(union.state(id, None).await.unwrap().seq, 0);

    let mut ws = live(&outsider).await;
    ws.send(&ClientMessage::Subscribe {
        game_id: id.clone(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: Some("s".into()),
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::Forbidden,
            id,
            ..
        })) => assert_eq!(id.as_deref(), Some("s")),
        other => panic!("expected forbidden, got {other:?}"),
    }
    ws.send(&ClientMessage::Act {
        game_id: id.clone(),
        seq: 0,
        action,
        id: None,
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::Forbidden,
            ..
        })) => {}
        other => panic!("expected forbidden, got {other:?}"),
    }
}

#[tokio::test]
async fn resigning_ends_the_game_and_publishes_the_seed() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let created = outpost(&union, &confederate, Visibility::Public).await;
    let before = union.record(&created.game_id, None).await.unwrap();
    assert!(before.seed.is_none());
    let accepted = confederate.resign(&created.game_id).await.unwrap();
    assert_eq!(accepted.view["outcome"]["winner"], "union");
    assert_eq!(accepted.view["outcome"]["reason"], "resigned");
    let record = server
        .client()
        .record(&created.game_id, None)
        .await
        .unwrap();
    let seed =
        adjutant_engine::Seed::from_hex(record.seed.as_deref().expect("seed published")).unwrap();
    assert_eq!(seed.commitment(), created.seed_commitment);
    let again = union.resign(&created.game_id).await.unwrap_err();
    assert_eq!(again.code(), Some(ErrorCode::Conflict));
}
