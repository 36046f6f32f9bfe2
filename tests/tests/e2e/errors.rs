//! Bad input gets a typed error and a sentence, never a panic and never a changed state.

use adjutant_protocol::{ClientMessage, ErrorCode, ServerMessage, UpdateMode, Visibility};
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn an_action_that_was_not_offered_is_illegal_and_changes_nothing() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let before = union.state(&game, None).await.unwrap();
    for action in [
        json!({"type": "move", "counter": "u1", "to": 3}),
        json!({"type": "move", "counter": "c1", "to": 3}),
        json!({"type": "teleport"}),
        json!("end_movement"),
        json!({"type": "undo"}),
    ] {
        let err = union.act(&game, 0, &action).await.unwrap_err();
        assert_eq!(
            err.code(),
            Some(ErrorCode::IllegalAction),
            "{action}: {err}"
        );
    }
    let after = union.state(&game, None).await.unwrap();
    assert_eq!(after.seq, 0);
    assert_eq!(after.view, before.view);
}

#[tokio::test]
async fn acting_out_of_turn_is_not_your_turn() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let err = confederate
        .act(&game, 0, &json!({"type": "end_movement"}))
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::NotYourTurn));
    assert!(!err.to_string().is_empty());
    assert_eq!(union.state(&game, None).await.unwrap().seq, 0);
}

#[tokio::test]
async fn an_action_chosen_from_an_old_view_is_stale() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let view = union.state(&game, None).await.unwrap();
    let step = offered(&view.view, "move");
    union.act(&game, 0, &step).await.unwrap();
    let again = offered(&view.view, "end_movement");
    let err = union.act(&game, 0, &again).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::StaleSeq));
    assert_eq!(union.state(&game, None).await.unwrap().seq, 1);
    union.act(&game, 1, &again).await.unwrap();
}

#[tokio::test]
async fn malformed_json_is_a_bad_request_and_the_connection_keeps_working() {
    let server = TestServer::start().await;
    let union = server.account("union").await;
    let err = union
        .post_raw("/api/games", b"{\"game\": ".to_vec())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::BadRequest));
    let err = union
        .post_raw("/api/games", b"{\"game\": 7}".to_vec())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::BadRequest));

    let mut ws = live(&union).await;
    for text in [
        "{not json",
        "[1,2]",
        "{\"type\": \"dance\", \"id\": \"x\"}",
        "{\"type\": \"act\", \"id\": 7}",
    ] {
        ws.send_text(text.into()).await.unwrap();
        match ws.next_within(WAIT).await {
            Some(Ok(ServerMessage::Error {
                code: ErrorCode::BadRequest,
                message,
                ..
            })) => assert!(!message.is_empty()),
            other => panic!("{text}: expected bad_request, got {other:?}"),
        }
    }
    ws.send(&ClientMessage::Ping {
        id: Some("still-here".into()),
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Pong { id })) => assert_eq!(id.as_deref(), Some("still-here")),
        other => panic!("expected pong, got {other:?}"),
    }
}

#[tokio::test]
async fn an_oversized_frame_or_body_is_too_large() {
    let server = TestServer::start_with(|c| c.max_frame_bytes = 1024).await;
    let union = server.account("union").await;
    let big = format!("{{\"name\": \"{}\"}}", "x".repeat(4000));
    let err = server
        .client()
        .post_raw("/api/accounts", big.into_bytes())
        .await
        .unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::TooLarge));

    let mut ws = live(&union).await;
    let frame = serde_json::to_string(&ClientMessage::Ping {
        id: Some("y".repeat(2000)),
    })
    .unwrap();
    ws.send_text(frame).await.unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::TooLarge,
            ..
        })) => {}
        other => panic!("expected too_large, got {other:?}"),
    }
    ws.send(&ClientMessage::Ping { id: None }).await.unwrap();
    assert!(matches!(
        ws.next_within(WAIT).await,
        Some(Ok(ServerMessage::Pong { .. }))
    ));
}

#[tokio::test]
async fn a_text_longer_than_the_limit_is_too_large_and_changes_nothing() {
    let server = TestServer::start_with(|c| c.max_text_chars = 50).await;
    let union = server.account("union").await;
    let confederate = server.account("confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let action = json!({"type": "order", "stance": "hold", "note": "z".repeat(51)});
    let err = union.act(&game, 0, &action).await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::TooLarge));
}

#[tokio::test]
async fn a_flood_is_rate_limited() {
    let (server, clock) = TestServer::on_manual_clock(1_700_000_000, |c| {
        c.ws_rate = 5.0;
        c.ws_burst = 5.0;
        c.http_rate = 5.0;
        c.http_burst = 5.0;
    })
    .await;
    let client = server.client();
    let mut refused = 0;
    for _ in 0..30 {
        if let Err(e) = client.catalog().await {
            assert_eq!(e.code(), Some(ErrorCode::RateLimited));
            refused += 1;
        }
    }
    // The clock stands still: a burst of 5, then nothing.
    assert_eq!(refused, 25, "30 requests against a burst of 5");
    // A second later the address's budget has refilled (the upgrade is an HTTP request too).
    clock.advance(1);

    let mut ws = live(&client).await;
    for i in 0..40 {
        ws.send(&ClientMessage::Ping {
            id: Some(i.to_string()),
        })
        .await
        .unwrap();
    }
    // 5 pongs, then 10 `rate_limited` replies (those have a budget of their own, so that a
    // flood does not double as a flood back); the other 25 messages are dropped unanswered.
    for i in 0..15 {
        match ws.next_within(WAIT).await {
            Some(Ok(ServerMessage::Pong { id })) if i < 5 => {
                assert_eq!(id, Some(i.to_string()));
            }
            Some(Ok(ServerMessage::Error {
                code: ErrorCode::RateLimited,
                id,
                ..
            })) if i >= 5 => assert_eq!(id, Some(i.to_string())),
            other => panic!("frame {i}: unexpected {other:?}"),
        }
    }
    // After a rest the connection serves again, and nothing else came in between.
    clock.advance(1);
    ws.send(&ClientMessage::Ping {
        id: Some("rested".into()),
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Pong { id })) => assert_eq!(id.as_deref(), Some("rested")),
        other => panic!("expected the rested pong, got {other:?}"),
    }
}

#[tokio::test]
async fn websocket_requests_need_an_account_where_http_ones_do() {
    let server = TestServer::start().await;
    let mut ws = live(&server.client()).await;
    ws.send(&ClientMessage::CreateGame {
        game: adjutant_protocol::CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({}),
            side: adjutant_protocol::SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: json!({}),
            clock: None,
            opponent: None,
            level: None,
        },
        id: Some("c".into()),
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::Unauthorized,
            id,
            ..
        })) => assert_eq!(id.as_deref(), Some("c")),
        other => panic!("expected unauthorized, got {other:?}"),
    }
    ws.send(&ClientMessage::Auth {
        token: "adj_nope".into(),
        id: None,
    })
    .await
    .unwrap();
    assert!(matches!(
        ws.next_within(WAIT).await,
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::Unauthorized,
            ..
        }))
    ));
    let alice = server.account("alice").await;
    ws.send(&ClientMessage::Auth {
        token: alice.token().unwrap().into(),
        id: None,
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Authenticated { account, .. })) => assert_eq!(account.name, "alice"),
        other => panic!("expected authenticated, got {other:?}"),
    }
    ws.send(&ClientMessage::Subscribe {
        game_id: "00000000-0000-4000-8000-000000000000".into(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .unwrap();
    assert!(matches!(
        ws.next_within(WAIT).await,
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::NotFound,
            ..
        }))
    ));
}
