//! Accounts people can keep: a password set at creation or later, signing in on a second
//! device, the same answer for an unknown name and a wrong password, sign-in throttled per
//! name and per address, the account's tokens listed and revoked (a revoked token is refused
//! at once, and its WebSocket closed), and changing the password.

use adjutant_cli::Client;
use adjutant_protocol::{
    AccountSecurity, ChangePassword, CreateAccount, ErrorCode, SignIn, SignedIn, TokenOrigin,
};
use serde_json::{Value, json};
use std::time::Duration;

use crate::common::*;
use crate::correspondence_clock::START;

pub const PASSWORD: &str = "vicksburg-1863";

/// Creates `name` with a password; its client.
pub async fn with_password(server: &TestServer, name: &str, password: &str) -> Client {
    let created = server
        .client()
        .create_account_with(&CreateAccount {
            name: name.into(),
            password: Some(password.into()),
            label: Some("first machine".into()),
        })
        .await
        .expect("account created");
    server.client().with_token(Some(created.token))
}

pub async fn sign_in(
    server: &TestServer,
    name: &str,
    password: &str,
) -> Result<SignedIn, adjutant_cli::ClientError> {
    server
        .client()
        .sign_in(&SignIn {
            name: name.into(),
            password: password.into(),
            label: Some("second machine".into()),
        })
        .await
}

fn ids(security: &AccountSecurity) -> Vec<String> {
    security.tokens.iter().map(|t| t.id.clone()).collect()
}

#[tokio::test]
async fn an_account_created_with_a_password_signs_in_on_a_second_device() {
    let (server, clock) = TestServer::on_manual_clock(START, |_| {}).await;
    // The contract's account creation is unchanged: a name in, three fields out.
    let plain: Value = server
        .client()
        .post_raw("/api/accounts", br#"{"name":"sherman"}"#.to_vec())
        .await
        .unwrap();
    let mut keys: Vec<&String> = plain.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["account_id", "name", "token"]);

    let first = with_password(&server, "grant", PASSWORD).await;
    let me = first.me().await.unwrap();
    clock.advance(600);
    let signed = sign_in(&server, "GRANT", PASSWORD).await.unwrap();
    assert_eq!(
        (signed.account_id.as_str(), signed.name.as_str()),
        (me.account_id.as_str(), "grant")
    );
    assert_ne!(Some(signed.token.as_str()), first.token());
    let second = server.client().with_token(Some(signed.token.clone()));
    assert_eq!(second.me().await.unwrap().account_id, me.account_id);
    // Both devices stay signed in; the list names each token and marks the caller's.
    assert_eq!(first.me().await.unwrap().account_id, me.account_id);
    let list = second.tokens().await.unwrap();
    assert!(list.has_password);
    assert_eq!(list.password_changed_at, Some(START));
    assert!(!list.email_sign_in, "no SMTP server, no mailed links");
    assert_eq!(list.tokens.len(), 2);
    let newest = &list.tokens[0];
    assert_eq!(newest.id, signed.token_id);
    assert!(newest.current);
    assert_eq!(
        (newest.origin, newest.label.as_str()),
        (TokenOrigin::Password, "second machine")
    );
    assert_eq!(newest.created_at, START + 600);
    let oldest = &list.tokens[1];
    assert!(!oldest.current);
    assert_eq!(
        (oldest.origin, oldest.label.as_str()),
        (TokenOrigin::Created, "first machine")
    );
    assert_eq!(
        oldest.last_used_at,
        Some(START + 600),
        "used just now by the first device"
    );
    // The list never holds a token or its hash.
    let raw = serde_json::to_string(&list).unwrap();
    assert!(!raw.contains(&signed.token) && !raw.contains(first.token().unwrap()));
    // An account without a password signs in by its token only, and says so alike.
    let refused = sign_in(&server, "sherman", "anything-at-all")
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Unauthorized));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_name_get_the_same_answer_and_change_nothing() {
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let grant = with_password(&server, "grant", PASSWORD).await;
    let before = grant.tokens().await.unwrap();
    let wrong = sign_in(&server, "grant", "vicksburg-1864")
        .await
        .unwrap_err();
    let unknown = sign_in(&server, "meade", PASSWORD).await.unwrap_err();
    let impossible = sign_in(&server, "no such name!", PASSWORD)
        .await
        .unwrap_err();
    for refused in [&wrong, &unknown, &impossible] {
        assert_eq!(refused.code(), Some(ErrorCode::Unauthorized));
        assert_eq!(refused.to_string(), wrong.to_string());
    }
    assert_eq!(grant.tokens().await.unwrap(), before);
    // Bad bodies are refused as such, and create nothing.
    let anyone = server.client();
    for body in [
        json!({"name": "grant"}),
        json!({"password": PASSWORD}),
        json!([]),
    ] {
        let refused = anyone
            .post_raw("/api/accounts/sign-in", body.to_string().into_bytes())
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::BadRequest), "{body}");
    }
    let long_label = SignIn {
        name: "grant".into(),
        password: PASSWORD.into(),
        label: Some("x".repeat(65)),
    };
    let refused = anyone.sign_in(&long_label).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    // A password too short keeps the name free.
    let short = CreateAccount {
        name: "lee".into(),
        password: Some("short".into()),
        label: None,
    };
    let refused = anyone.create_account_with(&short).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::BadRequest));
    assert!(
        refused.to_string().contains("at least 10 characters"),
        "{refused}"
    );
    anyone
        .create_account("lee")
        .await
        .expect("the name is still free");
    let taken = CreateAccount {
        name: "Grant".into(),
        password: Some(PASSWORD.into()),
        label: None,
    };
    let refused = anyone.create_account_with(&taken).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Conflict));
    assert!(refused.to_string().contains("is taken"), "{refused}");
    assert_eq!(grant.tokens().await.unwrap(), before);
}

#[tokio::test]
async fn sign_in_is_throttled_per_name_and_per_address_alike_for_unknown_names() {
    let (server, clock) = TestServer::on_manual_clock(START, |config| {
        config.sign_in_burst = 3;
        config.sign_in_per_hour = 60;
    })
    .await;
    with_password(&server, "grant", PASSWORD).await;
    for _ in 0..3 {
        let refused = sign_in(&server, "grant", "a-wrong-guess")
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Some(ErrorCode::Unauthorized));
    }
    // The name's budget is spent: even the right password waits.
    let throttled = sign_in(&server, "grant", PASSWORD).await.unwrap_err();
    assert_eq!(throttled.code(), Some(ErrorCode::RateLimited));
    assert!(
        throttled.to_string().contains("every 60 seconds"),
        "{throttled}"
    );
    // An unknown name is answered alike, until the address's budget (twice the name's: the
    // password hashed at creation and 4 attempts so far, 1 more) is spent too; then any
    // name waits.
    let refused = sign_in(&server, "meade", "a-wrong-guess")
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Unauthorized));
    let refused = sign_in(&server, "hooker", "a-wrong-guess")
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::RateLimited));
    // One attempt a name comes back a minute later.
    clock.advance(60);
    sign_in(&server, "grant", PASSWORD)
        .await
        .expect("allowed again");
    let throttled = sign_in(&server, "grant", PASSWORD).await.unwrap_err();
    assert_eq!(throttled.code(), Some(ErrorCode::RateLimited));
}

#[tokio::test]
async fn a_revoked_token_is_refused_at_once_and_its_websocket_closed() {
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    let first = with_password(&server, "grant", PASSWORD).await;
    let laptop = sign_in(&server, "grant", PASSWORD).await.unwrap();
    let phone = sign_in(&server, "grant", PASSWORD).await.unwrap();
    let laptop_client = server.client().with_token(Some(laptop.token.clone()));
    let phone_client = server.client().with_token(Some(phone.token.clone()));
    let mut laptop_live = live(&laptop_client).await;
    let mut first_live = live(&first).await;
    // Cached by then: the revocation must reach the cache too.
    laptop_client.me().await.unwrap();

    let after = phone_client.revoke(&laptop.token_id).await.unwrap();
    assert!(!ids(&after).contains(&laptop.token_id));
    let refused = laptop_client.me().await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::Unauthorized));
    let closed = tokio::time::timeout(WAIT, laptop_live.next()).await;
    assert!(
        matches!(closed, Ok(None)),
        "the laptop's WebSocket is closed: {closed:?}"
    );
    // Another device's connection stays open.
    let open = tokio::time::timeout(Duration::from_millis(200), first_live.next()).await;
    assert!(open.is_err(), "the first device stays connected: {open:?}");
    // Someone else's token, or one revoked already, is not found; nothing changes.
    let other = server.account("lee").await;
    let lees = other.tokens().await.unwrap();
    let refused = phone_client.revoke(&lees.tokens[0].id).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::NotFound));
    let refused = phone_client.revoke(&laptop.token_id).await.unwrap_err();
    assert_eq!(refused.code(), Some(ErrorCode::NotFound));
    assert_eq!(other.tokens().await.unwrap(), lees);

    // Every other token: the first device is signed out, the phone stays.
    let after = phone_client.revoke_others().await.unwrap();
    assert_eq!(ids(&after), std::slice::from_ref(&phone.token_id));
    assert_eq!(
        first.me().await.unwrap_err().code(),
        Some(ErrorCode::Unauthorized)
    );
    let closed = tokio::time::timeout(WAIT, first_live.next()).await;
    assert!(matches!(closed, Ok(None)), "{closed:?}");
    // Signing out: the caller's own token.
    phone_client.revoke("current").await.unwrap();
    assert_eq!(
        phone_client.me().await.unwrap_err().code(),
        Some(ErrorCode::Unauthorized)
    );
    // The password still signs in.
    sign_in(&server, "grant", PASSWORD).await.unwrap();
}

#[tokio::test]
async fn the_password_changes_only_with_the_current_one_and_may_sign_out_the_rest() {
    let (server, _clock) = TestServer::on_manual_clock(START, |_| {}).await;
    // An account created without a password sets its first one with its token alone.
    let sherman = server.account("sherman").await;
    let set = sherman
        .change_password(&ChangePassword {
            current_password: None,
            new_password: "atlanta-1864!".into(),
            sign_out_others: false,
        })
        .await
        .unwrap();
    assert!(set.has_password);
    sign_in(&server, "sherman", "atlanta-1864!").await.unwrap();

    let grant = with_password(&server, "grant", PASSWORD).await;
    let other = sign_in(&server, "grant", PASSWORD).await.unwrap();
    let change = |current: Option<&str>, new: &str, sign_out_others| ChangePassword {
        current_password: current.map(str::to_string),
        new_password: new.into(),
        sign_out_others,
    };
    let missing = grant
        .change_password(&change(None, "richmond-1865", false))
        .await
        .unwrap_err();
    assert_eq!(missing.code(), Some(ErrorCode::BadRequest));
    let wrong = grant
        .change_password(&change(Some("not-the-password"), "richmond-1865", false))
        .await
        .unwrap_err();
    assert_eq!(wrong.code(), Some(ErrorCode::Forbidden));
    let weak = grant
        .change_password(&change(Some(PASSWORD), "grant", false))
        .await
        .unwrap_err();
    assert_eq!(weak.code(), Some(ErrorCode::BadRequest));
    sign_in(&server, "grant", PASSWORD)
        .await
        .expect("unchanged");

    let after = grant
        .change_password(&change(Some(PASSWORD), "richmond-1865", true))
        .await
        .unwrap();
    assert_eq!(after.tokens.len(), 1, "the others are signed out");
    assert!(after.tokens[0].current);
    let other = server.client().with_token(Some(other.token));
    assert_eq!(
        other.me().await.unwrap_err().code(),
        Some(ErrorCode::Unauthorized)
    );
    let old = sign_in(&server, "grant", PASSWORD).await.unwrap_err();
    assert_eq!(old.code(), Some(ErrorCode::Unauthorized));
    sign_in(&server, "grant", "richmond-1865").await.unwrap();
    grant.me().await.expect("the caller's token stays");
}
