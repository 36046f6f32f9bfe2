//! The writers' group commit and their refusals after close (SQLite and PostgreSQL), SQLite's
//! on a full disk, and every store (SQLite, memory, PostgreSQL) answering a script of writes
//! alike; the helpers the other store tests share.

use std::path::PathBuf;
use std::sync::Arc;

use super::{
    MemoryStore, NewAction, NewGame, PostgresStore, SharedStore, SqliteStore, Store, Write,
    WriteError, test_postgres,
};
use crate::names::name_key;

/// A fresh database file in a directory of its own.
pub(super) fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("adjutant-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("adjutant.db")
}

pub(super) fn new_account(id: &str, name: &str) -> Write {
    Write::CreateAccount {
        id: id.into(),
        name: name.into(),
        name_key: name_key(name),
        token_hash: format!("hash-{id}"),
        token_id: format!("token-{id}"),
        label: "created with the account".into(),
        password_hash: None,
        now: 1,
    }
}

pub(super) fn new_game(id: &str, creator: &str) -> Write {
    Write::CreateGame(NewGame {
        id: id.into(),
        game: "a-game".into(),
        scenario: "a-scenario".into(),
        options: "{}".into(),
        visibility: "public",
        creator: creator.into(),
        side: "union",
        secret: "{}".into(),
        seed: "00".into(),
        seed_commitment: "c".into(),
        invite_code: format!("invite-{id}"),
        spectate_code: format!("spectate-{id}"),
        now: 2,
        clock: None,
        reserved_for: None,
        rematch_of: None,
        computer: None,
        live_limit: None,
    })
}

pub(super) fn join(game: &str, account: &str) -> Write {
    Write::Join {
        game_id: game.into(),
        side: "confederate",
        account: account.into(),
        secret: "{}".into(),
        to_act: "union".into(),
        clock: None,
        wake_at: None,
        now: 3,
        live_limit: None,
    }
}

pub(super) fn action(game: &str, seq: i64) -> Write {
    Write::Action(NewAction {
        game_id: game.into(),
        seq,
        side: "union",
        action: format!("{{\"n\":{seq}}}"),
        rolls: "[]".into(),
        events: "[]".into(),
        now: 10 + seq,
        status: "active",
        to_act: "union".into(),
        outcome: None,
        by_bot: false,
        clock: None,
        wake_at: None,
        lease: 0,
        told: String::new(),
    })
}

pub(super) fn chat(game: &str, seq: i64) -> Write {
    Write::Chat {
        seq,
        game_id: game.into(),
        channel: "players".into(),
        account: "a".into(),
        author: "Grant".into(),
        side: Some("union"),
        text: "hello".into(),
        now: 20,
    }
}

/// A started game of accounts `a` and `b`.
async fn started(store: &dyn Store, game: &str) {
    for write in [
        new_account("a", "Grant"),
        new_account("b", "Lee"),
        new_game(game, "a"),
        join(game, "b"),
    ] {
        store.write(write).await.expect("set-up write");
    }
}

/// The stores a test of the durable stores runs on: SQLite and PostgreSQL (on a fresh
/// database of its own: [`test_postgres`]; left out only when that is skipped).
pub(super) async fn durable_stores(name: &str, max_batch: usize) -> Vec<SharedStore> {
    let sqlite = SqliteStore::open(&temp_db(name), max_batch).await.unwrap();
    let mut stores: Vec<SharedStore> = vec![Arc::new(sqlite)];
    if let Some(postgres) = test_postgres::fresh(name, max_batch).await {
        stores.push(Arc::new(postgres));
    }
    stores
}

/// Every store, for tests that hold them to one behaviour: SQLite (first: the reference),
/// memory, and PostgreSQL.
pub(super) async fn all_stores(name: &str) -> Vec<SharedStore> {
    let mut stores = durable_stores(name, 8).await;
    stores.insert(1, Arc::new(MemoryStore::new()));
    stores
}

/// Sends `script`'s writes to every store one by one, asserting that each store answers
/// each write as the first store does; whether each write was accepted.
pub(super) async fn run_script(
    stores: &[SharedStore],
    script: impl Fn() -> Vec<Write>,
) -> Vec<bool> {
    let mut answers: Vec<Vec<Result<(), WriteError>>> = Vec::new();
    for store in stores {
        let mut answered = Vec::new();
        for write in script() {
            answered.push(store.write(write).await);
        }
        answers.push(answered);
    }
    for (n, answered) in answers.iter().enumerate().skip(1) {
        for (i, (first, this)) in answers[0].iter().zip(answered).enumerate() {
            assert_eq!(
                first, this,
                "write {i}: store {n} answered otherwise than SQLite"
            );
        }
    }
    answers[0].iter().map(Result::is_ok).collect()
}

/// Asserts every store saw what the first (SQLite) did.
pub(super) fn assert_all_same<T: PartialEq + std::fmt::Debug>(seen: &[T]) {
    assert!(seen.len() >= 2, "compared with another store");
    for (n, other) in seen.iter().enumerate().skip(1) {
        assert_eq!(&seen[0], other, "store {n} differs from SQLite");
    }
}

/// Closes every store.
pub(super) async fn close_all(stores: &[SharedStore]) {
    for store in stores {
        store.close().await;
    }
}

#[tokio::test]
async fn queued_writes_commit_together_and_a_bad_one_fails_alone() {
    for store in durable_stores("group", 64).await {
        started(&*store, "g").await;
        // Sent before the writer runs (one thread): they reach it as one batch. The third
        // action is out of order, which breaks the batch's statement; the writer then
        // commits the writes one by one, so that only that one fails.
        let writes = [
            action("g", 1),
            new_account("c", "Sherman"),
            action("g", 5),
            new_account("d", "grant"),
        ];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert_eq!(results[0], Ok(()));
        assert_eq!(results[1], Ok(()));
        assert!(
            matches!(&results[2], Err(WriteError::Conflict(why)) if why.contains("not at the action before")),
            "{results:?}"
        );
        assert!(
            matches!(&results[3], Err(WriteError::Conflict(why)) if why.contains("is taken")),
            "{results:?}"
        );
        let game = store.game("g").await.unwrap().unwrap();
        assert_eq!(game.seq, 1);
        assert!(store.token_owner("hash-c").await.unwrap().is_some());
        assert!(store.token_owner("hash-d").await.unwrap().is_none());
        store.close().await;
    }
}

#[tokio::test]
async fn a_batch_of_actions_commits_together_and_a_game_out_of_step_fails_alone() {
    for store in durable_stores("batch", 64).await {
        started(&*store, "g").await;
        for game in ["h", "k"] {
            store.write(new_game(game, "a")).await.unwrap();
            store.write(join(game, "b")).await.unwrap();
        }
        // Actions alone go as one batch (on SQLite committed by the writer's own connection,
        // on PostgreSQL one statement); `h` is not at action 4: on SQLite the batch is rolled
        // back and retried write by write, on PostgreSQL the statement refuses `h` alone.
        let writes = [action("g", 1), action("h", 5), action("k", 1)];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert_eq!(results[0], Ok(()));
        assert!(
            matches!(&results[1], Err(WriteError::Conflict(why)) if why.contains("not at the action before")),
            "{results:?}"
        );
        assert_eq!(results[2], Ok(()));
        // A batch in step commits whole.
        let stats = store.stats().expect("a durable store measures its commits");
        let before = (
            stats.group_writes.count(),
            stats.group_writes.sum(),
            stats.durable_seconds.count(),
        );
        let writes = [action("g", 2), action("h", 1), action("k", 2)];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert!(results.iter().all(Result::is_ok), "{results:?}");
        // Counted for /metrics: one to three group commits holding the three writes, each
        // with its durable step timed.
        let groups = stats.group_writes.count() - before.0;
        assert!((1..=3).contains(&groups), "{groups} group commits");
        assert_eq!(stats.group_writes.sum() - before.1, 3.0);
        assert_eq!(stats.commit_seconds.count(), stats.group_writes.count());
        assert!(stats.durable_seconds.count() - before.2 >= groups);
        for (game, seq) in [("g", 2), ("h", 1), ("k", 2)] {
            assert_eq!(store.game(game).await.unwrap().unwrap().seq, seq, "{game}");
            let rows = store.actions_after(game, 0, 10).await.unwrap();
            assert_eq!(rows.len() as i64, seq, "{game}: every action row is there");
        }
        store.close().await;
    }
}

#[tokio::test]
async fn a_batch_of_new_games_seats_and_snapshots_commits_together_and_a_taken_seat_fails_alone() {
    for store in durable_stores("lifecycle", 64).await {
        started(&*store, "g").await;
        store.write(new_game("h", "a")).await.unwrap();
        // The writes of games starting, joined and played, as the lobby and the actors send
        // them (on SQLite the writer's own connection takes the batch whole).
        let snapshot = Write::Snapshot {
            game_id: "g".into(),
            seq: 1,
            data: "{}".into(),
        };
        let writes = [new_game("k", "a"), join("h", "b"), action("g", 1), snapshot];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert!(results.iter().all(Result::is_ok), "{results:?}");
        assert_eq!(store.game("k").await.unwrap().unwrap().status, "open");
        assert_eq!(store.game("h").await.unwrap().unwrap().status, "active");
        assert_eq!(store.game("g").await.unwrap().unwrap().seq, 1);
        assert_eq!(store.latest_snapshot("g").await.unwrap().unwrap().seq, 1);
        // A seat already taken and a game id already used fail alone; the rest commits.
        let writes = [
            join("h", "c"),
            new_game("m", "a"),
            new_game("k", "b"),
            action("g", 2),
        ];
        let results =
            futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
        assert!(
            matches!(&results[0], Err(WriteError::Conflict(why)) if why.contains("already been taken")),
            "{results:?}"
        );
        assert_eq!(results[1], Ok(()));
        assert!(results[2].is_err(), "{results:?}");
        assert_eq!(results[3], Ok(()));
        let h = store.game("h").await.unwrap().unwrap();
        assert_eq!(h.confederate_account.as_deref(), Some("b"));
        assert_eq!(store.game("k").await.unwrap().unwrap().creator, "a");
        assert_eq!(store.game("m").await.unwrap().unwrap().status, "open");
        assert_eq!(store.game("g").await.unwrap().unwrap().seq, 2);
        store.close().await;
    }
}

#[tokio::test]
async fn a_write_after_close_is_refused_and_the_earlier_ones_are_kept() {
    let db = temp_db("closed");
    let postgres = test_postgres::fresh_options("closed").await;
    let sqlite_again = async || -> SharedStore {
        let store: SharedStore = Arc::new(SqliteStore::open(&db, 8).await.unwrap());
        store
    };
    let postgres_again = async || -> Option<SharedStore> {
        let options = postgres.clone()?;
        let store: SharedStore = Arc::new(PostgresStore::open_with(options, 8).await.unwrap());
        Some(store)
    };
    let mut stores = vec![sqlite_again().await];
    stores.extend(postgres_again().await);
    for store in &stores {
        started(&**store, "g").await;
        store.write(action("g", 1)).await.unwrap();
        store.close().await;
        let refused = store.write(action("g", 2)).await;
        assert_eq!(
            refused,
            Err(WriteError::Store("the store is shut down".into()))
        );
    }
    let mut again = vec![sqlite_again().await];
    again.extend(postgres_again().await);
    assert_eq!(again.len(), stores.len());
    for store in again {
        assert_eq!(store.game("g").await.unwrap().unwrap().seq, 1);
        store.close().await;
    }
}

#[tokio::test]
async fn a_full_database_refuses_writes_whole_and_reads_go_on() {
    let db = temp_db("full");
    let store = SqliteStore::open(&db, 8).await.unwrap();
    started(&store, "g").await;
    store.close().await;
    let size = std::fs::metadata(&db).unwrap().len();
    let store = SqliteStore::open_capped(&db, 8, size + 16 * 1024)
        .await
        .unwrap();
    let big = Write::Snapshot {
        game_id: "g".into(),
        seq: 0,
        data: "x".repeat(256 * 1024),
    };
    assert_eq!(store.write(big).await, Err(WriteError::Full));
    assert!(
        store.latest_snapshot("g").await.unwrap().is_none(),
        "nothing was written"
    );
    assert_eq!(store.game("g").await.unwrap().unwrap().status, "active");
    store.close().await;
}

#[tokio::test]
async fn every_store_answers_a_script_of_writes_alike() {
    let stores = all_stores("parity").await;
    let script = || {
        vec![
            new_account("a", "Grant"),
            new_account("b", "Lee"),
            new_account("c", "GRANT"),
            new_game("g", "a"),
            new_game("g", "b"),
            new_game("h", "nobody"),
            join("g", "b"),
            join("g", "a"),
            action("g", 1),
            action("g", 3),
            action("g", 1),
            action("g", 2),
            Write::Snapshot {
                game_id: "g".into(),
                seq: 2,
                data: "{\"at\":2}".into(),
            },
            chat("g", 1),
            chat("g", 1),
            chat("g", 2),
            Write::Vacation {
                account: "a".into(),
                year: 2027,
                secs: 50,
                limit: Some(100),
            },
            Write::Vacation {
                account: "a".into(),
                year: 2027,
                secs: 60,
                limit: Some(100),
            },
            Write::Vacation {
                account: "a".into(),
                year: 2027,
                secs: -80,
                limit: Some(100),
            },
        ]
    };
    run_script(&stores, script).await;
    let mut seen = Vec::new();
    for store in stores.iter().map(|s| &**s) {
        let game = store.game("g").await.unwrap().unwrap();
        let actions: Vec<(i64, String)> = store
            .actions_after("g", 0, 10)
            .await
            .unwrap()
            .into_iter()
            .map(|a| (a.seq, a.action))
            .collect();
        seen.push((
            (
                game.seq,
                game.status,
                game.union_name,
                game.confederate_name,
                game.invite_code,
            ),
            actions,
            store
                .latest_snapshot("g")
                .await
                .unwrap()
                .map(|s| (s.seq, s.data)),
            store.last_chat_seq("g", "players").await.unwrap(),
            store.vacation_used("a", 2027).await.unwrap(),
            store.live_games_of("b").await.unwrap(),
            store.started_game_ids().await.unwrap(),
        ));
    }
    assert_all_same(&seen);
    assert_eq!(seen[1].0.0, 2, "{:?}", seen[1]);
    close_all(&stores).await;
}

#[tokio::test]
async fn the_memory_store_can_be_made_full_and_then_changes_nothing() {
    let memory = MemoryStore::new();
    started(&memory, "g").await;
    memory.set_full(true);
    assert_eq!(memory.write(action("g", 1)).await, Err(WriteError::Full));
    memory.set_full(false);
    assert_eq!(memory.game("g").await.unwrap().unwrap().seq, 0);
    assert_eq!(memory.write(action("g", 1)).await, Ok(()));
}
