//! The one error type of the Moving AI readers.

use std::path::PathBuf;

use crate::content::textfile::{escape_controls, escape_path};

/// Why a Moving AI file could not be used.
///
/// The message is complete on its own and says each thing once: the OS
/// error of [`MovingAiError::Io`] is part of it (and so not also given as
/// [`std::error::Error::source`], which would print it twice in a chain).
/// File names and text from the file are shown with control characters
/// escaped.
#[derive(Debug, thiserror::Error)]
pub enum MovingAiError {
    /// The file could not be read.
    #[error("{}: {error}", escape_path(path))]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The file is not in the expected format; `line` is 1-based.
    #[error("{}:{line}: {}", escape_path(path), escape_controls(message))]
    Parse {
        path: PathBuf,
        line: usize,
        message: String,
    },
    /// No map file was found for the scenario at `path` (see
    /// [`super::locate_map`]); `message` says where it looked.
    #[error("{}: {}", escape_path(path), escape_controls(message))]
    NoMap { path: PathBuf, message: String },
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
            MovingAiError::Io { .. } | MovingAiError::NoMap { .. } => None,
        }
    }

    /// The operating system's error, when the file could not be read.
    pub fn io_error(&self) -> Option<&std::io::Error> {
        match self {
            MovingAiError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}
