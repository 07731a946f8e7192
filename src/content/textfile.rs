//! Reading untrusted text files with a size limit checked before anything
//! is allocated for them: shared by every file reader (levels, Moving AI
//! maps and scenarios, replays), so a huge or binary file is an error, not
//! an allocation failure. Also the one way text that came from a file is
//! made safe to show on a terminal ([`escape_controls`]).

use std::borrow::Cow;
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

/// The UTF-8 byte-order mark some Windows editors put at the start of a
/// text file.
const BOM: char = '\u{feff}';

/// Reads at most `max` bytes of `path` as UTF-8, refusing larger files
/// before allocating for them. A leading byte-order mark is dropped: it is
/// not part of the text, and an editor that writes one shows none.
///
/// The file is opened without waiting: a FIFO with no writer would
/// otherwise block the open for ever. A pipe that does have a writer
/// (`--level <(darkstar gen)`) is read as usual; one with none reads as
/// nothing, which is an error naming it, never an empty level.
pub fn read_limited(path: &Path, max: u64) -> Result<String, ReadError> {
    let bytes = read_limited_bytes(path, max)?;
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
        ReadError::NotUtf8 { line }
    })?;
    if text.starts_with(BOM) {
        text.drain(..BOM.len_utf8());
    }
    Ok(text)
}

/// [`read_limited`]'s bytes, not yet taken for text (so a reader can
/// take each line for what it is: one line that is not UTF-8 need not
/// spoil the others). `ReadError::NotUtf8` is never returned.
pub fn read_limited_bytes(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_without_waiting(path).map_err(ReadError::Io)?;
    let regular = file.metadata().map_err(ReadError::Io)?.is_file();
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge(max));
    }
    if bytes.is_empty() && !regular {
        return Err(ReadError::Io(std::io::Error::other(
            "not a regular file, and nothing to read from it (a FIFO with no writer?)",
        )));
    }
    Ok(bytes)
}

/// Opens `path` for reading with `O_NONBLOCK` (so opening a FIFO that has
/// no writer returns at once), then clears the flag so reads block as
/// usual: on a pipe with a writer they wait for its data; on one without,
/// they read end-of-file.
#[cfg(unix)]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor we own, with integer arguments.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 || libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) < 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(file)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// True for the characters a terminal acts on rather than shows: controls
/// (C0, DEL, C1) and the bidirectional formatting characters, which
/// reorder what follows them on the line (U+202E makes `txt.exe` show as
/// `exe.txt`), so text from a file could disguise itself or a message
/// around it.
pub fn acts_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every control character (C0, DEL and C1) and every
/// bidirectional formatting character ([`acts_on_terminal`]) written out as
/// visible text, the way Rust writes them in string literals: `\t`, `\r`,
/// `\n`, otherwise `\u{1b}` or `\u{202e}`.
/// Everything else, including all printable Unicode, is kept. Borrowed
/// when there is nothing to escape; escaping twice changes nothing more.
///
/// Text from files (level names, descriptions, file names inside
/// scenarios) goes through this before it reaches a terminal, so a level
/// named `ESC ]2;...` cannot retitle the window or hide the cursor.
///
/// ```
/// use darkstar::content::textfile::escape_controls;
/// assert_eq!(escape_controls("caves\u{1b}]2;pwned\u{7}"), r"caves\u{1b}]2;pwned\u{7}");
/// assert_eq!(escape_controls("a\tb"), r"a\tb");
/// assert_eq!(escape_controls("Höhle 洞窟"), "Höhle 洞窟");
/// assert_eq!(escape_controls("a\u{202e}txt.exe"), r"a\u{202e}txt.exe");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_where(text, acts_on_terminal)
}

/// [`escape_controls`], but keeping line breaks: for a whole message about
/// to be printed (an error, say), whose own lines are meant, and which may
/// carry a path or text from outside (`DARKSTAR_SAVE`, a file name).
///
/// ```
/// use darkstar::content::textfile::escape_for_terminal;
/// assert_eq!(escape_for_terminal("saved to /t\u{1b}]2;x\u{7}\nnext"), "saved to /t\\u{1b}]2;x\\u{7}\nnext");
/// ```
pub fn escape_for_terminal(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| c != '\n' && acts_on_terminal(c))
}

fn escape_where(text: &str, escape: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escape(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// At most `max` characters of `text`, ending in `...` when cut: for
/// echoing file text in an error, which must stay one readable line
/// however long the line in the file.
///
/// ```
/// use darkstar::content::textfile::clip;
/// assert_eq!(clip("2147483648", 64), "2147483648");
/// assert_eq!(clip(&"9".repeat(100), 8), "99999999...");
/// ```
pub fn clip(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
    }
}

/// How much of a word or line from a file an error message echoes.
pub(crate) const ECHO: usize = 64;

/// A path as [`Path::display`] shows it, with [`escape_controls`] applied:
/// for error messages, since file names may hold control characters too
/// (and a scenario file names its map).
pub fn escape_path(path: &Path) -> Cow<'_, str> {
    match path.to_string_lossy() {
        Cow::Borrowed(s) => escape_controls(s),
        Cow::Owned(s) => Cow::Owned(escape_controls(&s).into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_is_escaped_and_nothing_else() {
        for c in (0u32..0x110000).filter_map(char::from_u32) {
            let s = c.to_string();
            let e = escape_controls(&s);
            assert!(!e.chars().any(acts_on_terminal), "{c:?}");
            assert_eq!(acts_on_terminal(c), e != s, "{c:?}");
            assert_eq!(escape_controls(&e), e, "idempotent for {c:?}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_dropped_once() {
        let dir = std::env::temp_dir().join(format!("darkstar-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bom.txt");
        std::fs::write(&file, "\u{feff}\u{feff}name: x\n").unwrap();
        assert_eq!(read_limited(&file, 100).unwrap(), "\u{feff}name: x\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
