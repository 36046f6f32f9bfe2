//! Draw offers through the server (issue 15): offered and answered over both doors, seen by a
//! spectator, told to the opponent by notice, refused when repeated after a decline, ending
//! the game drawn when accepted; the record replays and verifies.

use adjutant_cli::Client;
use adjutant_protocol::{
    ClientMessage, ErrorCode, GameStatus, ServerMessage, UpdateMode, Visibility,
};
use serde_json::{Value, json};

use crate::common::*;
use crate::notices::{kinds, settings};
use crate::sinks::WebhookReceiver;

/// The draw action of `kind` the seat of `client` is offered in `game`, and the seq.
async fn draw_offered(client: &Client, game: &str, kind: &str) -> (Value, u64) {
    let state = client.state(game, None).await.unwrap();
    let action = state.view["draw"]["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["type"] == kind))
        .cloned()
        .unwrap_or_else(|| panic!("no {kind} offered in {}", state.view["draw"]));
    (action, state.seq)
}

/// Plays game actions (the first offered, never undo) until `seat` has played one.
async fn until_played_by(seat: &Client, other: &Client, game: &str) {
    for _ in 0..20 {
        for (client, mine) in [(seat, true), (other, false)] {
            let state = client.state(game, None).await.unwrap();
            let Some(action) = state.view["actions"]
                .as_array()
                .and_then(|a| a.iter().find(|x| x["type"] != "undo"))
                .cloned()
            else {
                continue;
            };
            client.act(game, state.seq, &action).await.unwrap();
            if mine {
                return;
            }
        }
    }
    panic!("the seat was never asked to act");
}

#[tokio::test]
async fn a_draw_is_offered_declined_offered_again_after_a_move_and_accepted() {
    let hooks = WebhookReceiver::start().await;
    let server = TestServer::start_with(|c| c.allow_private_webhooks = true).await;
    let union = server.account("meade").await;
    let confederate = server.account("lee").await;
    settings(&union, Some(hooks.url("meade")), None, false).await;
    settings(&confederate, Some(hooks.url("lee")), None, false).await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    server.flush().await;
    hooks.take();
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

    // The Union offers over the WebSocket; the spectator sees the offer, the turn stays.
    let before = union.state(&game, None).await.unwrap().view["to_act"].clone();
    let (offer, seq) = draw_offered(&union, &game, "offer_draw").await;
    assert_eq!(offer["label"], "Offer a draw");
    let mut seat = live(&union).await;
    seat.send(&ClientMessage::Act {
        game_id: game.clone(),
        seq,
        action: offer,
        id: Some("d".into()),
    })
    .await
    .unwrap();
    seat.until(WAIT, |f| {
        matches!(f, ServerMessage::Acted { .. }).then_some(())
    })
    .await
    .expect("the offer is accepted as an action");
    let (view, _) = watcher
        .until(WAIT, |f| match f {
            ServerMessage::Update { events, view, .. }
                if events.iter().any(|e| e["type"] == "draw_offered") =>
            {
                assert_eq!(events[0], json!({"type": "draw_offered", "side": "union"}));
                view.clone()
            }
            _ => None,
        })
        .await
        .expect("the spectator hears of the offer");
    assert_eq!(view["draw"], json!({"offered_by": "union", "actions": []}));
    assert_eq!(view["to_act"], before, "an offer hands no turn over");

    // The Confederate is told, and declines over HTTP; the Union is told.
    server.flush().await;
    let lee = hooks.take();
    assert_eq!(
        kinds(&lee),
        ["draw_offered"],
        "only the opponent is told of the offer"
    );
    assert!(lee[0].path.ends_with("lee"), "{}", lee[0].path);
    assert!(
        lee[0].body["text"]
            .as_str()
            .unwrap()
            .contains("meade offers a draw")
    );
    let (decline, seq) = draw_offered(&confederate, &game, "decline_draw").await;
    confederate.act(&game, seq, &decline).await.unwrap();
    server.flush().await;
    assert_eq!(kinds(&hooks.take()), ["draw_declined"]);

    // Offering again before playing is refused and changes nothing.
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.view["draw"]["actions"], json!([]));
    let again = union
        .act(&game, state.seq, &json!({"type": "offer_draw"}))
        .await
        .expect_err("no offer repeated at once");
    assert_eq!(again.code(), Some(ErrorCode::IllegalAction));
    assert_eq!(union.state(&game, None).await.unwrap().seq, state.seq);

    // After a move of its own the Union may offer again; the Confederate accepts.
    until_played_by(&union, &confederate, &game).await;
    let (offer, seq) = draw_offered(&union, &game, "offer_draw").await;
    union.act(&game, seq, &offer).await.unwrap();
    // (Delivered before the answer: one still waiting when the offer is answered is dropped.)
    server.flush().await;
    let told = kinds(&hooks.take());
    assert!(told.contains(&"draw_offered".to_string()), "{told:?}");
    let (accept, seq) = draw_offered(&confederate, &game, "accept_draw").await;
    let done = confederate.act(&game, seq, &accept).await.unwrap();
    let outcome = &done.view["outcome"];
    assert_eq!(outcome["winner"], Value::Null);
    assert_eq!(outcome["reason"], "agreed");
    let state = server.client().state(&game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    let record = server.client().record(&game, None).await.unwrap();
    adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("the record verifies");
    server.flush().await;
    let told = kinds(&hooks.take());
    assert_eq!(
        told.iter().filter(|k| *k == "game_over").count(),
        2,
        "{told:?}"
    );
}
