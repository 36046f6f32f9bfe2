//! [`Store`] for [`PostgresStore`]: each read is the PostgreSQL query of the same name.

use super::super::ListQuery;
use super::super::api::{Pending, Read, Store};
use super::super::rows::{
    ActionRow, ChatRow, Credentials, GameRow, NoticeRow, NoticeSettingsRow, SnapshotRow,
    TokenOwner, TokenRow,
};
use super::super::stats::StoreStats;
use super::super::writes::{Write, WriteError};
use super::PostgresStore;

impl Store for PostgresStore {
    fn next_notice_id(&self) -> Pending<'_, Result<i64, WriteError>> {
        Box::pin(PostgresStore::next_notice_id(self))
    }

    fn write(&self, write: Write) -> Pending<'_, Result<(), WriteError>> {
        Box::pin(PostgresStore::write(self, write))
    }

    fn close(&self) -> Pending<'_, ()> {
        Box::pin(PostgresStore::close(self))
    }

    fn shared(&self) -> bool {
        true
    }

    fn take_lease<'a>(
        &'a self,
        game_id: &'a str,
        node: &'a str,
    ) -> Pending<'a, Result<(i64, i64), WriteError>> {
        Box::pin(PostgresStore::take_lease(self, game_id, node))
    }

    fn claim_sweeper<'a>(
        &'a self,
        node: &'a str,
        now: i64,
        until: i64,
    ) -> Pending<'a, Result<bool, WriteError>> {
        Box::pin(PostgresStore::claim_sweeper(self, node, now, until))
    }

    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<String>> {
        PostgresStore::changes(self)
    }

    fn node(&self) -> Option<String> {
        Some(PostgresStore::node(self).to_string())
    }

    fn node_alive<'a>(&'a self, node: &'a str) -> Pending<'a, Result<bool, WriteError>> {
        Box::pin(PostgresStore::node_alive(self, node))
    }

    fn tell(&self, payload: String) -> Pending<'_, Result<(), WriteError>> {
        Box::pin(async move { PostgresStore::tell(self, &payload).await })
    }

    fn token_owner<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<TokenOwner>> {
        Box::pin(async move { Ok(PostgresStore::token_owner(self, token_hash).await?) })
    }

    fn credentials_by_name<'a>(&'a self, name_key: &'a str) -> Read<'a, Option<Credentials>> {
        Box::pin(async move { Ok(self.credentials(name_key, false).await?) })
    }

    fn credentials_of<'a>(&'a self, account: &'a str) -> Read<'a, Option<Credentials>> {
        Box::pin(async move { Ok(self.credentials(account, true).await?) })
    }

    fn tokens_of<'a>(&'a self, account: &'a str) -> Read<'a, Vec<TokenRow>> {
        Box::pin(async move { Ok(PostgresStore::tokens_of(self, account).await?) })
    }

    fn sign_in_link<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        Box::pin(async move { Ok(PostgresStore::sign_in_link(self, token_hash).await?) })
    }

    fn game<'a>(&'a self, id: &'a str) -> Read<'a, Option<GameRow>> {
        Box::pin(async move { Ok(PostgresStore::game(self, id).await?) })
    }

    fn games<'a>(&'a self, query: ListQuery<'a>, limit: i64) -> Read<'a, Vec<GameRow>> {
        Box::pin(async move { Ok(PostgresStore::games(self, query, limit).await?) })
    }

    fn live_games_of<'a>(&'a self, account: &'a str) -> Read<'a, i64> {
        Box::pin(async move { Ok(PostgresStore::live_games_of(self, account).await?) })
    }

    fn actions_after<'a>(
        &'a self,
        game_id: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ActionRow>> {
        Box::pin(
            async move { Ok(PostgresStore::actions_after(self, game_id, after, limit).await?) },
        )
    }

    fn started_game_ids<'a>(&'a self) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(PostgresStore::started_game_ids(self).await?) })
    }

    fn snapshots_of<'a>(&'a self, game_id: &'a str) -> Read<'a, Vec<SnapshotRow>> {
        Box::pin(async move { Ok(PostgresStore::snapshots_of(self, game_id).await?) })
    }

    fn latest_snapshot<'a>(&'a self, game_id: &'a str) -> Read<'a, Option<SnapshotRow>> {
        Box::pin(async move { Ok(self.snapshot_at_or_before(game_id, i64::MAX).await?) })
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        game_id: &'a str,
        seq: i64,
    ) -> Read<'a, Option<SnapshotRow>> {
        Box::pin(async move { Ok(PostgresStore::snapshot_at_or_before(self, game_id, seq).await?) })
    }

    fn import_by_hash<'a>(&'a self, record_hash: &'a str) -> Read<'a, Option<(String, String)>> {
        Box::pin(async move { Ok(PostgresStore::import_by_hash(self, record_hash).await?) })
    }

    fn imports_since<'a>(&'a self, account: &'a str, since: i64) -> Read<'a, i64> {
        Box::pin(async move { Ok(PostgresStore::imports_since(self, account, since).await?) })
    }

    fn games_to_wake<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(PostgresStore::games_to_wake(self, now).await?) })
    }

    fn notice_settings<'a>(&'a self, account: &'a str) -> Read<'a, NoticeSettingsRow> {
        Box::pin(async move { Ok(PostgresStore::notice_settings(self, account).await?) })
    }

    fn email_token<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        Box::pin(async move { Ok(PostgresStore::email_token(self, token_hash).await?) })
    }

    fn due_notices<'a>(&'a self, now: i64, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        Box::pin(async move { Ok(PostgresStore::due_notices(self, now, limit).await?) })
    }

    fn outbox_depth(&self) -> Read<'_, i64> {
        Box::pin(async move { Ok(PostgresStore::outbox_depth(self).await?) })
    }

    fn stats(&self) -> Option<&StoreStats> {
        Some(self.writer.stats())
    }

    fn notices_of<'a>(&'a self, account: &'a str, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        Box::pin(async move { Ok(PostgresStore::notices_of(self, account, limit).await?) })
    }

    fn digests_due<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(PostgresStore::digests_due(self, now).await?) })
    }

    fn vacation_used<'a>(&'a self, account: &'a str, year: i32) -> Read<'a, i64> {
        Box::pin(async move { Ok(PostgresStore::vacation_used(self, account, year).await?) })
    }

    fn last_chat_seq<'a>(&'a self, game_id: &'a str, channel: &'a str) -> Read<'a, i64> {
        Box::pin(async move { Ok(PostgresStore::last_chat_seq(self, game_id, channel).await?) })
    }

    fn chat<'a>(
        &'a self,
        game_id: &'a str,
        channel: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ChatRow>> {
        Box::pin(
            async move { Ok(PostgresStore::chat(self, game_id, channel, after, limit).await?) },
        )
    }
}
