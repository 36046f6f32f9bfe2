//! The game's data, read from `data/`.
