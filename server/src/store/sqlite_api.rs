//! [`Store`] for [`SqliteStore`]: each read is the SQLite query of the same name.

use super::api::{Pending, Read, Store};
use super::rows::{
    ActionRow, ChatRow, Credentials, GameRow, NoticeRow, NoticeSettingsRow, SnapshotRow,
    TokenOwner, TokenRow,
};
use super::stats::StoreStats;
use super::write_error::WriteError;
use super::writes::Write;
use super::{ListQuery, SqliteStore};

impl Store for SqliteStore {
    fn next_notice_id(&self) -> Pending<'_, Result<i64, WriteError>> {
        Box::pin(std::future::ready(Ok(SqliteStore::next_notice_id(self))))
    }

    fn write(&self, write: Write) -> Pending<'_, Result<(), WriteError>> {
        Box::pin(SqliteStore::write(self, write))
    }

    fn close(&self) -> Pending<'_, ()> {
        Box::pin(SqliteStore::close(self))
    }

    fn token_owner<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<TokenOwner>> {
        Box::pin(async move { Ok(SqliteStore::token_owner(self, token_hash).await?) })
    }

    fn credentials_by_name<'a>(&'a self, name_key: &'a str) -> Read<'a, Option<Credentials>> {
        Box::pin(async move { Ok(SqliteStore::credentials_by_name(self, name_key).await?) })
    }

    fn credentials_of<'a>(&'a self, account: &'a str) -> Read<'a, Option<Credentials>> {
        Box::pin(async move { Ok(SqliteStore::credentials_of(self, account).await?) })
    }

    fn tokens_of<'a>(&'a self, account: &'a str) -> Read<'a, Vec<TokenRow>> {
        Box::pin(async move { Ok(SqliteStore::tokens_of(self, account).await?) })
    }

    fn sign_in_link<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        Box::pin(async move { Ok(SqliteStore::sign_in_link(self, token_hash).await?) })
    }

    fn game<'a>(&'a self, id: &'a str) -> Read<'a, Option<GameRow>> {
        Box::pin(async move { Ok(SqliteStore::game(self, id).await?) })
    }

    fn games<'a>(&'a self, query: ListQuery<'a>, limit: i64) -> Read<'a, Vec<GameRow>> {
        Box::pin(async move { Ok(SqliteStore::games(self, query, limit).await?) })
    }

    fn live_games_of<'a>(&'a self, account: &'a str) -> Read<'a, i64> {
        Box::pin(async move { Ok(SqliteStore::live_games_of(self, account).await?) })
    }

    fn actions_after<'a>(
        &'a self,
        game_id: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ActionRow>> {
        Box::pin(async move { Ok(SqliteStore::actions_after(self, game_id, after, limit).await?) })
    }

    fn started_game_ids<'a>(&'a self) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(SqliteStore::started_game_ids(self).await?) })
    }

    fn snapshots_of<'a>(&'a self, game_id: &'a str) -> Read<'a, Vec<SnapshotRow>> {
        Box::pin(async move { Ok(SqliteStore::snapshots_of(self, game_id).await?) })
    }

    fn latest_snapshot<'a>(&'a self, game_id: &'a str) -> Read<'a, Option<SnapshotRow>> {
        Box::pin(async move { Ok(SqliteStore::latest_snapshot(self, game_id).await?) })
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        game_id: &'a str,
        seq: i64,
    ) -> Read<'a, Option<SnapshotRow>> {
        Box::pin(async move { Ok(SqliteStore::snapshot_at_or_before(self, game_id, seq).await?) })
    }

    fn import_by_hash<'a>(&'a self, record_hash: &'a str) -> Read<'a, Option<(String, String)>> {
        Box::pin(async move { Ok(SqliteStore::import_by_hash(self, record_hash).await?) })
    }

    fn imports_since<'a>(&'a self, account: &'a str, since: i64) -> Read<'a, i64> {
        Box::pin(async move { Ok(SqliteStore::imports_since(self, account, since).await?) })
    }

    fn games_to_wake<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(SqliteStore::games_to_wake(self, now).await?) })
    }

    fn notice_settings<'a>(&'a self, account: &'a str) -> Read<'a, NoticeSettingsRow> {
        Box::pin(async move { Ok(SqliteStore::notice_settings(self, account).await?) })
    }

    fn email_token<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        Box::pin(async move { Ok(SqliteStore::email_token(self, token_hash).await?) })
    }

    fn due_notices<'a>(&'a self, now: i64, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        Box::pin(async move { Ok(SqliteStore::due_notices(self, now, limit).await?) })
    }

    fn outbox_depth(&self) -> Read<'_, i64> {
        Box::pin(async move { Ok(SqliteStore::outbox_depth(self).await?) })
    }

    fn stats(&self) -> Option<&StoreStats> {
        Some(self.writer.stats())
    }

    fn notices_of<'a>(&'a self, account: &'a str, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        Box::pin(async move { Ok(SqliteStore::notices_of(self, account, limit).await?) })
    }

    fn digests_due<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        Box::pin(async move { Ok(SqliteStore::digests_due(self, now).await?) })
    }

    fn vacation_used<'a>(&'a self, account: &'a str, year: i32) -> Read<'a, i64> {
        Box::pin(async move { Ok(SqliteStore::vacation_used(self, account, year).await?) })
    }

    fn last_chat_seq<'a>(&'a self, game_id: &'a str, channel: &'a str) -> Read<'a, i64> {
        Box::pin(async move { Ok(SqliteStore::last_chat_seq(self, game_id, channel).await?) })
    }

    fn chat<'a>(
        &'a self,
        game_id: &'a str,
        channel: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ChatRow>> {
        Box::pin(async move { Ok(SqliteStore::chat(self, game_id, channel, after, limit).await?) })
    }
}
