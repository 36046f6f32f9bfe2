//! Two people play Outpost in two browsers while a third watches; one drops its connection
//! and catches up.

use super::cdp::{Browser, Page};
use super::{artifacts, create_game, follow_invite, sign_up, token};
use crate::common::TestServer;

/// Clicks this page's choice of type `kind` (filling a free-text form if one opens).
/// Returns false if no such choice is offered.
async fn choose(page: &Page, kind: &str, note: &str) -> bool {
    let selector = format!("#choices button.choice[data-type='{kind}']");
    let present = page
        .eval(&format!("!!document.querySelector(\"{selector}\")"))
        .await;
    if present != true {
        return false;
    }
    page.click(&selector).await;
    if page
        .eval("!!document.querySelector('.free-text textarea')")
        .await
        == true
    {
        page.type_into(".free-text textarea", note).await;
        page.click(".free-text button[type=submit]").await;
    }
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_outpost_while_a_third_watches_and_a_dropped_page_catches_up() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    // The Union player creates an account and a private game.
    let union = browser.page("outpost-union", 1280, 800).await;
    sign_up(&union, &base, "grant").await;
    union.screenshot(&dir, "start").await;
    union.click("#to-lobby").await;
    let (invite, watch) = create_game(
        &union,
        &[("#game", "outpost"), ("#side", "union")],
        Some(&dir),
    )
    .await;
    union.wait_for("document.querySelector('#prompt')").await;

    // The Confederate player, on a phone-sized screen, follows the invite link.
    let confederate = browser.page("outpost-confederate", 390, 844).await;
    sign_up(&confederate, &base, "pemberton").await;
    follow_invite(&confederate, &invite).await;
    confederate
        .wait_for("document.querySelector('#prompt') && location.hash.startsWith('#/game/')")
        .await;

    // A spectator with the watch link and no account.
    let spectator = browser.page("outpost-spectator", 1280, 800).await;
    spectator.goto(&watch).await;
    spectator.wait_for("document.querySelector('#prompt') && document.querySelector('#status').textContent.includes('Spectator')").await;

    union
        .wait_for("document.querySelectorAll('#choices button.choice').length > 0")
        .await;
    union.screenshot(&dir, "game").await;
    confederate.screenshot(&dir, "game").await;
    spectator.screenshot(&dir, "game").await;

    // Play round after round by clicking: each side ends its movement, then both give orders.
    let mut dropped = false;
    for step in 0..200 {
        if union.eval("!document.querySelector('#end').hidden").await == true {
            break;
        }
        let union_note = format!("union note {step}: hold the crossroads");
        let union_moved = choose(&union, "end_movement", "").await;
        let union_ordered = !union_moved && choose(&union, "order", &union_note).await;
        if union_moved || union_ordered {
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        }
        // An order is secret until both are in: the Union's note is nowhere else yet.
        if union_ordered {
            for page in [&confederate, &spectator] {
                let text = page.text().await;
                assert!(
                    !text.contains(&union_note),
                    "{} shows the Union's order early:\n{text}",
                    page.name
                );
            }
        }
        // Once, mid-game, the Union page loses its connection while the Confederate moves,
        // and catches up when it reconnects.
        if !dropped && union_moved && step >= 1 {
            dropped = true;
            confederate
                .wait_for("document.querySelectorAll('#choices button.choice').length > 0")
                .await;
            union.eval("window.adjutantLive.drop()").await;
            let seq =
                "Number(document.querySelector('#status').textContent.match(/action (\\d+)/)[1])";
            let before = union.eval(seq).await;
            assert!(
                choose(&confederate, "end_movement", "").await,
                "the Confederate could end its movement"
            );
            confederate.wait_for(&format!("{seq} > {before}")).await;
            let after = confederate.eval(seq).await;
            union
                .wait_for(&format!(
                    "{seq} === {after} && document.querySelector('#log li[data-seq=\"{after}\"]')"
                ))
                .await;
            continue;
        }
        if choose(&confederate, "end_movement", "").await
            || choose(&confederate, "order", &format!("confederate note {step}")).await
        {
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        }
        // No battle is fought (nobody advances), so no counter is ever revealed.
        let over = union.eval("!document.querySelector('#end').hidden").await == true;
        if !over {
            let union_text = union.text().await;
            for secret in ["c1", "c2", "c3"] {
                assert!(
                    !union_text.contains(secret),
                    "the Union page shows {secret}:\n{union_text}"
                );
            }
            let watched = spectator.text().await;
            for secret in ["u1", "u2", "u3", "c1", "c2", "c3"] {
                assert!(
                    !watched.contains(secret),
                    "the spectator sees {secret}:\n{watched}"
                );
            }
        }
    }
    union.wait_for("!document.querySelector('#end').hidden && document.querySelector('#result').textContent.length > 0").await;
    spectator
        .wait_for("!document.querySelector('#end').hidden")
        .await;
    confederate
        .wait_for("!document.querySelector('#end').hidden")
        .await;
    union.wait_for("document.querySelector('#seed')").await;
    assert_eq!(
        union
            .eval("document.querySelector('#result').textContent")
            .await,
        spectator
            .eval("document.querySelector('#result').textContent")
            .await
    );

    // The replay slider shows the game at its start, on the board and in the status panel.
    union.eval("(() => { const r = document.querySelector('#replay'); r.value = 0; r.dispatchEvent(new Event('change')); })()").await;
    union.wait_for("document.querySelector('#board').textContent.includes('round') && document.querySelector('#board').textContent.includes('movement')").await;
    // The status panel follows the replay (it said the final action before).
    union
        .wait_for("document.querySelector('#status').textContent.startsWith('Replay · after action 0 of')")
        .await;

    for page in [&union, &confederate, &spectator] {
        page.screenshot(&dir, "end").await;
        assert!(
            page.problems().is_empty(),
            "{} reported errors: {:?}",
            page.name,
            page.problems()
        );
    }
}

/// Issue 15: the lobby had no list of games in progress to watch.
#[tokio::test]
async fn the_lobby_lists_public_games_in_progress_and_opens_one_to_watch() {
    use adjutant_protocol::{CreateGame, JoinGame, SideChoice, Visibility};
    let server = TestServer::start().await;
    let grant = server.account("grant").await;
    let pemberton = server.account("pemberton").await;
    let created = grant
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: serde_json::json!({}),
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: serde_json::json!({"decoy": "1"}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .unwrap();
    pemberton
        .join(
            &created.game_id,
            &JoinGame {
                secret_choices: serde_json::json!({"decoy": "2"}),
                ..JoinGame::default()
            },
        )
        .await
        .unwrap();

    let browser = Browser::start().await;
    let page = browser.page("watch-list", 1280, 800).await;
    sign_up(&page, &server.base, "carol").await;
    page.goto(&format!("{}/#/lobby", server.base)).await;
    let row = format!("#watch-games a[href='#/game/{}']", created.game_id);
    page.wait_for(&format!("!!document.querySelector(\"{row}\")"))
        .await;
    let text = page
        .eval(&format!("document.querySelector(\"{row}\").textContent"))
        .await;
    let text = text.as_str().unwrap_or_default();
    assert!(
        text.contains("grant (Union) vs pemberton (Confederate)") && text.contains("watch"),
        "{text}"
    );
    page.click(&row).await;
    page.wait_for("document.querySelector('#status') && document.querySelector('#status').textContent.includes('Spectator')")
        .await;
    page.screenshot(&artifacts(), "watch-list").await;
}

/// The lobby's open games: "Join" opens the seat page, which offers the open seat's secret
/// choice (Outpost's decoy) before the seat is taken; the choice reaches the game.
#[tokio::test]
async fn joining_from_the_lobby_offers_the_seats_secret_choice_first() {
    use adjutant_protocol::{CreateGame, SideChoice, Visibility};
    let server = TestServer::start().await;
    let grant = server.account("grant").await;
    let created = grant
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: serde_json::json!({}),
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: serde_json::json!({"decoy": "1"}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .unwrap();

    let browser = Browser::start().await;
    let page = browser.page("lobby-join", 1280, 800).await;
    sign_up(&page, &server.base, "pemberton").await;
    page.goto(&format!("{}/#/lobby", server.base)).await;
    let join = format!("#open-games a[data-join='{}']", created.game_id);
    page.click(&join).await;
    page.wait_for("document.querySelector('#take-seat')").await;
    let seat = page.text().await;
    assert!(
        seat.contains("The Confederate seat") && seat.contains("Decoy"),
        "{seat}"
    );
    page.eval(
        "(() => { const s = document.querySelector('#secret-confederate-decoy'); \
         s.value = s.options[s.options.length - 1].value; s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    let chosen = page
        .eval("document.querySelector('#secret-confederate-decoy').value")
        .await;
    page.click("#take-seat").await;
    page.wait_for("location.hash.startsWith('#/game/') && document.querySelector('#prompt')")
        .await;
    // The Confederate's own view marks as his decoy the counter he chose (Counter 3: c3).
    assert_eq!(chosen, "3");
    let me = adjutant_cli::Client::new(&server.base, Some(token(&page).await));
    let view = me.state(&created.game_id, None).await.unwrap().view;
    fn decoys(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                if m.get("decoy") == Some(&serde_json::Value::Bool(true))
                    && m.get("side").and_then(|s| s.as_str()) == Some("confederate")
                {
                    out.extend(m.get("id").and_then(|i| i.as_str()).map(String::from));
                }
                m.values().for_each(|x| decoys(x, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| decoys(x, out)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    decoys(&view, &mut found);
    assert_eq!(found, vec!["c3".to_string()], "{view}");
    assert!(page.problems().is_empty(), "{:?}", page.problems());
}
