//! The grand campaign (6.3) with every optional rule in the browser: the Confederate player sets
//! up his ships (7.21a) by clicking while a spectator watches; both pages show the navies that
//! are not on the river (ships to be set up, naval reinforcements waiting off the map, 4.15a)
//! and raise no error.

use serde_json::Value;

use super::artifacts;
use super::cdp::{Browser, Page};
use crate::common::{TestServer, account, mississippi_fortress_game};

/// Opens the game's page in a fresh page of the browser, signed in with `token` (or as a
/// spectator without one).
async fn open(browser: &Browser, name: &str, base: &str, token: Option<&str>, game: &str) -> Page {
    let page = browser.page(name, 1280, 800).await;
    page.goto(&format!("{base}/")).await;
    if let Some(token) = token {
        page.eval(&format!(
            "localStorage.setItem('adjutant.token', {token:?})"
        ))
        .await;
    }
    // A new query string makes a full load, so the page starts with the token in place.
    page.goto(&format!("{base}/?{name}#/game/{game}")).await;
    page.wait_for("document.querySelector('#turn') && document.querySelector('svg.mf-map')")
        .await;
    page
}

/// A script counting the ships the status panel lists as still to be set up.
const TO_BE_SET_UP: &str =
    "(() => { const line = [...document.querySelectorAll('#ships-off .ships-off')]
    .map((d) => d.textContent).find((t) => t.includes('to be set up'));
  return line ? line.split(': ')[1].split(', ').length : 0; })()";

/// How many ships the page's status panel lists as still to be set up.
async fn to_be_set_up(page: &Page) -> u64 {
    page.eval(TO_BE_SET_UP).await.as_u64().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_grand_campaign_page_shows_both_navies_and_the_confederate_sets_up_his_ships() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let union = account(&server.client(), "porter").await;
    let confederate = account(&server.client(), "brown").await;
    let options: serde_json::Map<String, Value> = [
        "optional-weather",
        "longstreet-moves-west",
        "variable-entry",
        "rebel-iron-afloat",
        "farraguts-fleet",
        "troop-density",
    ]
    .into_iter()
    .map(|o| (o.to_string(), Value::Bool(true)))
    .collect();
    let game = mississippi_fortress_game(
        &union,
        &confederate,
        "porter-runs-the-batteries",
        Value::Object(options),
    )
    .await;

    let browser = Browser::start().await;
    let dir = artifacts();
    let rebel = open(
        &browser,
        "grand-campaign-confederate",
        &base,
        confederate.token(),
        &game,
    )
    .await;
    let spectator = open(&browser, "grand-campaign-spectator", &base, None, &game).await;
    for page in [&rebel, &spectator] {
        let text = page.text().await;
        assert!(
            text.contains("Ships off the river"),
            "{}: {text}",
            page.name
        );
        // The Union's gunboats of Turn 1 wait off the north edge until the Union player turn
        // begins (4.15a).
        assert!(
            text.contains("Union, arriving on turn 1 off the north edge: Benton"),
            "{}: {text}",
            page.name
        );
        page.screenshot(&dir, "set-up").await;
    }
    let before = to_be_set_up(&spectator).await;
    assert_eq!(
        before, 3,
        "the Arkansas*, the Gunboat* and the Steamer* (7.21a)"
    );

    // The Confederate player places his ships, one click each.
    for placed in 1..=3u64 {
        // Pick from the choices of the state after the last placement (a button of the state
        // before would be refused as stale under load).
        rebel
            .wait_for(&format!("{TO_BE_SET_UP} === {}", before - (placed - 1)))
            .await;
        let choice = rebel
            .eval("(() => { const b = document.querySelector('#choices button.choice:not(.undo)'); return b ? b.dataset.n : null; })()")
            .await;
        let n = choice.as_str().expect("a choice is offered").to_string();
        rebel
            .click(&format!("#choices button.choice[data-n='{n}']"))
            .await;
        spectator
            .wait_for(&format!("{TO_BE_SET_UP} === {}", before - placed))
            .await;
    }
    // The acting page redraws from its own update, which may come after the spectator's.
    rebel.wait_for(&format!("{TO_BE_SET_UP} === 0")).await;
    for page in [&rebel, &spectator] {
        page.screenshot(&dir, "ships-placed").await;
        assert!(
            page.problems().is_empty(),
            "{} reported errors: {:?}",
            page.name,
            page.problems()
        );
    }
}
