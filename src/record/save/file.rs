//! A save looked at, not taken: every check that can refuse a game, made
//! without creating, locking or removing anything.

use std::fs::File;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use super::{CheckedSave, SaveError, SaveSlot, folder, lock_path};
use crate::record::replay::{Progress, Replay, ReplayError};

/// How long [`SaveFile::at`] waits for another darkstar to let a save go
/// before refusing it: a darkstar whose window was closed notices within
/// a few hundredths of a second, saves (an fsync or two) and lets go;
/// one still playing never does, and is refused this much later.
pub const LOCK_GRACE: Duration = Duration::from_secs(1);

/// A save file looked at, not taken: reading it and checking it touch
/// nothing on disk (no folder made, no lock file created, nothing
/// removed), so every way a game can be refused is tried before it
/// touches anything. [`take`](Self::take) makes it this process's
/// [`SaveSlot`].
#[derive(Debug, Clone)]
pub struct SaveFile {
    pub(super) path: PathBuf,
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
    /// darkstar ([`SaveError::Locked`]) that does not let it go within
    /// [`LOCK_GRACE`].
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
        // is released at once. A holder that is just ending (its window
        // was closed, and it is saving) lets go within moments: waited
        // for, so darkstar run again at once is not refused for it.
        let lock_file = lock_path(path);
        if let Ok(lock) = File::open(&lock_file) {
            let start = Instant::now();
            while let Err(std::fs::TryLockError::WouldBlock) = lock.try_lock() {
                if start.elapsed() >= LOCK_GRACE {
                    return Err(SaveError::Locked {
                        save: path.to_path_buf(),
                        lock: lock_file,
                    });
                }
                std::thread::sleep(Duration::from_millis(10));
            }
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
        check_save(&self.path, replay, progress)
    }
}

/// Plays `replay`, the save at `save`, back once, checking every state
/// hash and telling `progress` each turn reached (a break is
/// [`SaveError::Interrupted`]): the game as it was saved. Errors name
/// `save`; nothing is read or touched.
pub fn check_save(
    save: &Path,
    replay: Replay,
    progress: impl FnMut(Progress) -> ControlFlow<()>,
) -> Result<CheckedSave, SaveError> {
    let save = save.to_path_buf();
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

/// A file's device and inode (what tells two files apart, whatever their
/// names); on platforms without them, nothing (every file alike).
pub(super) fn file_id(m: &std::fs::Metadata) -> (u64, u64) {
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
