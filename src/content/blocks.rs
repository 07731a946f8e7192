//! Files of blocks of `key: value` lines (the bestiary, the item book):
//! each block starts at its first key, `#` starts a comment line, blank
//! lines are ignored, every key is one the file knows and is given once
//! in a block. One reader for all of them, so they read and fail alike;
//! what a block means is its file's parser's business.

use std::path::{Path, PathBuf};

use crate::content::textfile::{ECHO, ReadError, clip, escape_controls, escape_path, read_limited};

/// A mistake: 1-based line, column and what is wrong.
pub type Error = (usize, usize, String);

/// A key's value as read: its line, the key's column, the value's column
/// and its text.
pub type Field = (usize, usize, usize, String);

/// One block as read: the line it starts on, and each key's field in the
/// order of the file's keys.
pub struct Block {
    pub line: usize,
    pub values: Vec<Option<Field>>,
}

/// What a file calls its blocks, for its messages: "a kind", "kinds", "a
/// bestiary".
pub struct Names {
    pub one: &'static str,
    pub many: &'static str,
    pub file: &'static str,
}

/// Reads `text` as blocks of the `keys` (each block starts with
/// `keys[0]`), at most `max` of them, at least one; `finish` makes each
/// block what it stands for as soon as the block ends, given those made
/// before it, so a block's mistake is told before a later block's.
pub fn read<T>(
    text: &str,
    keys: &[&str],
    max: usize,
    names: &Names,
    mut finish: impl FnMut(Block, &[T]) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let mut done: Vec<T> = Vec::new();
    let mut block: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err((
                n,
                1,
                format!("expected `key: value`, found {:?}", clip(trimmed, ECHO)),
            ));
        };
        let key_column = 1 + key.len() - key.trim_start().len();
        let value_column = key.len() + 2 + (value.len() - value.trim_start().len());
        let (key, value) = (key.trim(), value.trim());
        let Some(k) = keys.iter().position(|&known| known == key) else {
            return Err((
                n,
                key_column,
                format!(
                    "unknown key {:?} (expected one of {})",
                    clip(key, ECHO),
                    keys.join(", ")
                ),
            ));
        };
        if k == 0 {
            if let Some(b) = block.take() {
                let made = finish(b, &done)?;
                done.push(made);
            }
            if done.len() == max {
                return Err((n, key_column, format!("more than {max} {}", names.many)));
            }
            block = Some(Block {
                line: n,
                values: vec![None; keys.len()],
            });
        }
        let Some(b) = block.as_mut() else {
            return Err((
                n,
                key_column,
                format!("{} starts with `{}:`", names.one, keys[0]),
            ));
        };
        if let Some((first, ..)) = &b.values[k] {
            return Err((
                n,
                key_column,
                format!("{key} given twice (first on line {first})"),
            ));
        }
        b.values[k] = Some((n, key_column, value_column, value.to_string()));
    }
    match block {
        Some(b) => {
            let made = finish(b, &done)?;
            done.push(made);
        }
        None => {
            return Err((
                1,
                1,
                format!(
                    "no {}: {} needs at least one `{}:`",
                    names.many, names.file, keys[0]
                ),
            ));
        }
    }
    Ok(done)
}

/// Why a file of blocks could not be used: the file could not be read, or
/// the file, 1-based line and column of what is wrong with it, and what
/// was expected there. Text from the file is shown with controls escaped.
#[derive(Debug, thiserror::Error)]
pub enum BlocksError {
    /// The file could not be read.
    #[error("{}: {error}", escape_path(file))]
    Io {
        file: PathBuf,
        error: std::io::Error,
    },
    /// The text is not a valid file of its kind.
    #[error("{}:{line}:{column}: {}", escape_path(file), escape_controls(message))]
    Parse {
        file: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

impl BlocksError {
    /// The 1-based line and column of a parse error.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            BlocksError::Parse { line, column, .. } => Some((*line, *column)),
            BlocksError::Io { .. } => None,
        }
    }

    /// The mistake `error` in `file`.
    pub fn at(file: &Path, (line, column, message): Error) -> BlocksError {
        BlocksError::Parse {
            file: file.to_path_buf(),
            line,
            column,
            message,
        }
    }
}

/// The text of the file at `path`, at most `max` bytes of UTF-8; `what`
/// it should be names it when it is too large ("a bestiary").
pub fn read_text(path: &Path, max: u64, what: &str) -> Result<String, BlocksError> {
    read_limited(path, max).map_err(|e| match e {
        ReadError::Io(error) => BlocksError::Io {
            file: path.to_path_buf(),
            error,
        },
        ReadError::TooLarge(max) => {
            BlocksError::at(path, (1, 1, format!("larger than {max} bytes: not {what}")))
        }
        ReadError::NotUtf8 { line } => BlocksError::at(path, (line, 1, "not UTF-8 text".into())),
    })
}
