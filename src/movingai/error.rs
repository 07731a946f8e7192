//! The one error type of the Moving AI readers.

use std::path::PathBuf;

/// Why a Moving AI file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum MovingAiError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The file is not in the expected format; `line` is 1-based.
    #[error("{}:{line}: {message}", path.display())]
    Parse {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

impl MovingAiError {
    pub(crate) fn parse(path: &std::path::Path, line: usize, message: String) -> MovingAiError {
        MovingAiError::Parse {
            path: path.to_path_buf(),
            line,
            message,
        }
    }

    /// The 1-based line the error is on, for parse errors.
    pub fn line(&self) -> Option<usize> {
        match self {
            MovingAiError::Parse { line, .. } => Some(*line),
            MovingAiError::Io { .. } => None,
        }
    }
}
