//! The computer's seat over the memory store: a game against the computer is stored started,
//! its seat marked and named, and the actor plays the computer's choices by itself.

use adjutant_engine::{Opponent, Side, Turn};
use adjutant_protocol::{ComputerSeat, CreateGame, GameStatus, SideChoice, Visibility};
use std::time::Duration;

use super::*;

/// Plays the first offered move (never an undo).
struct FirstMove;

impl Opponent for FirstMove {
    fn levels(&self) -> &'static [&'static str] {
        &["easy", "hard"]
    }
    fn default_level(&self) -> &'static str {
        "easy"
    }
    fn decide(&self, turn: Turn<'_>) -> Option<usize> {
        turn.offered.iter().position(|a| a["type"] != "undo")
    }
}

#[tokio::test]
async fn a_game_against_the_computer_starts_at_once_and_the_computer_plays_its_seat() {
    let store: SharedStore = Arc::new(MemoryStore::new());
    let clock = ManualClock::new(1_800_000_000);
    let info = adjutant_games::unit_test_game().info().clone();
    let registry = adjutant_games::test_registry().with_opponent(&info.id, Arc::new(FirstMove));
    let mut config = Config::with_db("unused-by-the-memory-store.db");
    config.sweep_secs = 0;
    let service = Service::with_clock(store, registry, config, clock);
    let human = account(&service, "meade").await;
    let created = service
        .create_game(
            &human,
            CreateGame {
                game: info.id.clone(),
                scenario: info.scenarios[0].id.clone(),
                side: SideChoice::Union,
                visibility: Visibility::Private,
                opponent: Some("computer".into()),
                ..Default::default()
            },
        )
        .await
        .expect("created");
    let computer = ComputerSeat {
        side: Side::Confederate,
        level: "easy".into(),
    };
    assert_eq!(
        created.computer.as_ref(),
        Some(&computer),
        "the default level"
    );
    assert!(created.invite_code.is_empty());
    let game = created.game_id;
    let state = service.game_state(Some(&human), &game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(state.computer.as_ref(), Some(&computer));
    assert_eq!(
        state.players.confederate.as_deref(),
        Some("Computer (easy)")
    );
    assert_eq!(state.view["to_act"], json!(["union"]));

    // The person's subscription sees the computer's moves come by themselves.
    let (tx, mut rx) = mpsc::channel(64);
    let sink = Sink {
        conn: 1,
        tx,
        kick: Arc::new(Notify::new()),
    };
    service
        .subscribe(&game, || NewSubscriber {
            sink: sink.clone(),
            account: Some(human.clone()),
            spectate_code: None,
            after_seq: None,
            mode: UpdateMode::View,
            request_id: None,
        })
        .await
        .unwrap();
    let end = state.view["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["type"] == "end_movement"))
        .cloned()
        .unwrap();
    service.act(Some(&human), &game, 0, end).await.unwrap();
    loop {
        let out = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("the computer moves in time")
            .expect("the connection stays");
        let Outgoing::Frame(frame) = out else {
            panic!("the actor closed the connection")
        };
        let frame: Value = serde_json::from_str(frame.text()).unwrap();
        if frame["type"] == "update" && frame["side"] == "confederate" {
            assert!(frame["seq"].as_u64() > Some(1), "{frame}");
            break;
        }
    }
}
