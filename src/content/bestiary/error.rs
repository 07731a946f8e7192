//! The one error type of the bestiary reader.

use std::path::PathBuf;

use crate::content::textfile::{escape_controls, escape_path};

/// Why a bestiary could not be used: the file could not be read, or the
/// file, 1-based line and column of what is wrong with it, and what was
/// expected there. Text from the file is shown with controls escaped.
#[derive(Debug, thiserror::Error)]
pub enum BestiaryError {
    /// The file could not be read.
    #[error("{}: {error}", escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The text is not a valid bestiary.
    #[error("{}:{line}:{column}: {}", escape_path(file), escape_controls(message))]
    Parse {
        file: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

impl BestiaryError {
    /// The 1-based line and column of a parse error.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            BestiaryError::Parse { line, column, .. } => Some((*line, *column)),
            BestiaryError::Io { .. } => None,
        }
    }
}
