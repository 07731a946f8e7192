//! The one error type of the item book's reader.

use std::path::PathBuf;

use crate::content::textfile::{escape_controls, escape_path};

/// Why an item book could not be used: the file could not be read, or the
/// file, 1-based line and column of what is wrong with it, and what was
/// expected there. Text from the file is shown with controls escaped.
#[derive(Debug, thiserror::Error)]
pub enum ItemsError {
    /// The file could not be read.
    #[error("{}: {error}", escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The text is not a valid item book.
    #[error("{}:{line}:{column}: {}", escape_path(file), escape_controls(message))]
    Parse {
        file: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

impl ItemsError {
    /// The 1-based line and column of a parse error.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            ItemsError::Parse { line, column, .. } => Some((*line, *column)),
            ItemsError::Io { .. } => None,
        }
    }
}
