//! The writer's group commit, its refusals after close and on a full disk, and the memory
//! store answering a script of writes exactly as the SQLite store does.

use std::path::PathBuf;

use super::{MemoryStore, NewAction, NewGame, SqliteStore, Store, Write, WriteError};
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
    })
}

fn chat(game: &str, seq: i64) -> Write {
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

#[tokio::test]
async fn queued_writes_commit_together_and_a_bad_one_fails_alone() {
    let store = SqliteStore::open(&temp_db("group"), 64).await.unwrap();
    started(&store, "g").await;
    // Sent before the writer runs (one thread): they reach it as one batch. The third action
    // is out of order, which breaks the batch's one statement; the writer then commits the
    // writes one by one, so that only that one fails.
    let writes = [
        action("g", 1),
        new_account("c", "Sherman"),
        action("g", 5),
        new_account("d", "grant"),
    ];
    let results = futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
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

#[tokio::test]
async fn a_batch_of_actions_commits_on_the_writers_thread_and_a_game_out_of_step_fails_alone() {
    let store = SqliteStore::open(&temp_db("fast-commit"), 64)
        .await
        .unwrap();
    started(&store, "g").await;
    for game in ["h", "k"] {
        store.write(new_game(game, "a")).await.unwrap();
        store.write(join(game, "b")).await.unwrap();
    }
    // Actions alone are committed by the writer's own connection; `h` is not at action 4, so
    // that transaction rolls back and the writer retries write by write through sqlx.
    let writes = [action("g", 1), action("h", 5), action("k", 1)];
    let results = futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
    assert_eq!(results[0], Ok(()));
    assert!(
        matches!(&results[1], Err(WriteError::Conflict(why)) if why.contains("not at the action before")),
        "{results:?}"
    );
    assert_eq!(results[2], Ok(()));
    // A batch in step commits whole.
    let writes = [action("g", 2), action("h", 1), action("k", 2)];
    let results = futures_util::future::join_all(writes.into_iter().map(|w| store.write(w))).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    for (game, seq) in [("g", 2), ("h", 1), ("k", 2)] {
        assert_eq!(store.game(game).await.unwrap().unwrap().seq, seq, "{game}");
        let rows = store.actions_after(game, 0, 10).await.unwrap();
        assert_eq!(rows.len() as i64, seq, "{game}: every action row is there");
    }
    store.close().await;
}

#[tokio::test]
async fn a_write_after_close_is_refused_and_the_earlier_ones_are_kept() {
    let db = temp_db("closed");
    let store = SqliteStore::open(&db, 8).await.unwrap();
    started(&store, "g").await;
    store.write(action("g", 1)).await.unwrap();
    store.close().await;
    let refused = store.write(action("g", 2)).await;
    assert_eq!(
        refused,
        Err(WriteError::Store("the store is shut down".into()))
    );
    let again = SqliteStore::open(&db, 8).await.unwrap();
    assert_eq!(again.game("g").await.unwrap().unwrap().seq, 1);
    again.close().await;
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
async fn the_memory_store_answers_a_script_of_writes_as_sqlite_does() {
    let sqlite = SqliteStore::open(&temp_db("parity"), 8).await.unwrap();
    let memory = MemoryStore::new();
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
    for (i, (s, m)) in script().into_iter().zip(script()).enumerate() {
        let (s, m) = (sqlite.write(s).await, memory.write(m).await);
        assert_eq!(s, m, "write {i}");
    }
    let stores: [&dyn Store; 2] = [&sqlite, &memory];
    let mut seen = Vec::new();
    for store in stores {
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
    assert_eq!(seen[0], seen[1]);
    assert_eq!(seen[1].0.0, 2, "{:?}", seen[1]);
    sqlite.close().await;
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

#[tokio::test]
async fn the_memory_store_keeps_notice_settings_and_the_outbox_as_sqlite_does() {
    use super::{NoticeResult, NoticeWrite};
    let settings = |email: &str, token: &str| -> Write {
        NoticeWrite::Settings {
            account: "a".into(),
            webhook_url: Some("https://example.com/hook".into()),
            email: Some(email.into()),
            always: false,
            digest: true,
            email_token: Some((token.into(), 100)),
            webhook_secret: Some("whsec_1".into()),
            webhook_format: "discord",
            digest_hour: Some(18),
        }
        .into()
    };
    let confirm = |token: &str, now: i64| -> Write {
        NoticeWrite::ConfirmEmail {
            token_hash: token.into(),
            now,
        }
        .into()
    };
    let notice = |id: i64, account: &str| -> Write {
        NoticeWrite::Notice {
            id,
            account: account.into(),
            channel: "webhook",
            kind: "your_move",
            game_id: None,
            seq: None,
            body: "{}".into(),
            now: 30,
            due: 30,
        }
        .into()
    };
    let result = |id: i64, error: Option<(String, Option<i64>)>| -> Write {
        NoticeWrite::Result(NoticeResult {
            id,
            account: "a".into(),
            channel: "webhook",
            now: 40,
            error,
        })
        .into()
    };
    let script = || {
        vec![
            new_account("a", "Grant"),
            settings("grant@example.com", "t1"),
            confirm("t1", 200),
            confirm("t2", 50),
            confirm("t1", 50),
            confirm("t1", 60),
            settings("grant@example.com", "t3"),
            settings("other@example.com", "t4"),
            notice(1, "a"),
            notice(2, "a"),
            notice(3, "nobody"),
            result(1, Some(("refused".into(), Some(90)))),
            result(2, None),
            NoticeWrite::DigestSent {
                account: "a".into(),
                now: 45,
            }
            .into(),
        ]
    };
    let sqlite = SqliteStore::open(&temp_db("notices"), 8).await.unwrap();
    let memory = MemoryStore::new();
    for (i, (s, m)) in script().into_iter().zip(script()).enumerate() {
        let (s, m) = (sqlite.write(s).await, memory.write(m).await);
        assert_eq!(s, m, "write {i}");
    }
    let stores: [&dyn Store; 2] = [&sqlite, &memory];
    let mut seen = Vec::new();
    for store in stores {
        let s = store.notice_settings("a").await.unwrap();
        let notices: Vec<_> = store
            .notices_of("a", 10)
            .await
            .unwrap()
            .into_iter()
            .map(|n| {
                (
                    n.id,
                    n.attempts,
                    n.next_at,
                    n.sent_at,
                    n.failed,
                    n.last_error,
                )
            })
            .collect();
        let due: Vec<i64> = store
            .due_notices(100, 10)
            .await
            .unwrap()
            .iter()
            .map(|n| n.id)
            .collect();
        seen.push((
            (
                s.email,
                s.email_confirmed,
                s.digest,
                s.webhook_error,
                s.webhook_error_at,
                s.webhook_secret,
                s.webhook_format,
                s.digest_hour,
            ),
            store.email_token("t4").await.unwrap(),
            store.email_token("t3").await.unwrap(),
            notices,
            due,
            store.digests_due(44).await.unwrap(),
            store.digests_due(45).await.unwrap(),
        ));
    }
    assert_eq!(seen[0], seen[1]);
    assert_eq!(
        seen[1].1,
        Some(("a".into(), 100)),
        "a new address waits on its new token"
    );
    sqlite.close().await;
}

#[tokio::test]
async fn both_stores_keep_a_queue_behind_its_retry_pull_it_forward_and_drop_or_defer_notices() {
    use super::{NoticeResult, NoticeWrite};
    let notice = |id: i64, channel: &'static str, now: i64, due: i64| -> Write {
        NoticeWrite::Notice {
            id,
            account: "a".into(),
            channel,
            kind: "your_move",
            game_id: Some("g".into()),
            seq: Some(id),
            body: "{}".into(),
            now,
            due,
        }
        .into()
    };
    let failed = |id: i64, next: i64| -> Write {
        NoticeWrite::Result(NoticeResult {
            id,
            account: "a".into(),
            channel: "webhook",
            now: 10,
            error: Some(("refused".into(), Some(next))),
        })
        .into()
    };
    let sqlite = SqliteStore::open(&temp_db("notice_queue"), 8)
        .await
        .unwrap();
    let memory = MemoryStore::new();
    let stores: [&dyn Store; 2] = [&sqlite, &memory];
    let mut seen = Vec::new();
    for store in stores {
        let due = |at: i64| async move {
            let rows = store.due_notices(at, 10).await.unwrap();
            rows.iter().map(|n| n.id).collect::<Vec<_>>()
        };
        for write in [
            new_account("a", "Grant"),
            notice(1, "webhook", 10, 10),
            notice(3, "webhook", 10, 400),
            failed(1, 500),
            notice(2, "email", 20, 20),
        ] {
            store.write(write).await.unwrap();
        }
        // Notice 1 waits for its retry (500), and notice 3 (first due at 400, its player
        // looking) waits behind it; the e-mail queue is another queue.
        let blocked = (due(30).await, due(450).await);
        // A new notice in the queue brings the retry forward to now; it is due, and the
        // rest of the queue follows it.
        store.write(notice(4, "webhook", 460, 460)).await.unwrap();
        let pulled = due(460).await;
        store
            .write(NoticeWrite::Defer { id: 4, until: 900 }.into())
            .await
            .unwrap();
        store
            .write(
                NoticeWrite::Dropped {
                    id: 3,
                    why: "you have moved since".into(),
                }
                .into(),
            )
            .await
            .unwrap();
        let later = due(470).await;
        let listed: Vec<_> = store
            .notices_of("a", 10)
            .await
            .unwrap()
            .into_iter()
            .map(|n| (n.id, n.next_at, n.seq, n.dropped))
            .collect();
        seen.push((blocked, pulled, later, listed));
    }
    assert_eq!(seen[0], seen[1], "the two stores agree");
    let (blocked, pulled, later, listed) = &seen[0];
    assert_eq!(blocked, &(vec![2], vec![2]));
    assert_eq!(pulled, &vec![1, 2, 3, 4]);
    assert_eq!(later, &vec![1, 2], "3 dropped, 4 deferred");
    assert_eq!(
        listed[1],
        (3, None, Some(3), Some("you have moved since".into()))
    );
    assert_eq!(listed[0].1, Some(900));
    sqlite.close().await;
}

#[tokio::test]
async fn a_digest_at_a_chosen_hour_is_due_once_that_hour_has_passed_since_the_last() {
    use super::NoticeWrite;
    const DAY: i64 = 86_400;
    let sqlite = SqliteStore::open(&temp_db("digest_hour"), 8).await.unwrap();
    let memory = MemoryStore::new();
    let stores: [&dyn Store; 2] = [&sqlite, &memory];
    for store in stores {
        let settings = |account: &str, hour: Option<u8>| -> Write {
            NoticeWrite::Settings {
                account: account.into(),
                webhook_url: None,
                email: None,
                always: false,
                digest: true,
                email_token: None,
                webhook_secret: None,
                webhook_format: "auto",
                digest_hour: hour,
            }
            .into()
        };
        let sent = |account: &str, now: i64| -> Write {
            NoticeWrite::DigestSent {
                account: account.into(),
                now,
            }
            .into()
        };
        for write in [
            new_account("a", "Grant"),
            new_account("b", "Meade"),
            settings("a", Some(18)),
            settings("b", None),
        ] {
            store.write(write).await.unwrap();
        }
        let due = |now: i64| async move {
            let mut due = store.digests_due(now).await.unwrap();
            due.sort();
            due
        };
        assert_eq!(due(10 * DAY).await, ["a", "b"], "never sent: due at once");
        // Both sent at 10:00 on day 10.
        let ten = 10 * DAY + 10 * 3600;
        store.write(sent("a", ten)).await.unwrap();
        store.write(sent("b", ten)).await.unwrap();
        assert!(due(10 * DAY + 18 * 3600 - 1).await.is_empty());
        assert_eq!(due(10 * DAY + 18 * 3600).await, ["a"], "18:00 has come");
        store.write(sent("a", 10 * DAY + 18 * 3600)).await.unwrap();
        assert!(due(11 * DAY + 9 * 3600).await.is_empty());
        assert_eq!(
            due(11 * DAY + 10 * 3600).await,
            ["b"],
            "a day after the last"
        );
        assert_eq!(due(11 * DAY + 18 * 3600).await, ["a", "b"]);
    }
    sqlite.close().await;
}
