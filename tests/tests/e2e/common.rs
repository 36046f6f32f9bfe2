//! Test support: a real server on port 0 (in this process, or as a child process that can be
//! killed), temporary directories, accounts, and Outpost games.

use adjutant_cli::{Client, Live};
use adjutant_engine::Registry;
use adjutant_protocol::{CreateGame, GameCreated, JoinGame, ServerMessage, SideChoice, Visibility};
use adjutant_server::{Config, ManualClock, Service, SharedClock, SystemClock};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// How long a test waits for a frame that must come.
pub const WAIT: Duration = Duration::from_secs(10);

/// A directory removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "adjutant-test-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server running in this test's runtime, on a port the OS chose.
pub struct TestServer {
    pub base: String,
    /// The service behind it, for sweeping clocks and flushing notices by hand.
    pub service: Service,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    /// Its database's directory, when the server owns it (`None`: the test's, which outlives
    /// the server so that another can open the same database).
    _dir: Option<TempDir>,
}

impl TestServer {
    /// A server with default limits.
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// A server whose configuration `adjust` changes first.
    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        TestServer::start_on(Arc::new(SystemClock), adjust).await
    }

    /// A server on a manual clock standing at `now`, that never sweeps by itself: the test
    /// moves the clock and calls [`TestServer::sweep`].
    pub async fn on_manual_clock(
        now: i64,
        adjust: impl FnOnce(&mut Config),
    ) -> (TestServer, Arc<ManualClock>) {
        let clock = ManualClock::new(now);
        let server = TestServer::start_on(clock.clone(), |config| {
            config.sweep_secs = 0;
            adjust(config);
        })
        .await;
        (server, clock)
    }

    /// A server reading the time from `clock`, its configuration changed by `adjust`.
    pub async fn start_on(clock: SharedClock, adjust: impl FnOnce(&mut Config)) -> TestServer {
        TestServer::start_hosting(adjutant_tests::registry(), clock, adjust).await
    }

    /// A server hosting `registry` (the test registry with a test's own computer opponent,
    /// say) on the system clock.
    pub async fn start_with_registry(registry: Registry) -> TestServer {
        TestServer::start_hosting(registry, Arc::new(SystemClock), |_| {}).await
    }

    /// A server hosting `registry` with its database in `dir` (kept by the test: a second
    /// server started on the same `dir` after this one stops finds everything it stored).
    pub async fn start_in(dir: &Path, registry: Registry) -> TestServer {
        let db = dir.join("adjutant.db");
        TestServer::start_on_db(None, db, registry, Arc::new(SystemClock), |_| {}).await
    }

    async fn start_hosting(
        registry: Registry,
        clock: SharedClock,
        adjust: impl FnOnce(&mut Config),
    ) -> TestServer {
        let dir = TempDir::new();
        let db = dir.path().join("adjutant.db");
        TestServer::start_on_db(Some(dir), db, registry, clock, adjust).await
    }

    async fn start_on_db(
        dir: Option<TempDir>,
        db: PathBuf,
        registry: Registry,
        clock: SharedClock,
        adjust: impl FnOnce(&mut Config),
    ) -> TestServer {
        let mut config = Config::with_db(db);
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
        let base = format!("http://{}", listener.local_addr().expect("local addr"));
        config.public_url = Some(base.clone());
        // Tests drive the API as fast as the server answers, far beyond what the message
        // and request rates let one client do; those limits are tested where a test sets
        // them (edges.rs, errors.rs).
        config.http_rate = 1e6;
        config.http_burst = 1e6;
        config.ws_rate = 1e6;
        config.ws_burst = 1e6;
        adjust(&mut config);
        let service = Service::open(config, registry, clock)
            .await
            .expect("the store opens");
        let (stop, stopped) = oneshot::channel::<()>();
        let serving = service.clone();
        let task = tokio::spawn(async move {
            let shutdown = async {
                let _ = stopped.await;
            };
            adjutant_server::serve(listener, serving, shutdown)
                .await
                .expect("server runs");
        });
        let server = TestServer {
            base,
            service,
            stop: Some(stop),
            task: Some(task),
            _dir: dir,
        };
        server.wait_healthy().await;
        server
    }

    async fn wait_healthy(&self) {
        let client = self.client();
        for _ in 0..200 {
            if client.healthy().await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the server did not become healthy");
    }

    /// A client without an account.
    pub fn client(&self) -> Client {
        Client::new(&self.base, None)
    }

    /// A new account's client.
    pub async fn account(&self, name: &str) -> Client {
        account(&self.client(), name).await
    }

    /// Runs the clock sweep now, then lets the notifier write and send what it produced.
    pub async fn sweep(&self) {
        self.service.sweep().await.expect("the sweep runs");
        self.service.flush_notices().await;
    }

    /// Stops the server as SIGTERM does (the accept loop ends, then the service drains its
    /// actors and closes the store) and waits until it has.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.await.expect("the server stops cleanly");
        }
    }

    /// Waits until every notice asked for so far has had its delivery attempt.
    pub async fn flush(&self) {
        self.service.flush_notices().await;
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }
}

/// A new account on the server `client` talks to.
pub async fn account(client: &Client, name: &str) -> Client {
    let created = client.create_account(name).await.expect("account created");
    client.with_token(Some(created.token))
}

/// The test server as a separate process, so that it can be killed with SIGKILL.
pub struct ServerProcess {
    pub base: String,
    child: Child,
}

impl ServerProcess {
    /// Starts `adjutant-test-server` on a free port with the database at `db`.
    pub fn start(db: &Path) -> ServerProcess {
        ServerProcess::start_logged(db).0
    }

    /// As [`ServerProcess::start`], with every JSON log line after "listening" sent on the
    /// returned channel (as it is written; nothing is lost while the channel is not read).
    pub fn start_logged(db: &Path) -> (ServerProcess, std::sync::mpsc::Receiver<Value>) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_adjutant-test-server"))
            .args(["--listen", "127.0.0.1:0", "--log-format", "json", "--db"])
            .arg(db)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the test server starts");
        let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
        let base = loop {
            let line = lines
                .next()
                .expect("the server logs its address")
                .expect("log line");
            let log: Value = serde_json::from_str(&line).unwrap_or(Value::Null);
            if log["fields"]["message"] == "adjutant is listening" {
                break format!(
                    "http://{}",
                    log["fields"]["address"].as_str().expect("address")
                );
            }
        };
        // Keep reading the log so that the server never blocks on a full pipe.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let _ = tx.send(serde_json::from_str(&line).unwrap_or(Value::Null));
            }
        });
        (ServerProcess { base, child }, rx)
    }

    /// A client without an account.
    pub fn client(&self) -> Client {
        Client::new(&self.base, None)
    }

    /// The process id (to kill it from elsewhere: the load generator's `kill`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process with SIGKILL (no chance to flush or clean up) and reaps it.
    pub fn kill_9(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reaped");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Creates an Outpost game with `union` in the Union seat and has `confederate` join it.
pub async fn outpost(union: &Client, confederate: &Client, visibility: Visibility) -> GameCreated {
    let created = union
        .create_game(&CreateGame {
            game: "outpost".into(),
            scenario: "skirmish".into(),
            options: json!({"rounds": 3}),
            side: SideChoice::Union,
            visibility,
            secret_choices: json!({"decoy": "1"}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .expect("game created");
    confederate
        .join(
            &created.game_id,
            &JoinGame {
                invite_code: Some(created.invite_code.clone()),
                secret_choices: json!({"decoy": "3"}),
            },
        )
        .await
        .expect("joined");
    created
}

/// Creates a public Mississippi Fortress game of `scenario` with `options`, `union` in the
/// Union seat, and has `confederate` join it; returns the game id.
pub async fn mississippi_fortress_game(
    union: &Client,
    confederate: &Client,
    scenario: &str,
    options: Value,
) -> String {
    public_game(
        [union, confederate],
        "mississippi-fortress",
        scenario,
        options,
        json!({}),
    )
    .await
}

/// Creates a public game of `game`'s `scenario` with `options`, the first client in the Union
/// seat, and has the second join it with its `confederate_secrets` (its seat's secret
/// choices); returns the game id.
pub async fn public_game(
    [union, confederate]: [&Client; 2],
    game: &str,
    scenario: &str,
    options: Value,
    confederate_secrets: Value,
) -> String {
    let created = union
        .create_game(&CreateGame {
            game: game.into(),
            scenario: scenario.into(),
            options,
            side: SideChoice::Union,
            visibility: Visibility::Public,
            secret_choices: json!({}),
            clock: None,
            opponent: None,
            level: None,
        })
        .await
        .expect("game created");
    confederate
        .join(
            &created.game_id,
            &JoinGame {
                invite_code: Some(created.invite_code.clone()),
                secret_choices: confederate_secrets,
            },
        )
        .await
        .expect("joined");
    created.game_id
}

/// Opens a WebSocket for `client` and reads the welcome frame.
pub async fn live(client: &Client) -> Live {
    let mut live = Live::connect(&client.ws_url(), client.token())
        .await
        .expect("websocket opens");
    match live.next_within(WAIT).await {
        Some(Ok(ServerMessage::Welcome { .. })) => live,
        other => panic!("expected welcome, got {other:?}"),
    }
}

/// The first offered action whose `type` is `kind`.
pub fn offered(view: &Value, kind: &str) -> Value {
    view["actions"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["type"] == kind))
        .cloned()
        .unwrap_or_else(|| panic!("no {kind} action offered in {view}"))
}
