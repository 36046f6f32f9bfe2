//! Playing through the actor: the sequence check, refusals that change nothing, undo,
//! resigning, a full disk, and the idle actor leaving memory on the manual clock.

use adjutant_protocol::{ErrorCode, GameStatus, JoinGame, UpdateMode};
use serde_json::json;

use super::{Table, account};
use crate::store::{Store, Write, WriteError};

#[tokio::test]
async fn a_created_and_joined_game_is_active_in_the_store_with_the_union_to_move() {
    let t = Table::new().await;
    let (view, seq) = t.view(&t.union).await;
    assert_eq!(seq, 0);
    assert!(view["prompt"].is_string(), "{view}");
    let (view, _) = t.view(&t.confederate).await;
    assert!(view["prompt"].is_null(), "the Confederacy waits: {view}");
    let row = t.store.game(&t.game).await.unwrap().expect("the row");
    assert_eq!(row.status, "active");
    assert_eq!(row.union_name.as_deref(), Some("union"));
    assert_eq!(row.confederate_name.as_deref(), Some("confederate"));
}

#[tokio::test]
async fn an_action_at_the_current_seq_is_committed_before_it_is_answered() {
    let t = Table::new().await;
    let action = t.offered(&t.union, "move").await;
    let accepted = t
        .service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    assert_eq!(accepted.seq, 1);
    let rows = t.store.actions_after(&t.game, 0, 10).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].seq, rows[0].side.as_str()), (1, "union"));
    assert_eq!(t.store.game(&t.game).await.unwrap().unwrap().seq, 1);
    assert_eq!(t.view(&t.union).await.1, 1);
}

#[tokio::test]
async fn an_action_chosen_at_a_stale_seq_is_refused_and_nothing_is_stored() {
    let t = Table::new().await;
    let action = t.offered(&t.union, "move").await;
    let refused = t
        .service
        .act(Some(&t.union), &t.game, 7, action)
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::StaleSeq);
    assert!(
        refused.message.contains("it is now at 0"),
        "{}",
        refused.message
    );
    assert!(
        t.store
            .actions_after(&t.game, 0, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn an_action_not_offered_is_refused_and_the_state_stays_as_it_was() {
    let t = Table::new().await;
    let (before, _) = t.view(&t.union).await;
    let wild = json!({"type": "move", "counter": "no-such-counter", "to": 3});
    let refused = t
        .service
        .act(Some(&t.union), &t.game, 0, wild)
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::IllegalAction);
    let (after, seq) = t.view(&t.union).await;
    assert_eq!((after, seq), (before, 0));
}

#[tokio::test]
async fn the_side_not_to_move_and_an_outsider_are_refused() {
    let t = Table::new().await;
    let end = json!({"type": "end_movement"});
    let early = t
        .service
        .act(Some(&t.confederate), &t.game, 0, end.clone())
        .await
        .unwrap_err();
    assert_eq!(early.code, ErrorCode::NotYourTurn);
    let outsider = account(&t.service, "outsider").await;
    let refused = t
        .service
        .act(Some(&outsider), &t.game, 0, end)
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::Forbidden);
    let join = t
        .service
        .join_game(&outsider, &t.game, JoinGame::default())
        .await
        .unwrap_err();
    assert_eq!(join.code, ErrorCode::Conflict);
}

#[tokio::test]
async fn an_undo_takes_the_move_back() {
    let t = Table::new().await;
    let (before, _) = t.view(&t.union).await;
    let action = t.offered(&t.union, "move").await;
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    let (moved, _) = t.view(&t.union).await;
    assert_ne!(moved["counters"], before["counters"]);
    let undo = t.offered(&t.union, "undo").await;
    let accepted = t
        .service
        .act(Some(&t.union), &t.game, 1, undo)
        .await
        .unwrap();
    assert_eq!(accepted.seq, 2, "an undo is an action of its own");
    let (after, _) = t.view(&t.union).await;
    assert_eq!(after["counters"], before["counters"]);
}

#[tokio::test]
async fn resigning_finishes_the_game_in_memory_and_in_the_store() {
    let t = Table::new().await;
    let accepted = t
        .service
        .resign(Some(&t.confederate), &t.game)
        .await
        .unwrap();
    assert_eq!(accepted.seq, 1);
    let state = t
        .service
        .game_state(Some(&t.union), &t.game, None)
        .await
        .unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    let row = t.store.game(&t.game).await.unwrap().unwrap();
    assert_eq!(row.status, "finished");
    assert!(row.outcome.is_some());
}

#[tokio::test]
async fn a_full_disk_refuses_the_action_keeps_the_state_and_tells_the_player() {
    let t = Table::new().await;
    let mut watcher = t.subscribe(1, Some(&t.confederate)).await;
    watcher.frames();
    let (before, _) = t.view(&t.union).await;
    let action = t.offered(&t.union, "move").await;
    t.store.set_full(true);
    let refused = t
        .service
        .act(Some(&t.union), &t.game, 0, action.clone())
        .await
        .unwrap_err();
    assert_eq!(refused.code, ErrorCode::Internal);
    assert!(
        refused.message.contains("disk is full"),
        "{}",
        refused.message
    );
    assert_eq!(t.view(&t.union).await, (before, 0));
    assert!(
        watcher.frames().is_empty(),
        "nobody is told of an unsaved action"
    );
    t.store.set_full(false);
    let accepted = t
        .service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    assert_eq!(
        accepted.seq, 1,
        "the same action succeeds once there is room"
    );
    let told = watcher.frames();
    assert!(told.iter().any(|(f, _)| f["type"] == "update"), "{told:?}");
}

#[tokio::test]
async fn an_unsaved_action_leaves_the_patch_base_as_the_subscribers_have_it() {
    let t = Table::new().await;
    let mut watcher = t
        .subscribe_in(1, Some(&t.confederate), UpdateMode::Patch)
        .await;
    let mut seen = watcher.frames()[0].0["view"].clone();
    let action = t.offered(&t.union, "move").await;
    t.store.set_full(true);
    t.service
        .act(Some(&t.union), &t.game, 0, action.clone())
        .await
        .unwrap_err();
    t.store.set_full(false);
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .unwrap();
    let told = watcher.frames();
    let update = told
        .iter()
        .find(|(f, _)| f["type"] == "update")
        .unwrap_or_else(|| panic!("no update in {told:?}"));
    let ops: Vec<adjutant_protocol::patch::PatchOp> =
        serde_json::from_value(update.0["patch"].clone()).unwrap();
    adjutant_protocol::patch::apply(&mut seen, &ops).unwrap();
    assert_eq!(
        seen,
        t.view(&t.confederate).await.0,
        "the patch after a refused commit applies to what the subscriber has"
    );
}

/// The Union's seat subscribed over a WebSocket (its frames so far read), then a `move`
/// chosen at `seq` sent as that WebSocket sends it, with request id `id`.
async fn live_move(
    t: &Table,
    seq: u64,
    id: Option<&str>,
) -> (
    super::Connection,
    Result<adjutant_protocol::ActionAccepted, adjutant_protocol::ApiError>,
) {
    let mut seat = t.subscribe_in(1, Some(&t.union), UpdateMode::Patch).await;
    seat.frames();
    let action = t.offered(&t.union, "move").await;
    let sink = (seat.sink.clone(), id.map(str::to_string));
    let result = t
        .service
        .act_live(Some(&t.union), &t.game, seq, action, sink)
        .await;
    (seat, result)
}

#[tokio::test]
async fn a_websocket_act_queues_its_acted_right_behind_the_seats_own_update() {
    let t = Table::new().await;
    let (mut seat, accepted) = live_move(&t, 0, Some("a7")).await;
    assert!(
        accepted.unwrap().view.is_null(),
        "a WebSocket's act builds no view"
    );
    // Both queued before the answer, in this order: the connection's writer sends them
    // together.
    let told: Vec<_> = seat.frames().into_iter().map(|(f, _)| f).collect();
    let kinds: Vec<&str> = told.iter().filter_map(|f| f["type"].as_str()).collect();
    assert_eq!(kinds, ["update", "acted"], "{told:?}");
    assert_eq!(
        (told[1]["seq"].as_u64(), told[1]["id"].as_str()),
        (Some(1), Some("a7"))
    );
}

#[tokio::test]
async fn a_refused_websocket_act_queues_no_acted() {
    let t = Table::new().await;
    let (mut seat, refused) = live_move(&t, 5, None).await;
    assert_eq!(refused.unwrap_err().code, ErrorCode::StaleSeq);
    assert!(seat.frames().is_empty(), "the caller tells the refusal");
}

#[tokio::test]
async fn the_idle_actor_leaves_memory_when_the_manual_clock_passes_the_idle_time() {
    let t = Table::with(|config| {
        config.idle_secs = 60;
        config.snapshot_every = 1;
    })
    .await;
    union_moves(&t, 3).await;
    let (view, seq) = t.view(&t.union).await;
    assert_eq!(t.service.live_games(), 1);
    t.clock.advance(59);
    t.clock.advance(2);
    t.service.unloaded(&t.game).await;
    assert_eq!(t.service.live_games(), 0);
    assert!(t.store.latest_snapshot(&t.game).await.unwrap().is_some());
    // Back from the latest snapshot and the actions after it, as it was.
    assert_eq!(t.view(&t.union).await, (view, seq));
    assert_eq!(t.service.live_games(), 1);
}

/// Plays `n` of the Union's moves (each one undo could take back).
async fn union_moves(t: &Table, n: usize) {
    for _ in 0..n {
        let (_, seq) = t.view(&t.union).await;
        let action = t.offered(&t.union, "move").await;
        t.service
            .act(Some(&t.union), &t.game, seq, action)
            .await
            .unwrap();
    }
}

/// Plays `n` of the Union's moves, then lets the actor leave memory.
async fn moves_then_idle(t: &Table, n: usize) {
    union_moves(t, n).await;
    t.clock.advance(61);
    t.service.unloaded(&t.game).await;
}

#[tokio::test]
async fn a_snapshot_waits_for_undo_to_hold_nothing_until_twice_the_interval() {
    // The Union's moves can each be taken back: every one of them keeps a state for undo.
    let t = Table::with(|config| {
        config.idle_secs = 60;
        config.snapshot_every = 2;
    })
    .await;
    moves_then_idle(&t, 3).await;
    assert!(
        t.store.latest_snapshot(&t.game).await.unwrap().is_none(),
        "no snapshot while undo holds states and the interval has not doubled"
    );
    let t = Table::with(|config| {
        config.idle_secs = 60;
        config.snapshot_every = 1;
    })
    .await;
    moves_then_idle(&t, 3).await;
    let snapshot = t.store.latest_snapshot(&t.game).await.unwrap();
    assert_eq!(
        snapshot.map(|s| s.seq),
        Some(2),
        "taken at twice the interval"
    );
}

#[tokio::test]
async fn after_shutdown_games_are_refused_and_the_store_takes_no_writes() {
    let t = Table::new().await;
    t.view(&t.union).await;
    t.service.shutdown().await;
    let refused = t
        .service
        .game_state(Some(&t.union), &t.game, None)
        .await
        .unwrap_err();
    assert!(
        refused.message.contains("shutting down"),
        "{}",
        refused.message
    );
    let write = Write::Clock {
        game_id: t.game.clone(),
        clock: "{}".into(),
        wake_at: None,
        lease: 0,
    };
    assert!(matches!(
        t.store.write(write).await,
        Err(WriteError::Store(_))
    ));
}

#[tokio::test]
async fn a_game_loads_when_another_server_commits_between_its_row_and_its_log() {
    // Several servers: a server loading a game reads its row, then its log; another server's
    // commit in between leaves the log one action past the row. The load reads the row again
    // instead of calling the game broken.
    let t = Table::new().await;
    let action = t.offered(&t.union, "move").await;
    t.service
        .act(Some(&t.union), &t.game, 0, action)
        .await
        .expect("played");
    let other = another_server(&t);
    t.store.lag_next_game_row();
    let state = other
        .game_state(Some(&t.union), &t.game, None)
        .await
        .expect("the game loads on the other server");
    assert_eq!(state.seq, 1, "with the action the row had not shown yet");
}

#[tokio::test]
async fn a_stored_action_that_does_not_replay_is_named_and_the_game_does_not_load() {
    // The log is replayed in stretches (`replay_quiet_all`): the action that fails is still
    // named by its own number, and a damaged log never loads as a game.
    let t = Table::new().await;
    for seq in 0..3 {
        let who = match t.view(&t.union).await.0["prompt"].is_string() {
            true => &t.union,
            false => &t.confederate,
        };
        let action = t
            .service
            .game_state(Some(who), &t.game, None)
            .await
            .unwrap()
            .view["actions"][0]
            .clone();
        t.service
            .act(Some(who), &t.game, seq, action)
            .await
            .expect("played");
    }
    t.store
        .damage_action(&t.game, 2, r#"{"type":"move","counter":"nobody","to":9}"#);
    let other = another_server(&t);
    let refused = other
        .game_state(Some(&t.union), &t.game, None)
        .await
        .expect_err("a damaged log does not load");
    assert!(
        refused.message.contains("action 2 does not replay"),
        "{}",
        refused.message
    );
}

/// A second server on the table's store and clock (several servers: one loads what another
/// wrote).
fn another_server(t: &Table) -> crate::service::Service {
    let shared: crate::store::SharedStore = t.store.clone();
    let mut config = crate::config::Config::with_db("unused-by-the-memory-store.db");
    config.sweep_secs = 0;
    crate::service::Service::with_clock(
        shared,
        adjutant_games::test_registry(),
        config,
        t.clock.clone(),
    )
}
