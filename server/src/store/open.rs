//! Opening the store `--db` names: a PostgreSQL URL (`postgres://…` or `postgresql://…`)
//! opens the [`PostgresStore`]; anything else is the SQLite database file, checked first
//! (`--startup-check`).

use std::path::Path;
use std::sync::Arc;

use super::integrity::{self, Check};
use super::{PostgresStore, SharedStore, SqliteStore, is_postgres_url};

/// What the store is opened with.
#[derive(Clone, Copy, Debug)]
pub struct OpenOptions {
    /// Writes committed at once, at most.
    pub max_batch: usize,
    /// SQLite only: writes are refused past this size (0: no cap).
    pub max_db_bytes: u64,
    /// SQLite only: the start-up check of the database file.
    pub check: Check,
}

/// Opens the store at `db`; `Err` is a sentence for the operator.
pub async fn open(db: &Path, options: OpenOptions) -> Result<SharedStore, String> {
    let text = db.to_string_lossy();
    if is_postgres_url(&text) {
        let shown = without_password(&text);
        if options.max_db_bytes > 0 {
            return Err(format!(
                "--max-db-bytes caps SQLite's file; PostgreSQL's size is its own to cap \
                 (leave --max-db-bytes at 0 with --db {shown})"
            ));
        }
        let store = PostgresStore::open(&text, options.max_batch)
            .await
            .map_err(|e| format!("cannot open the PostgreSQL store at {shown}: {e}"))?;
        return Ok(Arc::new(store));
    }
    integrity::check(db, options.check).await?;
    let store = SqliteStore::open_capped(db, options.max_batch, options.max_db_bytes)
        .await
        .map_err(|e| format!("cannot open the SQLite store at {}: {e}", db.display()))?;
    Ok(Arc::new(store))
}

/// The URL with any password replaced by `***`, for messages and logs.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.split_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            without_password("postgres://adj:s3cret@db:5432/adjutant"),
            "postgres://adj:***@db:5432/adjutant"
        );
        assert_eq!(
            without_password("postgres://adj@db/adjutant"),
            "postgres://adj@db/adjutant"
        );
    }

    #[tokio::test]
    async fn an_unreachable_postgres_is_a_sentence_not_a_panic() {
        let options = OpenOptions {
            max_batch: 8,
            max_db_bytes: 0,
            check: Check::Off,
        };
        // Port 1 on the loopback: nothing listens there.
        let refused = open(Path::new("postgres://adj:pw@127.0.0.1:1/adjutant"), options)
            .await
            .err()
            .expect("refused");
        assert!(
            refused.starts_with(
                "cannot open the PostgreSQL store at postgres://adj:***@127.0.0.1:1/adjutant: "
            ),
            "{refused}"
        );
        assert!(
            refused.contains("refused"),
            "PostgreSQL's own words: {refused}"
        );
        let capped = OpenOptions {
            max_db_bytes: 1,
            ..options
        };
        let refused = open(Path::new("postgres://adj@127.0.0.1:1/a"), capped)
            .await
            .err()
            .expect("refused");
        assert!(refused.contains("--max-db-bytes"), "{refused}");
    }
}
