//! Webhook targets: only public addresses, checked when the settings are saved and again at
//! every delivery after DNS resolution, where the connection goes only to the addresses just
//! checked (no second lookup an attacker's DNS could answer differently), unless the operator
//! allows private targets (`--allow-private-webhooks`). No redirect is followed and no proxy
//! is used: either would send the request somewhere that was not checked.

use futures_util::future::BoxFuture;
use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// What the user is told when a webhook target is refused (one sentence for every reason, so
/// that the answer does not tell which internal names exist).
pub const NOT_PUBLIC: &str = "a webhook must be a public internet address: this one is a private, loopback or \
     link-local address, or its name does not resolve to public addresses";

/// Looks a host name up: the system resolver, or a stand-in in tests.
pub type Lookup =
    Arc<dyn Fn(String, u16) -> BoxFuture<'static, std::io::Result<Vec<SocketAddr>>> + Send + Sync>;

/// The system resolver.
pub fn system_lookup() -> Lookup {
    Arc::new(|host, port| {
        Box::pin(async move {
            tokio::net::lookup_host((host.as_str(), port))
                .await
                .map(Iterator::collect)
        })
    })
}

/// Whether `ip` is a public (globally routed unicast) address. Everything else is refused:
/// unspecified, loopback, private (RFC 1918, IPv6 unique-local), shared (CGNAT), link-local,
/// documentation, benchmarking, reserved, broadcast and multicast addresses, and IPv6 forms
/// that embed one of those (IPv4-mapped, NAT64).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let refused = a == 0 // "this network", 0.0.0.0 among it
        || a == 10 // private
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || a == 127 // loopback
        || (a == 169 && b == 254) // link-local, cloud metadata at 169.254.169.254
        || (a == 172 && (16..32).contains(&b)) // private
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation (TEST-NET-1)
        || (a == 192 && b == 88 && c == 99) // 6to4 relay anycast
        || (a == 192 && b == 168) // private
        || (a == 198 && (18..20).contains(&b)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation (TEST-NET-2)
        || (a == 203 && b == 0 && c == 113) // documentation (TEST-NET-3)
        || a >= 224; // multicast, reserved, broadcast
    !refused
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let s = ip.segments();
    // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits.
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(Ipv4Addr::from((u32::from(s[6]) << 16) | u32::from(s[7])));
    }
    // Only 2000::/3 is global unicast; inside it, these blocks are not.
    let global_unicast = (s[0] & 0xe000) == 0x2000;
    // 2001::/23: IETF protocol assignments, Teredo among them; 2001:db8::/32: documentation.
    let refused = (s[0] == 0x2001 && (s[1] < 0x200 || s[1] == 0xdb8))
        || s[0] == 0x2002 // 6to4 (embeds any IPv4 address)
        || (s[0] & 0xfff0) == 0x3ff0; // documentation (3fff::/20)
    global_unicast && !refused
}

/// Checks a webhook address's host: an IP literal must be public; a name must resolve, and
/// every address it resolves to must be public. Returns the addresses to connect to.
async fn checked_addresses(
    lookup: &Lookup,
    host: &str,
    port: u16,
    allow_private: bool,
) -> Result<Vec<SocketAddr>, String> {
    let addresses = lookup(host.to_string(), port)
        .await
        .map_err(|e| format!("{host} does not resolve: {e}"))?;
    if addresses.is_empty() {
        return Err(format!("{host} resolves to no address"));
    }
    if !allow_private && let Some(bad) = addresses.iter().find(|a| !is_public(a.ip())) {
        return Err(format!(
            "{host} resolves to {}, not a public address",
            bad.ip()
        ));
    }
    Ok(addresses)
}

/// The resolver of the notifier's HTTP client: every name is checked as it is resolved for a
/// connection, and the connection is made to those addresses only.
#[derive(Clone)]
pub struct Guard {
    /// How names are looked up.
    lookup: Lookup,
    /// The operator's `--allow-private-webhooks`.
    allow_private: bool,
}

impl Guard {
    /// A guard over `lookup`.
    pub fn new(lookup: Lookup, allow_private: bool) -> Guard {
        Guard {
            lookup,
            allow_private,
        }
    }

    /// Checks a webhook address as it is saved, within `timeout`. The detail of a refusal is
    /// for the log; the user gets [`NOT_PUBLIC`].
    pub async fn check_url(&self, url: &Url, timeout: Duration) -> Result<(), String> {
        if self.allow_private {
            return Ok(());
        }
        let port = url.port_or_known_default().unwrap_or(80);
        let name = url.host_str().ok_or("the address has no host")?;
        if let Some(ip) = literal(url) {
            return check_literal(ip);
        }
        let lookup = checked_addresses(&self.lookup, name, port, false);
        match tokio::time::timeout(timeout, lookup).await {
            Ok(result) => result.map(drop),
            Err(_) => Err(format!("looking {name} up took too long")),
        }
    }

    /// An HTTP client that posts only to checked addresses, follows no redirect and uses no
    /// proxy.
    pub fn client(&self, timeout: Duration) -> reqwest::Client {
        reqwest::Client::builder()
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .dns_resolver(Arc::new(self.clone()))
            .build()
            .unwrap_or_default()
    }

    /// Posts `body` as JSON to `url` with `client` (made by [`Guard::client`]). An IP literal
    /// is checked here (the resolver sees only names). The error is the detail, for the log.
    pub async fn post(
        &self,
        client: &reqwest::Client,
        url: &str,
        body: &impl serde::Serialize,
    ) -> Result<(), String> {
        let parsed = Url::parse(url).map_err(|e| format!("the address does not parse: {e}"))?;
        if !self.allow_private
            && let Some(ip) = literal(&parsed)
        {
            check_literal(ip)?;
        }
        let response = client
            .post(parsed)
            .json(body)
            .send()
            .await
            .map_err(|e| format!("the webhook could not be reached: {e:?}"))?;
        if response.status().is_success() {
            Ok(())
        } else {
            Err(format!("the webhook answered {}", response.status()))
        }
    }
}

/// The address of a URL whose host is an IP literal (`[...]` around IPv6).
fn literal(url: &Url) -> Option<IpAddr> {
    let host = url.host_str()?;
    host.trim_start_matches('[')
        .trim_end_matches(']')
        .parse()
        .ok()
}

fn check_literal(ip: IpAddr) -> Result<(), String> {
    if is_public(ip) {
        Ok(())
    } else {
        Err(format!("{ip} is not a public address"))
    }
}

impl Resolve for Guard {
    fn resolve(&self, name: Name) -> Resolving {
        let guard = self.clone();
        let host = name.as_str().to_string();
        Box::pin(async move {
            // Port 0: the URL's port (or the scheme's) replaces it.
            let addresses = checked_addresses(&guard.lookup, &host, 0, guard.allow_private)
                .await
                .map_err(|e| -> Box<dyn std::error::Error + Send + Sync> { e.into() })?;
            let addrs: Addrs = Box::new(addresses.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
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
        let client = guard.client(SOON);
        let refused = guard.post(&client, &hook, &serde_json::json!({})).await;
        assert!(refused.unwrap_err().contains("not a public address"));
        assert_eq!(*calls.lock().unwrap(), 2, "resolved again at send time");
        assert_eq!(*accepted.lock().unwrap(), 0, "no connection was made");
        let literal = format!("http://127.0.0.1:{port}/hook");
        assert!(
            guard
                .post(&client, &literal, &serde_json::json!({}))
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
        let client = guard.client(SOON);
        let hook = format!("http://nowhere.invalid:{port}/hook");
        guard
            .post(&client, &hook, &serde_json::json!({"kind": "test"}))
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
        let client = guard.client(SOON);
        let hook = format!("http://127.0.0.1:{port}/hook");
        let error = guard.post(&client, &hook, &serde_json::json!({})).await;
        assert!(error.unwrap_err().contains("307"));
        assert_eq!(
            *accepted.lock().unwrap(),
            1,
            "the redirect was not followed"
        );
    }
}
