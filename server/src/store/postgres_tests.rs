//! What only the PostgreSQL store has to do: carry on when PostgreSQL drops its connection.

use sqlx::ConnectOptions;

use super::tests::new_account;
use super::{PostgresStore, test_postgres};

#[tokio::test]
async fn the_writer_connects_again_when_postgres_ends_its_connection() {
    let Some(options) = test_postgres::fresh_options("reconnect").await else {
        return;
    };
    let store = PostgresStore::open_with(options.clone(), 8).await.unwrap();
    store.write(new_account("a", "Grant")).await.unwrap();
    // As a restart of PostgreSQL or a fail-over would: the writer's session is ended (and
    // this waits until its process has exited).
    let mut admin = options.connect().await.unwrap();
    let ended: Vec<bool> = sqlx::query_scalar(
        "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity \
         WHERE application_name LIKE 'adjutant-server % writer' AND datname = current_database()",
    )
    .fetch_all(&mut admin)
    .await
    .unwrap();
    assert_eq!(ended, [true], "the writer had one session");
    // The next write finds the connection gone at BEGIN, connects again and commits.
    assert_eq!(store.write(new_account("b", "Lee")).await, Ok(()));
    assert!(store.token_owner("hash-b").await.unwrap().is_some());
    assert!(store.token_owner("hash-a").await.unwrap().is_some());
    store.close().await;
}
