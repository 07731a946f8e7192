//! Saves: a saved game is its replay (level, seed, every command, state
//! hashes), so resuming replays it to the very same state, and a resumed
//! game's hashes equal an uninterrupted one's. Written as the game is
//! played (at most [`KEEP_COMMANDS`] commands or [`KEEP_EVERY`] behind,
//! at once on a depth change: [`SaveKeeper`]) and when the session ends,
//! each time atomically: to a temporary file beside the save, flushed to
//! disk, then renamed over it, so a crash mid-write leaves the old save
//! whole.
//!
//! A [`SaveFile`] is a save looked at without touching anything (nothing
//! is created, locked or removed), so every check a game needs can be
//! made, and refused, before the terminal is even asked for. A [`SaveSlot`]
//! is one save file in use by this process: taking it takes an advisory
//! lock (one game per save), clears what an interrupted write left behind
//! and proves the folder writable, so a read-only or full disk is reported
//! before the player invests a game. The lock is a file anyone can delete,
//! so every write and removal first checks that the lock file on disk is
//! still the one this process holds: if not, another darkstar may own the
//! save now, and the game is kept in a dated file beside it instead. A
//! save is only ever trusted after every state hash in it has been checked
//! ([`SaveFile::load_checked`]), and only the game being played is ever
//! deleted: starting another game moves the old save to a dated backup.
//!
//! Every game's replay is also kept in `replays/` beside the save, the
//! last [`KEPT_REPLAYS`] of them (`history.rs`).
//!
//! `last.replay` is written by any darkstar (watch too) without the save's
//! lock, as are a finished game's records (`scores.txt`, `morgue/`,
//! `replays/`), so every file is written through a temporary file named
//! after its writer's process (`last.replay.PID.tmp`), and new files take
//! names claimed atomically (`atomic.rs`); a temporary file whose process
//! is gone (killed mid-write) is removed when a save is next taken or a
//! record written.

mod atomic;
mod backup;
mod file;
mod history;
mod keeper;
mod slot;

pub(crate) use atomic::{give_new_name, make_folder_of};
pub use atomic::{remove_stale_tmps, tmp_path, write_atomically, write_last_replay, write_new};
pub(crate) use backup::stamp;
pub use backup::{backup_path, dated_path};
pub use file::{LOCK_GRACE, SaveFile, Stamp, check_save};
pub use history::{KEPT_REPLAYS, keep_replay, kept_replays, replays_dir};
pub use keeper::{KEEP_COMMANDS, KEEP_EVERY, SaveKeeper};
pub use slot::SaveSlot;

use std::io;
use std::path::{Path, PathBuf};

use crate::content::level::Level;
use crate::content::textfile::escape_path;
use crate::record::replay::{Desync, Replay, ReplayError};
use crate::sim::Game;

/// A save checked to its last hash: its replay, its level, the game
/// restored to where it was saved (its chronicle with it), all from one
/// pass (so resuming plays the save once).
#[derive(Debug)]
pub struct CheckedSave {
    pub replay: Replay,
    pub level: Level,
    pub game: Game,
}

/// Where the last game's replay is written: beside the save, as
/// `last.replay`.
pub fn last_replay_path(save: &Path) -> PathBuf {
    save.with_file_name("last.replay")
}

/// The lock file of a save: beside it, `save.replay.lock`. It is never
/// removed (removing a lock file races with the next process taking it).
pub fn lock_path(save: &Path) -> PathBuf {
    suffixed(save, ".lock")
}

pub(super) fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// The folder a file is in (`.` for a bare file name).
pub(super) fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Why a save could not be used. Each message names the file; an OS
/// error is shown once (it is part of the message, not a second `source`).
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("no saved game at {}", escape_path(.0))]
    Missing(PathBuf),
    #[error(
        "the save {} is in use by another darkstar (it holds {}); one game per save",
        escape_path(save),
        escape_path(lock)
    )]
    Locked { save: PathBuf, lock: PathBuf },
    #[error(
        "cannot save in {} (checked before the game starts): {cause}",
        escape_path(dir)
    )]
    NotWritable { dir: PathBuf, cause: io::Error },
    /// The save cannot be read or parsed, or its level cannot start; the
    /// replay error names the file and line where it has them.
    #[error(
        "the save {} cannot be used (it has not been touched; move it away or use --save FILE): {cause}",
        escape_path(save)
    )]
    Unreadable { save: PathBuf, cause: ReplayError },
    #[error(
        "{}:{}: the save does not play back in sync ({}); it has not been touched (move it away or use --save FILE)",
        escape_path(save),
        desync.line,
        desync.what()
    )]
    Desync { save: PathBuf, desync: Desync },
    #[error(
        "checking the save {} was interrupted on turn {turn}; it has not been touched",
        escape_path(save)
    )]
    Interrupted { save: PathBuf, turn: u32 },
    #[error("{}: {cause}", escape_path(file))]
    Io { file: PathBuf, cause: io::Error },
    /// The lock file this process held was removed or replaced while it
    /// played, so another darkstar may have started on the save since:
    /// the save was not written over (nor removed).
    #[error(
        "the save's lock {} was removed or replaced during this game, so another darkstar may \
         be using {} now: it was left as it is{}",
        escape_path(lock),
        escape_path(save),
        match kept {
            Some(kept) => format!(
                "; this game is kept in {} (`darkstar play --save {}` goes on with it)",
                escape_path(kept),
                escape_path(kept)
            ),
            None => String::new(),
        }
    )]
    LockLost {
        save: PathBuf,
        lock: PathBuf,
        kept: Option<PathBuf>,
    },
    /// The save changed between being checked and being taken for this
    /// game (another darkstar wrote it meanwhile).
    #[error(
        "the save {} changed while it was being checked (another darkstar?); nothing was played: \
         run darkstar again",
        escape_path(save)
    )]
    Changed { save: PathBuf },
}
