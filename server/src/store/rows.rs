//! Rows read from the store.

use sqlx::FromRow;

/// An account (never its token).
#[derive(Clone, Debug, FromRow)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
}

/// The account a bearer token belongs to, and the token's own columns.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct TokenOwner {
    pub account_id: String,
    pub name: String,
    /// The token's public id.
    pub token_id: String,
    /// When it was last used, as last written (to within a few minutes).
    pub last_used_at: Option<i64>,
}

/// One token of an account (never the token, nor its hash).
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct TokenRow {
    pub id: String,
    /// created | password | link
    pub origin: String,
    pub label: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// What a password check needs of an account.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct Credentials {
    pub id: String,
    pub name: String,
    /// Argon2id PHC string; `None`: the account has no password.
    pub password_hash: Option<String>,
    pub password_changed_at: Option<i64>,
}

/// A game's row, with the names of the accounts in its seats.
#[derive(Clone, Debug, FromRow)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub scenario: String,
    pub options: String,
    pub visibility: String,
    pub status: String,
    pub creator: String,
    pub union_account: Option<String>,
    pub confederate_account: Option<String>,
    pub union_name: Option<String>,
    pub confederate_name: Option<String>,
    pub union_secret: Option<String>,
    pub confederate_secret: Option<String>,
    pub seed: String,
    pub seed_commitment: String,
    pub invite_code: Option<String>,
    pub spectate_code: String,
    pub seq: i64,
    pub to_act: String,
    pub outcome: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub clock: Option<String>,
    pub origin: Option<String>,
    pub reserved_for: Option<String>,
    pub rematch_id: Option<String>,
    /// The computer's seat and level (JSON), in a game against the computer.
    pub computer: Option<String>,
}

impl GameRow {
    /// The row [`super::Write::CreateGame`] stores for a game against a person that is no
    /// rematch (the creator named `creator_name`): what reading it back would give.
    pub fn created(g: &super::NewGame, creator_name: &str) -> GameRow {
        let union = g.side == "union";
        let mine = |v: &str| Some(v.to_string());
        let (creator, name, secret) = (mine(&g.creator), mine(creator_name), mine(&g.secret));
        GameRow {
            id: g.id.clone(),
            game: g.game.clone(),
            scenario: g.scenario.clone(),
            options: g.options.clone(),
            visibility: g.visibility.to_string(),
            status: "open".into(),
            creator: g.creator.clone(),
            union_account: if union { creator.clone() } else { None },
            confederate_account: if union { None } else { creator },
            union_name: if union { name.clone() } else { None },
            confederate_name: if union { None } else { name },
            union_secret: if union { secret.clone() } else { None },
            confederate_secret: if union { None } else { secret },
            seed: g.seed.clone(),
            seed_commitment: g.seed_commitment.clone(),
            invite_code: Some(g.invite_code.clone()),
            spectate_code: g.spectate_code.clone(),
            seq: 0,
            to_act: String::new(),
            outcome: None,
            created_at: g.now,
            updated_at: g.now,
            clock: g.clock.clone(),
            origin: None,
            reserved_for: g.reserved_for.clone(),
            rematch_id: None,
            computer: None,
        }
    }
}

/// One recorded action.
#[derive(Clone, Debug, FromRow)]
pub struct ActionRow {
    pub seq: i64,
    pub side: String,
    pub action: String,
    pub rolls: String,
    pub events: String,
    pub by_bot: bool,
    /// When it was played (Unix seconds).
    pub created_at: i64,
}

/// The latest snapshot of a game.
#[derive(Clone, Debug, FromRow)]
pub struct SnapshotRow {
    pub seq: i64,
    pub data: String,
}

/// An account's notice settings.
#[derive(Clone, Debug, Default, FromRow)]
pub struct NoticeSettingsRow {
    pub webhook_url: Option<String>,
    pub email: Option<String>,
    /// The address was confirmed by its link (mail goes only to a confirmed address).
    pub email_confirmed: bool,
    pub always: bool,
    pub digest: bool,
    pub webhook_error: Option<String>,
    pub webhook_error_at: Option<i64>,
    pub email_error: Option<String>,
    pub email_error_at: Option<i64>,
    /// The token of the one-click unsubscribe link of mails to the confirmed address.
    pub unsubscribe_token: Option<String>,
    /// The key webhook POSTs are signed with.
    pub webhook_secret: Option<String>,
    /// `auto`, `adjutant`, `discord` or `slack`.
    pub webhook_format: String,
    /// The UTC hour the digest goes at.
    pub digest_hour: Option<i64>,
}

/// One notice of the outbox.
#[derive(Clone, Debug, FromRow)]
pub struct NoticeRow {
    pub id: i64,
    pub account_id: String,
    pub channel: String,
    pub kind: String,
    pub game_id: Option<String>,
    pub body: String,
    pub created_at: i64,
    pub attempts: i64,
    pub next_at: Option<i64>,
    pub sent_at: Option<i64>,
    pub failed: bool,
    pub last_error: Option<String>,
    /// The game's sequence number when the notice was written.
    pub seq: Option<i64>,
    /// Why the notice was dropped unsent (it was no longer true).
    pub dropped: Option<String>,
}

/// One chat message or note.
#[derive(Clone, Debug, FromRow)]
pub struct ChatRow {
    /// Its number within its game and channel (the wire `id`).
    pub seq: i64,
    pub channel: String,
    pub author: String,
    pub side: Option<String>,
    pub text: String,
    pub created_at: i64,
}
