//! Two servers on one PostgreSQL, in one process, and a game against the computer: only the
//! server holding the game's lease thinks about the computer's move; a spectator's server
//! loading the game while the computer must move does not start the opponent.

use adjutant_engine::{Opponent, Turn};
use std::sync::Condvar;
use std::sync::Mutex as StdMutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::*;
use crate::store::{PostgresStore, test_postgres};

/// Plays the first offered move (never an undo), once let through; counts its decisions.
#[derive(Default)]
struct Gated {
    open: StdMutex<bool>,
    opened: Condvar,
    decisions: AtomicUsize,
}

impl Gated {
    fn open(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }
}

impl Opponent for Gated {
    fn levels(&self) -> &'static [&'static str] {
        &["easy"]
    }
    fn default_level(&self) -> &'static str {
        "easy"
    }
    fn decide(&self, turn: Turn<'_>) -> Option<usize> {
        self.decisions.fetch_add(1, Ordering::SeqCst);
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
        turn.offered.iter().position(|a| a["type"] != "undo")
    }
}

/// Opens its gate when dropped (a failing test must not leave a decision blocked: the
/// runtime would wait for it).
struct OpenOnDrop(Arc<Gated>);

impl Drop for OpenOnDrop {
    fn drop(&mut self) {
        self.0.open();
    }
}

/// A service over a new store on the database of `options`, with `opponent` for the unit-test
/// game.
async fn node(options: &sqlx::postgres::PgConnectOptions, opponent: Arc<Gated>) -> Service {
    let store = PostgresStore::open_with(options.clone(), 8).await.unwrap();
    let mut config = Config::with_db("unused-by-postgres.db");
    config.sweep_secs = 0;
    let clock = ManualClock::new(1_800_000_000);
    let info = adjutant_games::unit_test_game().info().clone();
    let registry = adjutant_games::test_registry().with_opponent(&info.id, opponent);
    Service::with_clock(Arc::new(store), registry, config, clock)
}

/// The service's count of the computer's decisions, from `/metrics`.
async fn decisions(service: &Service) -> u64 {
    let text = service.metrics_text().await;
    let line = text
        .lines()
        .find(|l| l.starts_with("adjutant_computer_decisions_total "))
        .expect("the metric");
    line.split(' ').nth(1).unwrap().parse().unwrap()
}

/// Reads updates on `rx` until one shows the Union (the human) to act (a guard of ten
/// seconds per frame, no sleep); the sides that acted meanwhile.
async fn until_union_acts(rx: &mut mpsc::Receiver<Outgoing>) -> Vec<String> {
    let mut sides = Vec::new();
    loop {
        let out = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("an update in time")
            .expect("the connection stays");
        let Outgoing::Frame(frame) = out else {
            panic!("the actor closed the connection")
        };
        let frame: Value = serde_json::from_str(frame.text()).unwrap();
        if frame["type"] != "update" {
            continue;
        }
        sides.push(frame["side"].as_str().unwrap_or_default().to_string());
        if frame["view"]["to_act"] == json!(["union"]) {
            return sides;
        }
    }
}

/// `who`'s action that hands the move over (ends the movement, or gives an order).
async fn end_turn(service: &Service, who: &Account, game: &str) -> (u64, Value) {
    let state = service.game_state(Some(who), game, None).await.unwrap();
    let actions = state.view["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let pick = |kind: &str| actions.iter().find(|a| a["type"] == kind).cloned();
    let end = pick("end_movement").or_else(|| pick("order"));
    let end = end.unwrap_or_else(|| panic!("the player may hand the move over: {state:?}"));
    (state.seq, end)
}

#[tokio::test]
async fn only_the_lease_holder_thinks_for_the_computer_and_a_spectators_server_never_does() {
    let Some(options) = test_postgres::fresh_options("computer_nodes").await else {
        return;
    };
    let (on_a, on_b) = (Arc::new(Gated::default()), Arc::new(Gated::default()));
    on_b.open();
    let _open = OpenOnDrop(on_a.clone());
    let a = node(&options, on_a.clone()).await;
    let b = node(&options, on_b.clone()).await;
    let human = account(&a, "meade").await;
    let info = adjutant_games::unit_test_game().info().clone();
    let game = a
        .create_game(
            &human,
            CreateGame {
                game: info.id.clone(),
                scenario: info.scenarios[0].id.clone(),
                side: SideChoice::Union,
                visibility: Visibility::Public,
                opponent: Some("computer".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap()
        .game_id;
    // The human ends the turn on A: A holds the lease and thinks (held at the gate).
    let (seq, end) = end_turn(&a, &human, &game).await;
    a.act(Some(&human), &game, seq, end).await.unwrap();
    assert_eq!(decisions(&a).await, 1, "A thinks");

    // A spectator on B: B loads the game while the computer must move, and does not think.
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
        mode: UpdateMode::View,
        request_id: None,
    })
    .await
    .unwrap();
    let on_b_state = b.game_state(None, &game, None).await.unwrap();
    assert_eq!(on_b_state.view["to_act"], json!(["confederate"]));
    assert_eq!(
        decisions(&b).await,
        0,
        "the spectator's server does not think"
    );
    assert_eq!(on_b.decisions.load(Ordering::SeqCst), 0);

    // A's moves come through; B tells its spectator.
    on_a.open();
    let sides = until_union_acts(&mut frames).await;
    assert!(sides.iter().all(|s| s == "confederate"), "{sides:?}");
    let thought_on_a = decisions(&a).await;
    assert_eq!(thought_on_a as usize, sides.len(), "A thought each of them");
    assert_eq!(decisions(&b).await, 0);

    // The human now plays on B: B takes the lease and thinks for the computer; A, whose
    // game B moved on, does not.
    let mut computer_moves = 0;
    while computer_moves == 0 {
        let (seq, end) = end_turn(&b, &human, &game).await;
        b.act(Some(&human), &game, seq, end).await.unwrap();
        let sides = until_union_acts(&mut frames).await;
        assert_eq!(sides[0], "union");
        computer_moves = sides.iter().filter(|s| *s == "confederate").count();
    }
    assert_eq!(
        decisions(&b).await as usize,
        computer_moves,
        "B thinks, holding the lease"
    );
    // A follows B's commits as PostgreSQL tells them (real I/O: polled, on a deadline).
    let on_b_state = b.game_state(None, &game, None).await.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let on_a_state = a.game_state(None, &game, None).await.unwrap();
        if on_a_state.seq == on_b_state.seq {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "A never followed B to {}: at {}",
            on_b_state.seq,
            on_a_state.seq
        );
        tokio::task::yield_now().await;
    }
    assert_eq!(
        decisions(&a).await,
        thought_on_a,
        "A thought only while it held the lease"
    );
    assert_eq!(on_a.decisions.load(Ordering::SeqCst), thought_on_a as usize);
}
