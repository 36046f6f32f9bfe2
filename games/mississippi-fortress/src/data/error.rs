//! The error every loader returns.

use std::fmt;

/// A data file that does not parse, or parses but breaks a rule the data must obey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The text is not valid TOML or JSON for its schema.
    Parse {
        /// The data file, relative to `data/`.
        file: &'static str,
        /// What the parser said.
        message: String,
    },
    /// The text parses, but a value is out of range, missing or inconsistent.
    Invalid {
        /// The data file, relative to `data/`.
        file: &'static str,
        /// Which value is wrong and why.
        message: String,
    },
}

impl DataError {
    pub(crate) fn parse(file: &'static str, message: impl fmt::Display) -> Self {
        Self::Parse {
            file,
            message: message.to_string(),
        }
    }

    pub(crate) fn invalid(file: &'static str, message: impl Into<String>) -> Self {
        Self::Invalid {
            file,
            message: message.into(),
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Parse { file, message } => write!(f, "data/{file} does not parse: {message}"),
            Self::Invalid { file, message } => write!(f, "data/{file} is invalid: {message}"),
        }
    }
}

impl std::error::Error for DataError {}

/// Fails with [`DataError::Invalid`] unless `condition` holds.
pub(crate) fn ensure(
    condition: bool,
    file: &'static str,
    message: impl FnOnce() -> String,
) -> Result<(), DataError> {
    if condition {
        Ok(())
    } else {
        Err(DataError::invalid(file, message()))
    }
}
