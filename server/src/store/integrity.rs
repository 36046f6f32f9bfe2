//! The start-up integrity check: SQLite's own check of the database file, before anything
//! is served from it.

use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use std::path::Path;
use std::str::FromStr;

/// How thoroughly the database is checked at start-up (`--startup-check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// `PRAGMA quick_check`: every page and record well formed (linear in the file's size;
    /// about a second per GB here).
    Quick,
    /// `PRAGMA integrity_check`: also that every index matches its table (slower).
    Full,
    /// No check.
    Off,
}

impl FromStr for Check {
    type Err = String;

    fn from_str(text: &str) -> Result<Check, String> {
        match text {
            "quick" => Ok(Check::Quick),
            "full" => Ok(Check::Full),
            "off" => Ok(Check::Off),
            other => Err(format!("{other:?} is not a check: quick, full or off")),
        }
    }
}

/// Checks the database at `path` (a missing file passes: it is created empty). `Err` tells
/// what SQLite found, in its words, for the operator.
pub async fn check(path: &Path, check: Check) -> Result<(), String> {
    let pragma = match check {
        Check::Quick => "PRAGMA quick_check(20)",
        Check::Full => "PRAGMA integrity_check(20)",
        Check::Off => return Ok(()),
    };
    if !path.exists() {
        return Ok(());
    }
    let failed = |e: sqlx::Error| format!("{} cannot be checked: {e}", path.display());
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await
        .map_err(failed)?;
    let found: Vec<String> = sqlx::query_scalar(pragma)
        .fetch_all(&mut conn)
        .await
        .map_err(failed)?;
    if found.len() == 1 && found[0] == "ok" {
        Ok(())
    } else {
        Err(format!(
            "{} failed its integrity check ({pragma}): {}; restore the latest backup \
             (adjutant-server backup) or start with --startup-check off to serve it as it is",
            path.display(),
            found.join("; ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("adjutant-integrity-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("adjutant.db")
    }

    #[tokio::test]
    async fn a_sound_database_and_a_missing_one_pass_and_a_damaged_one_is_refused() {
        let db = temp_db("damaged");
        assert_eq!(check(&db, Check::Quick).await, Ok(()), "a missing file");
        let store = super::super::SqliteStore::open(&db, 8).await.unwrap();
        store.close().await;
        for how in [Check::Quick, Check::Full] {
            assert_eq!(check(&db, how).await, Ok(()), "{how:?}");
        }
        // Scribble over a b-tree page past the header (page 2 onwards holds the tables).
        let mut bytes = std::fs::read(&db).unwrap();
        assert!(bytes.len() > 3 * 4096, "{}", bytes.len());
        for b in &mut bytes[4096 + 8..3 * 4096] {
            *b = 0xA5;
        }
        std::fs::write(&db, &bytes).unwrap();
        let refused = check(&db, Check::Quick).await.unwrap_err();
        assert!(refused.contains("failed its integrity check"), "{refused}");
        assert_eq!(check(&db, Check::Off).await, Ok(()));
    }
}
