//! Correspondence play in the browser: notice settings and a failing webhook's error, a game
//! with a clock, a pause asked for and agreed, chat that a spectator never sees, a rematch.

use super::cdp::Browser;
use super::{artifacts, create_game, follow_invite, sign_up};
use crate::common::TestServer;
use crate::correspondence_clock::START;
use crate::sinks::WebhookReceiver;

fn has_text(selector: &str, text: &str) -> String {
    format!(
        "(document.querySelector({}) || {{}}).textContent?.includes({})",
        serde_json::to_string(selector).unwrap(),
        serde_json::to_string(text).unwrap()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_correspondents_set_notices_pause_chat_privately_and_ask_for_a_rematch() {
    let hooks = WebhookReceiver::start().await;
    // The webhook receiver listens on the loopback address.
    let (server, _clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    // Grant sets a webhook that fails: the settings page shows the error.
    let union = browser.page("corr-union", 1280, 900).await;
    sign_up(&union, &base, "grant").await;
    union.goto(&format!("{base}/#/settings")).await;
    union.type_into("#webhook", &hooks.url("grant")).await;
    union.click("#save-notices").await;
    union.wait_for(&has_text("#toast", "Saved.")).await;
    hooks.answer(500);
    union.click("#test-notice").await;
    union.wait_for(&has_text("#toast", "on its way")).await;
    server.flush().await;
    // Through the start page, which draws at once: a slower page (the lobby) could still be
    // drawing when the next one opens.
    union.goto(&format!("{base}/#/start")).await;
    union
        .wait_for("document.querySelector('#create-account')")
        .await;
    union.goto(&format!("{base}/#/settings")).await;
    union
        .wait_for(&has_text("#channel-errors", "could not be delivered"))
        .await;
    union.wait_for(&has_text("#notices", "test")).await;
    union.screenshot(&dir, "settings").await;
    assert_eq!(hooks.take().len(), 1);

    // A private game with "a move a day".
    union.goto(&format!("{base}/#/lobby")).await;
    let (invite, watch) = create_game(
        &union,
        &[
            ("#game", "outpost"),
            ("#side", "union"),
            ("#clock", "a-move-a-day"),
        ],
        None,
    )
    .await;

    let confederate = browser.page("corr-confederate", 1280, 900).await;
    sign_up(&confederate, &base, "pemberton").await;
    follow_invite(&confederate, &invite).await;
    confederate
        .wait_for("document.querySelector('#bank-confederate')")
        .await;
    let spectator = browser.page("corr-spectator", 1280, 900).await;
    spectator.goto(&watch).await;
    spectator
        .wait_for("document.querySelector('#bank-union')")
        .await;
    union.wait_for(&has_text("#clock", "running")).await;
    union
        .wait_for(&has_text("#clock", "3d 0h bank, +1d 12h a move"))
        .await;

    // Grant asks for a pause; Pemberton agrees; both clocks stop.
    union.click("#ask-pause").await;
    confederate
        .wait_for("document.querySelector('#accept-pause')")
        .await;
    confederate.click("#accept-pause").await;
    for page in [&union, &confederate, &spectator] {
        page.wait_for("document.querySelector('#paused')").await;
    }
    union.screenshot(&dir, "paused").await;

    // Chat: the players' channel and Grant's notes never reach the spectator.
    union
        .type_into("#chat-text", "A move a day suits me.")
        .await;
    union.click("#chat-send").await;
    confederate
        .wait_for(&has_text("#chat-players", "A move a day suits me."))
        .await;
    union
        .click(".chat .tabs button[data-channel='notes']")
        .await;
    union.type_into("#chat-text", "my decoy is u1").await;
    union.click("#chat-send").await;
    union
        .wait_for(&has_text("#chat-notes", "my decoy is u1"))
        .await;
    assert!(
        spectator
            .eval("!document.querySelector('#chat-form')")
            .await
            == true,
        "an anonymous spectator cannot post"
    );
    let carol = server.account("carol").await;
    let game = union
        .eval("location.hash.split('/')[2]")
        .await
        .as_str()
        .unwrap()
        .to_string();
    carol
        .post_chat(
            &game,
            adjutant_protocol::ChatChannel::Spectators,
            "What a careful opening.",
            Some(watch.rsplit("code=").next().unwrap()),
        )
        .await
        .unwrap();
    spectator
        .wait_for(&has_text("#chat-spectators", "What a careful opening."))
        .await;
    for (page, secrets) in [
        (
            &spectator,
            &["A move a day suits me.", "my decoy is u1"][..],
        ),
        (
            &confederate,
            &["my decoy is u1", "What a careful opening."][..],
        ),
    ] {
        let text = page.text().await;
        for secret in secrets {
            assert!(
                !text.contains(secret),
                "{} shows {secret:?}:\n{text}",
                page.name
            );
        }
    }
    spectator.screenshot(&dir, "chat").await;

    // Grant resigns and offers a rematch; Pemberton opens it, now playing the Union.
    union.eval("window.confirm = () => true").await;
    union.click("#resign").await;
    // The end panel fills in as its parts arrive (the record, the turn stepper): click once it
    // stands still, or the click lands where the button was.
    union
        .wait_for("document.querySelector('#seed') && document.querySelector('#turn-label') && document.querySelector('#offer-rematch')")
        .await;
    union.click("#offer-rematch").await;
    confederate
        .wait_for("document.querySelector('#open-rematch')")
        .await;
    confederate.click("#open-rematch").await;
    confederate
        .wait_for(&format!(
            "location.hash.startsWith('#/game/') && !location.hash.includes('{game}') && document.querySelector('#status') && document.querySelector('#status').textContent.includes('Union')"
        ))
        .await;
    confederate.screenshot(&dir, "rematch").await;

    for page in [&union, &confederate, &spectator] {
        assert!(
            page.problems().is_empty(),
            "{} reported errors: {:?}",
            page.name,
            page.problems()
        );
    }
}
