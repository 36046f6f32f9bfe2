//! What several servers on one database share beyond the tables: a game's lease (taken by the
//! server that writes it next; its epoch fences every earlier holder) and the notifications
//! that tell every server which games moved on.

use sqlx::postgres::PgListener;
use tokio::sync::mpsc;
use tracing::warn;

use super::super::writes::WriteError;
use super::PostgresStore;
use super::statements::CHANNEL;

impl PostgresStore {
    /// Takes the lease of `game_id` for `node`: one autocommitted statement, on a reader
    /// connection (not queued behind the writer's batch). Returns the new epoch and the
    /// game's sequence number as committed when the lease was taken.
    pub async fn take_lease(&self, game_id: &str, node: &str) -> Result<(i64, i64), WriteError> {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "UPDATE games SET lease_node = $2, lease_epoch = lease_epoch + 1 WHERE id = $1 \
             RETURNING lease_epoch, seq",
        )
        .bind(game_id)
        .bind(node)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| WriteError::Store(format!("taking the lease of game {game_id}: {e}")))?;
        row.ok_or_else(|| WriteError::Conflict(format!("there is no game {game_id}")))
    }

    /// Claims the sweeper's role for `node` until `until`, unless another server holds it
    /// past `now` (one statement: PostgreSQL serialises the servers' claims on the row).
    pub async fn claim_sweeper(
        &self,
        node: &str,
        now: i64,
        until: i64,
    ) -> Result<bool, WriteError> {
        let claimed: Option<i32> = sqlx::query_scalar(
            "INSERT INTO sweeper (name, node, until) VALUES ('sweep', $1, $3) \
             ON CONFLICT (name) DO UPDATE SET node = $1, until = $3 \
             WHERE sweeper.node = $1 OR sweeper.until <= $2 RETURNING 1",
        )
        .bind(node)
        .bind(now)
        .bind(until)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| WriteError::Store(format!("claiming the sweep: {e}")))?;
        Ok(claimed.is_some())
    }

    /// Tells every listening server `payload` on the games' channel (autocommitted, on a
    /// reader connection: nothing to wait behind).
    pub async fn tell(&self, payload: &str) -> Result<(), WriteError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await
            .map_err(|e| WriteError::Store(format!("telling the other servers: {e}")))?;
        Ok(())
    }

    /// Whether server `node` has a connection to the database: a server that died has none
    /// (PostgreSQL ends a session as soon as its client's socket closes, and the writer's and
    /// the listener's stay open while the server lives).
    pub async fn node_alive(&self, node: &str) -> Result<bool, WriteError> {
        let name = super::session_name(node);
        sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM pg_stat_activity \
             WHERE application_name = $1 OR application_name = $1 || ' writer')",
        )
        .bind(name)
        .fetch_one(&self.pool)
        .await
        .map_err(|e| WriteError::Store(format!("asking whether server {node} lives: {e}")))
    }

    /// Starts listening for changed games (once per store: later calls give `None`).
    pub fn changes(&self) -> Option<mpsc::UnboundedReceiver<String>> {
        if self
            .listening
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            return None;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let pool = self.pool.clone();
        tokio::spawn(async move {
            // Listening again after a lost connection starts afresh: a new LISTEN, then "*"
            // (told only once the LISTEN is in place, so nothing falls between).
            loop {
                let mut listener = loop {
                    match listen(&pool).await {
                        Ok(listener) => break listener,
                        Err(e) => {
                            warn!(error = %e, "cannot listen for other servers' changes; trying again");
                            tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                            if tx.is_closed() || pool.is_closed() {
                                return;
                            }
                        }
                    }
                };
                // Listening from now on; whatever came before is unknown.
                if tx.send("*".to_string()).is_err() {
                    return;
                }
                loop {
                    match listener.try_recv().await {
                        // "<game id> <seq> <lease holder>" (or a chat message's).
                        Ok(Some(note)) => {
                            if tx.send(note.payload().to_string()).is_err() {
                                return;
                            }
                        }
                        // The connection was lost: listen again.
                        Ok(None) => break,
                        Err(e) => {
                            warn!(error = %e, "listening for other servers' changes failed");
                            break;
                        }
                    }
                }
                if pool.is_closed() {
                    return;
                }
            }
        });
        Some(rx)
    }
}

async fn listen(pool: &sqlx::PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use sqlx::ConnectOptions;

    use super::super::super::test_postgres;
    use super::super::super::writes::{NewAction, Write};
    use super::*;

    fn action(seq: i64, lease: i64) -> Write {
        Write::Action(NewAction {
            game_id: "g".into(),
            seq,
            side: "union",
            action: "{}".into(),
            rolls: "[]".into(),
            events: "[]".into(),
            now: 1,
            status: "active",
            to_act: "union".into(),
            outcome: None,
            by_bot: false,
            clock: None,
            wake_at: None,
            lease,
            told: String::new(),
        })
    }

    #[tokio::test]
    async fn a_taken_lease_fences_the_holder_before_and_every_commit_is_told_to_the_listeners() {
        let Some(options) = test_postgres::fresh_options("lease_fence").await else {
            return;
        };
        // Two servers on one database.
        let a = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        let b = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        let mut conn = options.connect().await.unwrap();
        for sql in [
            "INSERT INTO accounts (id, name, name_key, created_at) VALUES ('a', 'A', 'a', 0)",
            "INSERT INTO games (id, game, scenario, options, visibility, status, creator, seed, \
             seed_commitment, spectate_code, created_at, updated_at) VALUES \
             ('g', 'x', 'x', '{}', 'public', 'active', 'a', '', '', 'sg', 0, 0)",
        ] {
            sqlx::query(sql).execute(&mut conn).await.unwrap();
        }
        let mut heard = b.changes().expect("the first listener");
        assert!(b.changes().is_none(), "given once");
        // Listening: anything before is unknown ("*").
        assert_eq!(heard.recv().await.unwrap(), "*");
        let (first, seq) = a.take_lease("g", "node-a").await.unwrap();
        assert_eq!((first, seq), (1, 0));
        a.write(action(1, first)).await.unwrap();
        assert_eq!(
            heard.recv().await.unwrap(),
            "g 1 node-a a",
            "an action's: marked"
        );
        // B takes the lease: A's next write is refused, whatever its sequence number.
        let (second, seq) = b.take_lease("g", "node-b").await.unwrap();
        assert_eq!((second, seq), (2, 1));
        let refused = a.write(action(2, first)).await.unwrap_err();
        assert!(matches!(refused, WriteError::Conflict(_)), "{refused:?}");
        let clock = Write::Clock {
            game_id: "g".into(),
            clock: "{}".into(),
            wake_at: None,
            lease: first,
        };
        assert!(matches!(
            a.write(clock).await.unwrap_err(),
            WriteError::Conflict(_)
        ));
        b.write(action(2, second)).await.unwrap();
        assert_eq!(heard.recv().await.unwrap(), "g 2 node-b a");
        let seq: i64 = sqlx::query_scalar("SELECT seq FROM games WHERE id = 'g'")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert_eq!(seq, 2);
        assert!(matches!(
            a.take_lease("nothing", "node-a").await.unwrap_err(),
            WriteError::Conflict(_)
        ));
        a.close().await;
        b.close().await;
    }

    #[tokio::test]
    async fn a_server_lives_while_it_has_a_connection_and_not_after() {
        let Some(options) = test_postgres::fresh_options("node_alive").await else {
            return;
        };
        let a = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        let b = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        assert_ne!(a.node(), b.node(), "each server names itself");
        assert!(a.node_alive(b.node()).await.unwrap());
        assert!(b.node_alive(b.node()).await.unwrap(), "itself");
        assert!(!a.node_alive("nobody").await.unwrap());
        let gone = b.node().to_string();
        b.close().await;
        // PostgreSQL ends the sessions as their sockets close (asynchronously: polled).
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while a.node_alive(&gone).await.unwrap() {
            assert!(
                std::time::Instant::now() < deadline,
                "b's sessions never ended"
            );
            tokio::task::yield_now().await;
        }
        a.close().await;
    }

    #[tokio::test]
    async fn one_server_at_a_time_sweeps_and_notice_ids_never_collide_across_servers() {
        let Some(options) = test_postgres::fresh_options("sweeper").await else {
            return;
        };
        let a = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        let b = PostgresStore::open_with(options.clone(), 8).await.unwrap();
        assert!(a.claim_sweeper("a", 100, 160).await.unwrap());
        assert!(!b.claim_sweeper("b", 120, 180).await.unwrap(), "a holds it");
        assert!(a.claim_sweeper("a", 150, 210).await.unwrap(), "a renews");
        assert!(!b.claim_sweeper("b", 209, 269).await.unwrap());
        // A stopped renewing (it died): b takes over, and a is not the sweeper any more.
        assert!(b.claim_sweeper("b", 210, 270).await.unwrap());
        assert!(!a.claim_sweeper("a", 211, 271).await.unwrap());

        let mut ids = Vec::new();
        for _ in 0..100 {
            ids.push(a.next_notice_id().await.unwrap());
            ids.push(b.next_notice_id().await.unwrap());
        }
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len(), "no id handed out twice");
        assert!(unique[0] >= 1);
        a.close().await;
        b.close().await;
    }
}
