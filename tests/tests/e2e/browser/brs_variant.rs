//! A secret variant chosen on the seat page (issue 17): the Union player creates a private
//! game of Bloody Roads South's Scenario 4 (both maps joined) in the lobby; the Confederate
//! player follows the invite link, reads his seat's secret choices on the seat page and takes
//! the seat with variant 4.5c (Anderson moves with Hill: his division sets up with 3 Corps). A
//! spectator watches with the watch link. While the set-ups are secret (rule 6.0) neither the
//! Union's page nor the spectator's, nor the JSON either of them fetches, names the variant or
//! Anderson's brigades; the Confederate's own page lists it. When the set-ups are revealed
//! together (its troops enter the map), both other pages name it.

use adjutant_cli::Client;
use serde_json::Value;

use super::cdp::Browser;
use super::{artifacts, create_game, sign_up, token};
use crate::common::TestServer;

/// What names the variant or its troops: its id, rule and title, and Anderson's brigades.
const SECRETS: [&str; 7] = [
    "anderson-with-hill",
    "4.5c",
    "Anderson Moves with Hill",
    "Prn/A/3",
    "M/A/3",
    "H/A/3",
    "W/A/3",
];

/// The secrets `text` holds.
fn named(text: &str) -> Vec<&'static str> {
    SECRETS
        .iter()
        .copied()
        .filter(|s| text.contains(s))
        .collect()
}

/// Everything a viewer reads over HTTP: its view with the prompt and choices, and the events.
async fn fetched(client: &Client, game: &str, code: Option<&str>) -> String {
    let state = client.state(game, code).await.expect("the game reads");
    let events = client.events(game, 0, code).await.expect("the events read");
    format!(
        "{}\n{}",
        serde_json::to_string(&state).unwrap(),
        serde_json::to_string(&events).unwrap()
    )
}

/// One set-up action for the seat of `client`: a placement (the middle one offered), the
/// pre-set orders' batch posted as offered (6.0c), then finishing; `None` when `finish` is
/// false and only finishing is left.
async fn set_up_step(client: &Client, game: &str, finish: bool) -> Option<u64> {
    let state = client.state(game, None).await.unwrap();
    let actions = state.view["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let of = |t: &str| {
        actions
            .iter()
            .filter(|a| a["type"] == t)
            .collect::<Vec<_>>()
    };
    let places = of("place");
    let action: Value = if let Some(place) = places.get(places.len() / 2) {
        (*place).clone()
    } else if let Some(batch) = of("issue_orders").first() {
        (*batch).clone()
    } else if let (true, Some(done)) = (finish, of("finish_set_up").first()) {
        (*done).clone()
    } else {
        return None;
    };
    Some(
        client
            .act(game, state.seq, &action)
            .await
            .expect("a set-up action is accepted")
            .seq,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_variant_chosen_on_the_seat_page_reaches_the_others_only_when_its_troops_enter() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    let union = browser.page("variant-union", 1280, 900).await;
    sign_up(&union, &base, "hancock").await;
    union.click("#to-lobby").await;
    let (invite, watch) = create_game(
        &union,
        &[
            ("#game", "bloody-roads-south"),
            ("#scenario", "battles-of-may-5th"),
            ("#side", "union"),
        ],
        None,
    )
    .await;
    // The creator's own secret choices are the Union's: 4.5c is not among them.
    assert!(named(&union.text().await).is_empty());

    // The seat page offers the Confederate's secret choices of Scenario 4 before joining.
    let confederate = browser.page("variant-confederate", 1280, 900).await;
    sign_up(&confederate, &base, "hill").await;
    confederate.goto(&invite).await;
    confederate
        .wait_for("document.querySelector('#take-seat')")
        .await;
    let seat_page = confederate.text().await;
    assert!(
        seat_page.contains("The Confederate seat") && seat_page.contains("The Battles of May 5th"),
        "{seat_page}"
    );
    assert!(
        seat_page.contains("Variant 4.5c: Anderson Moves with Hill"),
        "{seat_page}"
    );
    confederate.screenshot(&dir, "seat").await;
    confederate
        .click("#secret-confederate-anderson-with-hill")
        .await;
    confederate.click("#take-seat").await;
    confederate
        .wait_for("location.hash.startsWith('#/game/') && document.querySelector('#turn')")
        .await;

    let spectator = browser.page("variant-spectator", 1280, 900).await;
    spectator.goto(&watch).await;
    for page in [&union, &confederate, &spectator] {
        page.wait_for("document.querySelector('svg.brs-map') && document.querySelector('#turn')")
            .await;
        // Both sheets, joined.
        assert_eq!(
            page.eval("['A', 'B'].every((m) => document.querySelector(`svg.brs-map polygon.hex[data-hex^='${m}']`))")
                .await,
            Value::Bool(true),
            "{} draws Map A and Map B",
            page.name
        );
    }
    // The owner reads his variant among those in play.
    confederate
        .wait_for("(document.querySelector('#variants')?.textContent || '').includes('4.5c Anderson Moves with Hill')")
        .await;

    let game_id = union
        .eval("location.hash.split('/')[2]")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let code = watch.rsplit("code=").next().unwrap().to_string();
    let union_api = Client::new(&base, Some(token(&union).await));
    let confederate_api = Client::new(&base, Some(token(&confederate).await));
    let anyone = Client::new(&base, None);

    // The Union sets up and finishes; the Confederate places every counter of his set-up
    // lines but has not finished (the server places Anderson's division with 3 Corps when
    // both are done, 4.5c).
    while set_up_step(&union_api, &game_id, true).await.is_some() {
        let view = union_api.state(&game_id, None).await.unwrap().view;
        if view["setup_done"]["union"] == true {
            break;
        }
    }
    let mut placed = 0;
    let mut last = 0;
    while let Some(seq) = set_up_step(&confederate_api, &game_id, false).await {
        placed += 1;
        last = seq;
    }
    assert!(placed >= 5, "the Confederate set up ({placed} actions)");
    // Both other pages have drawn the game as it stands after the last placement.
    for page in [&union, &spectator] {
        page.wait_for(&format!(
            "(document.querySelector('#status')?.textContent || '').includes('action {last} ')"
        ))
        .await;
    }
    // Nothing of the variant or its troops on the other pages, or in what they fetch.
    let own = fetched(&confederate_api, &game_id, None).await;
    assert!(
        named(&own).contains(&"anderson-with-hill"),
        "the owner's view lists the variant"
    );
    for (who, text) in [
        ("the Union's page", union.text().await),
        ("the spectator's page", spectator.text().await),
        (
            "the Union's JSON",
            fetched(&union_api, &game_id, None).await,
        ),
        (
            "the spectator's JSON",
            fetched(&anyone, &game_id, Some(&code)).await,
        ),
    ] {
        assert!(
            named(&text).is_empty(),
            "{who} names {:?} before the reveal",
            named(&text)
        );
    }
    union.screenshot(&dir, "before-reveal").await;

    // The Confederate finishes: both set-ups are revealed and Anderson's troops are on the map.
    let revealed = set_up_step(&confederate_api, &game_id, true)
        .await
        .expect("finishing is offered");
    assert!(revealed > last);
    for page in [&union, &spectator] {
        page.wait_for("(document.querySelector('#variants')?.textContent || '').includes('4.5c Anderson Moves with Hill')")
            .await;
    }
    for (who, text) in [
        (
            "the Union's JSON",
            fetched(&union_api, &game_id, None).await,
        ),
        (
            "the spectator's JSON",
            fetched(&anyone, &game_id, Some(&code)).await,
        ),
    ] {
        assert!(
            text.contains("anderson-with-hill"),
            "{who} names the variant once its troops entered"
        );
    }
    union.screenshot(&dir, "after-reveal").await;
    for page in [&union, &confederate, &spectator] {
        assert!(
            page.problems().is_empty(),
            "{}: {:?}",
            page.name,
            page.problems()
        );
    }
}
