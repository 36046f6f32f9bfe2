//! A client that reconnects with the last sequence number it saw gets exactly what it missed.

use adjutant_protocol::{ClientMessage, ServerMessage, UpdateMode, Visibility};
use std::time::Duration;

use crate::common::*;

#[tokio::test]
async fn reconnecting_with_the_last_seq_delivers_exactly_the_missed_updates() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    let mut ws = live(&confederate).await;
    let subscribe = |after_seq| ClientMessage::Subscribe {
        game_id: game.clone(),
        after_seq,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    };
    ws.send(&subscribe(None)).await.unwrap();
    ws.until(WAIT, |f| {
        matches!(f, ServerMessage::Subscribed { .. }).then_some(())
    })
    .await
    .unwrap();

    // One action seen live.
    let view = union.state(&game, None).await.unwrap();
    union
        .act(&game, 0, &offered(&view.view, "move"))
        .await
        .unwrap();
    let (seen, _) = ws
        .until(WAIT, |f| match f {
            ServerMessage::Update { seq, .. } => Some(*seq),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(seen, 1);
    ws.close().await;

    // Three actions while away.
    for seq in 1..4 {
        let view = union.state(&game, None).await.unwrap();
        let kind = if seq < 3 { "move" } else { "end_movement" };
        union
            .act(&game, seq, &offered(&view.view, kind))
            .await
            .unwrap();
    }

    let mut ws = live(&confederate).await;
    ws.send(&subscribe(Some(seen))).await.unwrap();
    let (current, _) = ws
        .until(WAIT, |f| match f {
            ServerMessage::Subscribed { seq, view, .. } => Some((*seq, view.clone())),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(current.0, 4);
    assert!(
        current.1["prompt"].is_string(),
        "it is the Confederate's move now"
    );
    let mut missed = Vec::new();
    while let Some(Ok(frame)) = ws.next_within(Duration::from_millis(300)).await {
        match frame {
            ServerMessage::Update {
                seq, events, view, ..
            } => {
                assert!(view.is_none(), "missed updates carry events only");
                assert!(!events.is_empty());
                missed.push(seq);
            }
            ServerMessage::Presence { .. } => {}
            other => panic!("unexpected frame {other:?}"),
        }
    }
    assert_eq!(missed, vec![2, 3, 4]);
}

#[tokio::test]
async fn presence_shows_who_is_connected() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let mut ws_u = live(&union).await;
    ws_u.send(&ClientMessage::Subscribe {
        game_id: game.clone(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .unwrap();
    let (presence, _) = ws_u
        .until(WAIT, |f| match f {
            ServerMessage::Subscribed { presence, .. } => Some(presence.clone()),
            _ => None,
        })
        .await
        .unwrap();
    assert!(presence.union && !presence.confederate);
    let mut watcher = live(&server.client()).await;
    watcher
        .send(&ClientMessage::Subscribe {
            game_id: game.clone(),
            after_seq: None,
            spectate_code: None,
            updates: UpdateMode::View,
            id: None,
        })
        .await
        .unwrap();
    let (presence, _) = ws_u
        .until(WAIT, |f| match f {
            ServerMessage::Presence { presence, .. } if presence.spectators == 1 => {
                Some(presence.clone())
            }
            _ => None,
        })
        .await
        .unwrap();
    assert!(presence.union && !presence.confederate);
    watcher.close().await;
    ws_u.until(WAIT, |f| match f {
        ServerMessage::Presence { presence, .. } if presence.spectators == 0 => Some(()),
        _ => None,
    })
    .await
    .unwrap();
}
