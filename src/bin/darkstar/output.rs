//! Standard output for the commands: every write is checked, so a full
//! device (`> /dev/full`) is an error (exit 2) rather than a panic, and a
//! closed pipe (`darkstar gen | head`) ends the command quietly. (Text
//! from files, such as level names, has its control characters escaped
//! by the readers: `darkstar::content::textfile::escape_controls`.)

use std::io::{self, Write};

use anyhow::{Context, Result};

/// Writes `text` to standard output and flushes it.
pub fn print(text: &str) -> Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("writing to standard output")
}

/// True when `error` is a write to a reader that has gone away (a closed
/// pipe): nothing is wrong, there is just nobody left to tell.
pub fn reader_went_away(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
