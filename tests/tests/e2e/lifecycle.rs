//! Idle games leave memory and come back from the store (latest snapshot + later actions).

use adjutant_protocol::{CreateGame, GameStatus, JoinGame, SideChoice, Visibility};
use adjutant_server::store::SqliteStore;
use adjutant_server::{Config, ManualClock, Service};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;

use crate::common::TempDir;

#[tokio::test]
async fn idle_games_leave_memory_and_come_back_from_snapshots_and_actions() {
    let dir = TempDir::new();
    let mut config = Config::with_db(dir.path().join("adjutant.db"));
    // Leave memory after a minute without requests (on a manual clock); snapshot every
    // third action.
    config.idle_secs = 60;
    config.snapshot_every = 3;
    let store = std::sync::Arc::new(
        SqliteStore::open(&config.db, config.max_batch)
            .await
            .unwrap(),
    );
    let clock = ManualClock::new(1_800_000_000);
    let service = Service::with_clock(store, adjutant_tests::registry(), config, clock.clone());

    let account = |name: &str| {
        let service = service.clone();
        let name = name.to_string();
        async move {
            let created = service.create_account(&name).await.unwrap();
            service.authenticate(&created.token).await.unwrap()
        }
    };
    let union = account("union").await;
    let confederate = account("confederate").await;
    let created = service
        .create_game(
            &union,
            CreateGame {
                game: "outpost".into(),
                scenario: "skirmish".into(),
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
        .unwrap();
    let game = created.game_id;
    service
        .join_game(&confederate, &game, JoinGame::default())
        .await
        .unwrap();

    let mut rng = StdRng::seed_from_u64(3);
    let mut played = 0;
    loop {
        let mut acted = false;
        for who in [&union, &confederate] {
            let state = service.game_state(Some(who), &game, None).await.unwrap();
            if state.status == GameStatus::Finished {
                assert!(played > 6, "the game ran across several snapshots");
                return;
            }
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if let Some(action) = adjutant_cli::bot::choose(&actions, &mut rng) {
                let accepted = service
                    .act(Some(who), &game, state.seq, action)
                    .await
                    .unwrap();
                assert_eq!(accepted.seq, state.seq + 1);
                played += 1;
                acted = true;
            }
        }
        assert!(acted, "someone can always act until the end");
        // Within the minute the game stays in memory; a minute without requests, and it
        // leaves.
        clock.advance(59);
        assert_eq!(service.live_games(), 1, "the game left memory early");
        clock.advance(2);
        service.unloaded(&game).await;
        assert_eq!(service.live_games(), 0, "an idle game stays in memory");
    }
}
