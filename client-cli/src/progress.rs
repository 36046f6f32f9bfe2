//! Progress bars for the command's long work (a bot playing a game, `verify` replaying a
//! record, `import`, `load`), drawn with `indicatif` on standard error, and only when standard
//! error is a terminal: piped or captured output (scripts, the tests) stays exactly what the
//! command prints on standard output, with no bar drawn anywhere.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// One bar or spinner; dropping it clears it.
pub struct Progress(ProgressBar);

impl Progress {
    /// Whether bars are drawn at all: standard error is a terminal.
    pub fn shown() -> bool {
        std::io::stderr().is_terminal()
    }

    fn target() -> ProgressDrawTarget {
        if Progress::shown() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        }
    }

    /// A bar for `len` steps of work described by `what`.
    pub fn bar(len: u64, what: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), Progress::target());
        if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ({elapsed})")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(what.to_string());
        Progress(bar)
    }

    /// A spinner for work of unknown length, turning on its own until dropped.
    pub fn spinner(what: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(None, Progress::target());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress(bar)
    }

    /// Sets how far the work has gone.
    pub fn set(&self, pos: u64) {
        self.0.set_position(pos);
    }

    /// Changes the words beside the bar.
    pub fn say(&self, what: String) {
        self.0.set_message(what);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
