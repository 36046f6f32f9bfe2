//! The registry (`games/registry`) is the only list of games: no game's id, crate name or
//! display name appears in the server, the CLI, the test support, the web client or the
//! workspace, server and CLI manifests; and the `adjutant` command without `verify` links no
//! rules crate.

use std::path::{Path, PathBuf};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the workspace")
        .to_path_buf()
}

/// Every game folder but the registry's.
fn game_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root().join("games"))
        .expect("games/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file() && !p.ends_with("registry"))
        .collect();
    folders.sort();
    folders
}

/// The package name of a manifest.
fn package_name(manifest: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let line = text.lines().find(|l| l.starts_with("name = "))?;
    Some(line.split('"').nth(1)?.to_string())
}

/// What names a game, lower case: its folder (its id), its crates' names, each in kebab,
/// snake and spaced forms ("mississippi fortress" is its display name).
fn game_names() -> Vec<String> {
    let mut names = Vec::new();
    for folder in game_folders() {
        let mut crates = vec![folder.file_name().unwrap().to_string_lossy().into_owned()];
        crates.extend(package_name(&folder.join("Cargo.toml")));
        crates.extend(package_name(&folder.join("cli/Cargo.toml")));
        for c in crates {
            names.push(c.clone());
            names.push(c.replace('-', "_"));
            names.push(c.replace('-', " "));
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Every file under `dir` (recursively).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// A line allowed to name a game, with why: a manifest's build tuning of one crate, which
/// Cargo only reads in the workspace root (a new game needs no such line).
fn allowed(path: &Path, line: &str) -> bool {
    path == root().join("Cargo.toml") && line.starts_with("[profile.dev.package.")
}

#[test]
fn no_game_is_named_outside_its_folder_and_the_registry() {
    let root = root();
    let mut scanned = Vec::new();
    for dir in ["server/src", "client-cli/src", "tests/src", "web"] {
        files(&root.join(dir), &mut scanned);
    }
    for manifest in ["Cargo.toml", "server/Cargo.toml", "client-cli/Cargo.toml"] {
        scanned.push(root.join(manifest));
    }
    let names = game_names();
    assert!(names.iter().any(|n| n == "outpost"), "{names:?}");
    assert!(
        names.iter().any(|n| n == "mississippi_fortress"),
        "{names:?}"
    );
    let mut found = Vec::new();
    for path in &scanned {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for name in names.iter().filter(|name| lower.contains(name.as_str())) {
                if !allowed(path, line) {
                    found.push(format!("{}:{}: {name}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(scanned.len() > 30, "scanned only {} files", scanned.len());
    assert!(
        found.is_empty(),
        "games named outside the registry:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_command_without_verify_links_no_rules_crate() {
    let output = std::process::Command::new(env!("CARGO"))
        .current_dir(root())
        .args([
            "tree",
            "--offline",
            "-p",
            "adjutant-cli",
            "--no-default-features",
        ])
        .args(["-e", "normal", "--prefix", "none", "--format", "{p}"])
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tree = String::from_utf8_lossy(&output.stdout);
    let rules: Vec<String> = game_folders()
        .iter()
        .filter_map(|f| package_name(&f.join("Cargo.toml")))
        .collect();
    for line in tree.lines() {
        let package = line.split_whitespace().next().unwrap_or("");
        assert!(!rules.iter().any(|r| r == package), "adjutant links {line}");
    }
    assert!(tree.contains("adjutant-games"), "{tree}");
}
