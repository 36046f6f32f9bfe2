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
