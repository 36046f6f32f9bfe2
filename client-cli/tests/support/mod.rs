//! Test support: a real server on port 0 (its own thread and runtime, serving the games the
//! `adjutant` command renders) and the real `adjutant` binary run against it, each test with
//! its own config file, so that what is checked is exactly what a player reads.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a test waits for output that must come.
pub const WAIT: Duration = Duration::from_secs(30);

/// A directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "adjutant-cli-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server and a config file for the players of one test.
pub struct Table {
    pub base: String,
    pub dir: TempDir,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Table {
    /// Starts a server on a port the OS chose, with its database in a new directory.
    pub fn new() -> Table {
        let dir = TempDir::new();
        let db = dir.0.join("adjutant.db");
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind port 0");
                let base = format!("http://{}", listener.local_addr().expect("address"));
                let mut config = adjutant_server::Config::with_db(db);
                config.public_url = Some(base.clone());
                addr_tx.send(base).expect("the test waits");
                adjutant_server::run(listener, config, adjutant_cli::registry(), async {
                    let _ = stopped.await;
                })
                .await
                .expect("the server runs");
            });
        });
        // The listener is bound before its address is sent: connections wait in its backlog
        // until the server accepts them.
        let base = addr_rx.recv().expect("the server starts");
        Table {
            base,
            dir,
            stop: Some(stop),
        }
    }

    fn command(&self, profile: &str, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_adjutant"));
        c.env("ADJUTANT_CONFIG", self.dir.0.join("config.json"))
            .env("ADJUTANT_SERVER", &self.base)
            .env_remove("ADJUTANT_PROFILE")
            .current_dir(&self.dir.0)
            .args(["--profile", profile])
            .args(args);
        c
    }

    /// Runs `adjutant --profile PROFILE ARGS...` to its end: (success, stdout, stderr).
    pub fn run(&self, profile: &str, args: &[&str]) -> (bool, String, String) {
        let out = self
            .command(profile, args)
            .stdin(Stdio::null())
            .output()
            .expect("adjutant runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Runs a command that must succeed; its standard output.
    pub fn ok(&self, profile: &str, args: &[&str]) -> String {
        let (ok, out, err) = self.run(profile, args);
        assert!(ok, "adjutant {args:?} failed:\n{out}\n{err}");
        assert!(!err.contains("panicked"), "{err}");
        out
    }

    /// Starts a command with its standard input and output piped, for a session.
    pub fn session(&self, profile: &str, args: &[&str]) -> Session {
        let mut child = self
            .command(profile, args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("adjutant starts");
        let stdin = child.stdin.take();
        let seen = Arc::new((Mutex::new(String::new()), Condvar::new()));
        let mut stdout = child.stdout.take().expect("stdout");
        let writer = seen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let (text, ready) = &*writer;
                text.lock()
                    .expect("the output")
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
                ready.notify_all();
            }
        });
        Session { child, stdin, seen }
    }

    /// Creates accounts `union` and `confederate` (one profile each) and a public game of
    /// `game` `scenario` between them; returns its id.
    pub fn game(&self, game: &str, scenario: &str) -> String {
        self.ok("union", &["account", "create", "ann"]);
        self.ok("confederate", &["account", "create", "bob"]);
        let created = self.ok("union", &["new", game, scenario, "--side", "union"]);
        let id = word_after(&created, "Game ");
        let invite = word_after(&created, "(give it to your opponent): ");
        self.ok("confederate", &["join", &id, "--invite", &invite]);
        id
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The word of `text` right after `marker`.
pub fn word_after(text: &str, marker: &str) -> String {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker:?} in {text}"));
    text[at + marker.len()..]
        .split_whitespace()
        .next()
        .expect("a word")
        .trim_end_matches([';', '.', ','])
        .to_string()
}

/// A running command whose output is read as it comes.
pub struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    seen: Arc<(Mutex<String>, Condvar)>,
}

impl Session {
    /// Waits until the output holds `text` after byte `from`; the output so far.
    pub fn wait_for(&self, text: &str, from: usize) -> String {
        let deadline = Instant::now() + WAIT;
        let (lock, ready) = &*self.seen;
        let mut seen = lock.lock().expect("the output");
        loop {
            if seen.get(from..).is_some_and(|s| s.contains(text)) {
                return seen.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "{text:?} never came; the output:\n{seen}");
            seen = ready.wait_timeout(seen, left).expect("the output").0;
        }
    }

    /// Types a line.
    pub fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the command reads");
        stdin.flush().expect("flushed");
    }

    /// Waits for the command to end: whether it succeeded, and its standard error.
    pub fn finish(mut self) -> (bool, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the command ends");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        (status.success(), err)
    }
}
