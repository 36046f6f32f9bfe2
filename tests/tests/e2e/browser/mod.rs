//! The web client in a real headless Chromium: pages are driven by mouse clicks and typing,
//! and each page's text is checked against what its viewer may know.

mod accounts;
mod battle_board;
mod bloody_roads_south;
mod brs_maps;
mod brs_variant;
mod cdp;
mod champion_hill;
mod computer;
mod correspondence;
mod draw;
mod grand_campaign;
mod outpost;

use std::path::{Path, PathBuf};

use cdp::Page;

/// Where screenshots go: `test-artifacts/web/` at the workspace root.
pub fn artifacts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../test-artifacts/web")
}

/// Creates an account through the start page.
pub async fn sign_up(page: &Page, base: &str, name: &str) {
    page.goto(&format!("{base}/")).await;
    page.type_into("#name", name).await;
    page.click("#create-account").await;
    page.wait_for("document.querySelector('#new-token')").await;
}

/// The account token the page keeps (its session), for the API beside the page.
pub async fn token(page: &Page) -> String {
    page.eval("localStorage.getItem('adjutant.token')")
        .await
        .as_str()
        .expect("the page is signed in")
        .to_string()
}

/// Follows an invite link: the seat page takes the seat at once, or, where the seat comes with
/// secret choices, shows them and takes it with their defaults when "Take the seat" is clicked.
/// Returns once the game's page is open.
pub async fn follow_invite(page: &Page, invite: &str) {
    page.goto(invite).await;
    page.wait_for("location.hash.startsWith('#/game/') || document.querySelector('#take-seat')")
        .await;
    if page.eval("!!document.querySelector('#take-seat')").await == true {
        page.click("#take-seat").await;
    }
    page.wait_for("location.hash.startsWith('#/game/')").await;
}

/// On the lobby page: sets the fields of the create-game form (`#game`, `#side`, ...), saves a
/// screenshot of the form as "lobby" into `shots` if given, creates the game and opens its
/// page; returns the invite link and the watch link the lobby showed.
pub async fn create_game(
    page: &Page,
    fields: &[(&str, &str)],
    shots: Option<&Path>,
) -> (String, String) {
    page.wait_for("document.querySelector('#create-game')")
        .await;
    let fields = serde_json::to_string(fields).expect("fields serialise");
    page.eval(&format!(
        "(() => {{ for (const [id, value] of {fields}) {{ \
         const s = document.querySelector(id); s.value = value; s.dispatchEvent(new Event('change')); }} }})()"
    ))
    .await;
    if let Some(dir) = shots {
        page.screenshot(dir, "lobby").await;
    }
    page.click("#create-game").await;
    page.wait_for("document.querySelector('#invite-link')")
        .await;
    let link = |id: &str| format!("document.querySelector('#{id}').textContent");
    let invite = page
        .eval(&link("invite-link"))
        .await
        .as_str()
        .unwrap()
        .to_string();
    let watch = page
        .eval(&link("watch-link"))
        .await
        .as_str()
        .unwrap()
        .to_string();
    // The lobby's "My games" lists the new game at once, and the links have copy buttons.
    let id = invite
        .split("/join/")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .expect("the invite link names the game");
    page.wait_for(&format!(
        "!!document.querySelector(\"#my-games li[data-game='{id}']\") && !!document.querySelector('#invite-link-copy') && !!document.querySelector('#watch-link-copy')"
    ))
    .await;
    page.click("#open-game").await;
    (invite, watch)
}
