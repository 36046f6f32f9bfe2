//! The PostgreSQL database of a store test: a fresh database per test (so tests run in
//! parallel), made in the server named by `ADJUTANT_TEST_POSTGRES` (`./test.sh` starts one
//! and sets it: `.ci/postgres.sh`).
//!
//! Unset, a test that needs PostgreSQL fails and says how to run it: a store test must not
//! pass as if PostgreSQL had been tested. `ADJUTANT_TEST_POSTGRES=skip` leaves PostgreSQL
//! out, and says so on standard error.

use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, ConnectOptions};
use std::str::FromStr;
use std::sync::atomic::{AtomicU32, Ordering};

use super::PostgresStore;

/// The variable naming the test server.
pub const VAR: &str = "ADJUTANT_TEST_POSTGRES";

/// A fresh, empty database for the test `name`, or `None` when PostgreSQL is skipped.
pub async fn fresh_options(name: &str) -> Option<PgConnectOptions> {
    let url = match std::env::var(VAR) {
        Ok(url) if url == "skip" => {
            eprintln!("SKIPPED on PostgreSQL ({VAR}=skip): {name}");
            return None;
        }
        Ok(url) => url,
        Err(_) => panic!(
            "{name} runs on PostgreSQL too: run ./test.sh (it starts one), or set {VAR} to \
             postgres://user@host:port/db of a server where the tests may create databases, \
             or to `skip`"
        ),
    };
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let db: String = format!(
        "adj_{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        name
    )
    .chars()
    .map(|c| {
        if c.is_ascii_alphanumeric() {
            c.to_ascii_lowercase()
        } else {
            '_'
        }
    })
    .take(63)
    .collect();
    let admin = PgConnectOptions::from_str(&url)
        .unwrap_or_else(|e| panic!("{VAR}={url} is not a PostgreSQL URL: {e}"));
    let mut conn = admin
        .connect()
        .await
        .unwrap_or_else(|e| panic!("cannot connect to {VAR}={url}: {e}"));
    sqlx::query(AssertSqlSafe(format!("DROP DATABASE IF EXISTS {db}")))
        .execute(&mut conn)
        .await
        .expect("drop an old test database");
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .execute(&mut conn)
        .await
        .expect("create the test database");
    Some(admin.database(&db))
}

/// A store on a fresh database for the test `name`, or `None` when PostgreSQL is skipped.
pub async fn fresh(name: &str, max_batch: usize) -> Option<PostgresStore> {
    let options = fresh_options(name).await?;
    Some(
        PostgresStore::open_with(options, max_batch)
            .await
            .expect("open the PostgreSQL store"),
    )
}
