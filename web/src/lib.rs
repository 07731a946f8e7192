//! Darkstar's core built for the web. Built for `wasm32-unknown-unknown`
//! it is a WebAssembly module that needs nothing from its host (no
//! imports, no JavaScript glue): the simulation, the content readers and
//! the replay format run as they do in the terminal, with the same seeds
//! giving the same games.
//!
//! What it exports today is the digest
//! ([`darkstar::sim::digest::digest_built_in`]): every game of
//! `tests/golden/digest.txt` played inside the module, as text.
//! `tools/wasm-digest.sh` builds the module, runs it under Node.js and
//! holds its lines to the golden digest, line for line, so a change that
//! makes the two builds play differently fails CI.
//!
//! The functions are C functions on plain numbers, so a host reads the
//! text out of the module's memory:
//!
//! ```js
//! const len = exports.darkstar_digest();
//! const text = new TextDecoder().decode(
//!     new Uint8Array(exports.memory.buffer, exports.darkstar_text(), len));
//! ```

use std::sync::Mutex;

/// The text of the last call, kept for the host to read.
static TEXT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The digest's lines as text, each ending in a newline; a game that
/// would not start gives one line starting `error: `.
pub fn digest_text() -> String {
    match darkstar::sim::digest::digest_built_in() {
        Ok(lines) => lines.iter().map(|l| format!("{l}\n")).collect(),
        Err(e) => format!("error: {e}\n"),
    }
}

/// Keeps `text` for [`darkstar_text`]: its length in bytes.
fn keep(text: String) -> u32 {
    let mut kept = TEXT.lock().unwrap_or_else(|e| e.into_inner());
    *kept = text.into_bytes();
    kept.len() as u32
}

/// Plays the digest ([`digest_text`]) and keeps its text: the text's
/// length in bytes, which [`darkstar_text`] then points at.
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_digest() -> u32 {
    keep(digest_text())
}

/// Where the text kept by the last call is, in the module's memory (valid
/// until the next call).
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_text() -> *const u8 {
    TEXT.lock().unwrap_or_else(|e| e.into_inner()).as_ptr()
}
