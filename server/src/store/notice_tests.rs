//! Notice settings, the outbox and digests: every store (SQLite, memory, PostgreSQL) answers
//! the same writes alike and lists the same notices and digests.

use super::tests::{all_stores, assert_all_same, close_all, new_account, run_script};
use super::{NoticeResult, NoticeWrite, Write};

#[tokio::test]
async fn every_store_keeps_notice_settings_and_the_outbox_alike() {
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
    let stores = all_stores("notices").await;
    run_script(&stores, script).await;
    let mut seen = Vec::new();
    for store in stores.iter().map(|s| &**s) {
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
            store.outbox_depth().await.unwrap(),
        ));
    }
    assert_all_same(&seen);
    assert_eq!(
        seen[1].1,
        Some(("a".into(), 100)),
        "a new address waits on its new token"
    );
    assert_eq!(
        seen[0].7, 1,
        "the outbox holds the notice waiting for its retry (the other was delivered, and one \
         for no account is refused)"
    );
    close_all(&stores).await;
}

#[tokio::test]
async fn every_store_keeps_a_queue_behind_its_retry_pull_it_forward_and_drop_or_defer_notices() {
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
    let stores = all_stores("notice_queue").await;
    let mut seen = Vec::new();
    for store in stores.iter().map(|s| &**s) {
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
    assert_all_same(&seen);
    let (blocked, pulled, later, listed) = &seen[0];
    assert_eq!(blocked, &(vec![2], vec![2]));
    assert_eq!(pulled, &vec![1, 2, 3, 4]);
    assert_eq!(later, &vec![1, 2], "3 dropped, 4 deferred");
    assert_eq!(
        listed[1],
        (3, None, Some(3), Some("you have moved since".into()))
    );
    assert_eq!(listed[0].1, Some(900));
    close_all(&stores).await;
}

#[tokio::test]
async fn a_digest_at_a_chosen_hour_is_due_once_that_hour_has_passed_since_the_last() {
    const DAY: i64 = 86_400;
    let stores = all_stores("digest_hour").await;
    for store in stores.iter().map(|s| &**s) {
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
    close_all(&stores).await;
}
