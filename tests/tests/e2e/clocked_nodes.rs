//! Test server processes on a manual clock (the test server's `ADJUTANT_TEST_CLOCK` control):
//! several servers on one database whose time the test moves together, without sleeping.

use adjutant_cli::Client;
use serde_json::Value;
use std::io::{BufRead, BufReader, Lines, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use crate::common::WAIT;

/// A test server process on a manual clock.
pub struct ClockedServer {
    pub base: String,
    /// The process (killed and reaped when dropped).
    child: Child,
    /// Where `advance` lines go.
    stdin: ChildStdin,
    /// Where their answers come back.
    answers: Lines<BufReader<ChildStdout>>,
}

impl ClockedServer {
    /// Starts `adjutant-test-server` on a free port on database `db`, its clock at `start`
    /// (Unix seconds), with `args` added.
    pub fn start(db: &str, start: i64, args: &[&str]) -> ClockedServer {
        let mut child = Command::new(env!("CARGO_BIN_EXE_adjutant-test-server"))
            .args([
                "--listen",
                "127.0.0.1:0",
                "--log-format",
                "json",
                "--db",
                db,
            ])
            .args(args)
            .env("ADJUTANT_TEST_CLOCK", start.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the test server starts");
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let base = loop {
            let line = lines
                .next()
                .expect("the server logs its address")
                .expect("log");
            let log: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if log["fields"]["message"] == "adjutant is listening" {
                let address = log["fields"]["address"].as_str().expect("address");
                break format!("http://{address}");
            }
        };
        std::thread::spawn(move || for _ in lines {});
        let stdin = child.stdin.take().expect("stdin");
        let answers = BufReader::new(child.stdout.take().expect("stdout")).lines();
        ClockedServer {
            base,
            child,
            stdin,
            answers,
        }
    }

    /// A client without an account.
    pub fn client(&self) -> Client {
        Client::new(&self.base, None)
    }

    /// Moves the server's clock forward by `secs`; returns the time it reads then.
    pub fn advance(&mut self, secs: i64) -> i64 {
        writeln!(self.stdin, "advance {secs}").expect("the server reads its clock control");
        self.stdin.flush().expect("flushed");
        let answer = self.answers.next().expect("answered").expect("a line");
        let at = answer.strip_prefix("at ").and_then(|t| t.parse().ok());
        at.unwrap_or_else(|| panic!("the clock control answered {answer:?}"))
    }

    /// The server's `/metrics` text.
    pub async fn metrics(&self) -> String {
        let answer = reqwest::get(format!("{}/metrics", self.base)).await;
        answer.expect("metrics").text().await.expect("text")
    }

    /// Kills the process with SIGKILL and reaps it.
    pub fn kill_9(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reaped");
    }
}

impl Drop for ClockedServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A metric's value in `/metrics` text (0 when absent).
pub fn metric(text: &str, name: &str) -> u64 {
    let line = text.lines().find(|l| l.starts_with(&format!("{name} ")));
    line.and_then(|l| l.split(' ').nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// Polls `check` (real servers, no sleeping on time) until it gives `Some`, or fails with
/// `what` after [`WAIT`] (three times, for slow machines).
pub async fn eventually<T, F, Fut>(what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + 3 * WAIT;
    loop {
        if let Some(found) = check().await {
            return found;
        }
        assert!(Instant::now() < deadline, "never happened: {what}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
