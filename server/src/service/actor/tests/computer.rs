//! The computer's seat over the memory store: a game against the computer is stored started,
//! its seat marked and named, and the actor plays the computer's choices by itself.

use adjutant_engine::{GameInfo, Opponent, Side, Turn};
use adjutant_protocol::{
    ClockChoice, ComputerSeat, CreateGame, ErrorCode, GameCreated, GameStatus, JoinGame,
    SideChoice, TimeoutPolicy, Visibility,
};
use std::time::Duration;

use super::*;
use crate::service::ClockOp;

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

/// A service on a memory store and a manual clock whose unit-test game has `opponent` as
/// its computer opponent; with the game's info.
fn service_with(opponent: Arc<dyn Opponent>) -> (Service, Arc<ManualClock>, GameInfo) {
    let store: SharedStore = Arc::new(MemoryStore::new());
    let clock = ManualClock::new(1_800_000_000);
    let info = adjutant_games::unit_test_game().info().clone();
    let registry = adjutant_games::test_registry().with_opponent(&info.id, opponent);
    let mut config = Config::with_db("unused-by-the-memory-store.db");
    config.sweep_secs = 0;
    let service = Service::with_clock(store, registry, config, clock.clone());
    (service, clock, info)
}

/// `human` creates a private game of `info`'s first scenario as the Union against the
/// computer (its default level).
async fn against_the_computer(service: &Service, human: &Account, info: &GameInfo) -> GameCreated {
    service
        .create_game(
            human,
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
        .expect("created")
}

#[tokio::test]
async fn a_game_against_the_computer_starts_at_once_and_the_computer_plays_its_seat() {
    let (service, _, info) = service_with(Arc::new(FirstMove));
    let human = account(&service, "meade").await;
    let created = against_the_computer(&service, &human, &info).await;
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

/// The next update frame for `side`'s action on `rx` (a guard of ten seconds, no sleep).
async fn next_update_by(rx: &mut mpsc::Receiver<Outgoing>, side: &str) -> Value {
    loop {
        let out = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("the move comes in time")
            .expect("the connection stays");
        let Outgoing::Frame(frame) = out else {
            panic!("the actor closed the connection")
        };
        let frame: Value = serde_json::from_str(frame.text()).unwrap();
        if frame["type"] == "update" && frame["side"] == side {
            return frame;
        }
    }
}

/// Plays the first offered move, counting its decisions.
struct Counting(Arc<std::sync::atomic::AtomicUsize>);

impl Opponent for Counting {
    fn levels(&self) -> &'static [&'static str] {
        &["normal"]
    }
    fn default_level(&self) -> &'static str {
        "normal"
    }
    fn decide(&self, turn: Turn<'_>) -> Option<usize> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        FirstMove.decide(turn)
    }
}

#[tokio::test]
async fn a_timed_out_players_seat_is_handed_to_the_computer_until_taken_back() {
    let decisions = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let (service, clock, info) = service_with(Arc::new(Counting(decisions.clone())));
    let decided = || decisions.load(std::sync::atomic::Ordering::SeqCst);
    let union = account(&service, "grant").await;
    let confederate = account(&service, "pemberton").await;
    let game = service
        .create_game(
            &union,
            CreateGame {
                game: info.id.clone(),
                scenario: info.scenarios[0].id.clone(),
                side: SideChoice::Union,
                visibility: Visibility::Public,
                clock: Some(ClockChoice {
                    preset: Some("brisk".into()),
                    on_timeout: TimeoutPolicy::Bot,
                    ..ClockChoice::default()
                }),
                ..Default::default()
            },
        )
        .await
        .expect("created")
        .game_id;
    service
        .join_game(&confederate, &game, JoinGame::default())
        .await
        .expect("joined");
    let (tx, mut rx) = mpsc::channel(256);
    let sink = Sink {
        conn: 1,
        tx,
        kick: Arc::new(Notify::new()),
    };
    service
        .subscribe(&game, || NewSubscriber {
            sink: sink.clone(),
            account: Some(confederate.clone()),
            spectate_code: None,
            after_seq: None,
            mode: UpdateMode::View,
            request_id: None,
        })
        .await
        .unwrap();

    // The Union's player has left: his bank runs out, the bot takes his seat and the
    // computer opponent plays it (its actions the bot's).
    clock.advance(2 * 86_400);
    let state = service.game_state(Some(&union), &game, None).await.unwrap();
    let late = service
        .act(
            Some(&union),
            &game,
            state.seq,
            state.view["actions"][0].clone(),
        )
        .await
        .unwrap_err();
    assert_eq!(late.code, ErrorCode::Conflict);
    let played = next_update_by(&mut rx, "union").await;
    let log = service.events(Some(&union), &game, 0, None).await.unwrap();
    let by_union: Vec<_> = log
        .entries
        .iter()
        .filter(|e| e.side == Side::Union)
        .collect();
    assert!(
        by_union
            .iter()
            .any(|e| Some(e.seq) == played["seq"].as_u64()),
        "the update is the computer's move"
    );
    assert!(by_union.iter().all(|e| e.bot), "flagged as the bot's");
    // It plays the seat's whole turn, one action after another, until the move is handed over.
    let mut state = service.game_state(Some(&union), &game, None).await.unwrap();
    for _ in 0..100 {
        if state.view["to_act"] == json!(["confederate"]) {
            break;
        }
        next_update_by(&mut rx, "union").await;
        state = service.game_state(Some(&union), &game, None).await.unwrap();
    }
    assert!(state.clock.as_ref().unwrap().bot.union);
    assert_eq!(state.view["to_act"], json!(["confederate"]));
    let by_computer = decided();
    assert!(
        by_computer >= by_union.len(),
        "each of the seat's moves was the computer's choice"
    );
    let log = service.events(Some(&union), &game, 0, None).await.unwrap();
    assert!(
        log.entries
            .iter()
            .filter(|e| e.side == Side::Union)
            .all(|e| e.bot)
    );

    // The owner comes back: the seat is his again and the computer no longer plays it.
    service
        .clock_op(&union, &game, ClockOp::Reclaim)
        .await
        .expect("taken back");
    // The Confederate plays his turn through; then the Union's waits for its owner.
    for _ in 0..100 {
        let state = service
            .game_state(Some(&confederate), &game, None)
            .await
            .unwrap();
        let Some(next) = state.view["actions"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["type"] != "undo"))
            .cloned()
        else {
            break;
        };
        service
            .act(Some(&confederate), &game, state.seq, next)
            .await
            .unwrap();
    }
    let state = service.game_state(Some(&union), &game, None).await.unwrap();
    assert!(!state.clock.as_ref().unwrap().bot.union);
    assert!(
        state.view["to_act"]
            .as_array()
            .is_some_and(|a| a.contains(&json!("union"))),
        "the Union's turn waits for its owner: {}",
        state.view["to_act"]
    );
    let seq = state.seq;
    let mine = state.view["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["type"] != "undo"))
        .cloned()
        .unwrap();
    service.act(Some(&union), &game, seq, mine).await.unwrap();
    let log = service.events(Some(&union), &game, 0, None).await.unwrap();
    assert!(!log.entries.last().unwrap().bot, "the owner's own move");
    assert_eq!(
        decided(),
        by_computer,
        "the computer no longer plays the seat"
    );
}

#[tokio::test]
async fn a_draw_offered_to_the_computer_is_declined_at_once() {
    let (service, _, info) = service_with(Arc::new(FirstMove));
    let human = account(&service, "meade").await;
    let game = against_the_computer(&service, &human, &info).await.game_id;
    let state = service.game_state(Some(&human), &game, None).await.unwrap();
    let offer = state.view["draw"]["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["type"] == "offer_draw"))
        .cloned()
        .expect("a draw may be offered");
    service
        .act(Some(&human), &game, state.seq, offer)
        .await
        .unwrap();
    // Answered before the offer's own reply: the computer's decline is the next action.
    let log = service.events(Some(&human), &game, 0, None).await.unwrap();
    let last = log.entries.last().expect("the decline is recorded");
    assert_eq!(last.side, Side::Confederate);
    assert_eq!(last.seq, state.seq + 2, "the offer, then the answer");
    assert!(
        last.events.iter().any(|e| e["type"] == "draw_declined"),
        "{:?}",
        last.events
    );
    let state = service.game_state(Some(&human), &game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    assert_eq!(
        state.view["draw"]["offered_by"],
        Value::Null,
        "no offer stands"
    );
    assert_eq!(
        state.view["draw"]["actions"],
        json!([]),
        "declined: no new offer before the person plays on (engine/src/draw.rs)"
    );
}
