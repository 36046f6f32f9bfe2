//! The canonical keys of account names created before names had one (see
//! `migrations/0004_accounts_notices_and_chat.sql`): filled in at start-up.

use sqlx::sqlite::SqlitePool;
use tracing::warn;

use crate::names::name_key;

/// Gives every account created before names had a canonical key its key (see
/// `migrations/0004_accounts_notices_and_chat.sql`). Oldest first: of two old accounts whose
/// names now collide, the older keeps the plain key; the later one's key gets `#` and its
/// account id appended (no name can produce that), and both are logged for the operator.
pub async fn fill(pool: &SqlitePool) -> Result<(), sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, name FROM accounts WHERE name_key IS NULL ORDER BY created_at, id",
    )
    .fetch_all(pool)
    .await?;
    for (id, name) in rows {
        let key = name_key(&name);
        let holder: Option<(String, String)> =
            sqlx::query_as("SELECT id, name FROM accounts WHERE name_key = ?")
                .bind(&key)
                .fetch_optional(pool)
                .await?;
        let key = match holder {
            None => key,
            Some((other, other_name)) => {
                warn!(
                    account = %id, %name, holder = %other, holder_name = %other_name,
                    "two accounts' names are the same name regardless of case and form; \
                     the later keeps its name but no new account can take either"
                );
                format!("{key}#{id}")
            }
        };
        sqlx::query("UPDATE accounts SET name_key = ? WHERE id = ?")
            .bind(&key)
            .bind(&id)
            .execute(pool)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{SqliteStore, Write, WriteError};
    use sqlx::{ConnectOptions, Connection};

    #[tokio::test]
    async fn old_accounts_get_their_keys_and_a_collision_keeps_both_names() {
        let dir = std::env::temp_dir().join(format!("adjutant-name-keys-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("adjutant.db");
        let _ = std::fs::remove_file(&db);
        drop(SqliteStore::open(&db, 8).await.unwrap());
        // Accounts as an older server left them: no key, and two names that differ only
        // beyond ASCII case (the old NOCASE rule let both in).
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&db)
            .connect()
            .await
            .unwrap();
        for (id, name, at) in [("a1", "Ümlaut", 1), ("a2", "ümlaut", 2), ("a3", "Grant", 3)] {
            sqlx::query(
                "INSERT INTO accounts (id, name, token_hash, created_at) VALUES (?, ?, ?, ?)",
            )
            .bind(id)
            .bind(name)
            .bind(format!("hash-{id}"))
            .bind(at)
            .execute(&mut conn)
            .await
            .unwrap();
        }
        conn.close().await.unwrap();

        let store = SqliteStore::open(&db, 8).await.unwrap();
        let keys: Vec<(String, String, Option<String>)> =
            sqlx::query_as("SELECT id, name, name_key FROM accounts ORDER BY id")
                .fetch_all(&store.pool)
                .await
                .unwrap();
        assert_eq!(
            keys,
            [
                ("a1".into(), "Ümlaut".into(), Some("ümlaut".into())),
                ("a2".into(), "ümlaut".into(), Some("ümlaut#a2".into())),
                ("a3".into(), "Grant".into(), Some("grant".into())),
            ]
        );
        // Neither old name can be taken again, in any case or form.
        for (i, name) in ["ÜMLAUT", "grant"].into_iter().enumerate() {
            let refused = store
                .write(Write::CreateAccount {
                    id: format!("n{i}"),
                    name: name.into(),
                    name_key: name_key(name),
                    token_hash: format!("new-{i}"),
                    token_id: format!("new-{i}"),
                    label: "created with the account".into(),
                    password_hash: None,
                    now: 9,
                })
                .await;
            assert!(matches!(refused, Err(WriteError::Conflict(_))), "{name}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
