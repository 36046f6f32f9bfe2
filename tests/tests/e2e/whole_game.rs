//! What the whole-game tests share: a spectator watching a game to its end over WebSocket,
//! and bots playing the seats, each over its own connection.

use adjutant_cli::{Client, Live, bot};
use adjutant_protocol::{ClientMessage, GameStatus, ServerMessage, UpdateMode};
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

use crate::common::live;

/// Watches a game as a spectator (no account) until the connection ends or the game is over;
/// returns every view it held.
pub fn spectate(base: String, game_id: String) -> JoinHandle<(Vec<Value>, GameStatus)> {
    tokio::spawn(async move {
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
        let mut views = Vec::new();
        let mut view = Value::Null;
        let mut status = GameStatus::Active;
        while let Some(Ok(frame)) = live.next_within(Duration::from_secs(60)).await {
            match frame {
                ServerMessage::Subscribed {
                    view: v,
                    viewer,
                    status: s,
                    ..
                } => {
                    assert_eq!(viewer, "spectator");
                    view = v;
                    status = s;
                }
                ServerMessage::Update {
                    view: v,
                    patch,
                    status: s,
                    ..
                } => {
                    if let Some(v) = v {
                        view = v;
                    } else if let Some(ops) = patch {
                        adjutant_protocol::patch::apply(&mut view, &ops).expect("a patch applies");
                    }
                    status = s;
                }
                _ => continue,
            }
            views.push(view.clone());
            if status == GameStatus::Finished {
                break;
            }
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
