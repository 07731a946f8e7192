//! Saves: a saved game is its replay (level, seed, every command, state
//! hashes), so resuming replays it to the very same state, and a resumed
//! game's hashes equal an uninterrupted one's. Written atomically: to a
//! temporary file beside the save, flushed to disk, then renamed over it,
//! so a crash mid-write leaves the old save whole.
//!
//! A [`SaveSlot`] is one save file in use by this process: opening it takes
//! an advisory lock (one game per save), clears what an interrupted write
//! left behind and proves the folder writable, so a read-only or full disk
//! is reported before the player invests a game. A save is only ever
//! trusted after every state hash in it has been checked
//! ([`SaveSlot::load_checked`]), and only the game being played is ever
//! deleted: starting another game moves the old save to a dated backup.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use std::ops::ControlFlow;

use crate::content::level::Level;
use crate::record::replay::{Desync, Progress, Replay, ReplayError};
use crate::sim::Game;

/// A save checked to its last hash: its replay, its level, and the game
/// restored to where it was saved (so resuming plays the save once).
#[derive(Debug)]
pub struct CheckedSave {
    pub replay: Replay,
    pub level: Level,
    pub game: Game,
}

/// Where saves go unless told otherwise: `$DARKSTAR_SAVE` (set and not
/// empty), else `save.replay` in the platform's data folder for darkstar
/// (on Linux `$XDG_DATA_HOME/darkstar`, else `~/.local/share/darkstar`),
/// else `darkstar-save.replay` here.
pub fn default_save_path() -> PathBuf {
    save_path_from(std::env::var_os("DARKSTAR_SAVE"))
}

/// [`default_save_path`] given the value of `$DARKSTAR_SAVE` (so the rule
/// is testable without touching the process environment).
pub fn save_path_from(darkstar_save: Option<std::ffi::OsString>) -> PathBuf {
    // Set but empty means unset (as shells make it easy to write
    // `DARKSTAR_SAVE= darkstar`); an empty path would be no file at all.
    if let Some(p) = darkstar_save.filter(|p| !p.is_empty()) {
        return PathBuf::from(p);
    }
    match directories::ProjectDirs::from("", "", "darkstar") {
        Some(dirs) => dirs.data_dir().join("save.replay"),
        None => PathBuf::from("darkstar-save.replay"),
    }
}

/// Where the last game's replay is written: beside the save, as
/// `last.replay`.
pub fn last_replay_path(save: &Path) -> PathBuf {
    save.with_file_name("last.replay")
}

/// The temporary file [`write_atomically`] writes `path` through.
pub fn tmp_path(path: &Path) -> PathBuf {
    suffixed(path, ".tmp")
}

/// The lock file of a save: beside it, `save.replay.lock`. It is never
/// removed (removing a lock file races with the next process taking it).
pub fn lock_path(save: &Path) -> PathBuf {
    suffixed(save, ".lock")
}

fn suffixed(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// The folder a file is in (`.` for a bare file name).
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Writes `text` to `path` atomically (temporary file, fsync, rename).
/// On any error the file at `path`, if there was one, is untouched.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = tmp_path(path);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // Make the rename itself durable where the platform allows.
        if let Ok(d) = File::open(folder(path)) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Why a save could not be used. Each message names the file; an OS
/// error is shown once (it is part of the message, not a second `source`).
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("no saved game at {}", .0.display())]
    Missing(PathBuf),
    #[error(
        "the save {} is in use by another darkstar (it holds {}); one game per save",
        save.display(),
        lock.display()
    )]
    Locked { save: PathBuf, lock: PathBuf },
    #[error(
        "cannot save in {} (checked before the game starts): {cause}",
        dir.display()
    )]
    NotWritable { dir: PathBuf, cause: io::Error },
    /// The save cannot be read or parsed, or its level cannot start; the
    /// replay error names the file and line where it has them.
    #[error(
        "the save {} cannot be used (it has not been touched; move it away or use --save FILE): {cause}",
        save.display()
    )]
    Unreadable { save: PathBuf, cause: ReplayError },
    #[error(
        "{}:{}: the save does not play back in sync ({}); it has not been touched (move it away or use --save FILE)",
        save.display(),
        desync.line,
        desync.what()
    )]
    Desync { save: PathBuf, desync: Desync },
    #[error(
        "checking the save {} was interrupted on turn {turn}; it has not been touched",
        save.display()
    )]
    Interrupted { save: PathBuf, turn: u32 },
    #[error("{}: {cause}", file.display())]
    Io { file: PathBuf, cause: io::Error },
}

/// One save file, held by this process: while the slot lives, no other
/// darkstar can open it (the lock is released when the process ends, however
/// it ends).
#[derive(Debug)]
pub struct SaveSlot {
    path: PathBuf,
    /// Holds the advisory lock on [`lock_path`].
    _lock: File,
}

impl SaveSlot {
    /// Takes the save at `path` for this process: creates its folder, takes
    /// the lock (a second holder gets [`SaveError::Locked`]), removes the
    /// temporary files an interrupted write left, and proves the folder
    /// writable (write, fsync and remove a probe file).
    pub fn open(path: &Path) -> Result<SaveSlot, SaveError> {
        let dir = folder(path).to_path_buf();
        let not_writable = |cause| SaveError::NotWritable {
            dir: dir.clone(),
            cause,
        };
        if std::fs::metadata(&dir).is_ok_and(|m| !m.is_dir()) {
            // create_dir_all would say "File exists", which misleads.
            return Err(not_writable(io::Error::new(
                io::ErrorKind::NotADirectory,
                "it is a file, not a folder",
            )));
        }
        std::fs::create_dir_all(&dir).map_err(not_writable)?;
        let lock_file = lock_path(path);
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_file)
            .map_err(not_writable)?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(SaveError::Locked {
                    save: path.to_path_buf(),
                    lock: lock_file,
                });
            }
            Err(std::fs::TryLockError::Error(cause)) => {
                return Err(SaveError::Io {
                    file: lock_file,
                    cause,
                });
            }
        }
        let slot = SaveSlot {
            path: path.to_path_buf(),
            _lock: lock,
        };
        // Only this save's own leftovers (its temporary file and its
        // probe, both named after it and guarded by its lock): the folder
        // may hold other people's files (`--save ./x.replay`), and
        // `last.replay.tmp` may be another darkstar's write in progress
        // (watch writes last.replay without taking the save).
        for tmp in [tmp_path(path), probe_path(path)] {
            if std::fs::symlink_metadata(&tmp).is_ok_and(|m| m.is_file()) {
                std::fs::remove_file(&tmp).map_err(|cause| SaveError::Io { file: tmp, cause })?;
            }
        }
        probe(&probe_path(path)).map_err(not_writable)?;
        Ok(slot)
    }

    /// The save file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether there is a save file (anything at the path counts: a
    /// directory there is not ours to replace).
    pub fn exists(&self) -> bool {
        std::fs::symlink_metadata(&self.path).is_ok()
    }

    /// The saved game, checked completely (parsed, then played back once
    /// with every state hash compared) and restored to where it was
    /// saved; `None` if there is no save. An error names the file (and
    /// line); the file is never touched.
    pub fn load_checked(&self) -> Result<Option<CheckedSave>, SaveError> {
        match self.load_parsed()? {
            None => Ok(None),
            Some(replay) => self
                .check_with(replay, |_| ControlFlow::Continue(()))
                .map(Some),
        }
    }

    /// [`load_checked`](Self::load_checked), where a missing save is an
    /// error ("no saved game at PATH").
    pub fn load_existing(&self) -> Result<CheckedSave, SaveError> {
        self.load_checked()?
            .ok_or_else(|| SaveError::Missing(self.path.clone()))
    }

    /// The save parsed, not yet played back (so a caller can weigh it,
    /// e.g. against a memory cap, before [`check_with`](Self::check_with));
    /// `None` if there is no save.
    pub fn load_parsed(&self) -> Result<Option<Replay>, SaveError> {
        if !self.exists() {
            return Ok(None);
        }
        Replay::load(&self.path)
            .map(Some)
            .map_err(|cause| SaveError::Unreadable {
                save: self.path.clone(),
                cause,
            })
    }

    /// Plays `replay` (this slot's save) back once, checking every state
    /// hash, telling `progress` each turn reached (a break is
    /// [`SaveError::Interrupted`]): the game as it was saved.
    pub fn check_with(
        &self,
        replay: Replay,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<CheckedSave, SaveError> {
        let save = self.path.clone();
        let level = replay.level().map_err(|cause| SaveError::Unreadable {
            save: save.clone(),
            cause,
        })?;
        match replay.restore_on(&level, progress) {
            Ok(game) => Ok(CheckedSave {
                replay,
                level,
                game,
            }),
            Err(ReplayError::Desync(desync)) => Err(SaveError::Desync { save, desync }),
            Err(ReplayError::Interrupted { turn }) => Err(SaveError::Interrupted { save, turn }),
            Err(cause) => Err(SaveError::Unreadable { save, cause }),
        }
    }

    /// Moves the save to a dated backup beside it
    /// (`save.replay.2026-11-23T04-12-00Z.bak`), never over an existing
    /// file; returns the backup's path (`None` if there was no save).
    pub fn back_up(&self) -> Result<Option<PathBuf>, SaveError> {
        self.back_up_at(SystemTime::now())
    }

    /// [`back_up`](Self::back_up) as if the time were `now`.
    pub fn back_up_at(&self, now: SystemTime) -> Result<Option<PathBuf>, SaveError> {
        if !self.exists() {
            return Ok(None);
        }
        let io = |file: &Path| {
            let file = file.to_path_buf();
            move |cause| SaveError::Io { file, cause }
        };
        for n in 0u32.. {
            let backup = backup_path(&self.path, now, n);
            // A hard link fails if the name is taken, so no backup is ever
            // overwritten, even by a racing process; then the save's own
            // name goes.
            match std::fs::hard_link(&self.path, &backup) {
                Ok(()) => {
                    std::fs::remove_file(&self.path).map_err(io(&self.path))?;
                    return Ok(Some(backup));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(_) => {
                    // No hard links here (some file systems): a rename, after
                    // checking the name is free (we hold the save's lock).
                    if std::fs::symlink_metadata(&backup).is_ok() {
                        continue;
                    }
                    std::fs::rename(&self.path, &backup).map_err(io(&self.path))?;
                    return Ok(Some(backup));
                }
            }
        }
        unreachable!("u32 names run out before backups do")
    }

    /// Writes `replay` as the save, atomically.
    pub fn write(&self, replay: &Replay) -> Result<(), SaveError> {
        write_atomically(&self.path, &replay.to_text()).map_err(|cause| SaveError::Io {
            file: self.path.clone(),
            cause,
        })
    }

    /// Removes the save (the game it holds is over); no save is fine.
    pub fn remove(&self) -> Result<(), SaveError> {
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(SaveError::Io {
                file: self.path.clone(),
                cause: e,
            }),
            _ => Ok(()),
        }
    }

    /// Writes `replay` as `last.replay` beside the save; returns its path.
    /// Call it after [`write`](Self::write): a failure here must never cost
    /// the save.
    pub fn write_last_replay(&self, replay: &Replay) -> Result<PathBuf, SaveError> {
        write_last_replay(&self.path, replay)
    }
}

/// Writes `replay` as `last.replay` beside `save` (what `watch` leaves,
/// without taking the save); returns its path.
pub fn write_last_replay(save: &Path, replay: &Replay) -> Result<PathBuf, SaveError> {
    let path = last_replay_path(save);
    write_atomically(&path, &replay.to_text())
        .map(|()| path.clone())
        .map_err(|cause| SaveError::Io { file: path, cause })
}

/// The probe file beside `save` that proves its folder writable.
fn probe_path(save: &Path) -> PathBuf {
    suffixed(save, ".probe")
}

/// Writes, fsyncs and removes the probe file `probe`: what a save will
/// need. (A probe left by a process that died mid-check is removed by the
/// next [`SaveSlot::open`].)
fn probe(probe: &Path) -> io::Result<()> {
    let result = (|| {
        let mut f = File::create(probe)?;
        f.write_all(b"darkstar checks this folder is writable\n")?;
        f.sync_all()
    })();
    let removed = std::fs::remove_file(probe);
    result?;
    removed
}

/// The `n`th candidate name for a backup of `save` made at `now`:
/// `save.replay.2026-11-23T04-12-00Z.bak`, then `...Z-1.bak`, `...Z-2.bak`.
/// (No colons, which some file systems refuse.)
pub fn backup_path(save: &Path, now: SystemTime, n: u32) -> PathBuf {
    let secs = now
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    let stamp = format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    );
    let tail = if n == 0 {
        format!(".{stamp}.bak")
    } else {
        format!(".{stamp}-{n}.bak")
    };
    suffixed(save, &tail)
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard
/// Hinnant's algorithm; no date crate needed for one timestamp).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn backup_names_are_dated_in_utc() {
        let t = UNIX_EPOCH + Duration::from_secs(1_795_839_120); // 2026-11-28T04:12:00Z
        let save = Path::new("/d/save.replay");
        assert_eq!(
            backup_path(save, t, 0),
            Path::new("/d/save.replay.2026-11-28T04-12-00Z.bak")
        );
        assert_eq!(
            backup_path(save, t, 2),
            Path::new("/d/save.replay.2026-11-28T04-12-00Z-2.bak")
        );
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn an_empty_darkstar_save_means_unset() {
        let default = save_path_from(None);
        assert_eq!(save_path_from(Some("".into())), default);
        assert_eq!(
            save_path_from(Some("x.replay".into())),
            Path::new("x.replay")
        );
        assert!(default.ends_with("darkstar/save.replay"), "{default:?}");
    }
}
