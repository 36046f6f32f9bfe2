//! Embeds the web client by walking folders: every file of `web/`, served under `/web/`, and
//! every file of each game's `games/<id>/web/`, served under `/web/games/<id>/`. Writes the
//! table `web_assets.rs` (path, bytes) that `src/web.rs` serves; no list is kept by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest
        .parent()
        .expect("the server is in the workspace")
        .to_path_buf();
    let mut files = Vec::new();
    walk(&root.join("web"), "", &mut files);
    println!("cargo:rerun-if-changed={}", root.join("web").display());
    // sqlx's `migrate!` embeds the migration folders; a new migration rebuilds the server.
    println!(
        "cargo:rerun-if-changed={}",
        root.join("migrations").display()
    );
    // A new game's folder is seen when the registry's list changes (adding a game edits it).
    println!(
        "cargo:rerun-if-changed={}",
        root.join("games/registry/src/lib.rs").display()
    );
    let mut games: Vec<PathBuf> = std::fs::read_dir(root.join("games"))
        .expect("games/ is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("web").is_dir())
        .collect();
    games.sort();
    for game in games {
        let id = game
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 folder name");
        println!("cargo:rerun-if-changed={}", game.join("web").display());
        walk(&game.join("web"), &format!("games/{id}/"), &mut files);
    }
    files.sort();
    let mut table = String::from("&[\n");
    for (path, file) in &files {
        let _ = writeln!(
            table,
            "    ({path:?}, include_bytes!({:?})),",
            file.display().to_string()
        );
    }
    table.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    std::fs::write(out.join("web_assets.rs"), table).expect("OUT_DIR is writable");
}

/// Every file under `dir`, as (`prefix` + its path under `dir`, its path on disk).
fn walk(dir: &Path, prefix: &str, files: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, &format!("{prefix}{name}/"), files);
        } else {
            files.push((format!("{prefix}{name}"), path));
        }
    }
}
