//! Saves: a saved game is its replay (level, seed, every command, state
//! hashes), so resuming replays it to the very same state, and a resumed
//! game's hashes equal an uninterrupted one's. Written atomically: to a
//! temporary file beside the save, flushed to disk, then renamed over it,
//! so a crash mid-write leaves the old save whole.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where saves go unless told otherwise: `$DARKSTAR_SAVE`, else
/// `$XDG_DATA_HOME/darkstar/save.replay`, else
/// `~/.local/share/darkstar/save.replay`, else `darkstar-save.replay` here.
pub fn default_save_path() -> PathBuf {
    if let Some(p) = std::env::var_os("DARKSTAR_SAVE") {
        return PathBuf::from(p);
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    match data {
        Some(d) => d.join("darkstar").join("save.replay"),
        None => PathBuf::from("darkstar-save.replay"),
    }
}

/// Where the last game's replay is written: beside the save, as
/// `last.replay`.
pub fn last_replay_path(save: &Path) -> PathBuf {
    save.with_file_name("last.replay")
}

/// Writes `text` to `path` atomically (temporary file, fsync, rename).
/// On any error the file at `path`, if there was one, is untouched.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable where the platform allows.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(d) = std::fs::File::open(dir)
        {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
