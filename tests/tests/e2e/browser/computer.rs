//! The lobby's "Opponent" choice: a game against the computer created in a browser starts at
//! once, and the computer's first moves (its set-up dummies) reach the page by themselves.

use super::cdp::Browser;
use super::{artifacts, sign_up};
use crate::common::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_starts_a_game_against_the_computer() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();
    let page = browser.page("computer-lobby", 1280, 800).await;
    sign_up(&page, &base, "grant").await;
    page.click("#to-lobby").await;
    page.wait_for("document.querySelector('#create-game')")
        .await;
    // Outpost has no computer opponent: the choice is not shown for it.
    page.eval(
        "(() => { const s = document.querySelector('#game'); s.value = 'outpost'; \
         s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    let hidden = page
        .eval("document.querySelector('#opponent-field').hidden")
        .await;
    assert_eq!(hidden, true, "no computer for Outpost");
    page.eval(
        "(() => { for (const [id, value] of [['#game', 'mississippi-fortress'], \
         ['#scenario', 'champion-hill'], ['#side', 'union'], ['#opponent', 'computer:easy']]) { \
         const s = document.querySelector(id); s.value = value; s.dispatchEvent(new Event('change')); } })()",
    )
    .await;
    let shown = page
        .eval(
            "[!document.querySelector('#opponent-field').hidden, \
             [...document.querySelectorAll('#opponent option')].map((o) => o.textContent)]",
        )
        .await;
    assert_eq!(shown[0], true);
    assert_eq!(
        shown[1],
        serde_json::json!([
            "A person",
            "The computer (easy)",
            "The computer (normal)",
            "The computer (hard)"
        ])
    );
    page.screenshot(&dir, "form").await;
    page.click("#create-game").await;
    page.wait_for("document.querySelector('#computer-game')")
        .await;
    let text = page.text().await;
    assert!(
        text.contains("the computer (easy) plays the Confederate"),
        "{text}"
    );
    assert!(
        page.eval("document.querySelector('#invite-link')")
            .await
            .is_null(),
        "no invite link"
    );
    page.click("#open-game").await;
    // The computer places its dummies first; then the Union's choices appear by themselves.
    page.wait_for(
        "document.querySelector('svg.mf-map') && document.querySelectorAll('#choices button.choice').length > 0",
    )
    .await;
    let text = page.text().await;
    assert!(text.contains("Computer (easy) (Confederate)"), "{text}");
    page.screenshot(&dir, "game").await;
    assert!(page.problems().is_empty(), "{:?}", page.problems());
}
