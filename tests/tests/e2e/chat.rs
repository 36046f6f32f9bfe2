//! Chat: the players' channel, the spectators' channel and each seat's private notes reach
//! exactly the connections that may read them; limits hold; a running game's export holds
//! nothing its exporter may not know.

use adjutant_cli::{Client, Live};
use adjutant_protocol::{
    ChatChannel, ClientMessage, ErrorCode, ServerMessage, UpdateMode, Visibility,
};

use crate::common::*;

/// Subscribes and waits for the reply.
async fn watching(client: &Client, game: &str) -> Live {
    let mut live = live(client).await;
    live.send(&ClientMessage::Subscribe {
        game_id: game.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .unwrap();
    live.until(WAIT, |f| {
        matches!(f, ServerMessage::Subscribed { .. }).then_some(())
    })
    .await
    .unwrap();
    live
}

/// The texts of every chat frame this connection received so far: everything queued before
/// the reply to a ping is there.
async fn chat_received(live: &mut Live) -> Vec<String> {
    live.send(&ClientMessage::Ping {
        id: Some("sync".into()),
    })
    .await
    .unwrap();
    let (_, frames) = live
        .until(WAIT, |f| {
            matches!(f, ServerMessage::Pong { .. }).then_some(())
        })
        .await
        .unwrap();
    frames
        .into_iter()
        .filter_map(|f| match f {
            ServerMessage::Chat { message, .. } => Some(message.text),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn each_channel_reaches_only_its_readers_and_spectators_never_see_players_or_notes() {
    let server = TestServer::start_with(|config| {
        config.chat_burst = 4.0;
        config.chat_rate = 0.0001;
        config.max_chat_chars = 200;
    })
    .await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let carol = server.account("carol").await;
    let anonymous = server.client();
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    let mut union_live = watching(&union, &game).await;
    let mut confederate_live = watching(&confederate, &game).await;
    let mut carol_live = watching(&carol, &game).await;
    let mut anonymous_live = watching(&anonymous, &game).await;

    let said = union
        .post_chat(
            &game,
            ChatChannel::Players,
            "Shall we say a move a day?",
            None,
        )
        .await
        .unwrap();
    assert_eq!(said.author, "grant");
    assert_eq!(said.side, Some(adjutant_protocol::Side::Union));
    union
        .post_chat(
            &game,
            ChatChannel::Notes,
            "my decoy is u1; feint left",
            None,
        )
        .await
        .unwrap();
    confederate
        .post_chat(&game, ChatChannel::Notes, "their left is weak", None)
        .await
        .unwrap();
    carol
        .post_chat(
            &game,
            ChatChannel::Spectators,
            "Grant will take the ford",
            None,
        )
        .await
        .unwrap();
    // Over the WebSocket too.
    confederate_live
        .send(&ClientMessage::Chat {
            game_id: game.clone(),
            channel: ChatChannel::Players,
            text: "Agreed.".into(),
            spectate_code: None,
            id: Some("c1".into()),
        })
        .await
        .unwrap();
    let (posted, before) = confederate_live
        .until(WAIT, |f| match f {
            ServerMessage::ChatPosted { message, id } => Some((message.text.clone(), id.clone())),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(posted, ("Agreed.".to_string(), Some("c1".to_string())));

    assert_eq!(
        chat_received(&mut union_live).await,
        [
            "Shall we say a move a day?",
            "my decoy is u1; feint left",
            "Agreed."
        ]
    );
    let mut seen: Vec<String> = before
        .into_iter()
        .filter_map(|f| match f {
            ServerMessage::Chat { message, .. } => Some(message.text),
            _ => None,
        })
        .collect();
    seen.extend(chat_received(&mut confederate_live).await);
    assert_eq!(
        seen,
        [
            "Shall we say a move a day?",
            "their left is weak",
            "Agreed."
        ]
    );
    for spectator in [&mut carol_live, &mut anonymous_live] {
        assert_eq!(chat_received(spectator).await, ["Grant will take the ford"]);
    }

    // The same over HTTP: each reads what it may, and is refused the rest.
    let read = |client: &Client, channel| {
        let (client, game) = (client.clone(), game.clone());
        async move { client.chat(&game, channel, 0, None).await }
    };
    let texts = |log: adjutant_protocol::ChatLog| -> Vec<String> {
        log.messages.into_iter().map(|m| m.text).collect()
    };
    assert_eq!(
        texts(read(&union, ChatChannel::Notes).await.unwrap()),
        ["my decoy is u1; feint left"]
    );
    assert_eq!(
        texts(read(&confederate, ChatChannel::Notes).await.unwrap()),
        ["their left is weak"]
    );
    assert_eq!(
        read(&confederate, ChatChannel::Players)
            .await
            .unwrap()
            .messages
            .len(),
        2
    );
    assert_eq!(
        texts(read(&anonymous, ChatChannel::Spectators).await.unwrap()),
        ["Grant will take the ford"]
    );
    for (client, channel, code) in [
        (&carol, ChatChannel::Players, ErrorCode::Forbidden),
        (&anonymous, ChatChannel::Players, ErrorCode::Forbidden),
        (&carol, ChatChannel::Notes, ErrorCode::Forbidden),
        (&union, ChatChannel::Spectators, ErrorCode::Forbidden),
    ] {
        assert_eq!(read(client, channel).await.unwrap_err().code(), Some(code));
    }
    let after = read(&union, ChatChannel::Players).await.unwrap().messages[0].id;
    let later = union
        .chat(&game, ChatChannel::Players, after, None)
        .await
        .unwrap();
    assert_eq!(texts(later), ["Agreed."]);

    // Who may post where, and the limits.
    let refused = [
        union
            .post_chat(&game, ChatChannel::Spectators, "psst", None)
            .await,
        carol
            .post_chat(&game, ChatChannel::Players, "hello", None)
            .await,
        carol
            .post_chat(&game, ChatChannel::Notes, "hello", None)
            .await,
        anonymous
            .post_chat(&game, ChatChannel::Spectators, "hello", None)
            .await,
        union
            .post_chat(&game, ChatChannel::Players, &"x".repeat(201), None)
            .await,
        union
            .post_chat(&game, ChatChannel::Players, "   ", None)
            .await,
    ];
    let codes: Vec<_> = refused
        .iter()
        .map(|r| r.as_ref().unwrap_err().code())
        .collect();
    assert_eq!(
        codes,
        [
            Some(ErrorCode::Forbidden),
            Some(ErrorCode::Forbidden),
            Some(ErrorCode::Forbidden),
            Some(ErrorCode::Unauthorized),
            Some(ErrorCode::TooLarge),
            Some(ErrorCode::BadRequest),
        ]
    );
    union
        .post_chat(&game, ChatChannel::Players, "third", None)
        .await
        .unwrap();
    union
        .post_chat(&game, ChatChannel::Players, "fourth", None)
        .await
        .unwrap();
    let flood = union
        .post_chat(&game, ChatChannel::Players, "fifth", None)
        .await
        .unwrap_err();
    assert_eq!(flood.code(), Some(ErrorCode::RateLimited));
    for spectator in [&mut carol_live, &mut anonymous_live] {
        assert!(chat_received(spectator).await.is_empty());
    }

    // A private game's spectators' chat needs its spectate code.
    let private = outpost(&union, &confederate, Visibility::Private).await;
    let blind = carol
        .post_chat(&private.game_id, ChatChannel::Spectators, "hi", None)
        .await
        .unwrap_err();
    assert_eq!(blind.code(), Some(ErrorCode::Forbidden));
    carol
        .post_chat(
            &private.game_id,
            ChatChannel::Spectators,
            "hi",
            Some(&private.spectate_code),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_running_games_export_holds_nothing_its_exporter_may_not_know() {
    let server = TestServer::start().await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;

    // The Confederate moves a counter and gives a secret order; the Union has not ordered.
    let state = union.state(&game, None).await.unwrap();
    union
        .act(&game, state.seq, &offered(&state.view, "end_movement"))
        .await
        .unwrap();
    let state = confederate.state(&game, None).await.unwrap();
    let moved = confederate
        .act(&game, state.seq, &offered(&state.view, "move"))
        .await
        .unwrap();
    confederate
        .act(&game, moved.seq, &offered(&moved.view, "end_movement"))
        .await
        .unwrap();
    let state = confederate.state(&game, None).await.unwrap();
    let mut order = offered(&state.view, "order");
    order["note"] = "the ford at dawn".into();
    confederate.act(&game, state.seq, &order).await.unwrap();

    for (exporter, code) in [(&union, None), (&server.client(), None)] {
        let record = exporter.record(&game, code).await.unwrap();
        let text = serde_json::to_string(&record).unwrap();
        for secret in [
            "the ford at dawn",
            "\"c1\"",
            "\"c2\"",
            "\"c3\"",
            "\"hold\"",
            "\"attack\"",
        ] {
            assert!(
                !text.contains(secret),
                "the export gives away {secret}: {text}"
            );
        }
        assert!(record.seed.is_none());
        assert!(record.secret_choices.confederate.is_none());
        assert!(record.actions.iter().all(|a| a.rolls.is_none()));
        assert!(
            record
                .actions
                .iter()
                .filter(|a| a.side == adjutant_protocol::Side::Confederate)
                .all(|a| a.action.is_none())
        );
    }
    // The Confederate's own export holds its own order.
    let own = serde_json::to_string(&confederate.record(&game, None).await.unwrap()).unwrap();
    assert!(own.contains("the ford at dawn"));
}

#[tokio::test]
async fn each_channel_numbers_its_messages_so_no_gap_tells_of_another_channel() {
    let server = TestServer::start().await;
    let union = server.account("grant").await;
    let confederate = server.account("pemberton").await;
    let carol = server.account("carol").await;
    let dan = server.account("dan").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let mut union_live = watching(&union, &game).await;
    let post = |client: &Client, channel: ChatChannel, text: &'static str| {
        let (client, game) = (client.clone(), game.clone());
        async move {
            client
                .post_chat(&game, channel, text, None)
                .await
                .unwrap()
                .id
        }
    };

    // The Confederate writes private notes, and spectators talk, between the players'
    // messages: the players' channel still counts 1, 2, 3.
    let mut players = vec![post(&union, ChatChannel::Players, "Good morning.").await];
    let mut notes = Vec::new();
    let mut spectators = Vec::new();
    for _ in 0..2 {
        notes.push(post(&confederate, ChatChannel::Notes, "He will feint left.").await);
        notes.push(post(&confederate, ChatChannel::Notes, "Hold the ford.").await);
        spectators.push(post(&carol, ChatChannel::Spectators, "Here we go.").await);
        spectators.push(post(&dan, ChatChannel::Spectators, "Indeed.").await);
        players.push(post(&confederate, ChatChannel::Players, "Morning.").await);
    }
    assert_eq!(players, [1, 2, 3]);
    assert_eq!(notes, [1, 2, 3, 4]);
    assert_eq!(spectators, [1, 2, 3, 4]);
    // Each seat's notes are numbered on their own.
    assert_eq!(post(&union, ChatChannel::Notes, "Watch the left.").await, 1);

    // What the players and the spectators read, over HTTP and the WebSocket, says the same.
    let log = union
        .chat(&game, ChatChannel::Players, 0, None)
        .await
        .unwrap();
    let ids: Vec<i64> = log.messages.iter().map(|m| m.id).collect();
    assert_eq!(ids, [1, 2, 3]);
    let seen = carol
        .chat(&game, ChatChannel::Spectators, 2, None)
        .await
        .unwrap();
    let ids: Vec<i64> = seen.messages.iter().map(|m| m.id).collect();
    assert_eq!(ids, [3, 4], "after= pages within the channel");
    let frames = chat_received(&mut union_live).await;
    assert_eq!(
        frames,
        ["Good morning.", "Morning.", "Morning.", "Watch the left."],
        "the Union hears the players' chat and its own notes"
    );
}
