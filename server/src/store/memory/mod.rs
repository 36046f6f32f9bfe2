//! The in-memory store: plain maps behind a mutex, with the SQLite store's observable
//! behaviour (the same conflicts and sentences, the sequence check of actions), a switch that
//! makes every write find the disk full, and nothing durable. For unit tests.

mod accounts;
mod apply;
mod notices;

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

use super::ListQuery;
use super::api::{Pending, Read, Store};
use super::rows::{
    AccountRow, ActionRow, ChatRow, Credentials, GameRow, NoticeRow, NoticeSettingsRow,
    SnapshotRow, TokenOwner, TokenRow,
};
use super::write_error::WriteError;
use super::writes::Write;

/// An account as kept.
struct Account {
    row: AccountRow,
    name_key: String,
    /// The first token's hash (SQLite keeps this column unique, though no longer reads it).
    token_hash: String,
    /// Argon2id PHC string, if the account has a password.
    password_hash: Option<String>,
    password_changed_at: Option<i64>,
}

/// A game as kept: its row (the seat names are filled in when read) and the columns only
/// the store itself looks at.
struct Game {
    row: GameRow,
    wake_at: Option<i64>,
    record_hash: Option<String>,
}

/// An account's notice settings as kept.
#[derive(Default)]
struct Settings {
    row: NoticeSettingsRow,
    email_token: Option<(String, i64)>,
    last_digest_at: Option<i64>,
}

/// Every table.
#[derive(Default)]
struct Tables {
    accounts: BTreeMap<String, Account>,
    /// Every valid token, by id.
    tokens: BTreeMap<String, accounts::KeptToken>,
    /// Each account's sign-in link: its token's hash and expiry.
    links: HashMap<String, (String, i64)>,
    games: BTreeMap<String, Game>,
    /// Each game's actions, in order of `seq`.
    actions: HashMap<String, BTreeMap<i64, ActionRow>>,
    snapshots: HashMap<String, BTreeMap<i64, String>>,
    settings: HashMap<String, Settings>,
    notices: BTreeMap<i64, NoticeRow>,
    vacations: HashMap<(String, i32), i64>,
    /// Each game's and stored channel's messages, by number.
    chat: HashMap<(String, String), BTreeMap<i64, ChatRow>>,
}

/// A store in memory.
#[derive(Default)]
pub struct MemoryStore {
    tables: Mutex<Tables>,
    full: AtomicBool,
    /// The next game row read is one action behind its log (another server's commit landing
    /// between a reader's row read and its log read).
    lag_next_row: AtomicBool,
    closed: AtomicBool,
    notice_ids: AtomicI64,
}

impl MemoryStore {
    /// An empty store.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// From now on every write is refused with [`WriteError::Full`] (and changes nothing),
    /// until `false` makes room again.
    pub fn set_full(&self, full: bool) {
        self.full.store(full, Ordering::SeqCst);
    }

    /// The next game row read says one action fewer than the log holds, as a row read just
    /// before another server's commit would (several servers; each later read is current).
    pub fn lag_next_game_row(&self) {
        self.lag_next_row.store(true, Ordering::SeqCst);
    }

    /// The stored text of action `seq` of `game_id` replaced by `action` (a damaged store).
    #[cfg(test)]
    pub fn damage_action(&self, game_id: &str, seq: i64, action: &str) {
        let mut tables = self.tables.lock().expect("memory store lock");
        if let Some(row) = tables
            .actions
            .get_mut(game_id)
            .and_then(|log| log.get_mut(&seq))
        {
            row.action = action.to_string();
        }
    }

    fn read<T: Send + 'static>(&self, read: impl FnOnce(&Tables) -> T) -> Read<'_, T> {
        let value = read(&self.tables.lock().expect("memory store lock"));
        Box::pin(async move { Ok(value) })
    }
}

/// The rows of `games` in `order`'s order, `limit` at most, with their seat names.
fn game_rows<'a>(t: &Tables, games: impl Iterator<Item = &'a Game>, limit: i64) -> Vec<GameRow> {
    let mut rows: Vec<&Game> = games.collect();
    rows.sort_by_key(|g| std::cmp::Reverse(g.row.updated_at));
    let limit = usize::try_from(limit).unwrap_or(0);
    rows.into_iter().take(limit).map(|g| named(t, g)).collect()
}

fn named(t: &Tables, game: &Game) -> GameRow {
    let name = |id: &Option<String>| {
        id.as_ref()
            .and_then(|id| t.accounts.get(id))
            .map(|a| a.row.name.clone())
    };
    GameRow {
        union_name: name(&game.row.union_account),
        confederate_name: name(&game.row.confederate_account),
        ..game.row.clone()
    }
}

fn sits(row: &GameRow, account: &str) -> bool {
    row.union_account.as_deref() == Some(account)
        || row.confederate_account.as_deref() == Some(account)
}

fn take<T>(items: impl Iterator<Item = T>, limit: i64) -> Vec<T> {
    items.take(usize::try_from(limit).unwrap_or(0)).collect()
}

impl Store for MemoryStore {
    fn next_notice_id(&self) -> Pending<'_, Result<i64, WriteError>> {
        Box::pin(std::future::ready(Ok(self
            .notice_ids
            .fetch_add(1, Ordering::Relaxed)
            + 1)))
    }

    fn write(&self, write: Write) -> Pending<'_, Result<(), WriteError>> {
        let result = if self.closed.load(Ordering::SeqCst) {
            Err(WriteError::Store("the store is shut down".into()))
        } else if self.full.load(Ordering::SeqCst) {
            Err(WriteError::Full)
        } else {
            apply::apply(&mut self.tables.lock().expect("memory store lock"), &write)
        };
        Box::pin(async move { result })
    }

    fn close(&self) -> Pending<'_, ()> {
        self.closed.store(true, Ordering::SeqCst);
        Box::pin(async {})
    }

    fn token_owner<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<TokenOwner>> {
        self.read(|t| accounts::token_owner(t, token_hash))
    }

    fn credentials_by_name<'a>(&'a self, name_key: &'a str) -> Read<'a, Option<Credentials>> {
        self.read(|t| accounts::credentials(t, |a| a.name_key == name_key))
    }

    fn credentials_of<'a>(&'a self, account: &'a str) -> Read<'a, Option<Credentials>> {
        self.read(|t| accounts::credentials(t, |a| a.row.id == account))
    }

    fn tokens_of<'a>(&'a self, account: &'a str) -> Read<'a, Vec<TokenRow>> {
        self.read(|t| accounts::tokens_of(t, account))
    }

    fn sign_in_link<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        self.read(|t| accounts::sign_in_link(t, token_hash))
    }

    fn game<'a>(&'a self, id: &'a str) -> Read<'a, Option<GameRow>> {
        let lag = self.lag_next_row.swap(false, Ordering::SeqCst);
        self.read(move |t| {
            t.games.get(id).map(|g| {
                let mut row = named(t, g);
                if lag {
                    row.seq -= 1;
                }
                row
            })
        })
    }

    fn games<'a>(&'a self, query: ListQuery<'a>, limit: i64) -> Read<'a, Vec<GameRow>> {
        self.read(|t| {
            let all = t.games.values();
            match query {
                ListQuery::Mine(account) => game_rows(
                    t,
                    all.filter(|g| {
                        sits(&g.row, account)
                            || g.row.creator == account
                            || g.row.reserved_for.as_deref() == Some(account)
                    }),
                    limit,
                ),
                ListQuery::Public(status) => game_rows(
                    t,
                    all.filter(|g| {
                        g.row.status == status
                            && g.row.visibility == "public"
                            && g.row.reserved_for.is_none()
                    }),
                    limit,
                ),
                ListQuery::Finished(account) => game_rows(
                    t,
                    all.filter(|g| {
                        g.row.status == "finished"
                            && (g.row.visibility == "public" || sits(&g.row, account.unwrap_or("")))
                    }),
                    limit,
                ),
                ListQuery::AgainstTheComputer => game_rows(
                    t,
                    all.filter(|g| g.row.status == "active" && g.row.computer.is_some()),
                    limit,
                ),
            }
        })
    }

    fn live_games_of<'a>(&'a self, account: &'a str) -> Read<'a, i64> {
        self.read(|t| {
            let live = t.games.values();
            live.filter(|g| g.row.status != "finished" && sits(&g.row, account))
                .count() as i64
        })
    }

    fn actions_after<'a>(
        &'a self,
        game_id: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ActionRow>> {
        self.read(|t| {
            let actions = t.actions.get(game_id).into_iter().flatten();
            take(
                actions
                    .filter(|(seq, _)| **seq > after)
                    .map(|(_, a)| a.clone()),
                limit,
            )
        })
    }

    fn started_game_ids<'a>(&'a self) -> Read<'a, Vec<String>> {
        self.read(|t| {
            let mut started: Vec<&Game> = t
                .games
                .values()
                .filter(|g| g.row.status != "open")
                .collect();
            started
                .sort_by(|a, b| (a.row.created_at, &a.row.id).cmp(&(b.row.created_at, &b.row.id)));
            started.into_iter().map(|g| g.row.id.clone()).collect()
        })
    }

    fn snapshots_of<'a>(&'a self, game_id: &'a str) -> Read<'a, Vec<SnapshotRow>> {
        self.read(|t| snapshots(t, game_id, i64::MAX).collect())
    }

    fn latest_snapshot<'a>(&'a self, game_id: &'a str) -> Read<'a, Option<SnapshotRow>> {
        self.read(|t| snapshots(t, game_id, i64::MAX).last())
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        game_id: &'a str,
        seq: i64,
    ) -> Read<'a, Option<SnapshotRow>> {
        self.read(|t| snapshots(t, game_id, seq).last())
    }

    fn import_by_hash<'a>(&'a self, record_hash: &'a str) -> Read<'a, Option<(String, String)>> {
        self.read(|t| {
            t.games
                .values()
                .find(|g| g.record_hash.as_deref() == Some(record_hash))
                .map(|g| (g.row.id.clone(), g.row.creator.clone()))
        })
    }

    fn imports_since<'a>(&'a self, account: &'a str, since: i64) -> Read<'a, i64> {
        self.read(|t| {
            let games = t.games.values();
            games
                .filter(|g| {
                    g.row.creator == account && g.row.origin.is_some() && g.row.created_at > since
                })
                .count() as i64
        })
    }

    fn games_to_wake<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        self.read(|t| {
            let mut due: Vec<(i64, String)> = t
                .games
                .values()
                .filter(|g| g.row.status == "active")
                .filter_map(|g| {
                    g.wake_at
                        .filter(|&at| at <= now)
                        .map(|at| (at, g.row.id.clone()))
                })
                .collect();
            due.sort();
            take(due.into_iter().map(|(_, id)| id), 1000)
        })
    }

    fn notice_settings<'a>(&'a self, account: &'a str) -> Read<'a, NoticeSettingsRow> {
        self.read(|t| {
            t.settings
                .get(account)
                .map(|s| s.row.clone())
                .unwrap_or_default()
        })
    }

    fn email_token<'a>(&'a self, token_hash: &'a str) -> Read<'a, Option<(String, i64)>> {
        self.read(|t| {
            t.settings.iter().find_map(|(account, s)| {
                let (hash, expires) = s.email_token.as_ref()?;
                (hash == token_hash).then(|| (account.clone(), *expires))
            })
        })
    }

    fn due_notices<'a>(&'a self, now: i64, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        self.read(|t| {
            // A queue (account, channel) waits behind its oldest notice awaiting a retry.
            let mut blocked = std::collections::HashSet::new();
            let mut due = Vec::new();
            for n in t.notices.values() {
                let queue = (n.account_id.as_str(), n.channel.as_str());
                if blocked.contains(&queue) {
                    continue;
                }
                match n.next_at {
                    Some(at) if at <= now => due.push(n.clone()),
                    Some(_) if n.attempts > 0 => {
                        blocked.insert(queue);
                    }
                    _ => {}
                }
            }
            take(due.into_iter(), limit)
        })
    }

    fn outbox_depth(&self) -> Read<'_, i64> {
        self.read(|t| t.notices.values().filter(|n| n.next_at.is_some()).count() as i64)
    }

    fn notices_of<'a>(&'a self, account: &'a str, limit: i64) -> Read<'a, Vec<NoticeRow>> {
        self.read(|t| {
            let mine = t.notices.values().rev().filter(|n| n.account_id == account);
            take(mine.cloned(), limit)
        })
    }

    fn digests_due<'a>(&'a self, now: i64) -> Read<'a, Vec<String>> {
        self.read(|t| {
            let due = t.settings.iter().filter(|(_, s)| {
                let Some(last) = s.last_digest_at else {
                    return s.row.digest;
                };
                let due = match s.row.digest_hour {
                    None => last <= now - 86_400,
                    Some(hour) => last < now - (now - hour * 3600).rem_euclid(86_400),
                };
                s.row.digest && due
            });
            take(due.map(|(account, _)| account.clone()), 1000)
        })
    }

    fn vacation_used<'a>(&'a self, account: &'a str, year: i32) -> Read<'a, i64> {
        self.read(|t| {
            t.vacations
                .get(&(account.to_string(), year))
                .copied()
                .unwrap_or(0)
        })
    }

    fn last_chat_seq<'a>(&'a self, game_id: &'a str, channel: &'a str) -> Read<'a, i64> {
        self.read(|t| {
            let key = (game_id.to_string(), channel.to_string());
            t.chat
                .get(&key)
                .and_then(|c| c.keys().next_back().copied())
                .unwrap_or(0)
        })
    }

    fn chat<'a>(
        &'a self,
        game_id: &'a str,
        channel: &'a str,
        after: i64,
        limit: i64,
    ) -> Read<'a, Vec<ChatRow>> {
        self.read(|t| {
            let key = (game_id.to_string(), channel.to_string());
            let messages = t.chat.get(&key).into_iter().flatten();
            take(
                messages
                    .filter(|(seq, _)| **seq > after)
                    .map(|(_, m)| m.clone()),
                limit,
            )
        })
    }
}

/// A game's snapshots up to `seq`, oldest first.
fn snapshots<'t>(t: &'t Tables, game_id: &str, seq: i64) -> impl Iterator<Item = SnapshotRow> + 't {
    let kept = t.snapshots.get(game_id).into_iter().flatten();
    kept.filter(move |(at, _)| **at <= seq)
        .map(|(&seq, data)| SnapshotRow {
            seq,
            data: data.clone(),
        })
}
