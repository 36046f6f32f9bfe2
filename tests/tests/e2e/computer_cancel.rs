//! The computer's decisions, cancelled: a choice the computer made before the position
//! changed (the person acted, undid or resigned while it thought) is never played, nor one in
//! flight when the server stops (asked again after the restart).
//!
//! These tests hold the computer's decisions in the test's hand: the registry's opponent is
//! replaced by [`Gated`], which tells the test each position it is asked about and waits for
//! the test's answer (no sleeping, no timing).

use adjutant_engine::{Opponent, Registry, Turn};
use adjutant_protocol::{ClientMessage, GameStatus, ServerMessage, Side, SideChoice, UpdateMode};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::mpsc;

use crate::common::*;
use crate::computer::{MF, against_computer};

/// One decision the computer was asked for, waiting for the test's answer.
struct Ask {
    side: Side,
    seq: u64,
    view: Value,
    offered: Vec<Value>,
    level: String,
    seed: u64,
    answer: std::sync::mpsc::Sender<Option<usize>>,
}

impl Ask {
    /// The index of the first offered action of type `kind`.
    fn index_of(&self, kind: &str) -> usize {
        self.offered
            .iter()
            .position(|a| a["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} offered at {}: {:?}", self.seq, self.offered))
    }

    /// Answers with `choice`.
    fn answer(self, choice: Option<usize>) {
        let _ = self.answer.send(choice);
    }
}

/// A computer opponent whose every decision is handed to the test.
struct Gated {
    asks: mpsc::UnboundedSender<Ask>,
}

impl Opponent for Gated {
    fn levels(&self) -> &'static [&'static str] {
        &["easy", "normal", "hard"]
    }
    fn default_level(&self) -> &'static str {
        "normal"
    }
    fn decide(&self, turn: Turn<'_>) -> Option<usize> {
        let (answer, answered) = std::sync::mpsc::channel();
        let ask = Ask {
            side: turn.side,
            seq: turn.seq,
            view: turn.view.clone(),
            offered: turn.offered.to_vec(),
            level: turn.level.to_string(),
            seed: turn.seed,
            answer,
        };
        self.asks.send(ask).ok()?;
        // Runs on the server's blocking pool: waiting here holds the decision, not the game.
        answered.recv().ok().flatten()
    }
}

/// A server whose computer opponent for `game` is [`Gated`]; the test's end of it.
async fn gated_server(game: &str) -> (TestServer, mpsc::UnboundedReceiver<Ask>) {
    let (asks, asked) = mpsc::unbounded_channel();
    let registry: Registry =
        adjutant_tests::registry().with_opponent(game, Arc::new(Gated { asks }));
    (TestServer::start_with_registry(registry).await, asked)
}

/// The next decision the computer is asked for.
async fn next_ask(asked: &mut mpsc::UnboundedReceiver<Ask>) -> Ask {
    tokio::time::timeout(WAIT, asked.recv())
        .await
        .expect("the computer is asked in time")
        .expect("the server runs")
}
#[tokio::test]
async fn a_choice_made_before_the_person_acted_or_resigned_is_never_played() {
    let (server, mut asked) = gated_server("outpost").await;
    let meade = server.account("meade").await;
    let mut request = against_computer("outpost", "skirmish", SideChoice::Union, "hard");
    request.options = json!({"rounds": 1});
    let game = meade.create_game(&request).await.unwrap().game_id;

    // Union movement is the person's: the computer is not asked.
    let state = meade.state(&game, None).await.unwrap();
    assert_eq!(state.status, GameStatus::Active);
    let end = offered(&state.view, "end_movement");
    meade.act(&game, 0, &end).await.unwrap();
    // Confederate movement: the computer is asked with its own seat's view and offers.
    let ask = next_ask(&mut asked).await;
    assert_eq!(
        (ask.side, ask.seq, ask.level.as_str()),
        (Side::Confederate, 1, "hard")
    );
    assert_eq!(ask.view["viewer"], "confederate", "{}", ask.view);
    assert_eq!(ask.view["actions"].as_array(), Some(&ask.offered));
    let i = ask.index_of("end_movement");
    ask.answer(Some(i));

    // Orders: both seats at once. The computer's decision at 2 is held while the person
    // gives its order (3); then it answers "attack", which must be dropped as stale.
    let held = next_ask(&mut asked).await;
    assert_eq!(held.seq, 2);
    let state = meade.state(&game, None).await.unwrap();
    assert_eq!(state.seq, 2, "the computer's movement was played");
    let mut order = offered(&state.view, "order");
    order["note"] = json!("hold the ford");
    meade.act(&game, 2, &order).await.unwrap();
    // The new position is asked about (a decision is asked for each position anew).
    let fresh = next_ask(&mut asked).await;
    assert_eq!(fresh.seq, 3);
    let attack = held
        .offered
        .iter()
        .position(|a| a["stance"] == "attack")
        .unwrap();
    held.answer(Some(attack));
    // While the fresh decision is held, nothing was played: the stale one was dropped.
    assert_eq!(meade.state(&game, None).await.unwrap().seq, 3);
    let hold = fresh
        .offered
        .iter()
        .position(|a| a["stance"] == "hold")
        .unwrap();
    fresh.answer(Some(hold));
    let record = wait_finished(&server, &game).await;
    let orders: Vec<&Value> = record
        .iter()
        .filter(|a| a["action"]["type"] == "order" && a["side"] == "confederate")
        .collect();
    assert_eq!(orders.len(), 1, "{record:?}");
    assert_eq!(
        orders[0]["action"]["stance"], "hold",
        "the fresh choice, not the stale one"
    );
    assert_eq!(record.len(), 4, "{record:?}");

    // A resignation while the computer thinks: its answer is never played.
    let game = meade.create_game(&request).await.unwrap().game_id;
    let state = meade.state(&game, None).await.unwrap();
    meade
        .act(&game, 0, &offered(&state.view, "end_movement"))
        .await
        .unwrap();
    let held = next_ask(&mut asked).await;
    assert_eq!(held.seq, 1);
    meade.resign(&game).await.unwrap();
    let i = held.index_of("end_movement");
    held.answer(Some(i));
    let record = wait_finished(&server, &game).await;
    assert_eq!(record.len(), 2, "{record:?}");
    assert_eq!(record[1]["action"]["type"], "resign");
    // Nothing more is asked about a finished game.
    assert!(asked.try_recv().is_err());
}
/// `client`'s live connection, subscribed to `game` (whole views).
async fn subscribed(client: &adjutant_cli::Client, game: &str) -> adjutant_cli::Live {
    let mut live = live(client).await;
    live.send(&ClientMessage::Subscribe {
        game_id: game.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: None,
    })
    .await
    .unwrap();
    live
}

/// Reads `live` until the game is past `seq` or over (the computer's move, which comes when
/// it comes, without sleeping).
async fn moved_past(live: &mut adjutant_cli::Live, seq: u64) {
    loop {
        match live.next_within(WAIT).await {
            Some(Ok(
                ServerMessage::Subscribed {
                    seq: at, status, ..
                }
                | ServerMessage::Update {
                    seq: at, status, ..
                },
            )) if at > seq || status == GameStatus::Finished => return,
            Some(Ok(_)) => {}
            other => panic!("the game did not move past {seq}: {other:?}"),
        }
    }
}

/// The game's actions as its record lists them, once it is over.
async fn wait_finished(server: &TestServer, game: &str) -> Vec<Value> {
    let mut live = subscribed(&server.client(), game).await;
    moved_past(&mut live, u64::MAX).await;
    let record = server.client().record(game, None).await.unwrap();
    assert!(record.outcome.is_some(), "the game is over");
    record
        .actions
        .iter()
        .map(|a| json!({"side": a.side, "action": a.action, "seq": a.seq}))
        .collect()
}
#[tokio::test]
async fn undo_while_the_computer_thinks_drops_its_choice_and_asks_again() {
    // Champion Hill: the computer plays the Confederates and answers as the real opponent
    // would, through the test's hand; the person (the Union) plays the first offered action
    // and, the first time it may undo while the computer must also act (both give Combat
    // Orders at once), undoes while the computer's decision is held, then resigns. Such a
    // moment comes in most games (measured: 3 seeded games in 5), not in all: the dice are
    // the server's, so a game that ends without one is followed by another, up to 12.
    let (server, mut asked) = gated_server(MF).await;
    let person = server.account("grant").await;
    for game in 1..=12 {
        if let Some(record) = undo_once(&server, &person, &mut asked).await {
            eprintln!(
                "undone in game {game}, at action {}",
                record.actions.len() - 1
            );
            let verified =
                adjutant_cli::verify(&adjutant_tests::registry(), &record).expect("verifies");
            assert_eq!(verified.actions, record.actions.len() as u64);
            return;
        }
    }
    panic!("in 12 games the person never could undo while the computer had to act");
}

/// One game of [`undo_while_the_computer_thinks_drops_its_choice_and_asks_again`]: its
/// record once the undo was tried and the person resigned, `None` if it ended first.
async fn undo_once(
    server: &TestServer,
    person: &adjutant_cli::Client,
    asked: &mut mpsc::UnboundedReceiver<Ask>,
) -> Option<adjutant_engine::Record> {
    let real = adjutant_tests::registry()
        .opponent(MF)
        .cloned()
        .expect("MF has an opponent");
    let decide = |ask: &Ask| {
        real.decide(Turn {
            side: ask.side,
            seq: ask.seq,
            view: &ask.view,
            offered: &ask.offered,
            level: &ask.level,
            seed: ask.seed,
        })
    };
    let game = person
        .create_game(&against_computer(
            MF,
            "champion-hill",
            SideChoice::Union,
            "easy",
        ))
        .await
        .unwrap()
        .game_id;
    // Every decision asked about is answered once, as the real opponent would (the server
    // drops an answer about a position the person has since changed), but the one held.
    let mut live = subscribed(person, &game).await;
    loop {
        let state = person.state(&game, None).await.unwrap();
        if state.status == GameStatus::Finished {
            return None;
        }
        let mine = state.view["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let computer_too = state.view["to_act"]
            .as_array()
            .is_some_and(|sides| sides.iter().any(|s| s == "confederate"));
        let undo = mine.iter().find(|a| a["type"] == "undo");
        if let (Some(undo), true) = (undo, computer_too) {
            // The computer thinks about this very position: hold its decision.
            let held = loop {
                let ask = next_ask(asked).await;
                if ask.seq == state.seq {
                    break ask;
                }
                let choice = decide(&ask);
                ask.answer(choice);
            };
            person.act(&game, state.seq, undo).await.unwrap();
            let choice = decide(&held);
            assert!(choice.is_some(), "the held choice is a real one");
            held.answer(choice);
            // Asked again about the position after the undo, and nothing was played meanwhile.
            let fresh = next_ask(asked).await;
            assert_eq!(
                fresh.seq,
                state.seq + 1,
                "asked about the position after the undo"
            );
            assert_eq!(
                person.state(&game, None).await.unwrap().seq,
                state.seq + 1,
                "the choice made before the undo was not played"
            );
            fresh.answer(None);
            person.resign(&game).await.unwrap();
            let record = server.client().record(&game, None).await.unwrap();
            let last = record.actions.last().expect("actions");
            assert_eq!(last.seq, state.seq + 2, "the resignation follows the undo");
            return Some(record);
        }
        if let Some(action) = mine.iter().find(|a| a["type"] != "undo") {
            // The computer moves only when the test answers: the sequence number holds.
            person.act(&game, state.seq, action).await.unwrap();
            continue;
        }
        // The computer's move: answer up to the ask about this position, then wait for it.
        loop {
            let ask = next_ask(asked).await;
            let current = ask.seq == state.seq;
            let choice = decide(&ask);
            ask.answer(choice);
            if current {
                break;
            }
        }
        moved_past(&mut live, state.seq).await;
    }
}
#[tokio::test]
async fn a_decision_in_flight_when_the_server_stops_is_dropped_and_asked_again_at_start() {
    // Champion Hill with the person as the Union: the computer places its dummies first, so
    // it is asked as soon as the game is created. The server stops while that decision is
    // held; the answer then is never played. A new server on the same database loads the game
    // as it starts, and the computer is asked about the same position again.
    let dir = TempDir::new();
    let (asks, mut asked) = mpsc::unbounded_channel();
    let registry =
        || adjutant_tests::registry().with_opponent(MF, Arc::new(Gated { asks: asks.clone() }));
    let server = TestServer::start_in(dir.path(), registry()).await;
    let person = server.account("grant").await;
    let token = person.token().unwrap().to_string();
    let game = person
        .create_game(&against_computer(
            MF,
            "champion-hill",
            SideChoice::Union,
            "hard",
        ))
        .await
        .unwrap()
        .game_id;
    let held = next_ask(&mut asked).await;
    assert_eq!((held.seq, held.side), (0, Side::Confederate));
    server.stop().await;
    // The server is gone: this answer has no one to play it.
    let dummy = held.index_of("place_dummy");
    held.answer(Some(dummy));

    // The new server resumes the game as it starts: the computer is asked again before
    // anyone opens the game.
    let server = TestServer::start_in(dir.path(), registry()).await;
    let again = next_ask(&mut asked).await;
    assert_eq!((again.seq, again.side), (0, Side::Confederate));
    let person = server.client().with_token(Some(token));
    let state = person.state(&game, None).await.unwrap();
    assert_eq!(state.seq, 0, "nothing was played after the stop");
    let finish = again.index_of("finish_set_up");
    again.answer(Some(finish));
    let mut live = subscribed(&person, &game).await;
    moved_past(&mut live, 0).await;
    let record = server.client().record(&game, None).await.unwrap();
    assert_eq!(record.actions.len(), 1);
    assert_eq!(record.actions[0].side, Side::Confederate);
    // The computer finished its set-up (the answer given after the restart): the Union's turn.
    let state = person.state(&game, None).await.unwrap();
    assert_eq!(state.view["to_act"], json!(["union"]), "{}", state.view);
}
