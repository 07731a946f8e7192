//! Saves: a saved game is its replay (level, seed, every command, state
//! hashes), so resuming replays it to the very same state, and a resumed
//! game's hashes equal an uninterrupted one's. Written atomically: to a
//! temporary file beside the save, flushed to disk, then renamed over it,
//! so a crash mid-write leaves the old save whole.
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
//! `last.replay` is written by any darkstar (watch too) without the save's
//! lock, so each writes it through a temporary file named after its own
//! process (`last.replay.PID.tmp`); one whose process is gone (killed
//! mid-write) is removed when a save is next taken or a replay written.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use std::ops::ControlFlow;

use crate::content::level::Level;
use crate::content::textfile::escape_path;
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
    write_atomically_via(path, &tmp_path(path), text)
}

/// [`write_atomically`] through the temporary file `tmp` (beside `path`).
fn write_atomically_via(path: &Path, tmp: &Path, text: &str) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let result = (|| {
        let mut f = File::create(tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(tmp, path)?;
        // Make the rename itself durable where the platform allows.
        if let Ok(d) = File::open(folder(path)) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(tmp);
    }
    result
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

/// A save file looked at, not taken: reading it and checking it touch
/// nothing on disk (no folder made, no lock file created, nothing
/// removed), so every way a game can be refused is tried before it
/// touches anything. [`take`](Self::take) makes it this process's
/// [`SaveSlot`].
#[derive(Debug, Clone)]
pub struct SaveFile {
    path: PathBuf,
}

/// What identifies a save's contents on disk without reading it: its
/// file's device and inode, size and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    id: (u64, u64),
    len: u64,
    modified: Option<SystemTime>,
}

impl SaveFile {
    /// Looks at the save at `path`, refusing at once what would refuse it
    /// later, without creating or locking anything: a folder that is a
    /// file ([`SaveError::NotWritable`]), and a save held by another
    /// darkstar ([`SaveError::Locked`]).
    pub fn at(path: &Path) -> Result<SaveFile, SaveError> {
        let dir = folder(path);
        // The nearest part of the folder's path that exists must be a
        // folder (create_dir_all would say "File exists", which misleads).
        if let Some(existing) = dir.ancestors().find(|d| std::fs::metadata(d).is_ok())
            && !existing.is_dir()
        {
            return Err(SaveError::NotWritable {
                dir: dir.to_path_buf(),
                cause: io::Error::new(
                    io::ErrorKind::NotADirectory,
                    format!("{} is a file, not a folder", existing.display()),
                ),
            });
        }
        // Held by another process? Opened, not created; a lock taken here
        // is released at once.
        let lock_file = lock_path(path);
        if let Ok(lock) = File::open(&lock_file)
            && let Err(std::fs::TryLockError::WouldBlock) = lock.try_lock()
        {
            return Err(SaveError::Locked {
                save: path.to_path_buf(),
                lock: lock_file,
            });
        }
        Ok(SaveFile {
            path: path.to_path_buf(),
        })
    }

    /// Takes the save for this process ([`SaveSlot::open`]).
    pub fn take(self) -> Result<SaveSlot, SaveError> {
        SaveSlot::open(&self.path)
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

    /// The save's [`Stamp`] now (`None`: no save), to tell later whether
    /// it changed since it was read.
    pub fn stamp(&self) -> Option<Stamp> {
        let m = std::fs::symlink_metadata(&self.path).ok()?;
        Some(Stamp {
            id: file_id(&m),
            len: m.len(),
            modified: m.modified().ok(),
        })
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

    /// Plays `replay` (this save) back once, checking every state hash,
    /// telling `progress` each turn reached (a break is
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
}

/// A file's device and inode (what tells two files apart, whatever their
/// names); on platforms without them, nothing (every file alike).
fn file_id(m: &std::fs::Metadata) -> (u64, u64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (m.dev(), m.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        (0, 0)
    }
}

/// One save file, held by this process: while the slot lives, no other
/// darkstar can open it (the lock is released when the process ends, however
/// it ends). Reading goes through the [`SaveFile`] it derefs to.
#[derive(Debug)]
pub struct SaveSlot {
    file: SaveFile,
    /// Holds the advisory lock on [`lock_path`].
    _lock: File,
    /// The lock file's device and inode when it was taken: if the file at
    /// [`lock_path`] is not this one any more, the lock guards nothing.
    lock_id: (u64, u64),
}

impl std::ops::Deref for SaveSlot {
    type Target = SaveFile;
    fn deref(&self) -> &SaveFile {
        &self.file
    }
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
        let lock_id = lock
            .metadata()
            .map(|m| file_id(&m))
            .map_err(|cause| SaveError::Io {
                file: lock_file.clone(),
                cause,
            })?;
        let slot = SaveSlot {
            file: SaveFile {
                path: path.to_path_buf(),
            },
            _lock: lock,
            lock_id,
        };
        // Only this save's own leftovers (its temporary file and its
        // probe, both named after it and guarded by its lock): the folder
        // may hold other people's files (`--save ./x.replay`). Of
        // last.replay's temporary files, only those of processes that are
        // gone: a live one's is a write in progress (watch writes
        // last.replay without taking the save).
        for tmp in [tmp_path(path), probe_path(path)] {
            if std::fs::symlink_metadata(&tmp).is_ok_and(|m| m.is_file()) {
                std::fs::remove_file(&tmp).map_err(|cause| SaveError::Io { file: tmp, cause })?;
            }
        }
        remove_stale_last_replay_tmps(path);
        probe(&probe_path(path)).map_err(not_writable)?;
        Ok(slot)
    }

    /// True while the file at [`lock_path`] is the one this slot locked.
    /// Someone who deletes it lets a second darkstar take the save (it
    /// creates and locks a new file); from then on this slot must not
    /// write or remove the save.
    pub fn holds_lock(&self) -> bool {
        std::fs::symlink_metadata(lock_path(&self.file.path))
            .is_ok_and(|m| file_id(&m) == self.lock_id)
    }

    /// [`SaveError::LockLost`] unless [`holds_lock`](Self::holds_lock),
    /// having kept `replay` (if any) in a dated file beside the save.
    fn check_lock(&self, replay: Option<&Replay>) -> Result<(), SaveError> {
        if self.holds_lock() {
            return Ok(());
        }
        let kept = match replay {
            None => None,
            Some(replay) => Some(keep_aside(&self.file.path, replay)?),
        };
        Err(SaveError::LockLost {
            save: self.file.path.clone(),
            lock: lock_path(&self.file.path),
            kept,
        })
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

    /// Writes `replay` as the save, atomically, if this slot still holds
    /// the save's lock; otherwise keeps it in a dated file beside the save
    /// and says so ([`SaveError::LockLost`]).
    pub fn write(&self, replay: &Replay) -> Result<(), SaveError> {
        self.check_lock(Some(replay))?;
        write_atomically(&self.path, &replay.to_text()).map_err(|cause| SaveError::Io {
            file: self.path.clone(),
            cause,
        })
    }

    /// Removes the save (the game it holds is over); no save is fine. Not
    /// if the lock was lost: the save may be another game's by now.
    pub fn remove(&self) -> Result<(), SaveError> {
        self.check_lock(None)?;
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
    remove_stale_last_replay_tmps(save);
    let tmp = suffixed(&path, &format!(".{}.tmp", std::process::id()));
    write_atomically_via(&path, &tmp, &replay.to_text())
        .map(|()| path.clone())
        .map_err(|cause| SaveError::Io { file: path, cause })
}

/// Removes the temporary files of `last.replay` beside `save` whose
/// writers are gone: `last.replay.PID.tmp` of a process that no longer
/// runs (killed mid-write), and `last.replay.tmp` (what versions before
/// the per-process names wrote). Best effort: what cannot be removed
/// stays, and harms nothing.
pub fn remove_stale_last_replay_tmps(save: &Path) {
    let Ok(entries) = std::fs::read_dir(folder(save)) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(middle) = name
            .to_str()
            .and_then(|n| n.strip_prefix("last.replay."))
            .and_then(|n| n.strip_suffix("tmp"))
        else {
            continue;
        };
        let stale = match middle.strip_suffix('.') {
            None => middle.is_empty(),
            Some(pid) => pid.parse::<u32>().is_ok_and(|pid| !process_runs(pid)),
        };
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether a process with this id runs (on platforms where that cannot be
/// asked, taken to be so: its file is then left).
fn process_runs(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = i32::try_from(pid) else {
            return false;
        };
        if pid <= 0 {
            return false;
        }
        // SAFETY: signal 0 sends nothing; it only asks whether the
        // process exists (EPERM: it does, under another user).
        unsafe {
            libc::kill(pid, 0) == 0
                || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
        }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Keeps `replay` in a new dated file beside `save` (the name a backup
/// would have, never over an existing file): where a game goes that may
/// not be written as the save.
fn keep_aside(save: &Path, replay: &Replay) -> Result<PathBuf, SaveError> {
    let now = SystemTime::now();
    for n in 0u32.. {
        let kept = backup_path(save, now, n);
        if std::fs::symlink_metadata(&kept).is_ok() {
            continue;
        }
        write_atomically(&kept, &replay.to_text()).map_err(|cause| SaveError::Io {
            file: kept.clone(),
            cause,
        })?;
        return Ok(kept);
    }
    unreachable!("u32 names run out before backups do")
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
