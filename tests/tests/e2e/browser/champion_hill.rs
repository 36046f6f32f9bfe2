//! Champion Hill in three browsers: the Union and Confederate players play a whole game turn
//! by clicking their choices (on a desktop and a phone-sized screen), a spectator watches, and
//! no page ever shows the name of a counter its viewer may not identify.

use serde_json::Value;
use std::collections::HashSet;

use super::cdp::{Browser, Page};
use super::{artifacts, create_game, follow_invite, sign_up, token};
use crate::common::TestServer;
use adjutant_cli::Client;

/// The turn the page's status panel shows.
async fn turn(page: &Page) -> u64 {
    page.eval("Number((document.querySelector('#turn')?.textContent || '0').split(' ')[0])")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Clicks one of the page's choices: while `window.budget` allows, it moves stacks and
/// declares battles (a step is taken by clicking the Area on the map); otherwise it prefers
/// the choices that move the game on. Returns false when the page has nothing to choose.
async fn click_a_choice(page: &Page) -> bool {
    let pick = page
        .eval(
            "(() => { const all = [...document.querySelectorAll('#choices button.choice')];
              if (!all.length) return null;
              const budget = window.budget || {};
              const rank = (b) => { const t = b.dataset.type || '';
                if ((budget[t] || 0) > 0) return 0;
                if (t === 'take_all' || t === 'step_to') return window.moving ? 1 : 6;
                if (t.startsWith('finish')) return 2;
                if (t === 'stand_and_fight' || t === 'end_battle' || t === 'halt') return 3;
                if (t === 'undo' || t === 'cancel' || t === 'move_from' || t === 'declare') return 9;
                return 5; };
              const best = all.slice().sort((a, b) => rank(a) - rank(b))[0];
              const t = best.dataset.type;
              if ((budget[t] || 0) > 0) { budget[t] -= 1; if (t === 'move_from') window.moving = 2; }
              if (t === 'step_to' && window.moving) window.moving -= 1;
              if (t === 'halt' || t.startsWith('finish')) window.moving = 0;
              return {n: best.dataset.n, type: t, label: best.textContent}; })()",
        )
        .await;
    if pick.is_null() {
        return false;
    }
    let n = pick["n"].as_str().unwrap().to_string();
    let area = pick["label"]
        .as_str()
        .and_then(|l| l.split("Area ").nth(1))
        .and_then(|r| {
            r.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|d| d.parse::<u32>().ok())
        });
    let on_map = pick["type"] == "step_to"
        && area.is_some()
        && page
            .eval(&format!(
                "document.querySelectorAll('#choices button.choice[data-type=step_to]').length === 1 && !!document.querySelector(\"svg.mf-map [data-key='area:{}'] polygon\")",
                area.unwrap()
            ))
            .await
            == true;
    if on_map {
        // The only step offered: take it by clicking the Area on the map.
        page.click(&format!(
            "svg.mf-map [data-key='area:{}'] polygon",
            area.unwrap()
        ))
        .await;
    } else {
        page.click(&format!("#choices button.choice[data-n='{n}']"))
            .await;
    }
    if page
        .eval("!!document.querySelector('.free-text textarea')")
        .await
        == true
    {
        page.type_into(".free-text textarea", "Hold the bridge until relieved")
            .await;
        page.click(".free-text button[type=submit]").await;
    }
    true
}

/// Unit names a viewer may not see: counters of `side` that its own player sees in the
/// field but that `viewer_view` shows only as counter backs.
fn hidden_names(
    owner_view: &Value,
    viewer_view: &Value,
    side: &str,
    names: &std::collections::HashMap<String, String>,
) -> Vec<String> {
    let ids = |view: &Value| -> HashSet<String> {
        view["areas"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|a| a["counters"].as_array().cloned().unwrap_or_default())
            .filter(|c| c["side"] == side && c["hidden"] != true)
            .filter_map(|c| c["id"].as_str().map(String::from))
            .collect()
    };
    let known_to_viewer = ids(viewer_view);
    let mut out: Vec<String> = ids(owner_view)
        .difference(&known_to_viewer)
        .filter_map(|id| names.get(id).cloned())
        .filter(|name| name.len() > 3)
        .collect();
    // A name that also belongs to a counter the viewer does see is not a secret.
    out.retain(|name| !known_to_viewer.iter().any(|id| names.get(id) == Some(name)));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_play_a_turn_of_champion_hill_while_a_third_watches() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    let union = browser.page("champion-hill-union", 1280, 800).await;
    sign_up(&union, &base, "grant").await;
    union.click("#to-lobby").await;
    let (invite, watch) = create_game(
        &union,
        &[
            ("#game", "mississippi-fortress"),
            ("#scenario", "champion-hill"),
            ("#side", "union"),
        ],
        Some(&dir),
    )
    .await;

    let confederate = browser.page("champion-hill-confederate", 390, 844).await;
    sign_up(&confederate, &base, "pemberton").await;
    follow_invite(&confederate, &invite).await;
    confederate
        .wait_for("location.hash.startsWith('#/game/') && document.querySelector('#turn')")
        .await;

    let spectator = browser.page("champion-hill-spectator", 1280, 800).await;
    spectator.goto(&watch).await;
    spectator
        .wait_for("document.querySelector('#turn') && document.querySelector('svg.mf-map')")
        .await;
    union
        .wait_for("document.querySelector('svg.mf-map') && document.querySelector('#turn')")
        .await;

    let game_id = union
        .eval("location.hash.split('/')[2]")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let spectate_code = watch.rsplit("code=").next().unwrap().to_string();
    let union_api = Client::new(&base, Some(token(&union).await));
    let confederate_api = Client::new(&base, Some(token(&confederate).await));
    let data = server
        .client()
        .game_data("mississippi-fortress")
        .await
        .unwrap();
    let names: std::collections::HashMap<String, String> = data["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["id"].as_str().unwrap().to_string(),
                u["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();

    for page in [&union, &confederate, &spectator] {
        page.screenshot(&dir, "start").await;
    }
    union
        .eval("window.budget = {move_from: 3, declare: 1}")
        .await;
    confederate.eval("window.budget = {move_from: 2}").await;
    let first_turn = turn(&union).await;
    assert!(first_turn >= 1, "the status panel shows the turn");

    let mut clicks = 0;
    let mut checked = 0;
    let mut secret_names_checked = 0;
    loop {
        let over = union.eval("!document.querySelector('#end').hidden").await == true;
        if over || turn(&union).await > first_turn {
            break;
        }
        let mut acted = false;
        for page in [&union, &confederate] {
            if click_a_choice(page).await {
                acted = true;
                clicks += 1;
                // Let the update reach every page before looking again.
                tokio::time::sleep(std::time::Duration::from_millis(120)).await;
            }
        }
        if !acted {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(clicks < 1500, "a game turn takes fewer than 1,500 choices");

        // Every few clicks: no page names a counter its viewer may not identify.
        if clicks / 10 > checked {
            checked = clicks / 10;
            let union_view = union_api.state(&game_id, None).await.unwrap().view;
            let confederate_view = confederate_api.state(&game_id, None).await.unwrap().view;
            let spectator_view = server
                .client()
                .state(&game_id, Some(&spectate_code))
                .await
                .unwrap()
                .view;
            if !union_view["outcome"].is_null() {
                continue;
            }
            let union_text = union.text().await;
            let secrets = hidden_names(&confederate_view, &union_view, "confederate", &names);
            secret_names_checked += secrets.len();
            for name in secrets {
                assert!(
                    !union_text.contains(&name),
                    "the Union page names the face-down Confederate {name}"
                );
            }
            let confederate_text = confederate.text().await;
            for name in hidden_names(&union_view, &confederate_view, "union", &names) {
                assert!(
                    !confederate_text.contains(&name),
                    "the Confederate page names the face-down Union {name}"
                );
            }
            let watched = spectator.text().await;
            for name in hidden_names(&confederate_view, &spectator_view, "confederate", &names)
                .into_iter()
                .chain(hidden_names(&union_view, &spectator_view, "union", &names))
            {
                assert!(
                    !watched.contains(&name),
                    "the spectator sees the name of the face-down {name}"
                );
            }
            if checked == 2 {
                for page in [&union, &confederate, &spectator] {
                    page.screenshot(&dir, "playing").await;
                }
            }
        }
    }
    assert!(clicks > 5, "the turn took real choices ({clicks})");
    assert!(
        secret_names_checked > 0,
        "face-down Confederate counters were checked for on the Union page"
    );
    let moved = union.eval("window.budget.move_from").await;
    assert_eq!(moved, 0, "the Union moved stacks during the turn");
    // The spectator follows: same turn (or the end) on every page.
    let union_turn = turn(&union).await;
    spectator.wait_for(&format!("Number((document.querySelector('#turn')?.textContent || '0').split(' ')[0]) >= {union_turn}")).await;
    confederate.wait_for(&format!("Number((document.querySelector('#turn')?.textContent || '0').split(' ')[0]) >= {union_turn}")).await;

    for page in [&union, &confederate, &spectator] {
        page.screenshot(&dir, "next-turn").await;
    }

    // The Confederate resigns: every page shows the after-action report, victory points and
    // strength over the turns drawn as charts (issue 15).
    confederate_api.resign(&game_id).await.unwrap();
    for page in [&union, &confederate, &spectator] {
        page.wait_for("document.querySelectorAll('#report svg.report-chart').length === 2")
            .await;
        let report = page
            .eval("document.querySelector('#report').textContent")
            .await;
        let report = report.as_str().unwrap_or_default();
        assert!(
            report.contains("After-action report") && report.contains("Victory points (VP)"),
            "{report}"
        );
        assert!(report.contains("Strength in the field (SP)"), "{report}");
        let dots = page
            .eval("document.querySelectorAll('#report circle').length")
            .await;
        assert!(
            dots.as_i64().unwrap_or(0) >= 4,
            "a point per side per mark: {dots}"
        );
        page.screenshot(&dir, "after-action-report").await;
        assert!(
            page.problems().is_empty(),
            "{} reported errors: {:?}",
            page.name,
            page.problems()
        );
    }
}
