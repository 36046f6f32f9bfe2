//! What the whole-game tests share: a spectator watching a game to its end over WebSocket,
//! and bots playing the seats, each over its own connection.

use adjutant_cli::{Client, Live, bot};
use adjutant_protocol::{ClientMessage, GameState, GameStatus, ServerMessage, UpdateMode};
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

use crate::common::{ServerProcess, live};

/// Watches a game as a spectator (no account) until the connection ends or the game is over;
/// returns every view it held. Returns once the server has answered the subscription, so
/// whatever the caller does next is seen by the spectator (no race with a quick resignation).
pub async fn spectate(base: String, game_id: String) -> JoinHandle<(Vec<Value>, GameStatus)> {
    let client = Client::new(&base, None);
    let mut live = live(&client).await;
    live.send(&ClientMessage::Subscribe {
        game_id,
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::Patch,
        id: None,
    })
    .await
    .expect("subscribes");
    let (mut view, mut status) = loop {
        match live.next_within(Duration::from_secs(60)).await {
            Some(Ok(ServerMessage::Subscribed {
                view,
                viewer,
                status,
                ..
            })) => {
                assert_eq!(viewer, "spectator");
                break (view, status);
            }
            Some(Ok(_)) => continue,
            other => panic!("no answer to the subscription: {other:?}"),
        }
    };
    tokio::spawn(async move {
        let mut views = vec![view.clone()];
        while status != GameStatus::Finished {
            let Some(Ok(frame)) = live.next_within(Duration::from_secs(60)).await else {
                break;
            };
            let ServerMessage::Update {
                view: v,
                patch,
                status: s,
                ..
            } = frame
            else {
                continue;
            };
            if let Some(v) = v {
                view = v;
            } else if let Some(ops) = patch {
                adjutant_protocol::patch::apply(&mut view, &ops).expect("a patch applies");
            }
            status = s;
            views.push(view.clone());
        }
        (views, status)
    })
}

/// A bot playing one seat over its own WebSocket, for at most `limit`.
pub fn seat(
    client: Client,
    game_id: String,
    seed: u64,
    limit: Duration,
) -> JoinHandle<Result<bot::BotStats, String>> {
    tokio::spawn(async move {
        let mut live: Live = live(&client).await;
        let deadline = Instant::now() + limit;
        bot::play(&mut live, &game_id, seed, Some(deadline))
            .await
            .map_err(|e| e.to_string())
    })
}

/// The first half of a kill test: two bots (seeded `seeds`, each for at most `limit`) and a
/// spectator play `game` until it has `kill_at` actions, then the server dies by SIGKILL in the
/// middle of the game. Returns the state last read before the kill and every view the
/// spectator held.
pub async fn play_then_kill(
    server: ServerProcess,
    players: [&Client; 2],
    game: &str,
    seeds: [u64; 2],
    limit: Duration,
    kill_at: u64,
) -> (GameState, Vec<Value>) {
    let watcher = spectate(server.base.clone(), game.to_string()).await;
    let bots = [0, 1].map(|i| seat(players[i].clone(), game.to_string(), seeds[i], limit));
    let started = Instant::now();
    let before = loop {
        let state = server.client().state(game, None).await.unwrap();
        if state.seq >= kill_at || state.status == GameStatus::Finished {
            break state;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the bots do not play"
        );
        // Polls a real server process (its clock is its own).
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(before.status, GameStatus::Active, "killed in the middle");
    server.kill_9();
    for handle in bots {
        // Their connections are gone; what they report does not matter.
        let _ = tokio::time::timeout(Duration::from_secs(30), handle).await;
    }
    let (views, _) = tokio::time::timeout(Duration::from_secs(30), watcher)
        .await
        .expect("the spectator's connection ends")
        .unwrap();
    assert!(!views.is_empty());
    (before, views)
}
