//! The browser client: the static files of `web/`, compiled into the binary so that a fresh
//! machine needs nothing but the server. `/` is the page; everything else is under `/web/`.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// One embedded file.
struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static str,
}

macro_rules! assets {
    ($($path:literal => $mime:literal),* $(,)?) => {
        &[$(Asset { path: $path, mime: $mime, body: include_str!(concat!("../../web/", $path)) }),*]
    };
}

/// Every file of the web client.
const ASSETS: &[Asset] = assets![
    "index.html" => "text/html; charset=utf-8",
    "style.css" => "text/css; charset=utf-8",
    "corr.css" => "text/css; charset=utf-8",
    "js/app.js" => "text/javascript; charset=utf-8",
    "js/api.js" => "text/javascript; charset=utf-8",
    "js/live.js" => "text/javascript; charset=utf-8",
    "js/patch.js" => "text/javascript; charset=utf-8",
    "js/ui.js" => "text/javascript; charset=utf-8",
    "js/pages/start.js" => "text/javascript; charset=utf-8",
    "js/pages/lobby.js" => "text/javascript; charset=utf-8",
    "js/pages/join.js" => "text/javascript; charset=utf-8",
    "js/pages/game.js" => "text/javascript; charset=utf-8",
    "js/pages/settings.js" => "text/javascript; charset=utf-8",
    "js/clock.js" => "text/javascript; charset=utf-8",
    "js/chat.js" => "text/javascript; charset=utf-8",
    "js/boards/index.js" => "text/javascript; charset=utf-8",
    "js/boards/generic.js" => "text/javascript; charset=utf-8",
    "js/boards/mf-map.js" => "text/javascript; charset=utf-8",
    "js/boards/mississippi-fortress.js" => "text/javascript; charset=utf-8",
];

/// Entity tags, computed once: a client revalidates and gets `304` while nothing changed.
fn etags() -> &'static [String] {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    TAGS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|a| {
                let digest = Sha256::digest(a.body.as_bytes());
                format!("\"{}\"", adjutant_engine::hex::encode(&digest[..12]))
            })
            .collect()
    })
}

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(index) = ASSETS.iter().position(|a| a.path == path) else {
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    };
    let asset = &ASSETS[index];
    let etag = &etags()[index];
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, asset.mime)], asset.body).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, value);
    }
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// The routes: `/` and `/web/{*path}`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(|headers: HeaderMap| async move { serve("index.html", &headers) }))
        .route(
            "/web/{*path}",
            get(|Path(path): Path<String>, headers: HeaderMap| async move { serve(&path, &headers) }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_module_the_page_imports_is_embedded() {
        for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
            for line in asset.body.lines().filter(|l| l.starts_with("import ")) {
                let Some(spec) = line.split('"').nth(1) else {
                    continue;
                };
                let dir = asset.path.rsplit_once('/').map_or("", |(d, _)| d);
                let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
                for piece in spec.split('/') {
                    match piece {
                        "." => {}
                        ".." => {
                            parts.pop();
                        }
                        p => parts.push(p),
                    }
                }
                let target = parts.join("/");
                assert!(
                    ASSETS.iter().any(|a| a.path == target),
                    "{} imports {spec}, which is not embedded",
                    asset.path
                );
            }
        }
    }
}
