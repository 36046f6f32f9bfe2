//! The server on PostgreSQL (`--db postgres://…`): two players act over WebSocket, the
//! server process is killed with SIGKILL, and a new one on the same database has every
//! acknowledged action and plays on to the end.
//!
//! The database is a fresh one in the server `ADJUTANT_TEST_POSTGRES` names (`./test.sh`
//! starts one); unset, the test fails and says how to run it; `skip` leaves it out.

use adjutant_cli::{Client, bot};
use adjutant_protocol::{ClientMessage, ErrorCode, GameStatus, ServerMessage, Visibility};
use rand::SeedableRng;
use rand::rngs::StdRng;
use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, ConnectOptions};
use std::path::Path;
use std::str::FromStr;

use crate::common::*;

const VAR: &str = "ADJUTANT_TEST_POSTGRES";

/// The URL of a fresh database for the test `name`, or `None` when PostgreSQL is skipped.
pub(crate) async fn fresh_database(name: &str) -> Option<String> {
    let url = match std::env::var(VAR) {
        Ok(url) if url == "skip" => {
            eprintln!("SKIPPED on PostgreSQL ({VAR}=skip): {name}");
            return None;
        }
        Ok(url) => url,
        Err(_) => panic!(
            "{name} runs on PostgreSQL: run ./test.sh (it starts one), or set {VAR} to \
             postgres://user@host:port/db of a server where the tests may create databases, \
             or to `skip`"
        ),
    };
    let db = format!("adj_e2e_{}_{name}", std::process::id());
    let admin = PgConnectOptions::from_str(&url).expect("a PostgreSQL URL");
    let mut conn = admin.connect().await.expect("the test PostgreSQL answers");
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS {db}")))
        .execute(&mut conn)
        .await
        .expect("drop an old test database");
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .execute(&mut conn)
        .await
        .expect("create the test database");
    let (base, _query) = url.split_once('?').unwrap_or((&url, ""));
    let server = &base[..base.rfind('/').expect("a database in the URL")];
    Some(format!("{server}/{db}"))
}

/// One action of whoever may act, sent over that player's WebSocket: its sequence number
/// once acknowledged, or `None` when the game is over.
pub(crate) async fn act_over_websocket(
    players: &mut [(Client, adjutant_cli::Live); 2],
    game: &str,
    rng: &mut StdRng,
) -> Option<u64> {
    loop {
        let mut over = true;
        for (client, live) in players.iter_mut() {
            let state = client.state(game, None).await.expect("view");
            if state.status == GameStatus::Finished {
                return None;
            }
            over = false;
            let Some(action) = bot::choose(state.view["actions"].as_array()?, rng) else {
                continue;
            };
            live.send(&ClientMessage::Act {
                game_id: game.to_string(),
                seq: state.seq,
                action,
                id: Some(format!("a{}", state.seq)),
            })
            .await
            .expect("sent");
            let (answer, _) = live
                .until(WAIT, |frame| match frame {
                    ServerMessage::Acted { seq, .. } => Some(Ok(*seq)),
                    ServerMessage::Error { code, message, .. } => {
                        Some(Err((*code, message.clone())))
                    }
                    _ => None,
                })
                .await
                .expect("an answer");
            match answer {
                Ok(seq) => return Some(seq),
                // Both seats may act at once: the other was first.
                Err((ErrorCode::StaleSeq | ErrorCode::NotYourTurn, _)) => {}
                Err((code, message)) => panic!("refused: {message} ({code})"),
            }
        }
        assert!(!over);
    }
}

#[tokio::test]
async fn a_game_over_websocket_on_postgres_survives_kill_9_and_plays_on() {
    let Some(url) = fresh_database("kill_9").await else {
        return;
    };
    let server = ServerProcess::start(Path::new(&url));
    let union = account(&server.client(), "union").await;
    let confederate = account(&server.client(), "confederate").await;
    let game = outpost(&union, &confederate, Visibility::Public)
        .await
        .game_id;
    let tokens = [union.token(), confederate.token()].map(|t| t.unwrap().to_string());
    let mut players = [
        (union.clone(), live(&union).await),
        (confederate.clone(), live(&confederate).await),
    ];
    let mut rng = StdRng::seed_from_u64(18);
    let mut acknowledged = Vec::new();
    while acknowledged.len() < 8 {
        let seq = act_over_websocket(&mut players, &game, &mut rng)
            .await
            .expect("the game lasts more than 8 actions");
        acknowledged.push(seq);
    }
    let last_seen = union.state(&game, None).await.unwrap();
    drop(players);
    server.kill_9();

    let server = ServerProcess::start(Path::new(&url));
    let [union, confederate] = tokens.map(|t| server.client().with_token(Some(t)));
    let restored = union.state(&game, None).await.unwrap();
    assert_eq!(restored.seq, *acknowledged.last().unwrap());
    assert_eq!(
        restored.view, last_seen.view,
        "the same game after the restart"
    );
    let events = union.events(&game, 0, None).await.unwrap();
    let seqs: Vec<u64> = events.entries.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, acknowledged, "every acknowledged action, in order");

    let mut players = [
        (union.clone(), live(&union).await),
        (confederate.clone(), live(&confederate).await),
    ];
    let mut more = 0;
    while act_over_websocket(&mut players, &game, &mut rng)
        .await
        .is_some()
    {
        more += 1;
    }
    assert!(more > 0, "play went on after the restart");
    let finished = union.state(&game, None).await.unwrap();
    assert_eq!(finished.status, GameStatus::Finished);
    assert_eq!(finished.seq, restored.seq + more);
}
