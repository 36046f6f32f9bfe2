//! A full disk: actions are refused with a sentence, nothing acknowledged is lost, the
//! players stay connected, and play goes on once space returns. On a small tmpfs where the
//! test may mount one (root with CAP_SYS_ADMIN, as in CI); elsewhere on the database size
//! cap (`--max-db-bytes`), which SQLite refuses with the same SQLITE_FULL.

use adjutant_cli::Client;
use adjutant_protocol::ErrorCode;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::*;

/// A 4 MB tmpfs mounted on a fresh directory, unmounted on drop.
struct Tmpfs {
    /// The mount point.
    path: PathBuf,
    /// Its parent, removed after the unmount.
    _parent: TempDir,
}

impl Tmpfs {
    fn mount() -> Option<Tmpfs> {
        let parent = TempDir::new();
        let dir = parent.path().join("tmpfs");
        std::fs::create_dir_all(&dir).ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
            .arg(&dir)
            .output()
            .ok()?
            .status
            .success();
        mounted.then_some(Tmpfs {
            path: dir,
            _parent: parent,
        })
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).status();
    }
}

/// Fills the file system holding `dir` with a ballast file; returns its path.
fn fill(dir: &Path) -> PathBuf {
    let ballast = dir.join("ballast");
    let mut file = std::fs::File::create(&ballast).unwrap();
    let block = vec![0xB5u8; 64 * 1024];
    while file
        .write_all(&block)
        .and_then(|()| file.sync_data())
        .is_ok()
    {}
    // Whatever is left is smaller than a block: take it too, a byte at a time.
    while file.write_all(&[0]).and_then(|()| file.sync_data()).is_ok() {}
    ballast
}

/// Acts for whoever must until the server refuses; returns the error and the last
/// acknowledged sequence number.
async fn act_until_refused(clients: [&Client; 2], game: &str) -> (adjutant_cli::ClientError, u64) {
    for _ in 0..5000 {
        for client in clients {
            let state = client.state(game, None).await.unwrap();
            assert!(
                state.view["outcome"].is_null(),
                "the game ended before the disk filled"
            );
            let actions = state.view["actions"].as_array().unwrap();
            let Some(action) = actions.iter().find(|a| a["type"] != "undo") else {
                continue;
            };
            if let Err(refused) = client.act(game, state.seq, action).await {
                return (refused, state.seq);
            }
        }
    }
    panic!("the disk never filled");
}

#[tokio::test]
async fn a_full_disk_refuses_actions_loses_nothing_and_recovers_when_space_returns() {
    let tmpfs = Tmpfs::mount();
    let spare = TempDir::new();
    let dir = tmpfs
        .as_ref()
        .map_or(spare.path().to_path_buf(), |t| t.path.clone());
    let db = dir.join("adjutant.db");
    let path = db.clone();
    let capped = tmpfs.is_none();
    let server = TestServer::start_with(move |c| {
        c.db = path;
        c.http_rate = 1e6;
        c.http_burst = 1e6;
        if capped {
            c.max_db_bytes = 256 * 1024;
        }
    })
    .await;
    let (union, confederate) = (
        server.account("ulysses").await,
        server.account("robert").await,
    );
    let mut watcher = live(&union).await;
    // A long game (the grand campaign), so that the disk fills in the middle of it.
    let game = mississippi_fortress_game(
        &union,
        &confederate,
        "grants-land-campaign",
        serde_json::json!({}),
    )
    .await;
    let mut before = 0;
    for client in [
        &union,
        &confederate,
        &union,
        &confederate,
        &union,
        &confederate,
    ] {
        let state = client.state(&game, None).await.unwrap();
        let actions = state.view["actions"].as_array().unwrap();
        if let Some(action) = actions.iter().find(|a| a["type"] != "undo") {
            before = client.act(&game, state.seq, action).await.unwrap().seq;
        }
    }
    assert!(before >= 3, "{before}");
    let ballast = tmpfs.as_ref().map(|t| fill(&t.path));

    let (refused, last) = act_until_refused([&union, &confederate], &game).await;
    let adjutant_cli::ClientError::Api { error, .. } = refused else {
        panic!("expected an API error, got {refused:?}");
    };
    assert_eq!(error.code, ErrorCode::Internal);
    assert!(error.message.contains("disk is full"), "{}", error.message);
    let state = union.state(&game, None).await.unwrap();
    assert_eq!(state.seq, last, "nothing changed");
    assert!(last >= before, "every acknowledged action is there");
    // The players stay connected: the WebSocket still answers.
    watcher
        .send(&adjutant_protocol::ClientMessage::Ping {
            id: Some("p".into()),
        })
        .await
        .unwrap();
    assert!(
        watcher.next_within(WAIT).await.is_some(),
        "the socket was closed"
    );

    // Space returns: the same action goes through, and play continues.
    let resumed = if let Some(ballast) = ballast {
        std::fs::remove_file(ballast).unwrap();
        server
    } else {
        // The cap is the operator's: raised at the next start.
        drop(server);
        let path = db.clone();
        TestServer::start_with(move |c| c.db = path).await
    };
    let (union, confederate) = (
        resumed
            .client()
            .with_token(union.token().map(str::to_string)),
        resumed
            .client()
            .with_token(confederate.token().map(str::to_string)),
    );
    let mut acted = 0;
    for client in [&union, &confederate, &union, &confederate] {
        let state = client.state(&game, None).await.unwrap();
        if let Some(action) = state.view["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["type"] != "undo")
        {
            client
                .act(&game, state.seq, action)
                .await
                .expect("space returned");
            acted += 1;
        }
    }
    assert!(acted > 0);
    let verified = resumed.service.verify().await.unwrap();
    assert!(verified.problems.is_empty(), "{:?}", verified.problems);
    assert!(verified.actions > last);
    resumed.stop().await;
}
