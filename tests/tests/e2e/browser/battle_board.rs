//! A battle of Champion Hill worked out on the web Battle Board. Two players sign up in two
//! browsers and a spectator watches; the dull parts of the game are played through the API by
//! a seeded chooser that declares every battle it may. Once an engagement has fired, every
//! page's Battle Board shows the two sides' Line Positions facing each other, the orders, the
//! CIC B column with every shift and its reason and rule, the dice, and the fire taken in SP —
//! never raw JSON nor sixteenths of an SP — and the tab title tells the player who must act.
//! Screenshots of the map and of the Battle Board go to test-artifacts/web/.

use serde_json::{Value, json};

use super::artifacts;
use super::cdp::{Browser, Page};
use super::{sign_up, token};
use crate::common::{TestServer, mississippi_fortress_game};
use adjutant_cli::Client;

/// A seeded chooser that plays towards a battle: it declares and fights every battle it may,
/// stands rather than retreats, gives orders that fire, and otherwise picks at random.
struct Chooser(u64);

impl Chooser {
    fn pick(&mut self, actions: &[Value]) -> Option<Value> {
        let offered: Vec<&Value> = actions.iter().filter(|a| a["type"] != "undo").collect();
        if offered.is_empty() {
            return None;
        }
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        let keen = |a: &&&Value| {
            matches!(
                a["type"].as_str(),
                Some("declare" | "fight_in" | "stand_and_fight")
            )
        };
        let firing = |a: &&&Value| {
            a["type"] == "order"
                && matches!(
                    a["order"].as_str(),
                    Some("assault" | "advance" | "stand" | "counterattack")
                )
        };
        let i = usize::try_from(self.0 % offered.len() as u64).unwrap_or(0);
        let pick = offered
            .iter()
            .find(keen)
            .or_else(|| offered.iter().find(firing))
            .unwrap_or(&offered[i]);
        Some((*pick).clone())
    }
}

/// The combat reports on the Battle Board of `view` once one of them fired with shifts.
fn fought(view: &Value) -> Option<Vec<Value>> {
    let combats = view["battle"]["combats"].as_array()?;
    combats
        .iter()
        .any(|c| {
            c["fire"].as_array().is_some_and(|f| !f.is_empty())
                && c["shifts"].as_array().is_some_and(|s| !s.is_empty())
        })
        .then(|| combats.clone())
}

/// Plays game `id` through the API until the view of the side that just acted is `wanted`
/// (that view then), or the game ends or runs long first (`None`).
async fn play_until(
    seats: &[&Client],
    id: &str,
    chooser: &mut Chooser,
    wanted: impl Fn(&Value) -> bool,
) -> Option<Value> {
    for _ in 0..800 {
        let mut acted = false;
        for client in seats {
            let state = client.state(id, None).await.expect("the game's state");
            if state.status.as_str() == "finished" {
                return None;
            }
            let actions = state.view["actions"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let Some(action) = chooser.pick(&actions) else {
                continue;
            };
            // Both may be asked at once (secret choices): a stale sequence number only means
            // the other got in first.
            if let Ok(accepted) = client.act(id, state.seq, &action).await {
                acted = true;
                if wanted(&accepted.view) {
                    return Some(accepted.view);
                }
            }
        }
        if !acted {
            return None;
        }
    }
    None
}

/// The Union player has picked up a stack to move.
fn picked_up(view: &Value) -> bool {
    view["moving"]["side"] == "union"
        && view["moving"]["counters"]
            .as_array()
            .is_some_and(|c| !c.is_empty())
}

/// Checks one page's Battle Board against the combat reports `combats` of the engine.
async fn check_board(page: &Page, combats: &[Value]) {
    page.wait_for(&format!(
        "document.querySelectorAll('#battle-board .combat-panel').length === {}",
        combats.len()
    ))
    .await;
    // Both sides' three Line Positions, facing: one row above the other, LP by LP.
    let facing = page
        .eval(
            "(() => { const r = (id) => document.querySelector(id)?.getBoundingClientRect();
              return [1, 2, 3].every((lp) => { const a = r(`#bb-attacker-lp${lp}`), d = r(`#bb-defender-lp${lp}`);
                return a && d && Math.abs(a.x - d.x) < 2 && Math.abs(a.y - d.y) > 10; }); })()",
        )
        .await;
    assert_eq!(
        facing, true,
        "{}: the Line Positions face each other",
        page.name
    );
    let board = page
        .eval("document.querySelector('#battle-board').innerText")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string();
    for c in combats {
        for role in ["attacker", "defender"] {
            let line = &c[role];
            let lp = line["line"].as_u64().unwrap();
            assert!((1..=3).contains(&lp), "lines are numbered from 1: {c}");
            let card = page
                .eval(&format!(
                    "document.querySelector('#bb-{role}-lp{lp}').innerText"
                ))
                .await;
            let card = card.as_str().unwrap_or_default();
            let order = line["order"].as_str().unwrap();
            assert!(
                card.to_lowercase().contains(order),
                "{}: {role} LP{lp} shows its order {order}: {card}",
                page.name
            );
            assert!(
                card.contains(&format!(
                    "strength {} SP",
                    line["strength"].as_str().unwrap()
                )),
                "{}: {role} LP{lp} shows its strength in SP: {card}",
                page.name
            );
            assert!(
                board.contains(&format!("{} SP", c["losses"][role].as_u64().unwrap())),
                "{}: the fire taken in SP: {board}",
                page.name
            );
        }
        let column = c["column"].as_str().unwrap();
        assert!(
            board.contains(&format!("= {}", c["ratio"].as_str().unwrap()))
                && board.contains(column),
            "{}: the CIC B ratio and column {column}: {board}",
            page.name
        );
        for s in c["shifts"].as_array().unwrap() {
            let reason = s["reason"].as_str().unwrap();
            let rule = s["rule"].as_str().unwrap();
            assert!(
                board.contains(&format!("{reason} ({rule})")),
                "{}: the shift '{reason}' with its rule {rule}: {board}",
                page.name
            );
        }
        for f in c["fire"].as_array().unwrap() {
            assert!(
                board.contains(&format!("{} →", f["die"])),
                "{}: the die {}: {board}",
                page.name,
                f["die"]
            );
        }
    }
    let text = page.text().await;
    for raw in ["{\"", "sixteenths", "[object Object]"] {
        assert!(
            !text.contains(raw),
            "{}: the page shows {raw}: {text}",
            page.name
        );
    }
}

/// The tab title of each player's page says "Your turn" exactly when the game waits for him.
async fn check_titles(api: &Client, id: &str, union: &Page, confederate: &Page) {
    let state = api.state(id, None).await.expect("the game's state");
    let to_act: Vec<&str> = state.view["to_act"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        !to_act.is_empty(),
        "someone must act: {:?}",
        state.view["prompt"]
    );
    for (side, page) in [("union", union), ("confederate", confederate)] {
        if to_act.contains(&side) {
            page.wait_for("document.title.startsWith('Your turn')")
                .await;
        } else {
            page.wait_for("!document.title.startsWith('Your turn')")
                .await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_battle_of_champion_hill_is_worked_out_on_the_battle_board() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    let union = browser.page("battle-union", 1280, 900).await;
    sign_up(&union, &base, "grant").await;
    let confederate = browser.page("battle-confederate", 390, 844).await;
    sign_up(&confederate, &base, "pemberton").await;
    let spectator = browser.page("battle-spectator", 1280, 900).await;
    let union_api = Client::new(&base, Some(token(&union).await));
    let confederate_api = Client::new(&base, Some(token(&confederate).await));
    let seats = [&union_api, &confederate_api];

    // A game seldom ends before its first battle; then another is started.
    let mut chooser = Chooser(0x2545_f491_4f6c_dd1d);
    let mut found = None;
    for attempt in 0..6 {
        let id =
            mississippi_fortress_game(&union_api, &confederate_api, "champion-hill", json!({}))
                .await;
        for page in [&union, &confederate, &spectator] {
            page.goto(&format!("{base}/#/game/{id}")).await;
            page.wait_for(
                "document.querySelector('svg.mf-map') && document.querySelector('#turn')",
            )
            .await;
        }
        if attempt == 0 {
            // The map at the start: stacks inside their Areas, names readable, the legend.
            union
                .wait_for("document.querySelector('svg.mf-map .stack')")
                .await;
            union.screenshot(&dir, "map").await;
            let own = "svg.mf-map .stack:has(.counter.union:not(.back))";
            union.click(own).await;
            union
                .wait_for("document.querySelector('#stack-inspector li.counter-line')")
                .await;
            let inspected = union
                .eval("document.querySelector('#stack-inspector').innerText")
                .await;
            assert!(
                inspected
                    .as_str()
                    .unwrap_or_default()
                    .contains("— infantry division, corps "),
                "the inspector lists each counter with its type, corps and strength: {inspected}"
            );
            assert_eq!(
                union.eval("!!document.querySelector('#legend')").await,
                true
            );
            check_titles(&union_api, &id, &union, &confederate).await;
        }
        // What is picked up is highlighted: the counters being moved and where they are.
        if play_until(&seats, &id, &mut chooser, picked_up)
            .await
            .is_none()
        {
            continue;
        }
        union
            .wait_for("document.querySelector('svg.mf-map .counter.picked') && document.querySelector('svg.mf-map .area.picked')")
            .await;
        if attempt == 0 {
            union.screenshot(&dir, "picked-up").await;
        }
        if let Some(view) = play_until(&seats, &id, &mut chooser, |v| fought(v).is_some()).await {
            found = Some((id, view));
            break;
        }
    }
    let (id, view) = found.expect("a battle was fought in one of six games of Champion Hill");
    let combats = fought(&view).expect("the view has the combat reports");

    for page in [&union, &confederate, &spectator] {
        check_board(page, &combats).await;
    }
    // The tab title follows whose turn it is.
    check_titles(&union_api, &id, &union, &confederate).await;
    spectator
        .wait_for("!document.title.startsWith('Your turn')")
        .await;

    for page in [&union, &confederate] {
        page.screenshot_of(&dir, "#battle-board", "battle-board")
            .await;
        page.eval("document.querySelector('#log').scrollIntoView()")
            .await;
        page.screenshot(&dir, "log").await;
    }
    for page in [&union, &confederate, &spectator] {
        assert!(
            page.problems().is_empty(),
            "{} reported errors: {:?}",
            page.name,
            page.problems()
        );
    }
}
