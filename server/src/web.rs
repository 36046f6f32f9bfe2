//! The browser client: the files of `web/` and of each hosted game's `games/<id>/web/`,
//! compiled into the binary (found by `build.rs` walking those folders) so that a fresh machine
//! needs nothing but the server. `/` is the page; everything else is under `/web/`, a game's
//! files under `/web/games/<id>/`, and `/web/games/boards.js` is made here from the catalog.

use axum::Router;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::sync::Arc;

/// Every embedded file, as (path under `/web/`, bytes): `web/` and every `games/<id>/web/`.
const FILES: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The module that names each hosted game's board, under `/web/`.
const BOARDS: &str = "games/boards.js";

/// One file as served.
struct Asset {
    path: String,
    mime: &'static str,
    body: Bytes,
    /// Its entity tag: a client revalidates and gets `304` while nothing changed.
    etag: String,
}

/// The files one server serves.
pub struct Web {
    assets: Vec<Asset>,
}

impl Web {
    /// The client's files, the files of the games `hosted` (by id) and the boards module
    /// naming those of them that have a `board.js`. A game's folder not hosted is not served.
    pub fn new<'a>(hosted: impl IntoIterator<Item = &'a str>) -> Self {
        let mut hosted: Vec<&str> = hosted.into_iter().collect();
        hosted.sort_unstable();
        let mut files: Vec<(String, Bytes)> = FILES
            .iter()
            .filter(|(path, _)| match game_of(path) {
                Some(id) => hosted.contains(&id),
                None => true,
            })
            .map(|(path, body)| (path.to_string(), Bytes::from_static(body)))
            .collect();
        let has = |id: &str, file: &str| {
            let path = format!("games/{id}/{file}");
            files.iter().any(|(p, _)| *p == path)
        };
        let boards: Vec<&str> = hosted
            .iter()
            .copied()
            .filter(|id| has(id, "board.js"))
            .collect();
        let styles: Vec<&str> = hosted
            .iter()
            .copied()
            .filter(|id| has(id, "board.css"))
            .collect();
        let module = boards_module(&boards, &styles);
        files.push((BOARDS.to_string(), Bytes::from(module)));
        let assets = files
            .into_iter()
            .map(|(path, body)| {
                let digest = Sha256::digest(&body);
                Asset {
                    mime: mime(&path),
                    etag: format!("\"{}\"", adjutant_engine::hex::encode(&digest[..12])),
                    path,
                    body,
                }
            })
            .collect();
        Web { assets }
    }

    fn serve(&self, path: &str, headers: &HeaderMap) -> Response {
        let Some(asset) = self.assets.iter().find(|a| a.path == path) else {
            return (StatusCode::NOT_FOUND, "not found\n").into_response();
        };
        let fresh = headers
            .get(header::IF_NONE_MATCH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v == asset.etag);
        let mut response = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            ([(header::CONTENT_TYPE, asset.mime)], asset.body.clone()).into_response()
        };
        let h = response.headers_mut();
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        if let Ok(value) = HeaderValue::from_str(&asset.etag) {
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
}

/// The game a file belongs to: `games/<id>/...`.
fn game_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("games/")?;
    rest.split_once('/').map(|(id, _)| id)
}

/// `games/boards.js`: each hosted game's board by its id (`web/js/boards/index.js` re-exports
/// it; a board module exports `board`), and a link to each one's `board.css`, if it has one.
fn boards_module(ids: &[&str], styles: &[&str]) -> String {
    let mut js = String::from(
        "// The boards of the games this server hosts, made by the server from its registry.\n\n",
    );
    for (i, id) in ids.iter().enumerate() {
        let _ = writeln!(
            js,
            "import {{ board as board{i} }} from \"./{id}/board.js\";"
        );
    }
    js.push_str("\nexport const boards = {\n");
    for (i, id) in ids.iter().enumerate() {
        let _ = writeln!(js, "  {}: board{i},", serde_json::Value::from(*id));
    }
    js.push_str("};\n");
    for id in styles {
        let _ = write!(
            js,
            "\n{{\n  const style = document.createElement(\"link\");\n  style.rel = \"stylesheet\";\n  \
             style.href = new URL(\"./{id}/board.css\", import.meta.url).href;\n  \
             document.head.append(style);\n}}\n"
        );
    }
    js
}

/// The content type of a file, by its extension.
fn mime(path: &str) -> &'static str {
    match path.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The routes: `/` and `/web/{*path}`.
pub fn routes<S: Clone + Send + Sync + 'static>(web: Web) -> Router<S> {
    let web = Arc::new(web);
    let page = web.clone();
    Router::new()
        .route(
            "/",
            get(|headers: HeaderMap| async move { page.serve("index.html", &headers) }),
        )
        .route(
            "/web/{*path}",
            get(|Path(path): Path<String>, headers: HeaderMap| async move {
                web.serve(&path, &headers)
            }),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game that has web files in this build.
    fn all_games() -> Vec<&'static str> {
        let mut ids: Vec<&str> = FILES.iter().filter_map(|(p, _)| game_of(p)).collect();
        ids.dedup();
        ids
    }

    /// The module paths a JS file imports or re-exports from.
    fn specifiers(body: &str) -> Vec<&str> {
        body.lines()
            .filter(|l| {
                l.starts_with("import ") || (l.starts_with("export ") && l.contains(" from "))
            })
            .filter_map(|l| l.split('"').nth(1))
            .collect()
    }

    #[test]
    fn every_module_the_page_imports_is_embedded() {
        let web = Web::new(all_games());
        assert!(web.assets.iter().any(|a| a.path == "index.html"));
        for asset in web.assets.iter().filter(|a| a.path.ends_with(".js")) {
            let body = std::str::from_utf8(&asset.body).expect("UTF-8");
            for spec in specifiers(body) {
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
                    web.assets.iter().any(|a| a.path == target),
                    "{} imports {spec}, which is not embedded",
                    asset.path
                );
            }
        }
    }

    #[test]
    fn only_the_hosted_games_files_and_boards_are_served() {
        let games = all_games();
        assert!(!games.is_empty(), "no game has a web board");
        let none = Web::new(std::iter::empty());
        assert!(
            none.assets
                .iter()
                .all(|a| game_of(&a.path).is_none() || a.path == BOARDS)
        );
        let boards = &none
            .assets
            .iter()
            .find(|a| a.path == BOARDS)
            .expect("boards")
            .body;
        assert!(
            !std::str::from_utf8(boards)
                .expect("UTF-8")
                .contains("import")
        );
        let all = Web::new(games.clone());
        let boards = &all
            .assets
            .iter()
            .find(|a| a.path == BOARDS)
            .expect("boards")
            .body;
        let boards = std::str::from_utf8(boards).expect("UTF-8");
        for id in games {
            assert!(boards.contains(&format!("\"{id}\": board")), "{boards}");
        }
    }

    /// A `--public-url` with a sub-path (a reverse proxy serving Adjutant under
    /// `https://host/adjutant/`, stripping the prefix) works only if the page asks for
    /// nothing by a root path: every address in the page, the client's modules and the
    /// games' files is relative to the page.
    #[test]
    fn the_page_and_its_modules_ask_for_nothing_by_a_root_path() {
        let web = Web::new(all_games());
        for asset in web
            .assets
            .iter()
            .filter(|a| a.path.ends_with(".js") || a.path.ends_with(".html"))
        {
            let body = std::str::from_utf8(&asset.body).expect("UTF-8");
            for root in ["\"/api", "\"/web", "`/api", "`/web", "'/api", "'/web"] {
                assert!(
                    !body.contains(root),
                    "{} asks for {root}...: a root path breaks a sub-path --public-url",
                    asset.path
                );
            }
            assert!(
                !body.contains("location.host}/"),
                "{} builds an address from the host alone",
                asset.path
            );
        }
    }
}
