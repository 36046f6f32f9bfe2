//! Rows read from the store.

use sqlx::FromRow;

/// An account (never its token).
#[derive(Clone, Debug, FromRow)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
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
}

/// One recorded action.
#[derive(Clone, Debug, FromRow)]
pub struct ActionRow {
    pub seq: i64,
    pub side: String,
    pub action: String,
    pub rolls: String,
    pub events: String,
}

/// The latest snapshot of a game.
#[derive(Clone, Debug, FromRow)]
pub struct SnapshotRow {
    pub seq: i64,
    pub data: String,
}
