//! Bloody Roads South's maps page, reached from the lobby: both sheets joined at the offsets of
//! the rules reference (1.2: Map A's bottom row is Map B's top row, six hexrows east), Map B's
//! own ground drawn, a hex typed by its book id found, centred and marked, zoom and drag, the
//! off-map boxes of rule 4.2 and the Turn Record Track with its night turns; then Map B alone,
//! where Map A's hexes are not. No page reports an error or shows JSON.

use serde_json::Value;

use super::cdp::{Browser, Page};
use super::{artifacts, sign_up};
use crate::common::TestServer;

/// The centre of the map polygon of a hex, in the map's own units, or null.
fn centre_js(hex: &str) -> String {
    format!(
        "(() => {{ const p = document.querySelector(\"svg.brs-map polygon.hex[data-hex='{hex}']\"); \
         if (!p) return null; const b = p.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; }})()"
    )
}

async fn centre(page: &Page, hex: &str) -> Option<(f64, f64)> {
    let v = page.eval(&centre_js(hex)).await;
    Some((v[0].as_f64()?, v[1].as_f64()?))
}

async fn count(page: &Page, selector: &str) -> u64 {
    page.eval(&format!("document.querySelectorAll({selector:?}).length"))
        .await
        .as_u64()
        .unwrap()
}

/// Types a hex id into the finder and shows it; returns the sentence said.
async fn find(page: &Page, typed: &str) -> String {
    page.eval(
        "(() => { document.querySelector('#found-hex').textContent = ''; \
         document.querySelector('#hex-id').value = ''; })()",
    )
    .await;
    page.type_into("#hex-id", typed).await;
    page.click("#find-hex button[type=submit]").await;
    page.wait_for("document.querySelector('#found-hex').textContent !== ''")
        .await;
    page.eval("document.querySelector('#found-hex').textContent")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// The map's viewBox as [x, y, w, h].
async fn view_box(page: &Page) -> Vec<f64> {
    let v = page
        .eval("document.querySelector('svg.brs-map').getAttribute('viewBox')")
        .await;
    v.as_str()
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect()
}

/// True when the found mark's centre lies inside the map's frame on the screen.
async fn found_on_screen(page: &Page, hex: &str) -> bool {
    page.eval(&format!(
        "(() => {{ const f = document.querySelector(\"svg.brs-map polygon.found[data-hex='{hex}']\"); \
         if (!f) return false; const r = f.getBoundingClientRect(); \
         const m = document.querySelector('svg.brs-map').getBoundingClientRect(); \
         const x = r.x + r.width / 2, y = r.y + r.height / 2; \
         return x > m.left && x < m.right && y > m.top && y < m.bottom; }})()"
    ))
    .await
        == Value::Bool(true)
}

fn assert_clean(page: &Page, text: &str) {
    assert!(
        !text.contains("{\"") && !text.contains("\":"),
        "JSON on the page: {text}"
    );
    assert!(page.problems().is_empty(), "{:?}", page.problems());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_maps_page_joins_both_sheets_and_finds_a_hex_by_its_book_id() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;
    let shots = artifacts();
    let page = browser.page("brs-maps", 1280, 900).await;
    sign_up(&page, &base, "hotchkiss").await;
    page.click("#to-lobby").await;
    page.click("#study-maps a[href='#/maps/bloody-roads-south']")
        .await;
    page.wait_for("document.querySelector(\"svg.brs-map polygon.hex[data-hex='B12.28']\")")
        .await;
    assert!(
        page.eval("document.querySelector('h1').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("Maps A and B")
    );

    // Every hex of both sheets once: 50 x 35 of Map A and 51 x 35 of Map B, less the 44
    // hexes of the row they share.
    assert_eq!(
        count(&page, "svg.brs-map polygon.hex").await,
        1750 + 1785 - 44
    );
    // The shared row: A23.01 is B17.35 (drawn once, by Map A's id), B17.34 lies below it and
    // A23.02 above it in one column of hexes; A1.01 lies west of Map B, B51.35 east of Map A.
    assert_eq!(
        count(&page, "svg.brs-map polygon.hex[data-hex='B17.35']").await,
        0
    );
    let (ax, ay) = centre(&page, "A23.01").await.expect("A23.01 drawn");
    let (bx, by) = centre(&page, "B17.34").await.expect("B17.34 drawn");
    let (ux, uy) = centre(&page, "A23.02").await.expect("A23.02 drawn");
    let hex_height = 3f64.sqrt() * 20.0;
    assert!((ax - bx).abs() < 0.5 && (by - ay - hex_height).abs() < 0.5);
    assert!((ax - ux).abs() < 0.5 && (ay - uy - hex_height).abs() < 0.5);
    // A7.01 (= B1.35), the shared row's first hex, has Map B's B1.34 below it.
    let (sx, sy) = centre(&page, "A7.01").await.expect("A7.01 drawn");
    let (tx, ty) = centre(&page, "B1.34").await.expect("B1.34 drawn");
    assert!((sx - tx).abs() < 0.5 && (ty - sy - hex_height).abs() < 0.5);
    let (wx, _) = centre(&page, "A1.01").await.expect("A1.01 drawn");
    let (ex, _) = centre(&page, "B51.35").await.expect("B51.35 drawn");
    let (b1x, _) = centre(&page, "B1.01").await.expect("B1.01 drawn");
    assert!(wx < b1x && ex > centre(&page, "A50.35").await.unwrap().0);

    // Each sheet outlined where they meet, and named.
    assert_eq!(
        count(&page, "svg.brs-map path.sheet-edge[data-sheet='A']").await,
        1
    );
    assert_eq!(
        count(&page, "svg.brs-map path.sheet-edge[data-sheet='B']").await,
        1
    );
    assert_eq!(
        page.eval("[...document.querySelectorAll('svg.brs-map .sheet-name')].map((t) => t.textContent).join(', ')").await,
        "Map A, Map B"
    );

    // Map B's ground: the Chewning Farm clearing, wilderness beside the railroad, its roads.
    let class = |hex: &str| {
        format!(
            "document.querySelector(\"svg.brs-map polygon.hex[data-hex='{hex}']\").getAttribute('class')"
        )
    };
    assert_eq!(page.eval(&class("B12.28")).await, "hex clear");
    assert_eq!(page.eval(&class("B40.06")).await, "hex wilderness");
    assert_eq!(
        page.eval("[...document.querySelectorAll('svg.brs-map polyline.road title')].some((t) => t.textContent.startsWith('Orange Plank Road'))").await,
        true
    );
    assert_eq!(count(&page, "svg.brs-map polyline.railroad").await, 1);

    // The off-map boxes of rule 4.2 at both ends of the link, and off-map roads.
    for hex in ["A1.01", "B1.21"] {
        assert_eq!(
            count(
                &page,
                &format!("svg.brs-map .offmap-box.link[data-hex='{hex}']")
            )
            .await,
            1,
            "{hex}"
        );
    }
    assert!(count(&page, "svg.brs-map .offmap-box.road").await >= 1);
    let boxes = page
        .eval("document.querySelector('#off-map-boxes').textContent")
        .await;
    let boxes = boxes.as_str().unwrap();
    assert!(
        boxes.contains("leaving the map at A1.01 come back at B1.21, or the other way: "),
        "{boxes}"
    );
    assert!(
        boxes.contains("infantry in column and artillery 3 turns later"),
        "{boxes}"
    );

    // The Turn Record Track: 109 turns, two nights of eight dark boxes from 9:00pm.
    assert_eq!(count(&page, "#turn-track .turn").await, 109);
    assert_eq!(count(&page, "#turn-track .turn.night").await, 16);
    assert_eq!(
        page.eval("document.querySelector('#turn-track .turn.night').dataset.time")
            .await,
        "5 May 9:00pm"
    );
    page.screenshot_of(&shots, "#turn-track", "track").await;

    // A hex typed by its book id: centred on the screen, marked, described.
    let said = find(&page, "b12.28").await;
    assert!(
        said.starts_with("B12.28, Chewning Farm: clear, level"),
        "{said}"
    );
    assert!(found_on_screen(&page, "B12.28").await);
    page.screenshot(&shots, "b12-28").await;
    // Far across the join: the view moves there.
    let said = find(&page, "A46.32").await;
    assert!(said.starts_with("A46.32"), "{said}");
    assert!(found_on_screen(&page, "A46.32").await);
    assert!(!found_on_screen(&page, "B12.28").await);
    // A hex of the shared row by its Map B id is Map A's hex.
    let said = find(&page, "B17.35").await;
    assert!(
        said.starts_with("A23.01 (also B17.35, where the maps join)"),
        "{said}"
    );
    assert!(found_on_screen(&page, "A23.01").await);
    let said = find(&page, "B17.3").await;
    assert!(said.contains("is not a hex"), "{said}");

    // Zoom out with the button, then drag the map: the view widens, then moves.
    let before = view_box(&page).await;
    page.click("#zoom-out").await;
    let after = view_box(&page).await;
    assert!(after[2] > before[2] * 1.3, "{before:?} -> {after:?}");
    page.drag("svg.brs-map", 120.0, 0.0).await;
    let dragged = view_box(&page).await;
    assert!(dragged[0] < after[0] - 10.0, "{after:?} -> {dragged:?}");
    // Clicking a hex describes it.
    page.eval("document.querySelector('#found-hex').textContent = ''")
        .await;
    page.click("#fit-map").await;
    page.click("svg.brs-map polygon.hex[data-hex='B21.25']")
        .await;
    page.wait_for(
        "document.querySelector('#found-hex').textContent.startsWith('B21.25, Tapp Farm')",
    )
    .await;
    let text = page.text().await;
    assert_clean(&page, &text);
    page.screenshot(&shots, "joined").await;

    // Map B alone: none of Map A's hexes, no link (one end only), the shared row by B's ids.
    page.click("#sheet-choice a[href$='sheets=B']").await;
    page.wait_for("document.querySelector('h1')?.textContent.endsWith('Map B')")
        .await;
    page.wait_for("document.querySelector(\"svg.brs-map polygon.hex[data-hex='B17.35']\")")
        .await;
    assert_eq!(count(&page, "svg.brs-map polygon.hex").await, 1785);
    assert_eq!(
        count(&page, "svg.brs-map polygon.hex[data-hex^='A']").await,
        0
    );
    assert_eq!(count(&page, "svg.brs-map .offmap-box.link").await, 0);
    assert_eq!(count(&page, "svg.brs-map path.sheet-edge").await, 0);
    let said = find(&page, "A23.01").await;
    assert_eq!(said, "Hex A23.01 is not on Map B.");
    let said = find(&page, "B12.28").await;
    assert!(said.starts_with("B12.28, Chewning Farm"), "{said}");
    // A hexrow typed with a leading zero is the same hex.
    let said = find(&page, "B09.28").await;
    assert!(said.starts_with("B9.28: "), "{said}");
    let text = page.text().await;
    assert_clean(&page, &text);
    page.screenshot(&shots, "map-b").await;

    // An address naming a hex opens the map on it.
    page.goto(&format!(
        "{base}/#/maps/bloody-roads-south?sheets=A,B&hex=A39.06"
    ))
    .await;
    page.wait_for(
        "document.querySelector('#found-hex')?.textContent.startsWith('A39.06, Wilderness Tavern')",
    )
    .await;
    assert!(found_on_screen(&page, "A39.06").await);
    assert!(page.problems().is_empty(), "{:?}", page.problems());
}
