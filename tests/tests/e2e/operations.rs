//! Operations: a clean stop drains the games and closes WebSockets with 1001; an online
//! backup while the server plays; `verify` replays every game against the store; a full
//! disk refuses actions, loses nothing, and recovers when space returns.

use adjutant_cli::{Client, bot};
use adjutant_protocol::Visibility;
use adjutant_server::{Service, SystemClock};
use futures_util::StreamExt;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use crate::common::*;

/// Plays up to `n` actions of `game`, whoever must act; returns the acknowledged ones.
async fn play(clients: [&Client; 2], game: &str, n: usize, seed: u64) -> Vec<u64> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut acknowledged = Vec::new();
    'outer: while acknowledged.len() < n {
        let mut acted = false;
        for client in clients {
            let state = client.state(game, None).await.unwrap();
            if !state.view["outcome"].is_null() {
                break 'outer;
            }
            let actions = state.view["actions"].as_array().unwrap();
            let choices: Vec<_> = actions
                .iter()
                .filter(|a| a["type"] != "undo")
                .cloned()
                .collect();
            if let Some(action) = bot::choose(&choices, &mut rng) {
                acknowledged.push(client.act(game, state.seq, &action).await.unwrap().seq);
                acted = true;
            }
        }
        assert!(acted, "nobody could act in {game}");
    }
    acknowledged
}

/// A server process on `db` with an Outpost game between two new accounts.
async fn served_game(db: &Path) -> (ServerProcess, Client, Client, String) {
    let server = ServerProcess::start(db);
    let union = account(&server.client(), "union").await;
    let confederate = account(&server.client(), "confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    (server, union, confederate, game)
}

/// The test server binary run with `args` on the database `db`: its exit and its words.
fn task(db: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_adjutant-test-server"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the server binary runs");
    let words = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), words)
}

#[tokio::test]
async fn a_clean_stop_drains_the_games_closes_websockets_with_1001_and_folds_the_wal_in() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let path = db.clone();
    let server = TestServer::start_with(move |c| c.db = path).await;
    let (union, confederate) = (
        server.account("ulysses").await,
        server.account("robert").await,
    );
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let played = play([&union, &confederate], &game, 6, 1).await;
    let (mut socket, _) = tokio_tungstenite::connect_async(union.ws_url())
        .await
        .unwrap();
    let welcome = socket.next().await;
    assert!(matches!(welcome, Some(Ok(Message::Text(_)))), "{welcome:?}");

    server.stop().await;
    let close = loop {
        match tokio::time::timeout(WAIT, socket.next())
            .await
            .expect("the socket is told")
        {
            Some(Ok(Message::Close(close))) => break close.expect("a close code"),
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    };
    assert_eq!(close.code, CloseCode::Away, "{close:?}");
    assert!(close.reason.contains("restarting"), "{close:?}");
    let wal = std::fs::metadata(dir.path().join("adjutant.db-wal")).map_or(0, |m| m.len());
    assert_eq!(wal, 0, "the WAL was checkpointed and truncated");

    let mut config = adjutant_server::Config::with_db(db);
    config.sweep_secs = 0;
    let again = Service::open(config, adjutant_tests::registry(), Arc::new(SystemClock))
        .await
        .unwrap();
    let verified = again.verify().await.unwrap();
    assert!(verified.problems.is_empty(), "{:?}", verified.problems);
    assert_eq!(verified.actions, *played.last().unwrap());
    again.shutdown().await;
}

#[tokio::test]
async fn a_backup_taken_while_the_server_plays_holds_every_acknowledged_action() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let (server, union, confederate, game) = served_game(&db).await;
    let played = play([&union, &confederate], &game, 8, 2).await;

    let copy = dir.path().join("backup.db");
    let (ok, words) = task(&db, &["backup", copy.to_str().unwrap()]);
    assert!(ok, "{words}");
    assert!(
        words.contains("backed up") && words.contains("quick check"),
        "{words}"
    );
    let (ok, words) = task(&db, &["backup", copy.to_str().unwrap()]);
    assert!(
        !ok && words.contains("exists"),
        "a backup never overwrites: {words}"
    );
    // The server played on meanwhile; the copy holds what was acknowledged before it.
    play([&union, &confederate], &game, 2, 3).await;
    drop(server);

    let (ok, words) = task(&copy, &["verify"]);
    assert!(ok, "{words}");
    assert!(words.contains("all agree with the store"), "{words}");
    assert!(
        words.contains(&format!("{} actions", played.last().unwrap())),
        "{words}"
    );
    let restored = ServerProcess::start(&copy);
    let state = restored
        .client()
        .with_token(union.token().map(str::to_string));
    let state = state.state(&game, None).await.unwrap();
    assert_eq!(state.seq, *played.last().unwrap());
}

#[tokio::test]
async fn verify_names_a_game_whose_stored_events_were_altered() {
    let dir = TempDir::new();
    let db = dir.path().join("adjutant.db");
    let (server, union, confederate, game) = served_game(&db).await;
    play([&union, &confederate], &game, 4, 4).await;
    drop(server);
    let (ok, words) = task(&db, &["verify"]);
    assert!(ok, "{words}");
    tamper(&db, &game, 2).await;
    let (ok, words) = task(&db, &["verify"]);
    assert!(!ok, "{words}");
    assert!(
        words.contains(&game) && words.contains("action 2"),
        "{words}"
    );
}

/// Rewrites the stored events of action `seq` of `game`, as a damaged disk might.
async fn tamper(db: &Path, game: &str, seq: i64) {
    use sqlx::ConnectOptions;
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(db)
        .connect()
        .await
        .unwrap();
    let changed = sqlx::query(
        r#"UPDATE actions SET events = '[{"type":"tampered"}]' WHERE game_id = ? AND seq = ?"#,
    )
    .bind(game)
    .bind(seq)
    .execute(&mut conn)
    .await
    .unwrap();
    assert_eq!(changed.rows_affected(), 1);
}
