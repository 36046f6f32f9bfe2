//! Notices cannot be turned against anyone: a webhook reaches only public addresses (checked
//! when saved and again when sent) and a failure says nothing of what answered; an e-mail
//! address gets nothing but its confirmation mail until its owner follows the link; test
//! notices and confirmation mails are counted per hour.

use adjutant_cli::Client;
use adjutant_protocol::{ErrorCode, UpdateNoticeSettings, Visibility};

use crate::common::*;
use crate::correspondence_clock::{DAY, START};
use crate::sinks::{SmtpSink, WebhookReceiver};

const NOT_DELIVERED: &str = "the webhook could not be delivered";

fn update(webhook: Option<&str>, email: Option<&str>) -> UpdateNoticeSettings {
    UpdateNoticeSettings {
        webhook_url: webhook.map(str::to_string),
        email: email.map(str::to_string),
        always: false,
        digest: false,
        ..UpdateNoticeSettings::default()
    }
}

/// The confirmation links mailed to `address` so far, oldest first (other mails are kept
/// out: a test that takes them fails if there were any).
fn links(smtp: &SmtpSink, address: &str) -> Vec<String> {
    let mut links = Vec::new();
    for mail in smtp.take() {
        assert_eq!(mail.to, [address], "a mail went elsewhere: {}", mail.text());
        let text = mail.text();
        assert!(
            text.contains("Subject: Adjutant: confirm your e-mail address"),
            "only the confirmation mail may go to an unconfirmed address: {text}"
        );
        let link = text
            .split_whitespace()
            .find(|w| w.contains("/api/notices/confirm?token="))
            .expect("the mail holds the link");
        links.push(link.to_string());
    }
    links
}

/// Opens a confirmation link (the page with the button) and presses the button; returns the
/// two statuses and the second page.
pub async fn follow(link: &str) -> (u16, u16, String) {
    let http = reqwest::Client::new();
    let page = http.get(link).send().await.unwrap();
    let shown = page.status().as_u16();
    let page = page.text().await.unwrap();
    if shown == 200 {
        assert!(page.contains("<form method=\"post\""), "{page}");
    }
    let pressed = http.post(link).send().await.unwrap();
    (
        shown,
        pressed.status().as_u16(),
        pressed.text().await.unwrap(),
    )
}

/// Takes the one confirmation mail sent to `address` and confirms it by its link.
pub async fn confirm_by_link(smtp: &SmtpSink, address: &str) {
    let links = links(smtp, address);
    assert_eq!(links.len(), 1, "one confirmation mail");
    let (shown, pressed, page) = follow(&links[0]).await;
    assert_eq!((shown, pressed), (200, 200), "{page}");
    assert!(page.contains("is confirmed"), "{page}");
}

#[tokio::test]
async fn webhooks_to_loopback_private_and_link_local_addresses_are_refused_when_saved() {
    let hooks = WebhookReceiver::start().await;
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let erin = server.account("erin").await;
    erin.set_notice_settings(&update(None, None)).await.unwrap();
    let port = hooks.base.rsplit(':').next().unwrap().to_string();
    for url in [
        hooks.url("erin"),
        format!("http://localhost:{port}/hook"),
        "http://[::1]/hook".to_string(),
        "http://0.0.0.0/hook".to_string(),
        "http://2130706433/hook".to_string(),
        "http://10.0.0.1/hook".to_string(),
        "http://172.16.5.4:8080/hook".to_string(),
        "http://192.168.1.1/hook".to_string(),
        "http://[fd00::1]/hook".to_string(),
        "http://169.254.169.254/latest/meta-data/".to_string(),
        "http://[fe80::1]/hook".to_string(),
        "http://224.0.0.1/hook".to_string(),
        "http://[ff02::1]/hook".to_string(),
        "http://100.64.0.1/hook".to_string(),
        "http://[::ffff:127.0.0.1]/hook".to_string(),
    ] {
        let refused = erin
            .set_notice_settings(&update(Some(&url), None))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadRequest), "{url}");
        assert!(
            refused.to_string().contains("public internet address"),
            "{url}: {refused}"
        );
    }
    let kept = erin.notice_settings().await.unwrap();
    assert_eq!(kept.webhook_url, None, "nothing was saved");
    assert!(hooks.take().is_empty(), "nothing was posted");
}

#[tokio::test]
async fn a_private_webhook_saved_while_allowed_is_refused_at_send_time_with_a_generic_error() {
    let hooks = WebhookReceiver::start().await;
    let shared = TempDir::new();
    let db = shared.path().join("adjutant.db");
    // First the operator allows private webhooks, and Frank saves one on this machine.
    let token = {
        // This server's clock stands a day earlier: its notifier, should it linger, finds
        // nothing due in what the next server writes.
        let (allowing, _clock) = TestServer::on_manual_clock(START - DAY, |config| {
            config.allow_private_webhooks = true;
            config.db = db.clone();
        })
        .await;
        let frank = allowing.account("frank").await;
        frank
            .set_notice_settings(&update(Some(&hooks.url("frank")), None))
            .await
            .unwrap();
        frank.token().unwrap().to_string()
    };
    // Then the server runs without the flag: the stored address is refused as it is sent.
    let (server, _clock) = TestServer::on_manual_clock(START, |config| {
        config.db = db.clone();
    })
    .await;
    let frank = server.client().with_token(Some(token));
    frank.test_notice().await.unwrap();
    server.flush().await;
    assert!(
        hooks.take().is_empty(),
        "the private address was not posted to"
    );
    let shown = frank.notice_settings().await.unwrap();
    assert_eq!(shown.webhook_error.unwrap().message, NOT_DELIVERED);
    let notice = &frank.notices().await.unwrap().notices[0];
    assert_eq!(notice.last_error.as_deref(), Some(NOT_DELIVERED));
}

#[tokio::test]
async fn what_answered_a_failed_webhook_is_not_told_to_its_account() {
    let hooks = WebhookReceiver::start().await;
    let (server, _clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let gail = server.account("gail").await;
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    // A port that answers 405, and a port where nothing listens: the same sentence.
    hooks.answer(405);
    for url in [hooks.url("gail"), format!("http://127.0.0.1:{closed}/")] {
        gail.set_notice_settings(&update(Some(&url), None))
            .await
            .unwrap();
        gail.test_notice().await.unwrap();
        server.flush().await;
        let shown = gail.notice_settings().await.unwrap();
        assert_eq!(shown.webhook_error.unwrap().message, NOT_DELIVERED, "{url}");
        // (The second test notice waits behind the first, which failed again.)
        let listed = gail.notices().await.unwrap().notices;
        let errors: Vec<_> = listed
            .iter()
            .filter_map(|n| n.last_error.as_deref())
            .collect();
        assert!(!errors.is_empty() && errors.iter().all(|e| *e == NOT_DELIVERED));
    }
    assert_eq!(hooks.take().len(), 1, "the 405 was answered once");
}

#[tokio::test]
async fn the_fourth_test_notice_in_an_hour_is_refused() {
    let smtp = SmtpSink::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = smtp.port;
    })
    .await;
    let hana = server.account("hana").await;
    hana.set_notice_settings(&update(None, Some("hana@example.test")))
        .await
        .unwrap();
    server.flush().await;
    confirm_by_link(&smtp, "hana@example.test").await;

    // Twenty calls within seconds: three mails, then rate_limited.
    for call in 1..=20 {
        let result = hana.test_notice().await;
        if call <= 3 {
            result.expect("three an hour");
        } else {
            let refused = result.unwrap_err();
            assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "call {call}");
            assert!(
                refused.to_string().contains("3 test notices an hour"),
                "{refused}"
            );
        }
    }
    server.flush().await;
    assert_eq!(smtp.take().len(), 3);
    clock.advance(3599);
    assert_eq!(
        hana.test_notice().await.unwrap_err().code(),
        Some(ErrorCode::RateLimited)
    );
    clock.advance(1);
    hana.test_notice().await.expect("an hour later, one more");
    server.flush().await;
    assert_eq!(smtp.take().len(), 1);
}

async fn email_of(client: &Client) -> (Option<String>, bool) {
    let settings = client.notice_settings().await.unwrap();
    (settings.email, settings.email_confirmed)
}

#[tokio::test]
async fn an_address_gets_only_its_confirmation_mail_until_the_link_confirms_it() {
    let smtp = SmtpSink::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = smtp.port;
    })
    .await;
    let ivan = server.account("ivan").await;
    let judy = server.account("judy").await;
    let victim = "victim@example.test";
    ivan.set_notice_settings(&update(None, Some(victim)))
        .await
        .unwrap();
    assert_eq!(email_of(&ivan).await, (Some(victim.to_string()), false));

    // Until confirmed, neither a game nor a test notice mails the address.
    outpost(&ivan, &judy, Visibility::Public).await;
    ivan.test_notice().await.unwrap();
    server.flush().await;
    let first = links(&smtp, victim);
    assert_eq!(first.len(), 1, "the confirmation mail, and nothing else");
    assert!(
        ivan.notices().await.unwrap().notices.is_empty(),
        "nothing was queued for the unconfirmed address"
    );

    // Asking again mails a new link and retires the old one; three an hour.
    ivan.resend_confirmation().await.unwrap();
    ivan.resend_confirmation().await.unwrap();
    let refused = ivan.resend_confirmation().await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::RateLimited));
    server.flush().await;
    let later = links(&smtp, victim);
    assert_eq!(later.len(), 2);
    // Another account cannot send the same address more either (three a day per address).
    clock.advance(3600);
    let refused = judy
        .set_notice_settings(&update(None, Some(victim)))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::RateLimited));
    assert_eq!(email_of(&judy).await, (None, false), "nothing changed");

    // Opening the page confirms nothing; the button does, once; retired links never.
    let (shown, pressed, _) = follow(&first[0]).await;
    assert_eq!((shown, pressed), (404, 404));
    let http = reqwest::Client::new();
    assert_eq!(http.get(&later[1]).send().await.unwrap().status(), 200);
    assert!(!email_of(&ivan).await.1, "not confirmed");
    let (_, pressed, page) = follow(&later[1]).await;
    assert_eq!(pressed, 200, "{page}");
    assert_eq!(email_of(&ivan).await, (Some(victim.to_string()), true));
    let (shown, pressed, _) = follow(&later[1]).await;
    assert_eq!((shown, pressed), (404, 404), "a link confirms once");
    assert_eq!(
        ivan.resend_confirmation().await.unwrap_err().code(),
        Some(ErrorCode::Conflict)
    );
    ivan.test_notice().await.unwrap();
    server.flush().await;
    let mails = smtp.take();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].text().contains("Subject: Adjutant: test notice"));

    // A new address starts unconfirmed again; its link expires after 48 hours.
    let other = "ivan@example.test";
    ivan.set_notice_settings(&update(None, Some(other)))
        .await
        .unwrap();
    assert_eq!(email_of(&ivan).await, (Some(other.to_string()), false));
    server.flush().await;
    let link = links(&smtp, other);
    clock.advance(48 * 3600);
    let (shown, pressed, page) = follow(&link[0]).await;
    assert_eq!((shown, pressed), (410, 410), "{page}");
    assert!(!email_of(&ivan).await.1, "not confirmed");
    ivan.test_notice().await.unwrap();
    server.flush().await;
    assert!(
        smtp.take().is_empty(),
        "the old confirmation does not carry over"
    );
}
