//! Notices as a correspondence player needs them (issue 15): an open tab or a `watch` left
//! running silences only while its player is really looking; warnings and results always go;
//! each account's notices arrive in order, and one that is no longer true when its turn
//! comes is dropped; a game ending in a pause ends the pause; refused and lapsed pauses, a
//! seat back from the bot, chat messages and the last warning are told; mail carries
//! `Message-ID`, `MIME-Version`, a subject naming the game, and a one-click unsubscribe.

use adjutant_cli::Client;
use adjutant_protocol::TimeoutPolicy;
use adjutant_server::ManualClock;
use std::sync::Arc;

use crate::common::*;
use crate::correspondence_clock::{DAY, START, clocked, hand_over};
use crate::notice_guards::{confirm_by_link, follow};
use crate::notices::{kinds, settings, subscribe};
use crate::sinks::{Hook, SmtpSink, WebhookReceiver};

/// How long a player with the game open counts as looking after their last activity.
const LOOKING: i64 = 300;

/// The notices delivered (status 200) to `who`, by kind, oldest first.
fn delivered_to(hooks: &[Hook], who: &str) -> Vec<String> {
    let path = format!("/hook/{who}");
    let ok: Vec<Hook> = hooks
        .iter()
        .filter(|h| h.path == path && h.status == 200)
        .cloned()
        .collect();
    kinds(&ok)
}

/// A clocked game of Alice (Union) and Bob, each with a webhook.
async fn setup(
    preset: &str,
    on_timeout: TimeoutPolicy,
) -> (
    TestServer,
    Arc<ManualClock>,
    Client,
    Client,
    String,
    WebhookReceiver,
) {
    let hooks = WebhookReceiver::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    let game = clocked(&alice, &bob, preset, on_timeout).await;
    settings(&alice, Some(hooks.url("alice")), None, false).await;
    settings(&bob, Some(hooks.url("bob")), None, false).await;
    server.flush().await;
    hooks.take();
    (server, clock, alice, bob, game, hooks)
}

#[tokio::test]
async fn an_open_game_silences_a_your_move_only_while_its_player_looks_and_warnings_always_go() {
    let (server, clock, alice, bob, game, hooks) =
        setup("a-move-a-day", TimeoutPolicy::Forfeit).await;
    let mut bob_live = live(&bob).await;
    subscribe(&mut bob_live, &game).await;

    // Bob has the game open and just subscribed: he sees Alice's move on his screen.
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    assert!(
        delivered_to(&hooks.take(), "bob").is_empty(),
        "Bob is looking"
    );
    // He walks away from the open tab: once he has not been active for five minutes, the
    // move still being his, he is told.
    clock.advance(LOOKING - 1);
    server.flush().await;
    assert!(delivered_to(&hooks.take(), "bob").is_empty(), "not yet");
    clock.advance(1);
    server.flush().await;
    assert_eq!(delivered_to(&hooks.take(), "bob"), ["your_move"]);

    // Back at the tab he plays on (the orders of both, then Alice's move); when the move is
    // his again he is looking, and he moves before he looks away: the "your move" held for
    // him is dropped, never sent, and says why.
    assert!(hand_over(&bob, &game, "").await);
    assert!(hand_over(&alice, &game, "").await);
    assert!(hand_over(&bob, &game, "").await);
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    assert!(
        delivered_to(&hooks.take(), "bob").is_empty(),
        "Bob is looking"
    );
    assert!(hand_over(&bob, &game, "").await);
    clock.advance(LOOKING + 1);
    server.flush().await;
    assert!(delivered_to(&hooks.take(), "bob").is_empty());
    let listed = bob.notices().await.unwrap().notices;
    assert_eq!(
        listed[0].dropped.as_deref(),
        Some("you have moved since"),
        "{listed:?}"
    );
    assert_eq!(listed[0].sent_at, None);

    // A warning reaches him even while he looks at the game.
    let state = bob.state(&game, None).await.unwrap();
    let running = state.clock.as_ref().unwrap();
    if !running
        .running
        .contains(&adjutant_protocol::Side::Confederate)
    {
        assert!(hand_over(&alice, &game, "").await);
    }
    let info = bob.state(&game, None).await.unwrap().clock.unwrap();
    let bank = info.remaining.confederate;
    clock.advance(bank - bank / 5);
    bob.state(&game, None).await.unwrap();
    server.sweep().await;
    assert_eq!(delivered_to(&hooks.take(), "bob"), ["time_low"]);
    // And so does the result.
    bob.state(&game, None).await.unwrap();
    alice.resign(&game).await.unwrap();
    server.flush().await;
    assert_eq!(delivered_to(&hooks.take(), "bob"), ["game_over"]);
    drop(bob_live);
}

#[tokio::test]
async fn a_late_retry_keeps_its_account_s_order_and_is_dropped_once_no_longer_true() {
    let (server, clock, alice, bob, game, hooks) =
        setup("a-move-a-day", TimeoutPolicy::Forfeit).await;

    // Bob's endpoint fails: his "your move" waits for its retry (30 s)...
    hooks.answer(500);
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    assert_eq!(hooks.take().len(), 1, "one failed attempt");
    // ... and Alice's request for a pause, coming later, waits behind it (it also brings
    // the retry forward: the endpoint still fails, so nothing goes).
    alice.pause(&game, 2).await.unwrap();
    server.flush().await;
    let attempts = hooks.take();
    assert_eq!(
        kinds(&attempts),
        ["your_move"],
        "the older one is tried first"
    );
    // The endpoint is back: at the retry (2 minutes after the second failure) both go, in
    // the order they happened.
    hooks.answer(200);
    clock.advance(119);
    server.flush().await;
    assert!(hooks.take().is_empty(), "not before the retry");
    clock.advance(1);
    server.flush().await;
    assert_eq!(
        delivered_to(&hooks.take(), "bob"),
        ["your_move", "pause_requested"]
    );

    // Again his endpoint fails, and this time he moves (from the command line) before the
    // retry: the retry finds the notice untrue and drops it.
    bob.answer_pause(&game, false).await.unwrap();
    // (Bob's move, both players' orders, then Alice's move.)
    assert!(hand_over(&bob, &game, "").await);
    assert!(hand_over(&alice, &game, "").await);
    assert!(hand_over(&bob, &game, "").await);
    server.flush().await;
    hooks.take();
    hooks.answer(500);
    assert!(hand_over(&alice, &game, "").await);
    server.flush().await;
    assert_eq!(kinds(&hooks.take()), ["your_move"]);
    assert!(hand_over(&bob, &game, "").await);
    hooks.answer(200);
    clock.advance(3600);
    server.flush().await;
    assert!(delivered_to(&hooks.take(), "bob").is_empty());
    let listed = bob.notices().await.unwrap().notices;
    let dropped = listed
        .iter()
        .find(|n| n.dropped.is_some())
        .expect("the stale notice is listed as dropped");
    assert_eq!(dropped.dropped.as_deref(), Some("you have moved since"));
    assert_eq!(dropped.attempts, 1);
}

#[tokio::test]
async fn a_game_that_ends_during_a_pause_ends_the_pause_and_gives_back_its_unused_days() {
    let (server, clock, alice, bob, game, _hooks) =
        setup("a-move-a-day", TimeoutPolicy::Forfeit).await;
    alice.pause(&game, 5).await.unwrap();
    bob.answer_pause(&game, true).await.unwrap();
    assert_eq!(alice.vacation().await.unwrap().used_secs, 5 * DAY);
    clock.advance(DAY);
    alice.resign(&game).await.unwrap();
    server.flush().await;
    let state = alice.state(&game, None).await.unwrap();
    let info = state.clock.expect("the clock is still shown");
    assert_eq!(info.paused, None, "the pause ended with the game");
    assert_eq!(info.pause_request, None);
    assert_eq!(
        alice.vacation().await.unwrap().used_secs,
        DAY,
        "only the day it lasted is charged"
    );
}

#[tokio::test]
async fn refused_and_lapsed_pauses_and_chat_messages_are_told() {
    let (server, clock, alice, bob, game, hooks) =
        setup("a-move-a-day", TimeoutPolicy::Forfeit).await;
    alice.pause(&game, 2).await.unwrap();
    bob.answer_pause(&game, false).await.unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(delivered_to(&got, "alice"), ["pause_refused"]);
    let refused = got.iter().find(|h| h.path == "/hook/alice").unwrap();
    assert!(
        refused.body["text"]
            .as_str()
            .unwrap()
            .contains("bob refused"),
        "{}",
        refused.body
    );

    // A request left unanswered lapses after two days, and its asker is told.
    alice.pause(&game, 1).await.unwrap();
    server.flush().await;
    assert_eq!(delivered_to(&hooks.take(), "bob"), ["pause_requested"]);
    clock.advance(2 * DAY - 1);
    server.sweep().await;
    assert!(delivered_to(&hooks.take(), "alice").is_empty());
    let state = alice.state(&game, None).await.unwrap();
    assert!(state.clock.unwrap().pause_request.is_some());
    clock.advance(1);
    server.sweep().await;
    let got = hooks.take();
    assert_eq!(delivered_to(&got, "alice"), ["pause_refused"]);
    let lapsed = got.iter().find(|h| h.path == "/hook/alice").unwrap();
    assert!(lapsed.body["text"].as_str().unwrap().contains("lapsed"));
    let state = alice.state(&game, None).await.unwrap();
    assert_eq!(state.clock.unwrap().pause_request, None);

    // The players' chat reaches the opponent, quoted; a note to oneself reaches nobody.
    bob.post_chat(
        &game,
        adjutant_protocol::ChatChannel::Players,
        "Well played so far",
        None,
    )
    .await
    .unwrap();
    bob.post_chat(
        &game,
        adjutant_protocol::ChatChannel::Notes,
        "secret plan",
        None,
    )
    .await
    .unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(delivered_to(&got, "alice"), ["chat"]);
    assert!(delivered_to(&got, "bob").is_empty());
    assert!(
        got[0].body["text"]
            .as_str()
            .unwrap()
            .contains("“Well played so far”")
    );
    assert!(!got[0].body.to_string().contains("secret plan"));
}

#[tokio::test]
async fn the_last_warning_and_a_seat_taken_back_from_the_bot_are_told() {
    let (server, clock, alice, _bob, game, hooks) = setup("brisk", TimeoutPolicy::Bot).await;
    // Alice's time: first the 80 % warning, then the last one at 95 %.
    let info = alice.state(&game, None).await.unwrap().clock.unwrap();
    assert!(info.running.contains(&adjutant_protocol::Side::Union));
    let bank = info.remaining.union;
    clock.advance(bank - bank / 5);
    server.sweep().await;
    assert_eq!(delivered_to(&hooks.take(), "alice"), ["time_low"]);
    clock.advance(bank / 5 - bank / 20);
    server.sweep().await;
    let got = hooks.take();
    assert_eq!(delivered_to(&got, "alice"), ["time_nearly_out"]);
    assert!(
        got[0].body["text"]
            .as_str()
            .unwrap()
            .starts_with("Last warning:")
    );

    // Her time runs out: the bot takes her seat; she takes it back and Bob is told.
    clock.advance(bank / 20);
    server.sweep().await;
    assert!(delivered_to(&hooks.take(), "alice").contains(&"bot_took_seat".to_string()));
    alice.reclaim(&game).await.unwrap();
    server.flush().await;
    assert_eq!(delivered_to(&hooks.take(), "bob"), ["seat_returned"]);
}

#[tokio::test]
async fn notice_mail_has_an_id_a_mime_version_a_subject_naming_the_game_and_a_one_click_unsubscribe()
 {
    let smtp = SmtpSink::start().await;
    let (server, _clock) = TestServer::on_manual_clock(START, |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = smtp.port;
        config.smtp_from = "Adjutant <adjutant@example.test>".into();
    })
    .await;
    let alice = server.account("alice").await;
    let bob = server.account("bob").await;
    settings(&alice, None, Some("alice@example.test"), false).await;
    server.flush().await;
    confirm_by_link(&smtp, "alice@example.test").await;
    let game = clocked(&alice, &bob, "a-move-a-day", TimeoutPolicy::Forfeit).await;
    server.flush().await;
    let mails = smtp.take();
    assert_eq!(mails.len(), 1);
    // The headers as sent (the body is quoted-printable; the headers are not).
    let text = mails[0].data.clone();
    let header = |name: &str| {
        text.lines()
            .find(|l| {
                l.to_ascii_lowercase()
                    .starts_with(&format!("{}:", name.to_ascii_lowercase()))
            })
            .map(|l| l[name.len() + 1..].trim().to_string())
    };
    let id = header("Message-ID").expect("a Message-ID");
    assert!(
        id.starts_with('<') && id.ends_with("@example.test>"),
        "{id}"
    );
    assert_eq!(header("MIME-Version").as_deref(), Some("1.0"));
    assert_eq!(
        header("Subject").as_deref(),
        Some("Adjutant: Skirmish (Outpost) against bob has started")
    );
    assert_eq!(
        header("List-Unsubscribe-Post").as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let link = header("List-Unsubscribe").expect("an unsubscribe link");
    let link = link
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string();
    assert!(
        link.contains("/api/notices/unsubscribe?token=adj_"),
        "{link}"
    );

    // A second mail has its own id.
    assert!(hand_over(&alice, &game, "").await);
    assert!(hand_over(&bob, &game, "").await);
    server.flush().await;
    let again = smtp.take();
    assert_eq!(again.len(), 1);
    assert!(!again[0].text().contains(&id));

    // Opening the link only shows a button; pressing it (as a mail provider's one-click
    // POST does) stops the mail, and the link is spent.
    let (shown, pressed, page) = follow(&link).await;
    assert_eq!((shown, pressed), (200, 200), "{page}");
    let kept = alice.notice_settings().await.unwrap();
    assert_eq!(kept.email, None);
    assert!(!kept.email_confirmed);
    let (_, again, _) = follow(&link).await;
    assert_eq!(again, 404, "a spent link");
    assert!(hand_over(&alice, &game, "").await);
    assert!(hand_over(&bob, &game, "").await);
    server.flush().await;
    assert!(smtp.take().is_empty(), "no more mail");
}
