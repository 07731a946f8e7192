//! The one error type of the level reader.

use std::path::PathBuf;

/// Why a level could not be used. Every parse error names the file, the
/// 1-based line and column, and what was expected there.
#[derive(Debug, thiserror::Error)]
pub enum LevelError {
    /// The file could not be read.
    #[error("{}: {source}", file.display())]
    Io {
        file: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The text is not a valid level.
    #[error("{}:{line}:{column}: {message}", file.display())]
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
}
