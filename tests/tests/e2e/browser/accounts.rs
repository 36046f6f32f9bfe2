//! Accounts in the browser: an account created with a password signs in on a fresh browser
//! profile by name and password and finds its games; the Settings page lists where the
//! account is signed in, signs out every other browser (which finds itself signed out) and
//! changes the password; a forgotten password is replaced through the page of a mailed link.

use adjutant_protocol::UpdateNoticeSettings;

use super::artifacts;
use super::cdp::Browser;
use crate::accounts::{PASSWORD, sign_in, with_password};
use crate::common::TestServer;
use crate::correspondence_clock::START;
use crate::notice_guards::confirm_by_link;
use crate::sinks::SmtpSink;

fn has_text(selector: &str, text: &str) -> String {
    format!(
        "(document.querySelector({}) || {{}}).textContent?.includes({})",
        serde_json::to_string(selector).unwrap(),
        serde_json::to_string(text).unwrap()
    )
}

fn rows() -> &'static str {
    "document.querySelectorAll('#sessions tbody tr').length"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_signs_in_on_a_fresh_profile_with_name_and_password_and_signs_out_the_rest() {
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    // The first browser creates the account with a password.
    let first = browser.page("accounts-first", 1280, 900).await;
    first.goto(&format!("{base}/")).await;
    first.type_into("#name", "grant").await;
    first.type_into("#new-password", PASSWORD).await;
    first.click("#create-account").await;
    first.wait_for("document.querySelector('#new-token')").await;
    first.click("#to-lobby").await;
    first.wait_for("document.querySelector('#my-games')").await;

    // A fresh profile: a wrong password is refused and keeps it on the start page.
    let second = browser.page("accounts-second", 1280, 900).await;
    second.goto(&format!("{base}/")).await;
    second.type_into("#sign-in-name", "grant").await;
    second
        .type_into("#sign-in-password", "not the password")
        .await;
    second.click("#sign-in-button").await;
    second
        .wait_for(&has_text("#toast", "the name or the password is wrong"))
        .await;
    assert_eq!(
        second.eval("localStorage.getItem('adjutant.token')").await,
        serde_json::Value::Null
    );
    second.screenshot(&dir, "start").await;
    // The right one signs in: the lobby with "My games", the name in the header.
    second
        .eval("document.querySelector('#sign-in-password').value = ''")
        .await;
    second.type_into("#sign-in-password", PASSWORD).await;
    second.click("#sign-in-button").await;
    second.wait_for("document.querySelector('#my-games')").await;
    assert!(second.text().await.contains("My games"));
    second.wait_for(&has_text("#who", "grant")).await;

    // Settings: two tokens, this browser's marked.
    second.goto(&format!("{base}/#/settings")).await;
    second.wait_for(&format!("{} === 2", rows())).await;
    second
        .wait_for(&has_text("#sessions tr.current", "this browser"))
        .await;
    second
        .wait_for(&has_text("#sessions", "password sign-in"))
        .await;
    second.screenshot(&dir, "settings").await;
    // Sign out everywhere else: the first browser is signed out at its next request.
    second.click("#revoke-others").await;
    second.wait_for(&format!("{} === 1", rows())).await;
    first.goto(&format!("{base}/#/settings")).await;
    first.wait_for(&has_text("#toast", "signed out")).await;
    first
        .wait_for("document.querySelector('#sign-in-button')")
        .await;
    assert_eq!(
        first.eval("localStorage.getItem('adjutant.token')").await,
        serde_json::Value::Null
    );

    // A new password, with the current one; the first browser signs in with it.
    second.type_into("#current-password", PASSWORD).await;
    second
        .type_into("#account-new-password", "richmond-1865")
        .await;
    second
        .type_into("#account-new-password-again", "richmond-1865")
        .await;
    second.click("#save-password").await;
    second
        .wait_for(&has_text("#toast", "Password changed."))
        .await;
    first.type_into("#sign-in-name", "grant").await;
    first.type_into("#sign-in-password", "richmond-1865").await;
    first.click("#sign-in-button").await;
    first.wait_for("document.querySelector('#my-games')").await;
    first.screenshot(&dir, "signed-in").await;
    for page in [&first, &second] {
        let problems: Vec<String> = page
            .problems()
            .into_iter()
            .filter(|p| !p.contains("401"))
            .collect();
        assert!(problems.is_empty(), "{problems:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_replaced_through_the_mailed_link_page() {
    let smtp = SmtpSink::start().await;
    let port = smtp.port;
    let (server, _clock) = TestServer::on_manual_clock(START, move |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = port;
    })
    .await;
    let base = server.base.clone();
    let grant = with_password(&server, "grant", PASSWORD).await;
    let update = UpdateNoticeSettings {
        webhook_url: None,
        email: Some("grant@example.test".into()),
        always: false,
        digest: false,
        ..UpdateNoticeSettings::default()
    };
    grant.set_notice_settings(&update).await.unwrap();
    server.flush().await;
    confirm_by_link(&smtp, "grant@example.test").await;

    // The start page asks for the link by name.
    let browser = Browser::start().await;
    let page = browser.page("accounts-link", 1280, 900).await;
    page.goto(&format!("{base}/")).await;
    page.type_into("#sign-in-name", "grant").await;
    page.click("#mail-link").await;
    page.wait_for(&has_text("#link-sent", "a sign-in link is on its way"))
        .await;
    server.service.flush_sign_in_mail().await;
    let mails = smtp.take();
    assert_eq!(mails.len(), 1);
    let link = mails[0]
        .text()
        .split_whitespace()
        .find(|w| w.contains("/#/sign-in/link/adj_"))
        .expect("the mail holds the link")
        .to_string();

    // A fresh profile opens it, sets a new password and signs every other device out.
    let fresh = browser.page("accounts-link-fresh", 1280, 900).await;
    fresh.goto(&link).await;
    fresh
        .type_into("#link-new-password", "a new password, at last")
        .await;
    fresh
        .type_into("#link-new-password-again", "a new password, at last")
        .await;
    fresh.screenshot(&artifacts(), "link").await;
    fresh.click("#use-link").await;
    fresh.wait_for("document.querySelector('#my-games')").await;
    fresh.wait_for(&has_text("#who", "grant")).await;
    let gone = grant.me().await.unwrap_err();
    assert_eq!(
        gone.code(),
        Some(adjutant_protocol::ErrorCode::Unauthorized)
    );
    sign_in(&server, "grant", "a new password, at last")
        .await
        .expect("the new password signs in");
    assert!(fresh.problems().is_empty(), "{:?}", fresh.problems());
}
