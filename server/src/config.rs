//! The server's configuration: every flag also reads an `ADJUTANT_*` environment variable,
//! and every limit has a default that suits a small public server.

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// `adjutant-server` flags.
#[derive(Clone, Debug, Parser)]
#[command(
    name = "adjutant-server",
    version,
    about = "Adjutant: an authoritative server for two-player wargames"
)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "ADJUTANT_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// The store: a SQLite database file (created if missing), or a PostgreSQL database as
    /// `postgres://user[:password]@host[:port]/database` (migrated at start-up;
    /// docs/operations.md, "PostgreSQL").
    #[arg(long, env = "ADJUTANT_DB", default_value = "adjutant.db")]
    pub db: PathBuf,

    /// Largest HTTP body or WebSocket message accepted, in bytes.
    #[arg(long, env = "ADJUTANT_MAX_FRAME_BYTES", default_value_t = 64 * 1024)]
    pub max_frame_bytes: usize,

    /// Longest text in an action (the text of a written order), in characters.
    #[arg(long, env = "ADJUTANT_MAX_TEXT_CHARS", default_value_t = 2000)]
    pub max_text_chars: usize,

    /// WebSocket messages per second a connection may send, sustained.
    #[arg(long, env = "ADJUTANT_WS_RATE", default_value_t = 100.0)]
    pub ws_rate: f64,

    /// WebSocket messages a connection may send in a burst.
    #[arg(long, env = "ADJUTANT_WS_BURST", default_value_t = 200.0)]
    pub ws_burst: f64,

    /// HTTP requests per second one client (account, or address without a valid token) may
    /// send, sustained.
    #[arg(long, env = "ADJUTANT_HTTP_RATE", default_value_t = 50.0)]
    pub http_rate: f64,

    /// HTTP requests one client may send in a burst.
    #[arg(long, env = "ADJUTANT_HTTP_BURST", default_value_t = 200.0)]
    pub http_burst: f64,

    /// TCP connections one client address may hold open at once (an IPv6 client counts by its
    /// /64); beyond it a new connection is closed at once (0: no cap). Behind a reverse proxy
    /// every client has the proxy's address: raise it or set 0 and cap in the proxy.
    #[arg(
        long,
        env = "ADJUTANT_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 64
    )]
    pub max_connections_per_address: usize,

    /// Milliseconds a client has to send the headers of a request; a connection that has not
    /// by then is closed (also how long an idle keep-alive connection is kept). 0: no limit.
    #[arg(
        long,
        env = "ADJUTANT_HEADER_READ_TIMEOUT_MS",
        default_value_t = 10_000
    )]
    pub header_read_timeout_ms: u64,

    /// WebSocket connections one account may hold open at once; beyond it the upgrade (or the
    /// `auth` message) is refused with `rate_limited` (0: no cap).
    #[arg(
        long,
        env = "ADJUTANT_MAX_WEBSOCKETS_PER_ACCOUNT",
        default_value_t = 16
    )]
    pub max_websockets_per_account: usize,

    /// Games an account may have open or active at once.
    #[arg(long, env = "ADJUTANT_MAX_OPEN_GAMES", default_value_t = 100)]
    pub max_open_games: u32,

    /// Accounts that may be created per hour from one address (0: no limit).
    #[arg(long, env = "ADJUTANT_ACCOUNTS_PER_HOUR", default_value_t = 0)]
    pub accounts_per_hour: u32,

    /// Sign-in attempts (and other password checks) one account name may take at once; the
    /// same again, twice over, for one client address. Unknown names are counted alike.
    #[arg(long, env = "ADJUTANT_SIGN_IN_BURST", default_value_t = 10)]
    pub sign_in_burst: u32,

    /// Sign-in attempts per hour one account name gets back after its burst (twice as many
    /// for one client address).
    #[arg(long, env = "ADJUTANT_SIGN_IN_PER_HOUR", default_value_t = 30)]
    pub sign_in_per_hour: u32,

    /// Minutes a mailed sign-in link works.
    #[arg(long, env = "ADJUTANT_SIGN_IN_LINK_MINUTES", default_value_t = 30)]
    pub sign_in_link_minutes: i64,

    /// A snapshot of a game is stored every this many actions (bounds the replay on load).
    #[arg(long, env = "ADJUTANT_SNAPSHOT_EVERY", default_value_t = 200)]
    pub snapshot_every: u64,

    /// Seconds without activity or subscribers after which a game leaves memory.
    #[arg(long, env = "ADJUTANT_IDLE_SECS", default_value_t = 300)]
    pub idle_secs: u64,

    /// How the database is checked before it is served: `quick` (SQLite's quick_check),
    /// `full` (integrity_check, indexes too) or `off`. A database that fails is not served.
    #[arg(long, env = "ADJUTANT_STARTUP_CHECK", default_value = "quick")]
    pub startup_check: crate::store::integrity::Check,

    /// Largest the database may grow, in bytes (0: as large as the disk allows). Past it,
    /// writes are refused as on a full disk, and nothing is lost.
    #[arg(long, env = "ADJUTANT_MAX_DB_BYTES", default_value_t = 0)]
    pub max_db_bytes: u64,

    /// Most writes committed together in one transaction (group commit).
    #[arg(long, env = "ADJUTANT_MAX_BATCH", default_value_t = 512)]
    pub max_batch: usize,

    /// The address players reach the web client at, for links in notices, e-mails and
    /// invitations (default: `http://` and the listen address, with a warning at start-up).
    /// It may have a sub-path (`https://host/adjutant/`) when a reverse proxy serves Adjutant
    /// under it and strips the prefix: the web client asks for everything relative to its page.
    #[arg(long, env = "ADJUTANT_PUBLIC_URL")]
    pub public_url: Option<String>,

    /// Seconds between sweeps of correspondence clocks, pauses and daily digests (0: never;
    /// for tests, which sweep by hand).
    #[arg(long, env = "ADJUTANT_SWEEP_SECS", default_value_t = 60)]
    pub sweep_secs: u64,

    /// SMTP server for e-mail notices (none: e-mail notices are off).
    #[arg(long, env = "ADJUTANT_SMTP_HOST")]
    pub smtp_host: Option<String>,

    /// Port of the SMTP server: 25 (a relay), 587 (submission with STARTTLS), 465 (TLS).
    #[arg(long, env = "ADJUTANT_SMTP_PORT", default_value_t = 25)]
    pub smtp_port: u16,

    /// How the SMTP connection is secured: auto (by the port: TLS on 465, STARTTLS required
    /// on 587, STARTTLS when offered elsewhere), none, starttls (required) or tls.
    #[arg(long, env = "ADJUTANT_SMTP_TLS", value_enum, default_value_t = crate::tls::SmtpTls::Auto)]
    pub smtp_tls: crate::tls::SmtpTls,

    /// A PEM file of CA certificates trusted beside the usual roots for webhooks (HTTPS) and
    /// the SMTP server (a private CA).
    #[arg(long, env = "ADJUTANT_EXTRA_CA_FILE")]
    pub extra_ca_file: Option<PathBuf>,

    /// Sender address of e-mail notices.
    #[arg(
        long,
        env = "ADJUTANT_SMTP_FROM",
        default_value = "Adjutant <adjutant@localhost>"
    )]
    pub smtp_from: String,

    /// SMTP user name, if the server wants one.
    #[arg(long, env = "ADJUTANT_SMTP_USER")]
    pub smtp_user: Option<String>,

    /// SMTP password.
    #[arg(long, env = "ADJUTANT_SMTP_PASSWORD", hide_env_values = true)]
    pub smtp_password: Option<String>,

    /// Seconds a webhook or SMTP server has to answer one notice.
    #[arg(long, env = "ADJUTANT_NOTICE_TIMEOUT_SECS", default_value_t = 10)]
    pub notice_timeout_secs: u64,

    /// Lets webhooks go to loopback, private, link-local and other non-public addresses
    /// (refused by default: a webhook must not reach into the server's own network).
    #[arg(long, env = "ADJUTANT_ALLOW_PRIVATE_WEBHOOKS", default_value_t = false)]
    pub allow_private_webhooks: bool,

    /// Test notices one account may ask for per hour.
    #[arg(long, env = "ADJUTANT_TEST_NOTICES_PER_HOUR", default_value_t = 3)]
    pub test_notices_per_hour: u32,

    /// Longest chat message or note, in characters.
    #[arg(long, env = "ADJUTANT_MAX_CHAT_CHARS", default_value_t = 1000)]
    pub max_chat_chars: usize,

    /// Chat messages per second one account may post in one game, sustained.
    #[arg(long, env = "ADJUTANT_CHAT_RATE", default_value_t = 0.2)]
    pub chat_rate: f64,

    /// Chat messages one account may post in one game in a burst.
    #[arg(long, env = "ADJUTANT_CHAT_BURST", default_value_t = 10.0)]
    pub chat_burst: f64,

    /// Days of pause (vacation) each account may ask for per calendar year (UTC).
    #[arg(long, env = "ADJUTANT_PAUSE_DAYS_PER_YEAR", default_value_t = 30)]
    pub pause_days_per_year: u32,

    /// Largest game record `POST /api/games/import` accepts, in bytes.
    #[arg(long, env = "ADJUTANT_MAX_IMPORT_BYTES", default_value_t = 16 * 1024 * 1024)]
    pub max_import_bytes: usize,

    /// Records an account may import per 24 hours, on the server's clock (0: no limit).
    #[arg(long, env = "ADJUTANT_IMPORTS_PER_DAY", default_value_t = 20)]
    pub imports_per_day: u32,

    /// A finished game stepped through (`replay`, `turns`) gets a stored snapshot about every
    /// this many actions, so that each step replays at most about twice as many.
    #[arg(long, env = "ADJUTANT_REPLAY_SNAPSHOT_EVERY", default_value_t = 100)]
    pub replay_snapshot_every: u64,

    /// Actions a request replays or verifies (a replay step, a turn index, an import) for
    /// each HTTP request token it costs beyond the first.
    #[arg(long, env = "ADJUTANT_REPLAY_ACTIONS_PER_TOKEN", default_value_t = 25)]
    pub replay_actions_per_token: u64,

    /// A task to run instead of serving (`backup`, `verify`).
    #[command(subcommand)]
    pub task: Option<crate::ops::Task>,

    /// Threads running the server's tasks; 0: one per core but one, which SQLite's writer
    /// thread (its own) gets (on two cores: one; measured in docs/performance.md).
    #[arg(long, env = "ADJUTANT_WORKER_THREADS", default_value_t = 0)]
    pub worker_threads: usize,

    /// Log format: `text` or `json`.
    #[arg(long, env = "ADJUTANT_LOG_FORMAT", default_value = "text")]
    pub log_format: String,
}

impl Config {
    /// The defaults, as if no flag were given (for tests and embedding).
    pub fn with_db(db: impl Into<PathBuf>) -> Config {
        let mut config = Config::parse_from(["adjutant-server"]);
        config.db = db.into();
        config
    }

    /// The base of links in notices.
    pub fn link_base(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{}", self.listen),
        }
    }

    /// How connections are let in.
    pub fn edge(&self) -> crate::listen::Edge {
        crate::listen::Edge {
            per_address: self.max_connections_per_address,
            header_read_timeout: (self.header_read_timeout_ms > 0)
                .then(|| Duration::from_millis(self.header_read_timeout_ms)),
            open: Default::default(),
        }
    }

    /// How long an idle game stays in memory.
    pub fn idle(&self) -> Duration {
        Duration::from_secs(self.idle_secs)
    }
}
