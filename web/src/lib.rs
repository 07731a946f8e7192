//! Darkstar's core built for the web. Built for `wasm32-unknown-unknown`
//! it is a WebAssembly module that needs nothing from its host (no
//! imports, no JavaScript glue): the simulation, the content readers and
//! the replay format run as they do in the terminal, with the same seeds
//! giving the same games.
//!
//! What it exports today, each checked by `tools/wasm-digest.sh` under
//! Node.js so that a change that makes the two builds differ fails CI:
//!
//! - the digest ([`darkstar::sim::digest::digest_built_in`]): every game
//!   of `tests/golden/digest.txt` played inside the module, as text, held
//!   to the golden digest line for line;
//! - a bot's run recorded as a replay ([`bot_replay`]), held byte for
//!   byte to the one `darkstar bot --record` writes for the same seed,
//!   and accepted by `darkstar replay --verify`;
//! - a replay checked ([`verify`]): the terminal's replay, handed in,
//!   played back with every state hash checked;
//! - the watch screen drawn ([`watch_frame`]): the screens of the
//!   terminal front end, drawn into a buffer, held to the terminal's
//!   snapshot of the same frame (`tests/snapshots/ui__watch__snapshot_watch.txt`)
//!   character for character.
//!
//! The functions are C functions on plain numbers, so a host reads the
//! text out of the module's memory:
//!
//! ```js
//! const len = exports.darkstar_digest();
//! const text = new TextDecoder().decode(
//!     new Uint8Array(exports.memory.buffer, exports.darkstar_text(), len));
//! ```

use std::path::Path;
use std::sync::Mutex;

use darkstar::record::replay::{Replay, recorded_bot_run};
use darkstar::sim::bot::Style;

/// The frame `tests/ui/watch.rs`'s `snapshot_watch` takes: the
/// generated dungeon of seed 1 watched for 12 turns, drawn at 90 x 48,
/// as ratatui's test backend writes a screen (a quoted line a row). The
/// tick's wall clock is a fixed one: nothing here reads the machine's.
pub fn watch_frame() -> Result<String, String> {
    use darkstar::content::generator::{GenParams, generate};
    use darkstar::ui::App;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let level = generate(&GenParams::default(), 1);
    let mut app = App::new(&level, 1).map_err(|e| e.to_string())?;
    app.set_wall_clock(|| std::time::Duration::ZERO);
    for _ in 0..12 {
        app.step();
    }
    let mut terminal = Terminal::new(TestBackend::new(90, 48)).map_err(|e| e.to_string())?;
    darkstar::ui::draw(&mut terminal, &mut app).map_err(|e| e.to_string())?;
    Ok(format!("{}\n", terminal.backend().to_string().trim_end()))
}

/// The text of the last call, kept for the host to read.
static TEXT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// What the host hands in ([`darkstar_input`]).
static INPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The replay of a run of the bot of `style` from depth 1 with `seed`,
/// at most `turns` turns: the text `darkstar bot --style STYLE --seeds
/// SEED..SEED --turns TURNS --record DIR` writes to `DIR/seed-SEED.replay`.
pub fn bot_replay(style: Style, seed: u64, turns: u32) -> Result<String, String> {
    let (_, _, replay) = recorded_bot_run(seed, 1, style, turns).map_err(|e| e.to_string())?;
    Ok(replay.to_text())
}

/// `text` read as a replay and played back headless, every state hash
/// checked: `verified: C commands, H hashes, to turn T`, or why not.
pub fn verify(text: &str) -> String {
    let replay = match Replay::parse(text, Path::new("handed-in.replay")) {
        Ok(replay) => replay,
        Err(e) => return format!("unreadable: {e}"),
    };
    match replay.verify() {
        Ok(Ok(v)) => format!(
            "verified: {} commands, {} hashes, to turn {}",
            v.commands, v.hashes, v.turn
        ),
        Ok(Err(desync)) => format!("desync: {desync}"),
        Err(e) => format!("cannot start: {e}"),
    }
}

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

/// Plays the run of the cunning bot with `seed` (at most `turns` turns)
/// and keeps its replay's text ([`bot_replay`]): its length in bytes (an
/// error is kept as one line starting `error: `).
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_bot_replay(seed: u32, turns: u32) -> u32 {
    keep(bot_replay(Style::Cunning, seed as u64, turns).unwrap_or_else(|e| format!("error: {e}\n")))
}

/// Draws the watch screen ([`watch_frame`]) and keeps it as text: its
/// length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_watch_frame() -> u32 {
    keep(watch_frame().unwrap_or_else(|e| format!("error: {e}\n")))
}

/// Makes room for `len` bytes of input and says where the host is to
/// write them (valid until the next call).
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_input(len: u32) -> *mut u8 {
    let mut input = INPUT.lock().unwrap_or_else(|e| e.into_inner());
    *input = vec![0; len as usize];
    input.as_mut_ptr()
}

/// Checks the replay the host wrote at [`darkstar_input`] ([`verify`])
/// and keeps what came of it: its length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn darkstar_verify() -> u32 {
    let input = std::mem::take(&mut *INPUT.lock().unwrap_or_else(|e| e.into_inner()));
    keep(match String::from_utf8(input) {
        Ok(text) => verify(&text),
        Err(_) => "unreadable: not UTF-8".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short run's replay verifies; a hash changed in it is caught.
    #[test]
    fn a_bot_replay_verifies_and_a_changed_one_does_not() {
        let text = bot_replay(Style::Cunning, 3, 300).unwrap();
        assert!(verify(&text).starts_with("verified: "), "{}", verify(&text));
        let line = text
            .lines()
            .find(|l| l.starts_with("h "))
            .expect("a hash line");
        let flipped = match line.as_bytes()[line.len() - 1] {
            b'0' => format!("{}1", &line[..line.len() - 1]),
            _ => format!("{}0", &line[..line.len() - 1]),
        };
        let changed = text.replacen(line, &flipped, 1);
        assert!(
            verify(&changed).starts_with("desync: "),
            "{}",
            verify(&changed)
        );
        assert!(verify("nonsense").starts_with("unreadable: "));
    }

    /// The frame drawn here is the terminal's snapshot of it.
    #[test]
    fn the_watch_frame_is_the_terminals_snapshot() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let snapshot =
            std::fs::read_to_string(root.join("tests/snapshots/ui__watch__snapshot_watch.txt"))
                .unwrap();
        assert_eq!(watch_frame().unwrap(), snapshot);
    }
}
