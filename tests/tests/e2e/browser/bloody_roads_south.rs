//! Sander's Field in three browsers: the Union player (desktop) and the Confederate player
//! (a phone-sized screen) set up by clicking the highlighted hexes of the hex map, stage a
//! stack's facing in the set-up panel, and finish (the facing goes with the one action); a spectator watches. Until both set-ups are done neither the
//! opponent's page nor the spectator's draws a stack of the other side. Play runs until the
//! first Confederate player turn begins: the Confederate page cues its turn, and its batch pad
//! offers its Order Issue as one batch (with no order to write: Scenario 1's Confederates act by
//! initiative only); then on, finishing each phase and posting each batch empty, to the Union's
//! Command Phase, where Grant composes an order on the batch pad with an objective clicked on
//! the map and posts the batch, seen in his order log and on no other page; then, in the Union
//! Movement Phase, a stack picked from the map's choices moves a hex by a click, and the other
//! pages read the move; the Union marches on until the Confederate player may fire, and he
//! fires by clicking the target hex, every page reading the fire. No page reports an error or
//! shows JSON.

use super::cdp::{Browser, Page};
use super::{artifacts, create_game, follow_invite, sign_up};
use crate::common::TestServer;

/// How many views the page's board has drawn.
async fn renders(page: &Page) -> u64 {
    page.eval("Number(document.querySelector('#board')?.dataset.renders || 0)")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Waits until the board has drawn a view after `before`.
async fn next_render(page: &Page, before: u64) {
    page.wait_for(&format!(
        "Number(document.querySelector('#board')?.dataset.renders || 0) > {before}"
    ))
    .await;
}

/// Marks with `data-test-pick` one hex of the map matching `selector` that a click at its
/// centre would reach (inside the map's frame, not covered), showing the whole map first if
/// none is; returns its hex id, or None if the map has no such hex.
async fn pick_hex(page: &Page, selector: &str) -> Option<String> {
    let js = format!(
        "(() => {{
          document.querySelectorAll('[data-test-pick]').forEach((e) => e.removeAttribute('data-test-pick'));
          const map = document.querySelector('svg.brs-map');
          const frame = map.getBoundingClientRect();
          const all = [...map.querySelectorAll({selector:?})];
          const reachable = all.find((el) => {{
            const r = el.getBoundingClientRect();
            const x = r.x + r.width / 2, y = r.y + r.height / 2;
            if (x < frame.left + 2 || x > frame.right - 2 || y < frame.top + 2 || y > frame.bottom - 2) return false;
            const hit = document.elementFromPoint(x, y)?.closest('[data-cell]');
            return hit && hit.getAttribute('data-cell') === el.getAttribute('data-cell');
          }});
          if (!reachable) return all.length ? 'fit' : null;
          reachable.setAttribute('data-test-pick', '1');
          return reachable.getAttribute('data-hex');
        }})()"
    );
    for _ in 0..2 {
        match page.eval(&js).await.as_str() {
            Some("fit") => page.click("#fit-map").await,
            Some(hex) => return Some(hex.to_string()),
            None => return None,
        }
    }
    None
}

/// Sets up one side by clicking on the map: every placement on a highlighted hex, one stack
/// turned through its hex's menu; then finishes. Returns the number of placements clicked.
async fn set_up_on_the_map(page: &Page, shots: &std::path::Path) -> usize {
    let mut placed = 0;
    loop {
        page.wait_for("document.querySelector('#your-turn')").await;
        let Some(hex) = pick_hex(page, "polygon.target[data-types~=place]").await else {
            break;
        };
        let before = renders(page).await;
        page.click("[data-test-pick]").await;
        next_render(page, before).await;
        placed += 1;
        assert!(
            placed < 200,
            "{}: the set-up never ends (at {hex})",
            page.name
        );
    }
    // A side with its own orders posts its pre-set orders' batch (empty here) before it may
    // finish (6.0c; rules reference 5, consequence 4).
    post_batch_empty(page).await;
    // Turn one stack: click it, and stage a facing in the set-up panel (facings and formations
    // go with the one Finish setting up, rules reference 5, consequence 4).
    let hex = pick_hex(page, "g.stack.own")
        .await
        .expect("own stacks on the map");
    page.click("[data-test-pick]").await;
    page.wait_for("document.querySelector('#setup-facing')")
        .await;
    let inspected = page
        .eval("document.querySelector('#stack-inspector').innerText")
        .await;
    let inspected = inspected.as_str().unwrap_or_default();
    assert!(
        inspected.contains(&hex) && inspected.contains("top counter first"),
        "{}: the inspector shows the stack in {hex}: {inspected}",
        page.name
    );
    page.eval("(() => { const s = document.querySelector('#setup-facing'); s.selectedIndex = (s.selectedIndex + 1) % s.options.length; s.dispatchEvent(new Event('change')); })()").await;
    page.wait_for(
        "/1 choice staged/.test(document.querySelector('#finish-setup')?.textContent || '')",
    )
    .await;
    page.screenshot(shots, "set-up-choices").await;
    let before = renders(page).await;
    page.click("#finish-setup").await;
    next_render(page, before).await;
    page.wait_for("!document.querySelector('#finish-setup')")
        .await;
    placed
}

/// Writes an order on the page's batch pad and posts the batch: the first order of the menu,
/// `text`, and `objective` clicked on the map if given; waits until it is in the page's order
/// log.
async fn write_order_on_the_pad(page: &Page, text: &str, objective: Option<&str>) {
    let logged = page
        .eval("document.querySelectorAll('#order-log li').length")
        .await
        .as_u64()
        .unwrap_or(0);
    page.eval("(() => { const s = document.querySelector('#batch-entry'); const o = [...s.options].find((o) => o.dataset.field === 'orders'); s.value = o.value; s.dispatchEvent(new Event('change')); })()").await;
    page.type_into("#batch-text", text).await;
    if let Some(hex) = objective {
        page.click("#batch-pick").await;
        let hex = pick_hex(page, &format!("polygon.hex[data-hex='{hex}']"))
            .await
            .expect("the objective hex is on the map");
        page.click("[data-test-pick]").await;
        page.wait_for(&format!(
            "document.querySelector('#batch-objective').value === '{hex}'"
        ))
        .await;
    }
    page.click("#batch-add").await;
    page.wait_for("document.querySelectorAll('#batch-items li').length === 1")
        .await;
    page.wait_for("document.querySelector('#batch-post').textContent.includes('1 item')")
        .await;
    page.click("#batch-post").await;
    page.wait_for(&format!(
        "document.querySelectorAll('#order-log li').length > {logged}"
    ))
    .await;
}

/// How many orders the page's batch pad offers to write now (0 when no Order Issue batch is
/// offered).
async fn orders_offered(page: &Page) -> u64 {
    page.eval("(() => { const p = document.querySelector('#batch-pad'); if (!p || p.hidden) return 0; return document.querySelectorAll('#batch-entry option[data-field=orders]').length; })()")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Posts the batch the page's batch pad offers, empty, and waits for the board to draw the
/// result. False if no batch is offered.
async fn post_batch_empty(page: &Page) -> bool {
    let shown = page
        .eval("(() => { const p = document.querySelector('#batch-pad'); return !!p && !p.hidden && document.querySelectorAll('#batch-items li').length === 0; })()")
        .await;
    if shown != true {
        return false;
    }
    let before = renders(page).await;
    page.click("#batch-post").await;
    next_render(page, before).await;
    true
}

/// Clicks one of the page's choices that ends a segment ("Finish ...", "Decline", "Stop here")
/// but `keep` (a type never to click), and waits for the board to draw the result. False if
/// the page offers none.
async fn click_a_finishing_choice(page: &Page, keep: &str) -> bool {
    let found = page
        .eval(&format!("(() => {{ const b = [...document.querySelectorAll('#choices button.choice')].find((b) => /^(finish|decline|end_move)/.test(b.dataset.type) && b.dataset.type !== '{keep}'); if (!b) return false; b.setAttribute('data-test-pick', '1'); return true; }})()"))
        .await;
    if found != true {
        return false;
    }
    let before = renders(page).await;
    page.click("#choices [data-test-pick]").await;
    next_render(page, before).await;
    true
}

/// One click of the Union's march on the enemy in its Movement Phase, by the map's list of
/// choices: the moving group steps to the offered hex nearest (on the screen) to a
/// Confederate stack; with no step left it is put down; with none moving the next stack is
/// picked up and moved whole. Returns what was clicked: "step", "end", "pick" or "none".
async fn march_on_the_enemy(page: &Page) -> String {
    let did = page
        .eval(
            "(() => {
              const mid = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
              const enemy = [...document.querySelectorAll('svg.brs-map g.stack.confederate')].map(mid);
              const near = (c) => Math.min(...enemy.map((e) => Math.hypot(e[0] - c[0], e[1] - c[1])));
              let best = null, bestD = Infinity;
              for (const b of document.querySelectorAll('#map-choices button.map-choice[data-type=step]')) {
                const m = b.textContent.match(/Move to ([AB]\\d+\\.\\d\\d)/);
                const p = m && document.querySelector(`svg.brs-map polygon.hex[data-hex='${m[1]}']`);
                if (!p) continue;
                const d = near(mid(p));
                if (d < bestD) { bestD = d; best = b; }
              }
              if (best) { best.click(); return 'step'; }
              const end = document.querySelector('#choices button.choice[data-type=end_move]');
              if (end) { end.click(); return 'end'; }
              const pick = document.querySelector('#map-choices button.map-choice[data-type=pick]');
              if (pick) { pick.click(); return 'pick'; }
              return 'none';
            })()",
        )
        .await;
    did.as_str().unwrap_or("none").to_string()
}

/// No JSON on the page, and no errors reported.
async fn assert_clean(page: &Page) {
    let text = page.text().await;
    for bad in ["{\"", "\":", "[object Object]", "undefined", "NaN"] {
        assert!(!text.contains(bad), "{} shows {bad:?}:\n{text}", page.name);
    }
    assert!(
        page.problems().is_empty(),
        "{} reported errors: {:?}",
        page.name,
        page.problems()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_set_up_sanders_field_on_the_hex_map_while_a_third_watches() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let dir = artifacts();

    let union = browser.page("sanders-field-union", 1280, 900).await;
    sign_up(&union, &base, "meade").await;
    union.click("#to-lobby").await;
    let (invite, watch) = create_game(
        &union,
        &[
            ("#game", "bloody-roads-south"),
            ("#scenario", "sanders-field"),
            ("#side", "union"),
        ],
        None,
    )
    .await;

    let confederate = browser.page("sanders-field-confederate", 390, 844).await;
    sign_up(&confederate, &base, "ewell").await;
    follow_invite(&confederate, &invite).await;
    confederate
        .wait_for("location.hash.startsWith('#/game/') && document.querySelector('svg.brs-map')")
        .await;
    let spectator = browser.page("sanders-field-spectator", 1280, 900).await;
    spectator.goto(&watch).await;
    for page in [&union, &confederate, &spectator] {
        page.wait_for("document.querySelector('svg.brs-map') && document.querySelector('#turn')")
            .await;
        // Map A: 50 hexrows of 35 hexes, each with its book id.
        let hexes = page
            .eval("document.querySelectorAll('svg.brs-map polygon.hex').length")
            .await;
        assert_eq!(hexes, 1750, "{} draws Map A", page.name);
        for hex in ["A1.01", "A17.10", "A39.06", "A50.35"] {
            assert_eq!(
                page.eval(&format!("document.querySelector(\"svg.brs-map text.hexid[data-hex='{hex}']\")?.textContent")).await,
                hex,
                "{} labels {hex}",
                page.name
            );
        }
        assert!(
            page.eval("[...document.querySelectorAll('svg.brs-map .clearing-name')].some((t) => t.textContent === \"Sander's Field\")").await == true,
            "{} names Sander's Field",
            page.name
        );
        // The Turn Record Track shows the scenario's five day turns, the first one current;
        // Map A alone has no off-map link (its other end is on Map B).
        assert_eq!(
            page.eval("[...document.querySelectorAll('#turn-track .turn.day')].map((b) => b.textContent).join(' ')").await,
            "1:00pm 1:30pm 2:00pm 2:30pm 3:00pm",
            "{}",
            page.name
        );
        assert_eq!(
            page.eval("document.querySelector('#turn-track .turn.current')?.dataset.time")
                .await,
            "5 May 1:00pm",
            "{}",
            page.name
        );
        assert_eq!(
            page.eval("document.querySelectorAll('#turn-track .turn.night, svg.brs-map .offmap-box.link').length").await,
            0,
            "{}",
            page.name
        );
        page.screenshot(&dir, "set-up").await;
    }
    let no_stacks_of = |side: &str| {
        format!("document.querySelectorAll('svg.brs-map g.stack.{side}').length === 0")
    };
    assert_eq!(spectator.eval(&no_stacks_of("union")).await, true);
    assert_eq!(spectator.eval(&no_stacks_of("confederate")).await, true);
    assert!(
        spectator.eval("!document.querySelector('#order-pad') || document.querySelector('#order-pad').hidden").await == true,
        "a spectator has no order pad"
    );

    // The Union sets up on the map; the others see nothing of it.
    let union_placed = set_up_on_the_map(&union, &dir).await;
    assert!(union_placed > 0, "the Union placed counters by clicking");
    union.screenshot(&dir, "set-up-done").await;
    assert_eq!(
        confederate.eval(&no_stacks_of("union")).await,
        true,
        "the Confederate page draws a Union stack before the reveal"
    );
    assert_eq!(
        spectator.eval(&no_stacks_of("union")).await,
        true,
        "the spectator sees a Union stack before the reveal"
    );
    let union_text = union.text().await;
    assert!(
        union_text.contains("Set-up") && union_text.contains("Union done"),
        "{union_text}"
    );

    // The Confederate sets up on the phone; then the set-ups are revealed together.
    let confederate_placed = set_up_on_the_map(&confederate, &dir).await;
    assert!(
        confederate_placed > 0,
        "the Confederate placed counters by clicking"
    );
    for page in [&union, &confederate, &spectator] {
        page.wait_for(
            "document.querySelector('#phase')?.textContent.includes('Confederate Command Phase')",
        )
        .await;
        page.wait_for("document.querySelectorAll('svg.brs-map g.stack.union').length > 0 && document.querySelectorAll('svg.brs-map g.stack.confederate').length > 0")
            .await;
    }
    // Stacks one sees only the top of show that counter and what the stack holds.
    assert_eq!(
        union.eval("[...document.querySelectorAll('svg.brs-map g.stack.confederate')].every((g) => g.classList.contains('seen') && g.querySelectorAll('g.counter').length === 1)").await,
        true
    );
    assert_eq!(
        spectator
            .eval("document.querySelectorAll('svg.brs-map g.stack.own').length")
            .await,
        0
    );

    // The first Confederate player turn: the Confederate page cues its turn.
    confederate
        .wait_for("document.querySelector('#your-turn').classList.contains('your-turn')")
        .await;
    union
        .wait_for("document.querySelector('#your-turn').textContent.includes('Waiting for the Confederate player')")
        .await;
    spectator
        .wait_for("document.querySelector('#your-turn').textContent.startsWith('You are watching')")
        .await;
    // The Union's pre-set orders are in its order log, in words; nobody else's page has them.
    union
        .wait_for("document.querySelector('#order-log').innerText.includes('No. 1 to 5 Corps') && document.querySelector('#order-log').innerText.includes('in force')")
        .await;
    for page in [&confederate, &spectator] {
        assert!(
            !page.text().await.contains("Attack Ewell"),
            "{} reads a Union order",
            page.name
        );
    }

    // The batch pad lists what the rules let a side decide in its Order Issue, as one batch;
    // in Sander's Field the Confederates give orders only by initiative, so the menu holds no
    // order to write (an emergency retreat, at most), and the batch is posted all the same.
    confederate
        .wait_for("!document.querySelector('#batch-pad').hidden")
        .await;
    assert_eq!(
        orders_offered(&confederate).await,
        0,
        "no Confederate writer in Scenario 1"
    );
    for page in [&union, &spectator] {
        assert_eq!(
            page.eval("!document.querySelector('#batch-pad') || document.querySelector('#batch-pad').hidden").await,
            true,
            "{} has no batch pad now",
            page.name
        );
    }
    for page in [&union, &confederate, &spectator] {
        page.screenshot(&dir, "first-turn").await;
    }

    // On through the Confederate player turn, each side finishing its phases, until the
    // Union's Command Phase offers orders; Grant writes one on the pad.
    let mut clicks = 0;
    while orders_offered(&union).await == 0 {
        // The Union never finishes its orders: the loop ends when they are offered.
        let mut acted = post_batch_empty(&confederate).await;
        acted |= click_a_finishing_choice(&confederate, "").await;
        acted |= click_a_finishing_choice(&union, "").await;
        if !acted {
            union.wait_for("document.querySelectorAll('#choices button.choice').length > 0 || !document.querySelector('#batch-pad').hidden").await;
            confederate.wait_for("document.querySelectorAll('#choices button.choice').length > 0 || !document.querySelector('#batch-pad').hidden || document.querySelector('#your-turn').textContent.includes('Waiting')").await;
        }
        clicks += 1;
        assert!(clicks < 60, "the Union's Command Phase never came");
    }
    union
        .wait_for("document.querySelector('#phase').textContent.includes('Union Command Phase')")
        .await;
    assert!(
        union
            .eval("[...document.querySelectorAll('#batch-entry option')].some((o) => o.textContent.includes('Write a complex order to 5 Corps'))")
            .await
            == true,
        "the batch pad lists the orders Grant may write"
    );
    write_order_on_the_pad(
        &union,
        "Press the attack up the pike past the field.",
        Some("A17.10"),
    )
    .await;
    let log = union
        .eval("document.querySelector('#order-log').innerText")
        .await;
    let log = log.as_str().unwrap_or_default();
    assert!(
        log.contains("Press the attack up the pike past the field.")
            && log.contains("objective A17.10"),
        "the Union's order log shows the order: {log}"
    );
    for page in [&confederate, &spectator] {
        assert!(
            !page.text().await.contains("Press the attack"),
            "{} reads the Union's order",
            page.name
        );
    }
    union.screenshot(&dir, "order-written").await;

    // On to the Union's Movement Phase: a stack picked from the map's choices (its group ticked
    // in the list panel) moves one hex by a click on a highlighted hex and is put down; both
    // other pages read the move in their logs.
    let has_pick = "!!document.querySelector('#map-choices button.map-choice[data-type=pick]')";
    let mut clicks = 0;
    while union.eval(has_pick).await != true {
        let mut acted = post_batch_empty(&union).await;
        acted |= click_a_finishing_choice(&union, "finish_movement").await;
        acted |= click_a_finishing_choice(&confederate, "").await;
        if !acted {
            union.wait_for(&format!("{has_pick} || document.querySelectorAll('#choices button.choice').length > 0 || !document.querySelector('#batch-pad').hidden")).await;
        }
        clicks += 1;
        assert!(clicks < 60, "the Union's Movement Phase never came");
    }
    let before = renders(&union).await;
    union
        .eval("document.querySelector('#map-choices button.map-choice[data-type=pick]').click()")
        .await;
    union
        .wait_for("document.querySelector('#group-move')")
        .await;
    union
        .eval("document.querySelector('#group-move').click()")
        .await;
    next_render(&union, before).await;
    let to = pick_hex(&union, "polygon.target[data-types~=step]")
        .await
        .expect("the picked group is offered a step");
    let before = renders(&union).await;
    union.click("[data-test-pick]").await;
    next_render(&union, before).await;
    for page in [&confederate, &spectator] {
        page.wait_for(&format!("document.body.innerText.includes(' to {to}')"))
            .await;
    }
    union.screenshot(&dir, "stack-moved").await;

    // The Union marches on the enemy, stack by stack, until the Confederate player may fire
    // (defensive fire, 2.1): he clicks the target hex on the map, keeps every firer ticked and
    // fires; every page reads the fire in the book's terms (who fires from where at what, the
    // dice), and only the firer's and the target's owners their own strengths.
    let can_target = "!!document.querySelector('svg.brs-map polygon.target[data-types~=target]')";
    let mut clicks = 0;
    while confederate.eval(can_target).await != true {
        let before = renders(&union).await;
        match march_on_the_enemy(&union).await.as_str() {
            "pick" => {
                // A stack of several units asks who goes (all ticked); a lone unit is picked.
                union
                    .wait_for(&format!(
                        "!!document.querySelector('#group-move') || Number(document.querySelector('#board')?.dataset.renders || 0) > {before}"
                    ))
                    .await;
                union
                    .eval("document.querySelector('#group-move')?.click()")
                    .await;
                next_render(&union, before).await;
            }
            "none" => {
                let mut acted = post_batch_empty(&union).await;
                acted |= click_a_finishing_choice(&union, "").await;
                if confederate.eval(can_target).await == true {
                    break;
                }
                acted |= post_batch_empty(&confederate).await;
                acted |= click_a_finishing_choice(&confederate, "").await;
                if !acted {
                    union.wait_for("document.querySelectorAll('#choices button.choice').length > 0 || !document.querySelector('#batch-pad').hidden || !!document.querySelector('#map-choices button.map-choice')").await;
                }
            }
            _ => next_render(&union, before).await,
        }
        clicks += 1;
        assert!(clicks < 600, "the armies never came within fire");
    }
    let target = pick_hex(&confederate, "polygon.target[data-types~=target]")
        .await
        .expect("a target hex within the map's frame");
    let before = renders(&confederate).await;
    confederate.click("[data-test-pick]").await;
    next_render(&confederate, before).await;
    confederate
        .wait_for("document.querySelector('#fire-send') && document.querySelectorAll('#firer-ticks input:checked').length > 0")
        .await;
    confederate.screenshot(&dir, "fire-chosen").await;
    confederate
        .eval("document.querySelector('#fire-send').click()")
        .await;
    for page in [&union, &confederate, &spectator] {
        page.wait_for(&format!(
            "document.body.innerText.includes('Confederate fire from A') && document.body.innerText.includes(' at {target}')"
        ))
        .await;
        page.screenshot(&dir, "fired").await;
    }
    // Losses, straggler checks and morale rows are the target's owner's (rules reference 5).
    // The firer reads the whole working (fire points, column, shifts, dice, result), the
    // target's owner the dice and the result, the spectator the dice only.
    let firer_log = confederate.text().await;
    assert!(
        firer_log.contains("fire points, column") && firer_log.contains("Result:"),
        "the Confederate reads his fire worked as the book does: {firer_log}"
    );
    assert!(union.text().await.contains("Result:"));
    assert!(!spectator.text().await.contains("Result:"));
    for page in [&confederate, &spectator] {
        let text = page.text().await;
        for secret in [
            "casualty step",
            "Straggler check",
            "Morale check of the stack",
        ] {
            assert!(
                !text.contains(secret),
                "{} reads the Union's {secret:?}",
                page.name
            );
        }
    }

    for page in [&union, &confederate, &spectator] {
        assert_clean(page).await;
    }
}
