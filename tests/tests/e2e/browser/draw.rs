//! A draw offered and accepted with the mouse, and the "your turn" alert (issue 15): the
//! opponent's page shows the offer with its answers and, with alerts chosen and the page not
//! looked at, sounds one alert; accepting ends the game drawn on both pages.

use super::cdp::Browser;
use super::{create_game, follow_invite, sign_up};
use crate::common::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offered_in_one_browser_is_accepted_in_the_other_and_alerts_its_player() {
    let server = TestServer::start().await;
    let base = server.base.clone();
    let browser = Browser::start().await;

    let union = browser.page("draw-union", 1280, 800).await;
    sign_up(&union, &base, "meade").await;
    union.click("#to-lobby").await;
    let (invite, _) = create_game(&union, &[("#game", "outpost"), ("#side", "union")], None).await;
    let confederate = browser.page("draw-confederate", 1280, 800).await;
    sign_up(&confederate, &base, "lee").await;
    follow_invite(&confederate, &invite).await;
    confederate
        .wait_for("document.querySelector('#draw button[data-type=offer_draw]')")
        .await;
    // Alerts chosen with the checkbox; the page is not being looked at.
    // (Ticked from the page's script: the panel may still move as the page fills in.)
    confederate
        .eval("document.querySelector('#turn-alerts').click()")
        .await;
    confederate
        .wait_for("localStorage.getItem('adjutant.turnAlerts') === 'on'")
        .await;
    confederate
        .eval("document.hasFocus = () => false; window.adjutantAlerts = 0")
        .await;

    union
        .wait_for("document.querySelector('#draw button[data-type=offer_draw]')")
        .await;
    union.click("#draw button[data-type=offer_draw]").await;
    union
        .wait_for(
            "document.querySelector('#draw-offer')?.textContent.includes('Your draw offer stands')",
        )
        .await;
    assert_eq!(
        union
            .eval("!!document.querySelector('#draw button[data-type=withdraw_draw]')")
            .await,
        true
    );
    confederate
        .wait_for("document.querySelector('#draw-offer')?.textContent.includes('The Union player offers a draw')")
        .await;
    confederate
        .wait_for("document.querySelector('#log').textContent.includes('The Union player offers a draw.')")
        .await;
    assert_eq!(
        confederate.eval("window.adjutantAlerts").await,
        1,
        "one alert for the offer"
    );

    confederate.eval("window.confirm = () => true").await;
    confederate
        .click("#draw button[data-type=accept_draw]")
        .await;
    for page in [&union, &confederate] {
        page.wait_for(
            "document.querySelector('#result')?.textContent.includes('Drawn by agreement')",
        )
        .await;
        assert!(page.problems().is_empty(), "{:?}", page.problems());
    }
    assert_eq!(
        union
            .eval("document.querySelector('#draw').children.length")
            .await,
        0,
        "no draw choices once the game is over"
    );
}
