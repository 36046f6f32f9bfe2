//! Signing in by a link mailed to the account's confirmed notice address: the answer tells
//! nobody whether the name exists; the link goes only to a confirmed address, works once,
//! expires, may set a new password (recovery) and sign out every other device.

use adjutant_cli::Client;
use adjutant_protocol::{ErrorCode, LinkSignIn, TokenOrigin, UpdateNoticeSettings};

use crate::accounts::{PASSWORD, sign_in, with_password};
use crate::common::*;
use crate::correspondence_clock::START;
use crate::notice_guards::confirm_by_link;
use crate::sinks::SmtpSink;

async fn server_with_mail(
    smtp: &SmtpSink,
) -> (TestServer, std::sync::Arc<adjutant_server::ManualClock>) {
    let port = smtp.port;
    TestServer::on_manual_clock(START, move |config| {
        config.smtp_host = Some("127.0.0.1".into());
        config.smtp_port = port;
        config.smtp_from = "Adjutant <adjutant@example.test>".into();
    })
    .await
}

/// Gives `client` the notice address `email` and confirms it by its mailed link.
async fn confirmed(server: &TestServer, smtp: &SmtpSink, client: &Client, email: &str) {
    let update = UpdateNoticeSettings {
        webhook_url: None,
        email: Some(email.into()),
        always: false,
        digest: false,
        ..UpdateNoticeSettings::default()
    };
    client.set_notice_settings(&update).await.unwrap();
    server.flush().await;
    confirm_by_link(smtp, email).await;
}

/// Asks for a sign-in link for `name`, waits until it is mailed, and returns the links that
/// were (each mail's recipient and link).
async fn ask_for_link(server: &TestServer, smtp: &SmtpSink, name: &str) -> Vec<(String, String)> {
    let sent = server.client().email_sign_in(name).await.unwrap();
    assert!(
        sent.message
            .starts_with("If that account has a confirmed e-mail address")
    );
    assert_eq!(sent.minutes, 30);
    server.service.flush_sign_in_mail().await;
    smtp.take()
        .into_iter()
        .map(|mail| {
            let text = mail.text();
            assert!(
                text.contains(&format!("Subject: Adjutant: sign in as {name}")),
                "{text}"
            );
            let link = text
                .split_whitespace()
                .find(|w| w.contains("/#/sign-in/link/adj_"))
                .expect("the mail holds the link")
                .to_string();
            (mail.to.join(","), link)
        })
        .collect()
}

fn redeem(link: &str, new_password: Option<&str>, sign_out_others: bool) -> LinkSignIn {
    LinkSignIn {
        token: link.rsplit('/').next().unwrap().to_string(),
        label: Some("found my way back".into()),
        new_password: new_password.map(str::to_string),
        sign_out_others,
    }
}

#[tokio::test]
async fn a_mailed_link_recovers_an_account_once_and_sets_a_new_password() {
    let smtp = SmtpSink::start().await;
    let (server, _clock) = server_with_mail(&smtp).await;
    let grant = with_password(&server, "grant", PASSWORD).await;
    let laptop = sign_in(&server, "grant", PASSWORD).await.unwrap();
    confirmed(&server, &smtp, &grant, "grant@example.test").await;
    assert!(grant.tokens().await.unwrap().email_sign_in);

    // The same answer for a name without an address, an unknown name, and one with an
    // address; only the last gets a mail.
    let lee = server.account("lee").await;
    assert!(ask_for_link(&server, &smtp, "lee").await.is_empty());
    assert!(ask_for_link(&server, &smtp, "meade").await.is_empty());
    let mailed = ask_for_link(&server, &smtp, "grant").await;
    assert_eq!(mailed.len(), 1);
    let (to, link) = &mailed[0];
    assert_eq!(to, "grant@example.test");
    assert!(
        link.starts_with(&format!("{}/#/sign-in/link/adj_", server.base)),
        "{link}"
    );

    // A bad new password refuses the whole sign-in and keeps the link.
    let refused = server
        .client()
        .link_sign_in(&redeem(link, Some("short"), true))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    // The link signs in, sets the new password and signs out every other device.
    let signed = server
        .client()
        .link_sign_in(&redeem(link, Some("a new password, at last"), true))
        .await
        .unwrap();
    assert_eq!(signed.name, "grant");
    let found = server.client().with_token(Some(signed.token));
    let list = found.tokens().await.unwrap();
    assert_eq!(list.tokens.len(), 1);
    assert_eq!(list.tokens[0].origin, TokenOrigin::Link);
    assert_eq!(list.tokens[0].label, "found my way back");
    for gone in [
        grant.clone(),
        server.client().with_token(Some(laptop.token)),
    ] {
        assert_eq!(
            gone.me().await.unwrap_err().code(),
            Some(ErrorCode::Unauthorized)
        );
    }
    let old = sign_in(&server, "grant", PASSWORD).await.unwrap_err();
    assert_eq!(old.code(), Some(ErrorCode::Unauthorized));
    sign_in(&server, "grant", "a new password, at last")
        .await
        .unwrap();
    // Once only.
    let again = server
        .client()
        .link_sign_in(&redeem(link, None, false))
        .await
        .unwrap_err();
    assert_eq!(again.code(), Some(ErrorCode::Unauthorized));
    lee.me().await.expect("nobody else was touched");
}

#[tokio::test]
async fn a_link_expires_a_newer_one_replaces_it_and_mails_are_counted() {
    let smtp = SmtpSink::start().await;
    let (server, clock) = server_with_mail(&smtp).await;
    let grant = with_password(&server, "grant", PASSWORD).await;
    confirmed(&server, &smtp, &grant, "grant@example.test").await;
    let first = ask_for_link(&server, &smtp, "grant").await.remove(0).1;
    let second = ask_for_link(&server, &smtp, "grant").await.remove(0).1;
    let replaced = server
        .client()
        .link_sign_in(&redeem(&first, None, false))
        .await
        .unwrap_err();
    assert_eq!(replaced.code(), Some(ErrorCode::Unauthorized));
    clock.advance(30 * 60);
    let expired = server
        .client()
        .link_sign_in(&redeem(&second, None, false))
        .await
        .unwrap_err();
    assert_eq!(expired.code(), Some(ErrorCode::Unauthorized));
    // A third link in the hour; a fourth is refused, for a name that does not exist alike.
    assert_eq!(ask_for_link(&server, &smtp, "grant").await.len(), 1);
    for name in ["grant", "meade"] {
        if name == "meade" {
            for _ in 0..3 {
                assert!(ask_for_link(&server, &smtp, name).await.is_empty());
            }
        }
        let refused = server.client().email_sign_in(name).await.unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::RateLimited), "{name}");
    }
    // Malformed tokens are not valid links.
    for token in ["", "adj_12", "not a token at all"] {
        let refused = server
            .client()
            .link_sign_in(&redeem(token, None, false))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::Unauthorized), "{token:?}");
    }
    grant
        .me()
        .await
        .expect("the account's own token still works");
}

#[tokio::test]
async fn without_an_smtp_server_no_link_is_offered() {
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let refused = server.client().email_sign_in("grant").await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    assert!(refused.to_string().contains("sends no e-mail"), "{refused}");
}
