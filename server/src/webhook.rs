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
    /// proxy; HTTPS verified against the system's roots and the PEM bundle `extra_roots`.
    pub fn client(&self, timeout: Duration, extra_roots: Option<&[u8]>) -> reqwest::Client {
        crate::tls::install_provider();
        let mut builder = reqwest::Client::builder()
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .dns_resolver(Arc::new(self.clone()));
        for cert in extra_roots
            .and_then(|pem| reqwest::Certificate::from_pem_bundle(pem).ok())
            .unwrap_or_default()
        {
            builder = builder.add_root_certificate(cert);
        }
        builder.build().unwrap_or_else(|e| {
            tracing::error!(error = %e, "the webhook client could not be built; webhooks fail");
            reqwest::Client::new()
        })
    }

    /// Posts `body` (JSON) with `headers` to `url` with `client` (made by [`Guard::client`]).
    /// An IP literal is checked here (the resolver sees only names). The error is the
    /// detail, for the log.
    pub async fn post(
        &self,
        client: &reqwest::Client,
        url: &str,
        body: Vec<u8>,
        headers: &[(&str, String)],
    ) -> Result<(), String> {
        let parsed = Url::parse(url).map_err(|e| format!("the address does not parse: {e}"))?;
        if !self.allow_private
            && let Some(ip) = literal(&parsed)
        {
            check_literal(ip)?;
        }
        let mut request = client
            .post(parsed)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body);
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let response = request
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
mod tests;
