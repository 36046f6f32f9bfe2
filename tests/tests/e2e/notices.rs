//! Notices through a real webhook receiver and a real SMTP sink, on a manual clock: the right
//! notice at the right moment to the right account, never while it is connected (unless it
//! asked), never with a secret in it; a failing webhook is retried and shown as failed. The
//! receivers listen on the loopback address, so these servers allow private webhooks.

use adjutant_cli::{Client, Live};
use adjutant_protocol::{
    ClientMessage, NoticeKind, ServerMessage, TimeoutPolicy, UpdateMode, UpdateNoticeSettings,
};

use crate::common::*;
use crate::correspondence_clock::{DAY, START, clocked, hand_over};
use crate::notice_guards::confirm_by_link;
use crate::sinks::{Hook, Mail, SmtpSink, WebhookReceiver};

/// Words no notice may contain: Outpost's secrets (counter ids, decoy, order notes, stances).
const SECRETS: [&str; 12] = [
    "u1", "u2", "u3", "c1", "c2", "c3", "decoy", "attack", "strength", "ford", "feint", "prompt",
];

fn assert_no_secrets(text: &str, notes: &[&str]) {
    let words: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .map(str::to_ascii_lowercase)
        .collect();
    for secret in SECRETS {
        assert!(
            !words.iter().any(|w| w == secret),
            "a notice gives away {secret:?}: {text}"
        );
    }
    for note in notes {
        assert!(!text.contains(note), "a notice quotes an order: {text}");
    }
}

pub fn kinds(hooks: &[Hook]) -> Vec<String> {
    hooks
        .iter()
        .map(|h| h.body["kind"].as_str().unwrap_or_default().to_string())
        .collect()
}

pub async fn settings(client: &Client, webhook: Option<String>, email: Option<&str>, always: bool) {
    client
        .set_notice_settings(&UpdateNoticeSettings {
            webhook_url: webhook,
            email: email.map(str::to_string),
            always,
            digest: false,
            ..UpdateNoticeSettings::default()
        })
        .await
        .expect("settings saved");
}

pub async fn subscribe(live: &mut Live, game: &str) {
    live.send(&ClientMessage::Subscribe {
        game_id: game.to_string(),
        after_seq: None,
        spectate_code: None,
        updates: UpdateMode::View,
        id: Some("s".into()),
    })
    .await
    .unwrap();
    live.until(WAIT, |f| {
        matches!(f, ServerMessage::Subscribed { .. }).then_some(())
    })
    .await
    .unwrap();
}

async fn unsubscribe(live: &mut Live, game: &str) {
    live.send(&ClientMessage::Unsubscribe {
        game_id: game.to_string(),
        id: Some("u".into()),
    })
    .await
    .unwrap();
    live.until(WAIT, |f| {
        matches!(f, ServerMessage::Unsubscribed { .. }).then_some(())
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn the_right_notices_reach_the_right_account_at_the_right_moments_and_keep_every_secret() {
    let smtp = SmtpSink::start().await;
    let hooks = WebhookReceiver::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = smtp.port;
        config.smtp_from = "Adjutant <adjutant@example.test>".into();
    })
    .await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    let carol = server.account("carol").await;
    let alice_id = alice.me().await.unwrap().account_id;
    let bob_id = bob.me().await.unwrap().account_id;
    settings(
        &alice,
        Some(hooks.url("alice")),
        Some("alice@example.test"),
        false,
    )
    .await;
    settings(&bob, Some(hooks.url("bob")), None, false).await;
    settings(&carol, Some(hooks.url("carol")), None, false).await;
    assert!(alice.notice_settings().await.unwrap().email_available);
    server.flush().await;
    confirm_by_link(&smtp, "alice@example.test").await;
    assert!(alice.notice_settings().await.unwrap().email_confirmed);

    let mut hooked: Vec<Hook> = Vec::new();
    let mut mailed: Vec<Mail> = Vec::new();
    let notes = ["union-note-ford", "confederate-note-feint"];

    // The game starts: the creator is told (webhook and e-mail), not the one who joined.
    let game = clocked(&alice, &bob, "a-move-a-day", TimeoutPolicy::Forfeit).await;
    server.flush().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["game_started"]);
    let started = &got[0];
    assert_eq!(started.path, "/hook/alice");
    assert_eq!(started.body["account"], alice_id.as_str());
    assert_eq!(started.body["game_id"], game.as_str());
    assert_eq!(started.body["opponent"], "bob");
    assert_eq!(started.body["seat"], "union");
    assert_eq!(started.body["deadline"], START + 3 * DAY);
    assert!(
        started.body["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/#/game/{game}"))
    );
    let mails = smtp.take();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, ["alice@example.test"]);
    assert!(
        mails[0]
            .text()
            .contains("Subject: Adjutant: Skirmish (Outpost) against bob has started")
    );
    assert!(mails[0].text().contains(&format!("/#/game/{game}")));
    hooked.extend(got);
    mailed.extend(mails);

    // Alice hands the move over: Bob (not connected) is told; Alice is not.
    clock.advance(DAY);
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["your_move"]);
    assert_eq!(got[0].path, "/hook/bob");
    assert_eq!(got[0].body["account"], bob_id.as_str());
    assert_eq!(got[0].body["to_act"], serde_json::json!(["confederate"]));
    assert!(
        smtp.take().is_empty(),
        "Bob has no e-mail, Alice was not told"
    );
    hooked.extend(got);

    // Bob connects and plays; orders are given; Alice, away, hears of each move of hers.
    let mut bob_live = live(&bob).await;
    subscribe(&mut bob_live, &game).await;
    assert!(hand_over(&bob, &game, "").await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(
        kinds(&got),
        ["your_move"],
        "both give orders: Alice is told"
    );
    assert_eq!(got[0].path, "/hook/alice");
    hooked.extend(got);
    mailed.extend(smtp.take());
    assert!(hand_over(&alice, &game, notes[0]).await);
    assert!(hand_over(&bob, &game, notes[1]).await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["your_move"]);
    assert_eq!(got[0].path, "/hook/alice");
    hooked.extend(got);
    mailed.extend(smtp.take());

    // Connected, Bob is not told; once he asks for "always", he is.
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    assert!(hooks.take().is_empty(), "Bob is connected to the game");
    settings(&bob, Some(hooks.url("bob")), None, true).await;
    assert!(hand_over(&bob, &game, "").await);
    // (Told before she moves: a "your move" still waiting when she has moved is dropped.)
    server.flush().await;
    assert!(hand_over(&alice, &game, "hold").await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(
        kinds(&got),
        ["your_move"],
        "Alice, away, is told the orders are due"
    );
    assert_eq!(got[0].path, "/hook/alice");
    hooked.extend(got);
    mailed.extend(smtp.take());
    assert!(hand_over(&bob, &game, "hold").await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["your_move"]);
    assert_eq!(got[0].path, "/hook/alice");
    hooked.extend(got);
    mailed.extend(smtp.take());
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(
        kinds(&got),
        ["your_move"],
        "Bob asked for notices even when connected"
    );
    assert_eq!(got[0].path, "/hook/bob");
    hooked.extend(got);
    settings(&bob, Some(hooks.url("bob")), None, false).await;
    unsubscribe(&mut bob_live, &game).await;

    // 80 % of Alice's bank goes by: she is warned once, by the sweep.
    assert!(hand_over(&bob, &game, "").await);
    assert!(hand_over(&bob, &game, "hold").await);
    server.flush().await;
    hooked.extend(hooks.take());
    mailed.extend(smtp.take());
    let info = alice.state(&game, None).await.unwrap().clock.unwrap();
    let bank = info.remaining.union;
    assert_eq!(info.running, [adjutant_protocol::Side::Union]);
    clock.advance(bank - bank / 5 - 1);
    server.sweep().await;
    let early = hooks.take();
    assert!(early.is_empty(), "not yet: {early:?}");
    clock.advance(1);
    server.sweep().await;
    server.sweep().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["time_low"]);
    assert_eq!(got[0].path, "/hook/alice");
    let deadline = got[0].body["deadline"].as_i64().unwrap();
    assert_eq!(deadline, info.deadline.unwrap());
    let mails = smtp.take();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].text().contains("80 % of your time"));
    hooked.extend(got);
    mailed.extend(mails);

    // A daily digest lists the games where it is your move.
    alice
        .set_notice_settings(&UpdateNoticeSettings {
            webhook_url: Some(hooks.url("alice")),
            email: None,
            always: false,
            digest: true,
            ..UpdateNoticeSettings::default()
        })
        .await
        .unwrap();
    server.sweep().await;
    let got = hooks.take();
    assert_eq!(kinds(&got), ["digest"]);
    assert_eq!(got[0].body["games"][0]["game_id"], game.as_str());
    assert_eq!(got[0].body["games"][0]["opponent"], "bob");
    hooked.extend(got);
    server.sweep().await;
    assert!(hooks.take().is_empty(), "one digest a day");

    // The game ends: both players are told, with the result.
    alice.resign(&game).await.unwrap();
    server.flush().await;
    let mut got = hooks.take();
    got.sort_by(|a, b| a.path.cmp(&b.path));
    assert_eq!(kinds(&got), ["game_over", "game_over"]);
    assert_eq!(got[0].path, "/hook/alice");
    assert_eq!(got[1].path, "/hook/bob");
    assert_eq!(got[1].body["outcome"]["winner"], "confederate");
    hooked.extend(got);

    // Nobody else heard anything, and nothing heard gives a secret away.
    assert!(hooked.iter().all(|h| h.path != "/hook/carol"));
    assert!(carol.notices().await.unwrap().notices.is_empty());
    for hook in &hooked {
        assert_eq!(hook.status, 200);
        let kind = hook.body["kind"].as_str().unwrap();
        if kind != "game_over" {
            assert_no_secrets(&hook.body.to_string(), &notes);
        }
        let who = hook.path.trim_start_matches("/hook/");
        let id = if who == "alice" { &alice_id } else { &bob_id };
        assert_eq!(hook.body["account"], id.as_str(), "{hook:?}");
    }
    for mail in &mailed {
        assert_eq!(mail.to, ["alice@example.test"]);
        assert_no_secrets(&mail.text(), &notes);
    }
    let listed = alice.notices().await.unwrap().notices;
    assert!(listed.iter().all(|n| n.sent_at.is_some() && !n.failed));
    assert!(
        listed
            .iter()
            .any(|n| n.kind == NoticeKind::TimeLow && n.channel == "email")
    );
}

#[tokio::test]
async fn a_failing_webhook_is_retried_with_backoff_and_its_error_is_shown_to_its_account() {
    let hooks = WebhookReceiver::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let dave = server.account("dave").await;
    settings(&dave, Some(hooks.url("dave")), None, false).await;

    hooks.answer(500);
    dave.test_notice().await.unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].status, 500);
    // The account is told it failed, not what answered (that would make a port scanner).
    let shown = dave.notice_settings().await.unwrap();
    let error = shown.webhook_error.expect("the error is kept");
    assert_eq!(error.message, "the webhook could not be delivered");
    assert_eq!(error.at, START);
    let notice = &dave.notices().await.unwrap().notices[0];
    assert_eq!(notice.kind, NoticeKind::Test);
    assert_eq!((notice.attempts, notice.next_at), (1, Some(START + 30)));
    assert_eq!(
        notice.last_error.as_deref(),
        Some("the webhook could not be delivered")
    );

    // Not before its time; then again, still failing; then it gets through.
    clock.advance(29);
    server.flush().await;
    assert!(hooks.take().is_empty());
    clock.advance(1);
    server.flush().await;
    assert_eq!(hooks.take().len(), 1);
    assert_eq!(
        dave.notices().await.unwrap().notices[0].next_at,
        Some(START + 30 + 120)
    );
    hooks.answer(200);
    clock.advance(120);
    server.flush().await;
    let got = hooks.take();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].body["kind"], "test");
    let notice = &dave.notices().await.unwrap().notices[0];
    assert_eq!((notice.attempts, notice.sent_at), (3, Some(START + 150)));
    assert!(notice.last_error.is_none() && notice.next_at.is_none());
    assert!(
        dave.notice_settings()
            .await
            .unwrap()
            .webhook_error
            .is_none()
    );

    // A webhook that never answers well is given up after six attempts.
    hooks.answer(503);
    dave.test_notice().await.unwrap();
    server.flush().await;
    for delay in [30, 120, 600, 3600, 6 * 3600] {
        clock.advance(delay);
        server.flush().await;
    }
    assert_eq!(hooks.take().len(), 6);
    clock.advance(DAY);
    server.flush().await;
    assert!(hooks.take().is_empty());
    let notice = &dave.notices().await.unwrap().notices[0];
    assert!(notice.failed && notice.next_at.is_none());
    assert_eq!(notice.attempts, 6);

    // Nonsense settings are refused with a reason, and change nothing.
    for (url, email) in [
        (Some("ftp://example.test/hook".to_string()), None),
        (Some("mailto:dave@example.test".to_string()), None),
        (None, Some("not an address")),
        (None, Some("dave@example.test")),
    ] {
        let refused = dave
            .set_notice_settings(&UpdateNoticeSettings {
                webhook_url: url,
                email: email.map(str::to_string),
                always: true,
                digest: true,
                ..UpdateNoticeSettings::default()
            })
            .await
            .unwrap_err();
        assert_eq!(
            refused.code(),
            Some(adjutant_protocol::ErrorCode::BadRequest)
        );
    }
    let kept = dave.notice_settings().await.unwrap();
    assert_eq!(kept.webhook_url, Some(hooks.url("dave")));
    assert!(!kept.always && !kept.email_available);
}

#[tokio::test]
async fn pauses_time_outs_and_rematches_are_told_to_the_players() {
    let hooks = WebhookReceiver::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    let game = clocked(&alice, &bob, "brisk", TimeoutPolicy::Bot).await;
    settings(&alice, Some(hooks.url("alice")), None, false).await;
    settings(&bob, Some(hooks.url("bob")), None, false).await;
    let told = |hooks: &WebhookReceiver| {
        let mut got: Vec<(String, String)> = hooks
            .take()
            .into_iter()
            .map(|h| {
                let kind = h.body["kind"].as_str().unwrap_or_default().to_string();
                (h.path.trim_start_matches("/hook/").to_string(), kind)
            })
            .collect();
        got.sort();
        got
    };
    let pair = |who: &str, kind: &str| (who.to_string(), kind.to_string());

    alice.pause(&game, 2).await.unwrap();
    server.flush().await;
    assert_eq!(told(&hooks), [pair("bob", "pause_requested")]);
    bob.answer_pause(&game, true).await.unwrap();
    server.flush().await;
    assert_eq!(
        told(&hooks),
        [pair("alice", "pause_started"), pair("bob", "pause_started")]
    );
    clock.advance(2 * DAY);
    server.sweep().await;
    assert_eq!(
        told(&hooks),
        [pair("alice", "pause_ended"), pair("bob", "pause_ended")]
    );

    // Alice's bank runs out: the bot takes her seat, and both are told (Bob's move follows).
    clock.advance(DAY);
    server.sweep().await;
    assert_eq!(
        told(&hooks),
        [
            pair("alice", "bot_took_seat"),
            pair("bob", "bot_took_seat"),
            pair("bob", "your_move")
        ]
    );

    bob.resign(&game).await.unwrap();
    server.flush().await;
    assert_eq!(
        told(&hooks),
        [pair("alice", "game_over"), pair("bob", "game_over")]
    );
    let rematch = bob.rematch(&game, serde_json::json!({})).await.unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].path, "/hook/alice");
    assert_eq!(got[0].body["kind"], "rematch_offered");
    assert_eq!(got[0].body["game_id"], rematch.game_id.as_str());
    assert_eq!(got[0].body["seat"], "confederate");
    assert_eq!(got[0].body["opponent"], "bob");
    let link = got[0].body["link"].as_str().unwrap();
    assert!(
        link.ends_with(&format!("/#/join/{}/rematch", rematch.game_id)),
        "{link}"
    );
}
