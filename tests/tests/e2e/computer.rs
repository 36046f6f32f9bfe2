//! Playing against the computer through the server: a person plays Champion Hill against the
//! computer over WebSocket to the end while a spectator watches, and the record verifies; bad
//! `opponent` and `level` values are typed errors. The computer's decisions cancelled when the
//! position changes or the server stops: `computer_cancel.rs`.

use adjutant_cli::ClientError;
use adjutant_protocol::{
    ClientMessage, ComputerSeat, CreateGame, ErrorCode, GameFilter, GameStatus, ServerMessage,
    Side, SideChoice, Visibility,
};
use serde_json::json;
use std::time::{Duration, Instant};

use crate::common::*;
use crate::whole_game::{seat, spectate};

pub const MF: &str = "mississippi-fortress";

/// A game against the computer, the creator in `side`.
pub fn against_computer(game: &str, scenario: &str, side: SideChoice, level: &str) -> CreateGame {
    CreateGame {
        game: game.into(),
        scenario: scenario.into(),
        options: json!({}),
        side,
        visibility: Visibility::Public,
        opponent: Some("computer".into()),
        level: Some(level.into()),
        ..Default::default()
    }
}
#[tokio::test]
async fn a_person_plays_champion_hill_against_the_computer_over_websocket_to_the_end() {
    let started = Instant::now();
    let server = TestServer::start().await;
    let grant = server.account("grant").await;
    let catalog = server.client().catalog().await.unwrap();
    let mf = catalog
        .computer_opponents
        .iter()
        .find(|o| o.game == MF)
        .expect("the catalog offers the computer for Mississippi Fortress");
    assert_eq!(mf.levels, ["easy", "normal", "hard"]);
    assert_eq!(catalog.computer_opponents.len(), 1, "only MF has one");

    let created = grant
        .create_game(&against_computer(
            MF,
            "champion-hill",
            SideChoice::Union,
            "normal",
        ))
        .await
        .expect("created");
    let computer = ComputerSeat {
        side: Side::Confederate,
        level: "normal".into(),
    };
    assert_eq!(created.seat, Side::Union);
    assert_eq!(created.computer.as_ref(), Some(&computer));
    assert!(created.invite_code.is_empty(), "no seat to fill");
    let game = created.game_id.clone();
    // Started at once: no one joins.
    let state = grant.state(&game, None).await.unwrap();
    assert_ne!(state.status, GameStatus::Open);
    assert_eq!(state.computer.as_ref(), Some(&computer));
    assert_eq!(
        state.players.confederate.as_deref(),
        Some("Computer (normal)")
    );
    assert_eq!(state.players.union.as_deref(), Some("grant"));
    let mine = grant.list(GameFilter::Mine).await.unwrap();
    let listed = mine.games.iter().find(|g| g.game_id == game).unwrap();
    assert_eq!(listed.computer.as_ref(), Some(&computer));
    // Nobody can take the computer's seat.
    let joiner = server.account("pemberton").await;
    let refused = joiner
        .join(&game, &Default::default())
        .await
        .expect_err("the computer's seat is not open");
    assert_eq!(refused.code(), Some(ErrorCode::Conflict));

    // The person (a bot picking among the offered actions) plays the Union over its own
    // WebSocket; the computer plays the Confederates (it places its dummies first); a
    // spectator watches.
    let watcher = spectate(server.base.clone(), game.clone()).await;
    let stats = seat(grant.clone(), game.clone(), 19, Duration::from_secs(240))
        .await
        .unwrap()
        .expect("the person plays to the end");
    assert!(stats.finished, "the game ended");
    let (views, status) = tokio::time::timeout(Duration::from_secs(60), watcher)
        .await
        .expect("the spectator sees the end")
        .unwrap();
    assert_eq!(status, GameStatus::Finished);
    assert!(views.len() > 10, "the spectator saw the game go on");

    // The record verifies: seed, every action (the computer's too), every roll, the result.
    let done = server.client().state(&game, None).await.unwrap();
    assert_eq!(done.status, GameStatus::Finished);
    let record = server.client().record(&game, None).await.unwrap();
    assert!(record.seed.is_some());
    assert_eq!(record.actions.len() as u64, done.seq);
    let by = |side: Side| record.actions.iter().filter(|a| a.side == side).count();
    assert!(by(Side::Confederate) > 0 && by(Side::Union) > 0);
    assert!(
        record.actions.iter().all(|a| !a.by_bot),
        "the computer's actions are its seat's own, not the time-out bot's"
    );
    let verified = adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
    assert_eq!(verified.actions, done.seq);
    let outcome = verified.outcome.expect("a result");
    assert_eq!(Some(outcome), record.outcome);
    eprintln!(
        "champion hill against the computer (normal): {} actions ({} by the computer) in {:.1} s",
        done.seq,
        by(Side::Confederate),
        started.elapsed().as_secs_f64()
    );

    // A rematch: the computer again, at the same level, sides swapped, started at once.
    let rematch = grant.rematch(&game, json!({})).await.expect("a rematch");
    assert_eq!(rematch.seat, Side::Confederate);
    assert_eq!(
        rematch.computer,
        Some(ComputerSeat {
            side: Side::Union,
            level: "normal".into(),
        })
    );
    let state = grant.state(&rematch.game_id, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(state.players.union.as_deref(), Some("Computer (normal)"));
}

#[tokio::test]
async fn bad_opponent_values_are_typed_errors_with_a_sentence() {
    let server = TestServer::start().await;
    let grant = server.account("grant").await;
    let bad = |request: CreateGame| {
        let grant = grant.clone();
        async move {
            match grant.create_game(&request).await {
                Err(ClientError::Api { error, status }) => {
                    assert_eq!(error.code, ErrorCode::BadRequest, "{}", error.message);
                    assert_eq!(status, 400);
                    error.message
                }
                other => panic!("expected a bad request, got {other:?}"),
            }
        }
    };
    let mut request = against_computer(MF, "champion-hill", SideChoice::Union, "normal");
    request.opponent = Some("robot".into());
    let message = bad(request.clone()).await;
    assert!(message.contains("\"person\" or \"computer\""), "{message}");
    request.opponent = Some("computer".into());
    request.level = Some("impossible".into());
    let message = bad(request.clone()).await;
    assert!(message.contains("easy, normal, hard"), "{message}");
    request.level = Some("easy".into());
    request.opponent = None;
    let message = bad(request.clone()).await;
    assert!(
        message.contains("level is for a game against the computer"),
        "{message}"
    );
    let outpost = against_computer("outpost", "skirmish", SideChoice::Union, "easy");
    let message = bad(outpost).await;
    assert!(
        message.contains("cannot be played against the computer")
            && message.contains("Mississippi Fortress"),
        "{message}"
    );
    let mut clocked = against_computer(MF, "champion-hill", SideChoice::Random, "easy");
    clocked.clock = Some(adjutant_protocol::ClockChoice {
        preset: Some("brisk".into()),
        ..Default::default()
    });
    let message = bad(clocked).await;
    assert!(message.contains("no clock"), "{message}");
    // Nothing was created.
    assert!(grant.list(GameFilter::Mine).await.unwrap().games.is_empty());
    // `level` without `opponent` keeps meaning a game between two people: refused, not
    // silently ignored; the same request with a person is fine.
    let mut person = against_computer(MF, "champion-hill", SideChoice::Union, "easy");
    person.opponent = Some("person".into());
    person.level = None;
    let created = grant.create_game(&person).await.unwrap();
    assert!(created.computer.is_none() && !created.invite_code.is_empty());

    // The WebSocket's create_game takes the same fields, with the same answers.
    let mut ws = live(&grant).await;
    ws.send_text(
        json!({"type": "create_game", "id": "1", "game": MF, "scenario": "champion-hill",
               "side": "union", "opponent": "computer", "level": "impossible"})
        .to_string(),
    )
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::BadRequest,
            message,
            ..
        })) => assert!(message.contains("no level \"impossible\""), "{message}"),
        other => panic!("expected bad_request, got {other:?}"),
    }
    ws.send(&ClientMessage::CreateGame {
        game: against_computer(MF, "champion-hill", SideChoice::Union, "hard"),
        id: Some("2".into()),
    })
    .await
    .unwrap();
    match ws.next_within(WAIT).await {
        Some(Ok(ServerMessage::GameCreated { created, .. })) => assert_eq!(
            created.computer,
            Some(ComputerSeat {
                side: Side::Confederate,
                level: "hard".into(),
            })
        ),
        other => panic!("expected game_created, got {other:?}"),
    }
}
