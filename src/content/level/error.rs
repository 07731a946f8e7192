//! The one error type of the level reader.

use std::path::PathBuf;

use crate::content::textfile::{escape_controls, escape_path};

/// Why a level could not be used. Every error names the file; parse errors
/// also the 1-based line and column, and what was expected there.
///
/// The message is complete on its own and says each thing once: the OS
/// error of [`LevelError::Io`] is part of it (and so not also given as
/// [`std::error::Error::source`], which would print it twice in a chain).
/// File names and text from the file are shown with control characters
/// escaped.
#[derive(Debug, thiserror::Error)]
pub enum LevelError {
    /// The file could not be read.
    #[error("{}: {error}", escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The text is not a valid level.
    #[error("{}:{line}:{column}: {}", escape_path(file), escape_controls(message))]
    Parse {
        file: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

impl LevelError {
    /// The 1-based line and column of a parse error.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            LevelError::Parse { line, column, .. } => Some((*line, *column)),
            LevelError::Io { .. } => None,
        }
    }

    /// The operating system's error, when the file could not be read (to
    /// tell, say, a missing file from a bad one).
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match self {
            LevelError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}
