//! Two servers on one PostgreSQL database, in one process: two services, each on a store of
//! its own. A server whose lease was taken cannot write (its write is refused, it reloads and
//! plays the player's choice again), and a subscriber of the other server is told every
//! action, in order, with the view it would have had on one server.

use std::time::Duration;

use sqlx::ConnectOptions;

use super::*;
use crate::store::{PostgresStore, test_postgres};

/// The service, over a new store on the database of `options`.
async fn node(options: &sqlx::postgres::PgConnectOptions) -> (Service, PostgresStore) {
    let store = PostgresStore::open_with(options.clone(), 8).await.unwrap();
    let mut config = Config::with_db("unused-by-postgres.db");
    config.sweep_secs = 0;
    let clock = ManualClock::new(1_800_000_000);
    let shared: SharedStore = Arc::new(store.clone());
    let service = Service::with_clock(shared, adjutant_games::test_registry(), config, clock);
    (service, store)
}

/// Whoever must act now, and the first action offered to them (not an undo).
async fn mover(service: &Service, game: &str, players: &[Account; 2]) -> (Account, Value, u64) {
    for who in players {
        let state = service.game_state(Some(who), game, None).await.unwrap();
        let actions = state.view["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if let Some(action) = actions.into_iter().find(|a| a["type"] != "undo") {
            return (who.clone(), action, state.seq);
        }
    }
    panic!("nobody may act");
}

#[tokio::test]
async fn a_server_that_lost_the_lease_cannot_write_and_the_other_server_tells_its_subscribers() {
    let Some(options) = test_postgres::fresh_options("actor_nodes").await else {
        return;
    };
    let (a, a_store) = node(&options).await;
    let (b, _b_store) = node(&options).await;
    let union = account(&a, "union").await;
    let confederate = account(&b, "confederate").await;
    let info = adjutant_games::unit_test_game().info().clone();
    let game = a
        .create_game(
            &union,
            CreateGame {
                game: info.id.clone(),
                scenario: info.scenarios[0].id.clone(),
                options: json!({}),
                side: SideChoice::Union,
                visibility: Visibility::Public,
                secret_choices: json!({}),
                clock: None,
                opponent: None,
                level: None,
            },
        )
        .await
        .unwrap()
        .game_id;
    // The creator watches on A; the second player joins on B: A tells its subscriber the
    // game started, with the creator's view.
    let (creator_tx, mut creator_frames) = mpsc::channel(64);
    let creator_sink = Sink {
        conn: 2,
        tx: creator_tx,
        kick: Arc::new(Notify::new()),
    };
    a.subscribe(&game, || NewSubscriber {
        sink: creator_sink.clone(),
        account: Some(union.clone()),
        spectate_code: None,
        after_seq: None,
        mode: UpdateMode::View,
        request_id: None,
    })
    .await
    .unwrap();
    b.join_game(&confederate, &game, JoinGame::default())
        .await
        .unwrap();
    let started = loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), creator_frames.recv())
            .await
            .expect("server A tells the creator")
            .expect("open");
        let Outgoing::Frame(frame) = frame else {
            panic!("closed")
        };
        let v: Value = serde_json::from_str(frame.text()).unwrap();
        if v["type"] == "started" {
            break v;
        }
    };
    let on_a = a.game_state(Some(&union), &game, None).await.unwrap();
    assert_eq!(
        started["view"], on_a.view,
        "the creator's view of the started game"
    );
    // A spectator on server B.
    let (tx, mut frames) = mpsc::channel(64);
    let sink = Sink {
        conn: 1,
        tx,
        kick: Arc::new(Notify::new()),
    };
    b.subscribe(&game, || NewSubscriber {
        sink: sink.clone(),
        account: None,
        spectate_code: None,
        after_seq: None,
        mode: UpdateMode::Patch,
        request_id: None,
    })
    .await
    .unwrap();
    let mut watched = match frames.recv().await {
        Some(Outgoing::Frame(f)) => {
            let v: Value = serde_json::from_str(f.text()).unwrap();
            assert_eq!(v["type"], "subscribed");
            v["view"].clone()
        }
        other => panic!("{other:?}"),
    };

    // Every action is played through server A.
    let players = [union.clone(), confederate.clone()];
    let (who, action, seq) = mover(&a, &game, &players).await;
    a.act(Some(&who), &game, seq, action).await.unwrap();
    // Another server takes the lease (as it would to write) without A hearing of it.
    let (taken, _) = a_store.take_lease(&game, "intruder").await.unwrap();
    let (who, action, seq) = mover(&a, &game, &players).await;
    // A's write under its old lease is refused; A reloads, takes the lease and plays the
    // same choice again: the player sees it accepted.
    let accepted = a.act(Some(&who), &game, seq, action).await.unwrap();
    assert_eq!(accepted.seq, seq + 1);
    let mut conn = options.connect().await.unwrap();
    let (epoch, stored): (i64, i64) =
        sqlx::query_as("SELECT lease_epoch, seq FROM games WHERE id = $1")
            .bind(&game)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!((epoch, stored), (taken + 1, seq as i64 + 1));
    let actions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE game_id = $1")
        .bind(&game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(actions, stored, "one row per accepted action, none twice");

    // B's spectator was told both actions, in order, and its patches rebuild B's own view.
    let mut seqs = Vec::new();
    while seqs.len() < 2 {
        let frame = tokio::time::timeout(Duration::from_secs(10), frames.recv())
            .await
            .expect("server B tells its spectator")
            .expect("open");
        let Outgoing::Frame(frame) = frame else {
            panic!("closed")
        };
        let v: Value = serde_json::from_str(frame.text()).unwrap();
        if v["type"] == "update" {
            seqs.push(v["seq"].as_u64().unwrap());
            let ops: Vec<adjutant_protocol::patch::PatchOp> =
                serde_json::from_value(v["patch"].clone()).unwrap();
            adjutant_protocol::patch::apply(&mut watched, &ops).unwrap();
        }
    }
    assert_eq!(seqs, [seq, seq + 1]);
    let on_b = b.game_state(None, &game, None).await.unwrap();
    assert_eq!(on_b.seq, seq + 1);
    assert_eq!(watched, on_b.view);
}
