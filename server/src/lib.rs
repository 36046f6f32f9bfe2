//! `adjutant-server`: the authoritative game server. It takes its games from the
//! [`Registry`] it is built with, serves them over HTTP and WebSocket, and keeps every game in
//! SQLite.

pub mod app_state;
pub mod auth;
pub mod caller;
pub mod clock;
pub mod config;
pub mod confirm_page;
pub mod disk_bench;
pub mod frame;
pub mod fuzzing;
pub mod gauge;
pub mod histogram;
pub mod http;
pub mod listen;
pub mod mail;
pub mod names;
pub mod notify;
pub mod ops;
pub mod password;
pub mod quota;
pub mod ratelimit;
pub mod request_id;
pub mod service;
pub mod slots;
pub mod store;
pub mod sweeper;
pub mod tls;
pub mod web;
pub mod webhook;
pub mod ws;

use adjutant_engine::Registry;
use clap::Parser;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tracing::{info, warn};

pub use clock::{Clock, ManualClock, SharedClock, SystemClock};
pub use config::Config;
pub use service::Service;
pub use service::verify::Verified;

/// Serves on `listener` until `shutdown` completes, on the system clock. The caller owns the
/// listener, so tests can bind port 0 and read the address first.
pub async fn run(
    listener: TcpListener,
    config: Config,
    registry: Registry,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let service = Service::open(config, registry, Arc::new(SystemClock)).await?;
    serve(listener, service, shutdown).await
}

/// Serves `service` on `listener` until `shutdown` completes, sweeping its correspondence
/// clocks every `--sweep-secs` (never when that is 0: tests sweep by hand).
pub async fn serve(
    listener: TcpListener,
    service: Service,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let config = service.config();
    let limiter = Arc::new(ratelimit::Limiter::new(
        config.http_rate,
        config.http_burst,
        ratelimit::MAX_KEYS,
    ));
    let websockets = slots::Slots::new(config.max_websockets_per_account);
    let edge = crate::listen::Edge {
        open: service.connections(),
        ..config.edge()
    };
    let sweeper = (config.sweep_secs > 0).then(|| {
        let service = service.clone();
        let every = Duration::from_secs(config.sweep_secs);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                if let Err(e) = service.sweep().await {
                    warn!(error = %e, "the clock sweep failed; it runs again shortly");
                }
            }
        })
    });
    {
        let service = service.clone();
        tokio::spawn(async move {
            match service.resume_computers().await {
                Ok(0) => {}
                Ok(n) => info!(
                    games = n,
                    "the computer resumes its move in games against it"
                ),
                Err(e) => {
                    warn!(error = %e, "games against the computer not resumed; each resumes when opened")
                }
            }
        });
    }
    let app = http::router(http::AppState {
        service: service.clone(),
        limiter,
        websockets,
    });
    info!(address = %listener.local_addr()?, "adjutant is listening");
    if config.public_url.is_none() {
        warn!(
            links = %config.link_base(),
            "--public-url is not set: the links in notices, e-mails and invitations point at \
             the listening address, which other machines may not reach; set it to the address \
             players open (a sub-path behind a reverse proxy works: https://host/adjutant/)"
        );
    }
    listen::serve(listener, app, edge, shutdown).await;
    if let Some(sweeper) = sweeper {
        sweeper.abort();
    }
    service.shutdown().await;
    Ok(())
}

/// The whole program: flags, logs, listener, and a clean stop on Ctrl-C or SIGTERM.
/// The runtime's worker threads for `configured` (0: every core but one, at least one):
/// SQLite's writer thread does the fsyncs beside them, and on a small machine a worker more
/// than the cores left costs more in wake-ups across them than it brings.
fn worker_threads(configured: usize) -> usize {
    if configured > 0 {
        return configured;
    }
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

pub fn main_with(registry: Registry) -> std::process::ExitCode {
    main_with_clock(registry, Arc::new(SystemClock))
}

/// [`main_with`] on `clock` (the test server's binary passes a clock its test moves; the
/// production binary always runs on the system clock).
pub fn main_with_clock(registry: Registry, clock: SharedClock) -> std::process::ExitCode {
    let config = Config::parse();
    init_logs(&config.log_format);
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.worker_threads(worker_threads(config.worker_threads));
    let runtime = match builder.enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("adjutant-server: cannot start: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if let Some(task) = config.task.clone() {
        return match runtime.block_on(ops::run(&task, config, registry)) {
            Ok(done) => {
                println!("{done}");
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("adjutant-server: {e}");
                std::process::ExitCode::FAILURE
            }
        };
    }
    if let Err(e) = tls::extra_roots(config.extra_ca_file.as_deref()) {
        eprintln!("adjutant-server: {e}");
        return std::process::ExitCode::FAILURE;
    }
    let result = runtime.block_on(async move {
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let service = Service::open(config, registry, clock)
            .await
            .map_err(|e| e.to_string())?;
        serve(listener, service, shutdown_signal())
            .await
            .map_err(|e| e.to_string())
    });
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("adjutant-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn init_logs(format: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
    info!("shutting down");
}
