//! Notices reach real endpoints: a webhook over HTTPS and mail over implicit TLS (port 465's
//! way) or STARTTLS (587's), each verified against the CA the operator trusts; an endpoint
//! whose certificate is not trusted gets nothing.

use adjutant_protocol::UpdateNoticeSettings;
use adjutant_server::tls::SmtpTls;

use crate::common::*;
use crate::correspondence_clock::START;
use crate::notice_guards::confirm_by_link;
use crate::sinks::{SinkTls, SmtpSink, TestCa, WebhookReceiver};

/// The sentence a webhook's failure is shown with.
const NOT_DELIVERED: &str = "the webhook could not be delivered";

async fn hook_settings(client: &adjutant_cli::Client, url: String) {
    client
        .set_notice_settings(&UpdateNoticeSettings {
            webhook_url: Some(url),
            email: None,
            always: false,
            digest: false,
            ..UpdateNoticeSettings::default()
        })
        .await
        .expect("settings saved");
}

#[tokio::test]
async fn a_webhook_over_https_is_delivered_when_its_certificate_is_trusted_and_only_then() {
    let ca = TestCa::new();
    let hooks = WebhookReceiver::start_tls(&ca).await;
    assert!(hooks.url("x").starts_with("https://"));
    let file = ca.file();
    let (server, _clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
        config.extra_ca_file = Some(file.clone());
    })
    .await;
    let ann = server.account("ann").await;
    hook_settings(&ann, hooks.url("ann")).await;
    ann.test_notice().await.unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(got.len(), 1, "delivered over HTTPS");
    assert_eq!(got[0].body["kind"], "test");
    assert!(ann.notice_settings().await.unwrap().webhook_error.is_none());

    // A server that does not trust that CA refuses the certificate: nothing is posted.
    let (stranger, _clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let bea = stranger.account("bea").await;
    hook_settings(&bea, hooks.url("bea")).await;
    bea.test_notice().await.unwrap();
    stranger.flush().await;
    assert!(hooks.take().is_empty(), "no request got through");
    let shown = bea.notice_settings().await.unwrap();
    assert_eq!(shown.webhook_error.unwrap().message, NOT_DELIVERED);
}

/// A server mailing through `sink` with `mode`, trusting `ca`; an account whose address is
/// confirmed through it (the confirmation mail went by the same way).
async fn mail_through(sink: &SmtpSink, ca: &TestCa, mode: SmtpTls) -> TestServer {
    let file = ca.file();
    let port = sink.port;
    let (server, _clock) = TestServer::on_manual_clock(START, move |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = port;
        config.smtp_tls = mode;
        config.extra_ca_file = Some(file);
        config.smtp_from = "Adjutant <adjutant@example.test>".into();
    })
    .await;
    server
}

#[tokio::test]
async fn mail_goes_over_implicit_tls_and_over_required_starttls() {
    let ca = TestCa::new();
    for (sink_tls, mode) in [
        (SinkTls::Implicit, SmtpTls::Tls),
        (SinkTls::Starttls, SmtpTls::Starttls),
        (SinkTls::Starttls, SmtpTls::Auto),
    ] {
        let sink = SmtpSink::start_with(Some((&ca, sink_tls))).await;
        let server = mail_through(&sink, &ca, mode).await;
        let cid = server.account("cid").await;
        cid.set_notice_settings(&UpdateNoticeSettings {
            webhook_url: None,
            email: Some("cid@example.test".into()),
            always: false,
            digest: false,
            ..UpdateNoticeSettings::default()
        })
        .await
        .unwrap();
        server.flush().await;
        confirm_by_link(&sink, "cid@example.test").await;
        cid.test_notice().await.unwrap();
        server.flush().await;
        let mails = sink.take();
        assert_eq!(mails.len(), 1, "{sink_tls:?} with --smtp-tls {mode:?}");
        assert!(mails[0].text().contains("A test notice from Adjutant"));
    }
}

#[tokio::test]
async fn required_starttls_sends_nothing_to_a_server_that_does_not_offer_it() {
    let ca = TestCa::new();
    let plain = SmtpSink::start().await;
    let server = mail_through(&plain, &ca, SmtpTls::Starttls).await;
    let dee = server.account("dee").await;
    dee.set_notice_settings(&UpdateNoticeSettings {
        webhook_url: None,
        email: Some("dee@example.test".into()),
        always: false,
        digest: false,
        ..UpdateNoticeSettings::default()
    })
    .await
    .unwrap();
    server.flush().await;
    assert!(
        plain.take().is_empty(),
        "not even the confirmation goes in clear"
    );
    let shown = dee.notice_settings().await.unwrap();
    assert!(shown.email_error.is_some(), "{shown:?}");
}

/// The settings of a webhook at `url` in `format`, maybe with a new secret.
async fn hook_in(
    client: &adjutant_cli::Client,
    url: String,
    format: adjutant_protocol::WebhookFormat,
    rotate: bool,
) -> adjutant_protocol::NoticeSettings {
    client
        .set_notice_settings(&UpdateNoticeSettings {
            webhook_url: Some(url),
            webhook_format: format,
            rotate_webhook_secret: rotate,
            ..UpdateNoticeSettings::default()
        })
        .await
        .expect("settings saved")
}

#[tokio::test]
async fn webhooks_are_signed_with_their_accounts_secret_and_take_discord_and_slack_shapes() {
    use adjutant_protocol::WebhookFormat;
    use hmac::{Hmac, KeyInit, Mac};
    let hooks = WebhookReceiver::start().await;
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.allow_private_webhooks = true;
    })
    .await;
    let eve = server.account("eve").await;
    let set = hook_in(&eve, hooks.url("eve"), WebhookFormat::Auto, false).await;
    let secret = set.webhook_secret.clone().expect("a signing secret");
    assert!(secret.starts_with("whsec_") && secret.len() == 6 + 64);
    // The same address keeps its secret; a rotation or a new address makes a new one.
    let same = hook_in(&eve, hooks.url("eve"), WebhookFormat::Auto, false).await;
    assert_eq!(same.webhook_secret, set.webhook_secret);

    clock.advance(10);
    eve.test_notice().await.unwrap();
    server.flush().await;
    let got = hooks.take();
    assert_eq!(got.len(), 1);
    let hook = &got[0];
    assert_eq!(hook.body["kind"], "test", "Adjutant's own shape by default");
    let timestamp = hook.header("x-adjutant-timestamp").expect("a timestamp");
    assert_eq!(timestamp, (START + 10).to_string());
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(&hook.raw);
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(
        hook.header("x-adjutant-signature"),
        Some(format!("sha256={expected}").as_str())
    );

    let rotated = hook_in(&eve, hooks.url("eve"), WebhookFormat::Discord, true).await;
    assert_ne!(rotated.webhook_secret, set.webhook_secret);
    assert_eq!(rotated.webhook_format, WebhookFormat::Discord);
    eve.test_notice().await.unwrap();
    server.flush().await;
    let got = hooks.take();
    let content = got[0].body["content"].as_str().expect("Discord's content");
    assert!(
        content.starts_with("A test notice from Adjutant"),
        "{content}"
    );
    assert!(
        content.contains("/#/lobby"),
        "the link rides in the text: {content}"
    );
    assert_eq!(
        got[0].body["allowed_mentions"]["parse"],
        serde_json::json!([])
    );
    assert_ne!(
        got[0].header("x-adjutant-signature"),
        hook.header("x-adjutant-signature")
    );

    hook_in(&eve, hooks.url("eve"), WebhookFormat::Slack, false).await;
    eve.test_notice().await.unwrap();
    server.flush().await;
    let got = hooks.take();
    let text = got[0].body["text"].as_str().expect("Slack's text");
    assert!(text.starts_with("A test notice from Adjutant") && text.contains("/#/lobby"));
    assert_eq!(got[0].body.as_object().unwrap().len(), 1);
}
