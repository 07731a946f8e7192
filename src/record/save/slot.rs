//! A save held by this process: its lock, what an interrupted write left
//! cleared, its folder proved writable, and every write and removal
//! checked against the lock file on disk.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::atomic::{give_new_name, remove_stale_tmps, write_atomically, write_last_replay};
use super::backup::{backup_path, keep_aside};
use super::file::{SaveFile, file_id};
use super::{SaveError, folder, lock_path, suffixed};
use crate::record::replay::Replay;

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
        // Only this save's own leftovers (its probe, named after it and
        // guarded by its lock) and the temporary files of darkstar's own
        // files whose writers are gone: the folder may hold other people's
        // files (`--save ./x.replay`), and a live writer's temporary file
        // is a write in progress (watch writes last.replay, and a game
        // that ended its records, without taking this save).
        let probe_file = probe_path(path);
        if std::fs::symlink_metadata(&probe_file).is_ok_and(|m| m.is_file()) {
            std::fs::remove_file(&probe_file).map_err(|cause| SaveError::Io {
                file: probe_file.clone(),
                cause,
            })?;
        }
        remove_stale_tmps(path);
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
        // A hard link fails if the name is taken, so no backup is ever
        // overwritten, even by a racing process; then the save's own name
        // goes (already gone where there are no hard links: renamed).
        let io = |file: &Path| {
            let file = file.to_path_buf();
            move |cause| SaveError::Io { file, cause }
        };
        let backup = give_new_name(&self.path, &|n| backup_path(&self.path, now, n), 0)
            .map_err(io(&self.path))?;
        match std::fs::remove_file(&self.path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io(&self.path)(e)),
            _ => Ok(Some(backup)),
        }
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
