//! The web client in a real headless Chromium: pages are driven by mouse clicks and typing,
//! and each page's text is checked against what its viewer may know.

mod cdp;
mod champion_hill;
mod correspondence;
mod grand_campaign;
mod outpost;

use std::path::PathBuf;

/// Where screenshots go: `test-artifacts/web/` at the workspace root.
pub fn artifacts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../test-artifacts/web")
}
