//! Tests of the webhook guard: public addresses only, checked again when the request is sent.

use super::*;
use std::sync::Mutex;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn public(text: &str) -> bool {
    is_public(text.parse().expect("an address"))
}

#[test]
fn loopback_private_link_local_unspecified_and_multicast_are_not_public() {
    let refused = [
        // loopback
        "127.0.0.1",
        "127.255.0.9",
        "::1",
        // private (RFC 1918) and IPv6 unique-local
        "10.0.0.1",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "fc00::1",
        "fd12:3456::1",
        // link-local, the cloud metadata address among them
        "169.254.169.254",
        "169.254.0.1",
        "fe80::1",
        "febf::1",
        // unspecified and "this network"
        "0.0.0.0",
        "0.1.2.3",
        "::",
        // multicast, broadcast, reserved
        "224.0.0.1",
        "239.255.255.250",
        "255.255.255.255",
        "240.0.0.1",
        "ff02::1",
        "ff0e::1",
        // shared (CGNAT), documentation, benchmarking, protocol assignments
        "100.64.0.1",
        "100.127.255.255",
        "192.0.2.1",
        "198.51.100.1",
        "203.0.113.1",
        "198.18.0.1",
        "192.0.0.8",
        "2001:db8::1",
        "3fff::1",
        "2001::1",
        "2002:7f00:1::1",
        // IPv6 forms reaching a refused IPv4 address, and the deprecated site-local
        "::ffff:127.0.0.1",
        "::ffff:169.254.169.254",
        "64:ff9b::a00:1",
        "::127.0.0.1",
        "fec0::1",
        "100::1",
    ];
    for address in refused {
        assert!(!public(address), "{address} must be refused");
    }
}

#[test]
fn public_addresses_are_allowed() {
    for address in [
        "8.8.8.8",
        "93.184.215.14",
        "172.32.0.1",
        "172.15.255.255",
        "100.128.0.1",
        "169.255.0.1",
        "2606:4700:4700::1111",
        "2a00:1450:4001::1",
        "::ffff:8.8.8.8",
        "64:ff9b::808:808",
    ] {
        assert!(public(address), "{address} is public");
    }
}

/// A lookup answering from a list, one answer per call (the last one repeats).
fn scripted(answers: Vec<Vec<&str>>) -> (Lookup, Arc<Mutex<usize>>) {
    let calls = Arc::new(Mutex::new(0));
    let counted = calls.clone();
    let answers: Vec<Vec<SocketAddr>> = answers
        .into_iter()
        .map(|a| a.into_iter().map(|s| s.parse().expect("addr")).collect())
        .collect();
    let lookup: Lookup = Arc::new(move |_host, port| {
        let mut n = counted.lock().expect("calls");
        let mut answer = answers[(*n).min(answers.len() - 1)].clone();
        *n += 1;
        for a in &mut answer {
            if port != 0 {
                a.set_port(port);
            }
        }
        Box::pin(async move { Ok(answer) })
    });
    (lookup, calls)
}

fn url(text: &str) -> Url {
    Url::parse(text).expect("a url")
}

const SOON: Duration = Duration::from_secs(5);

#[tokio::test]
async fn a_public_name_resolving_to_a_private_address_is_refused_when_saved() {
    let (lookup, _) = scripted(vec![vec!["10.1.2.3:80"]]);
    let guard = Guard::new(lookup, false);
    let refused = guard
        .check_url(&url("http://hooks.example.com/x"), SOON)
        .await;
    assert!(refused.unwrap_err().contains("10.1.2.3"));
    // One private address among public ones is enough to refuse.
    let (lookup, _) = scripted(vec![vec!["8.8.8.8:80", "169.254.169.254:80"]]);
    let guard = Guard::new(lookup, false);
    assert!(
        guard
            .check_url(&url("http://a.example/"), SOON)
            .await
            .is_err()
    );
    let (lookup, _) = scripted(vec![vec!["8.8.8.8:80"]]);
    let guard = Guard::new(lookup, false);
    assert!(
        guard
            .check_url(&url("http://a.example/"), SOON)
            .await
            .is_ok()
    );
    for literal in ["http://127.0.0.1:9/", "http://[::1]/", "http://2130706433/"] {
        assert!(
            guard.check_url(&url(literal), SOON).await.is_err(),
            "{literal}"
        );
    }
    // With the operator's flag, anything goes.
    let (lookup, _) = scripted(vec![vec!["10.1.2.3:80"]]);
    let allowed = Guard::new(lookup, true);
    assert!(
        allowed
            .check_url(&url("http://10.0.0.1/"), SOON)
            .await
            .is_ok()
    );
    assert!(
        allowed
            .check_url(&url("http://x.example/"), SOON)
            .await
            .is_ok()
    );
}

/// A listener counting the connections it accepts, answering each with 200.
async fn listener() -> (u16, Arc<Mutex<usize>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = Arc::new(Mutex::new(0));
    let counted = accepted.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            *counted.lock().unwrap() += 1;
            let mut buffer = [0u8; 4096];
            let _ = stream.read(&mut buffer).await;
            let _ = stream
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                .await;
        }
    });
    (port, accepted)
}

#[tokio::test]
async fn a_name_that_rebinds_to_a_private_address_after_the_check_is_refused_at_send_time() {
    let (port, accepted) = listener().await;
    // The first lookup (when the settings are saved) answers a public address; every
    // later one the loopback address where the listener waits.
    let (lookup, calls) = scripted(vec![vec!["8.8.8.8:0"], vec!["127.0.0.1:0"]]);
    let guard = Guard::new(lookup, false);
    let hook = format!("http://rebind.example:{port}/hook");
    assert!(guard.check_url(&url(&hook), SOON).await.is_ok());
    let client = guard.client(SOON, None);
    let refused = guard.post(&client, &hook, b"{}".to_vec(), &[]).await;
    assert!(refused.unwrap_err().contains("not a public address"));
    assert_eq!(*calls.lock().unwrap(), 2, "resolved again at send time");
    assert_eq!(*accepted.lock().unwrap(), 0, "no connection was made");
    let literal = format!("http://127.0.0.1:{port}/hook");
    assert!(
        guard
            .post(&client, &literal, b"{}".to_vec(), &[])
            .await
            .is_err()
    );
    assert_eq!(*accepted.lock().unwrap(), 0);
}

#[tokio::test]
async fn the_connection_goes_to_the_address_the_guard_resolved() {
    let (port, accepted) = listener().await;
    let (lookup, _) = scripted(vec![vec!["127.0.0.1:0"]]);
    // Allowed by the operator: the post reaches the address the guard's lookup gave
    // for a name no real resolver knows.
    let guard = Guard::new(lookup, true);
    let client = guard.client(SOON, None);
    let hook = format!("http://nowhere.invalid:{port}/hook");
    guard
        .post(&client, &hook, br#"{"kind":"test"}"#.to_vec(), &[])
        .await
        .expect("posted");
    assert_eq!(*accepted.lock().unwrap(), 1);
}

#[tokio::test]
async fn a_redirect_is_not_followed() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let accepted = Arc::new(Mutex::new(0));
    let counted = accepted.clone();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            *counted.lock().unwrap() += 1;
            let mut buffer = [0u8; 4096];
            let _ = stream.read(&mut buffer).await;
            let reply = format!(
                "HTTP/1.1 307 Temporary Redirect\r\nlocation: http://127.0.0.1:{port}/again\r\n\
                 content-length: 0\r\nconnection: close\r\n\r\n"
            );
            let _ = stream.write_all(reply.as_bytes()).await;
        }
    });
    let guard = Guard::new(system_lookup(), true);
    let client = guard.client(SOON, None);
    let hook = format!("http://127.0.0.1:{port}/hook");
    let error = guard.post(&client, &hook, b"{}".to_vec(), &[]).await;
    assert!(error.unwrap_err().contains("307"));
    assert_eq!(
        *accepted.lock().unwrap(),
        1,
        "the redirect was not followed"
    );
}
