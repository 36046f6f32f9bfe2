//! The error raised when a data file is malformed or inconsistent.

use std::fmt;

/// A data file could not be read, or its contents contradict each other or the rules.
///
/// The data is compiled in, so this only ever happens to a developer who edits a file; the
/// accessors in [`crate::data`] panic with this message, and the tests load every file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError(pub String);

impl DataError {
    /// An error with a message naming the file and the problem.
    pub fn new(msg: impl Into<String>) -> DataError {
        DataError(msg.into())
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

/// Parse one TOML data file, naming it in the error.
pub(crate) fn parse_toml<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError(format!("{file}: {e}")))
}
