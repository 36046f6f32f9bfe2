//! The network edges under attack: rate limits charged to the account or the address (never
//! to the header's spelling), connections capped per client address, half-sent requests
//! closed by the header-read timeout, WebSockets capped per account, an oversized message
//! closed with 1009, and pages that refuse to be framed.

use crate::common::*;

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
