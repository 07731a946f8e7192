//! Reading untrusted text files with a size limit checked before anything
//! is allocated for them: shared by every file reader (levels, Moving AI
//! maps and scenarios), so a huge or binary file is an error, not an
//! allocation failure.

use std::io::Read;
use std::path::Path;

/// Why a text file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system refused.
    Io(std::io::Error),
    /// The file holds more than the limit (in bytes).
    TooLarge(u64),
    /// The bytes are not UTF-8; `line` is the 1-based line of the first bad byte.
    NotUtf8 { line: usize },
}

/// Reads at most `max` bytes of `path` as UTF-8, refusing larger files
/// before allocating for them.
pub fn read_limited(path: &Path, max: u64) -> Result<String, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge(max));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
        ReadError::NotUtf8 { line }
    })
}
