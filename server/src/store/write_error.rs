//! Why a write was not committed.

/// Why a write was not committed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The write conflicts with what is stored (name taken, seat filled, out of order).
    Conflict(String),
    /// The disk is full (or the database reached `--max-db-bytes`): nothing was written, and
    /// writes succeed again once there is room.
    Full,
    /// The store failed.
    Store(String),
}

impl WriteError {
    /// A new game or a seat refused: the account already has `live` open or active games,
    /// the most the server allows.
    pub fn too_many_games(live: i64) -> WriteError {
        WriteError::Conflict(format!(
            "you already have {live} open or active games, the most this server allows; finish or resign one first"
        ))
    }
}
