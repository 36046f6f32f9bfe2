//! The PostgreSQL reads of games, actions, snapshots, chat and pauses: the SQLite store's
//! queries (same ordering and limits) in PostgreSQL's dialect. Text ids are ordered
//! `COLLATE "C"` (byte order, as SQLite compares them) whatever the database's locale.

use sqlx::AssertSqlSafe;

use super::super::rows::{ActionRow, ChatRow, GameRow, SnapshotRow};
use super::super::{GAME_COLUMNS, GAME_FROM, ListQuery};
use super::PostgresStore;

impl PostgresStore {
    /// A game's row.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} {GAME_FROM} WHERE g.id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
    }

    /// Games for a list, most recently active first.
    pub async fn games(
        &self,
        query: ListQuery<'_>,
        limit: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        let base = format!("SELECT {GAME_COLUMNS} {GAME_FROM}");
        let q = match query {
            ListQuery::Mine(account) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.union_account = $1 OR g.confederate_account = $1 \
                 OR g.creator = $1 OR g.reserved_for = $1 ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(account.to_string()),
            ListQuery::Public(status) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = $1 AND g.visibility = 'public' \
                 AND g.reserved_for IS NULL ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(status),
            ListQuery::Finished(account) => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = 'finished' AND (g.visibility = 'public' \
                 OR g.union_account = $1 OR g.confederate_account = $1) \
                 ORDER BY g.updated_at DESC LIMIT {limit}"
            )))
            .bind(account.unwrap_or("").to_string()),
            ListQuery::AgainstTheComputer => sqlx::query_as(AssertSqlSafe(format!(
                "{base} WHERE g.status = 'active' AND g.computer IS NOT NULL \
                 ORDER BY g.updated_at DESC LIMIT {limit}"
            ))),
        };
        q.fetch_all(&self.pool).await
    }

    /// Number of open or active games an account sits in.
    pub async fn live_games_of(&self, account: &str) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE status != 'finished' \
             AND (union_account = $1 OR confederate_account = $1)",
        )
        .bind(account)
        .fetch_one(&self.pool)
        .await
    }

    /// Actions after `after`, oldest first, at most `limit`.
    pub async fn actions_after(
        &self,
        game_id: &str,
        after: i64,
        limit: i64,
    ) -> Result<Vec<ActionRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT seq, side, action, rolls, events, by_bot, created_at FROM actions \
             WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        )
        .bind(game_id)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }

    /// Every game that has started (active or finished), oldest first.
    pub async fn started_game_ids(&self) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT id FROM games WHERE status != 'open' ORDER BY created_at, id COLLATE \"C\"",
        )
        .fetch_all(&self.pool)
        .await
    }

    /// Every stored snapshot of a game, oldest first.
    pub async fn snapshots_of(&self, game_id: &str) -> Result<Vec<SnapshotRow>, sqlx::Error> {
        sqlx::query_as("SELECT seq, data FROM snapshots WHERE game_id = $1 ORDER BY seq")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await
    }

    /// The latest snapshot of a game taken at or before action `seq` (any: `i64::MAX`).
    pub async fn snapshot_at_or_before(
        &self,
        game_id: &str,
        seq: i64,
    ) -> Result<Option<SnapshotRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT seq, data FROM snapshots WHERE game_id = $1 AND seq <= $2 \
             ORDER BY seq DESC LIMIT 1",
        )
        .bind(game_id)
        .bind(seq)
        .fetch_optional(&self.pool)
        .await
    }

    /// The imported game with this content hash: its id and importer.
    pub async fn import_by_hash(
        &self,
        record_hash: &str,
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query_as("SELECT id, creator FROM games WHERE record_hash = $1")
            .bind(record_hash)
            .fetch_optional(&self.pool)
            .await
    }

    /// Number of games an account imported after `since`.
    pub async fn imports_since(&self, account: &str, since: i64) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE creator = $1 AND origin IS NOT NULL \
             AND created_at > $2",
        )
        .bind(account)
        .bind(since)
        .fetch_one(&self.pool)
        .await
    }

    /// Active games the sweep must look at by `now`.
    pub async fn games_to_wake(&self, now: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'active' AND wake_at IS NOT NULL \
             AND wake_at <= $1 ORDER BY wake_at LIMIT 1000",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await
    }

    /// Seconds of pause an account was charged in `year`.
    pub async fn vacation_used(&self, account: &str, year: i32) -> Result<i64, sqlx::Error> {
        let used: Option<i64> = sqlx::query_scalar(
            "SELECT used_secs FROM vacations WHERE account_id = $1 AND year = $2",
        )
        .bind(account)
        .bind(year)
        .fetch_optional(&self.pool)
        .await?;
        Ok(used.unwrap_or(0))
    }

    /// The number of the last message of one stored chat channel of a game (0: none yet).
    pub async fn last_chat_seq(&self, game_id: &str, channel: &str) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COALESCE(MAX(seq), 0) FROM chat WHERE game_id = $1 AND channel = $2",
        )
        .bind(game_id)
        .bind(channel)
        .fetch_one(&self.pool)
        .await
    }

    /// Messages of one chat channel of a game after number `after`, oldest first.
    pub async fn chat(
        &self,
        game_id: &str,
        channel: &str,
        after: i64,
        limit: i64,
    ) -> Result<Vec<ChatRow>, sqlx::Error> {
        sqlx::query_as(
            "SELECT seq, channel, author, side, text, created_at FROM chat \
             WHERE game_id = $1 AND channel = $2 AND seq > $3 ORDER BY seq LIMIT $4",
        )
        .bind(game_id)
        .bind(channel)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
    }
}
