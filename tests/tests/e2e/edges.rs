//! The network edges under attack: rate limits charged to the account or the address (never
//! to the header's spelling), connections capped per client address, half-sent requests
//! closed by the header-read timeout, WebSockets capped per account, an oversized message
//! closed with 1009, and pages that refuse to be framed.

use adjutant_protocol::{ClientMessage, ErrorCode, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::common::*;

/// The first bytes of a request whose headers never end.
const HALF_SENT: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: adjutant\r\nConnection: close\r\n";

/// The address of `server`.
fn addr_of(server: &TestServer) -> SocketAddr {
    server
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("socket address")
}

/// A TCP connection to `to` from the loopback address `from` (all of 127/8 is loopback on
/// Linux, so one machine can play several clients).
async fn connect_from(from: &str, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(format!("{from}:0").parse().expect("address"))
        .expect("bind a loopback address");
    socket.connect(to).await.expect("connect")
}

/// Finishes a half-sent request and reads the answer: `Some(status line)` if the server
/// answered, `None` if it had closed the connection.
async fn finish(mut stream: TcpStream) -> Option<String> {
    if stream.write_all(b"\r\n").await.is_err() {
        return None;
    }
    let mut answer = Vec::new();
    let read = tokio::time::timeout(WAIT, stream.read_to_end(&mut answer)).await;
    match read.expect("the server answers or closes") {
        Ok(_) if !answer.is_empty() => {
            let text = String::from_utf8_lossy(&answer);
            Some(text.lines().next().unwrap_or_default().to_string())
        }
        _ => None,
    }
}

/// `GET /api/accounts/me` with the `Authorization` header exactly as given.
async fn me_with(server: &TestServer, authorization: &str) -> (u16, Value) {
    let response = reqwest::Client::new()
        .get(format!("{}/api/accounts/me", server.base))
        .header("authorization", authorization)
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn respelling_a_token_buys_no_new_budget() {
    let (server, _clock) = TestServer::on_manual_clock(1_700_000_000, |c| {
        c.http_rate = 1.0;
        c.http_burst = 5.0;
    })
    .await;
    let created = server
        .client()
        .create_account("alice")
        .await
        .expect("account");
    let token = created.token;
    let spellings = [
        format!("Bearer {token}"),
        format!("Bearer  {token}"),
        format!("Bearer   {token}"),
        format!("bearer {token}"),
        format!("Bearer {token} "),
        format!("Bearer    {token}"),
        format!("Bearer {token}  "),
        format!("bearer  {token}"),
    ];
    let mut answers = Vec::new();
    for spelling in &spellings {
        let (status, body) = me_with(&server, spelling).await;
        if status == 200 {
            assert_eq!(body["name"], "alice", "every spelling is alice's token");
        } else {
            assert_eq!(body["error"]["code"], "rate_limited", "{body}");
        }
        answers.push(status);
    }
    // One account, one bucket of 5, however the header is spelt.
    assert_eq!(answers, [200, 200, 200, 200, 200, 429, 429, 429]);
}

#[tokio::test]
async fn garbage_tokens_are_charged_to_their_address() {
    let (server, clock) = TestServer::on_manual_clock(1_700_000_000, |c| {
        c.http_rate = 1.0;
        c.http_burst = 5.0;
    })
    .await;
    // Alice has her own budget, taken before the flood (account creation is anonymous).
    let alice = server.account("alice").await;
    clock.advance(10);
    let mut codes = Vec::new();
    for i in 0..8 {
        let (status, body) = me_with(&server, &format!("Bearer adj_garbage_{i}")).await;
        codes.push((
            status,
            body["error"]["code"].as_str().unwrap_or("").to_string(),
        ));
    }
    let expected: Vec<(u16, String)> = [(401, "unauthorized"); 5]
        .into_iter()
        .chain([(429, "rate_limited"); 3])
        .map(|(s, c)| (s, c.to_string()))
        .collect();
    assert_eq!(codes, expected, "each garbage token is not a new client");
    // Anonymous requests from that address share the spent budget ...
    let err = server.client().catalog().await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::RateLimited));
    // ... but an authenticated account does not.
    assert_eq!(alice.me().await.expect("alice's own budget").name, "alice");
    // A second later the address has one request again.
    clock.advance(1);
    server.client().catalog().await.expect("refilled");
    let err = server.client().catalog().await.unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::RateLimited));
}

#[tokio::test]
async fn a_slowloris_from_one_address_leaves_the_others_served() {
    let server = TestServer::start_with(|c| {
        c.max_connections_per_address = 4;
        c.header_read_timeout_ms = 60_000;
    })
    .await;
    let to = addr_of(&server);
    // The attacker, at 127.0.0.2, opens ten connections and never finishes a request.
    let mut held = Vec::new();
    for _ in 0..10 {
        let mut stream = connect_from("127.0.0.2", to).await;
        stream.write_all(HALF_SENT).await.expect("half a request");
        held.push(stream);
    }
    // Another address is served meanwhile.
    assert!(server.client().healthy().await, "/healthz from 127.0.0.1");
    // The attacker's address has no place left.
    let attacker = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let refused = attacker
        .get(format!("{}/healthz", server.base))
        .send()
        .await;
    assert!(refused.is_err(), "an eleventh connection: {refused:?}");
    // The first four were let in and still work; the other six were closed at once.
    let mut answers = Vec::new();
    for stream in held {
        answers.push(finish(stream).await);
    }
    let ok = Some("HTTP/1.1 200 OK".to_string());
    assert_eq!(answers[..4], [ok.clone(), ok.clone(), ok.clone(), ok]);
    assert_eq!(answers[4..], [None, None, None, None, None, None]);
}

#[tokio::test]
async fn a_request_whose_headers_never_end_is_closed_by_the_timeout() {
    let server = TestServer::start_with(|c| {
        c.max_connections_per_address = 1;
        c.header_read_timeout_ms = 200;
    })
    .await;
    let to = addr_of(&server);
    let started = Instant::now();
    let mut stream = connect_from("127.0.0.3", to).await;
    stream.write_all(HALF_SENT).await.expect("half a request");
    // A real socket closing: waited for with a deadline, about 200 ms.
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(Duration::from_secs(2), stream.read_to_end(&mut rest)).await;
    assert!(
        closed.is_ok(),
        "the half-sent request is still open after 2 s"
    );
    let held_for = started.elapsed();
    assert!(
        held_for >= Duration::from_millis(150),
        "closed after {held_for:?}, before the timeout"
    );
    assert!(
        !String::from_utf8_lossy(&rest).contains("200 OK"),
        "half a request is not answered"
    );
    // Its place was given back: the same address (cap 1) is served again.
    let stream = connect_from("127.0.0.3", to).await;
    let mut stream = stream;
    stream.write_all(HALF_SENT).await.unwrap();
    assert_eq!(finish(stream).await.as_deref(), Some("HTTP/1.1 200 OK"));
}

#[tokio::test]
async fn an_account_beyond_its_websocket_allowance_is_refused() {
    let server = TestServer::start_with(|c| c.max_websockets_per_account = 2).await;
    let alice = server.account("alice").await;
    let token = alice.token().unwrap().to_string();
    let mut first = live(&alice).await;
    let _second = live(&alice).await;
    // The third upgrade is refused with a typed error and a sentence.
    let mut request = alice.ws_url().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("authorization", format!("Bearer {token}").parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 429);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap_or(b""))
                .expect("a JSON error");
            assert_eq!(body["error"]["code"], "rate_limited", "{body}");
            assert!(body["error"]["message"].as_str().unwrap().contains('2'));
        }
        other => panic!("expected the upgrade refused, got {:?}", other.map(|_| ())),
    }
    // An anonymous connection cannot become alice's third by an auth message either.
    let mut anonymous = live(&server.client()).await;
    anonymous
        .send(&ClientMessage::Auth {
            token: token.clone(),
            id: Some("a".into()),
        })
        .await
        .unwrap();
    match anonymous.next_within(WAIT).await {
        Some(Ok(ServerMessage::Error {
            code: ErrorCode::RateLimited,
            id,
            message,
            ..
        })) => {
            assert_eq!(id.as_deref(), Some("a"));
            assert!(!message.is_empty());
        }
        other => panic!("expected rate_limited, got {other:?}"),
    }
    // One of alice's own connections may say who it is again: it holds its place already.
    first
        .send(&ClientMessage::Auth {
            token,
            id: Some("again".into()),
        })
        .await
        .unwrap();
    match first.next_within(WAIT).await {
        Some(Ok(ServerMessage::Authenticated { account, .. })) => assert_eq!(account.name, "alice"),
        other => panic!("expected authenticated, got {other:?}"),
    }
    // Another account is not affected.
    let bob = server.account("bob").await;
    let _bobs = live(&bob).await;
}

#[tokio::test]
async fn a_message_far_over_the_limit_closes_with_1009() {
    let server = TestServer::start_with(|c| c.max_frame_bytes = 1024).await;
    let url = server.client().ws_url();
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket");
    match socket.next().await {
        Some(Ok(Message::Text(text))) => assert!(text.contains("welcome"), "{text}"),
        other => panic!("expected the welcome, got {other:?}"),
    }
    // 256 KiB against a limit of 1 KiB (read and refused up to 4 KiB).
    let huge = format!(
        "{{\"type\":\"ping\",\"id\":\"{}\"}}",
        "x".repeat(256 * 1024)
    );
    socket.send(Message::text(huge)).await.expect("sent");
    let answer = tokio::time::timeout(WAIT, socket.next()).await;
    let close = match answer.expect("an answer") {
        Some(Ok(Message::Close(close))) => close,
        other => panic!("expected a close frame, got {other:?}"),
    };
    let close = close.expect("a close frame with a code (not 1005)");
    assert_eq!(close.code, CloseCode::Size, "{close:?}");
    assert_eq!(u16::from(close.code), 1009);
    assert!(close.reason.contains("too big"), "{close:?}");
}

#[tokio::test]
async fn pages_refuse_to_be_framed() {
    let server = TestServer::start().await;
    for path in ["/", "/web/js/app.js", "/web/style.css"] {
        let response = reqwest::get(format!("{}{path}", server.base))
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}");
        let csp = response
            .headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
    }
}
