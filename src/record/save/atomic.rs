//! Atomic writes (a temporary file beside the target, fsync, rename, the
//! folder synced), new files under names claimed atomically (a hard link,
//! which fails on a taken name), and the removal of what writers that are
//! gone left behind.
//!
//! Every file beside a save may be written by several darkstars at once
//! (`last.replay`, `scores.txt`, `morgue/`, `replays/`: games ending
//! together, a watch beside a game), so each writer writes through a
//! temporary file of its own, named after its process
//! (`scores.txt.PID.tmp`), and within a process writes are taken one at a
//! time. A temporary file whose process is gone (killed mid-write) is
//! removed when a save is next taken or a record written.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{SaveError, folder, last_replay_path, suffixed};
use crate::content::textfile::escape_path;
use crate::record::replay::Replay;

/// Writes within this process, one at a time: the temporary names are
/// per process, so two threads writing the same file (or claiming names
/// from the same first candidate) must not share one at the same moment.
static WRITES: Mutex<()> = Mutex::new(());

fn one_writer() -> std::sync::MutexGuard<'static, ()> {
    // A writer that panicked left no state behind worth refusing for.
    WRITES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The temporary file this process writes `path` through: beside it,
/// named after the process (`scores.txt.1234.tmp`).
pub fn tmp_path(path: &Path) -> PathBuf {
    suffixed(path, &format!(".{}.tmp", std::process::id()))
}

/// Writes `text` to `path` atomically (this process's temporary file,
/// fsync, rename). On any error the file at `path`, if there was one, is
/// untouched.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    make_folder_of(path)?;
    let _one = one_writer();
    let tmp = tmp_path(path);
    let result = (|| {
        write_synced(&tmp, text.as_bytes())?;
        std::fs::rename(&tmp, path)?;
        sync_folder(path);
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes `bytes` to a new file under the first of `name(start)`,
/// `name(start + 1)`, ... that is free, never over an existing file, even
/// one another process makes at the same moment; returns its name. The
/// file is whole from the moment it has the name: it is written and
/// fsynced as this process's temporary file, then hard-linked to the name
/// (a link fails on a taken name). Where the file system has no hard
/// links, the name is claimed by creating it exclusively (`O_EXCL`) and
/// the temporary file renamed onto it. Errors name the first candidate.
pub fn write_new(
    name: impl Fn(u32) -> PathBuf,
    start: u32,
    bytes: &[u8],
) -> Result<PathBuf, SaveError> {
    let first = name(start);
    let io = |cause| SaveError::Io {
        file: first.clone(),
        cause,
    };
    make_folder_of(&first).map_err(io)?;
    let _one = one_writer();
    let tmp = tmp_path(&first);
    let claimed = write_synced(&tmp, bytes).and_then(|()| give_new_name(&tmp, &name, start));
    // After a link the temporary name is left over; after a rename it is
    // gone already.
    let _ = std::fs::remove_file(&tmp);
    let path = claimed.map_err(io)?;
    sync_folder(&path);
    Ok(path)
}

/// Gives the file `existing` the first free name of `name(start)`,
/// `name(start + 1)`, ..., atomically, never over a file: a hard link
/// (`existing` keeps its name too), or where the file system has none the
/// name claimed exclusively and `existing` renamed onto it (its old name
/// is then gone). Returns the new name.
pub(crate) fn give_new_name(
    existing: &Path,
    name: &impl Fn(u32) -> PathBuf,
    start: u32,
) -> io::Result<PathBuf> {
    for n in start..=u32::MAX {
        let path = name(n);
        let linked = match std::fs::hard_link(existing, &path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => e,
        };
        // No hard links here (some file systems): claim the name
        // exclusively, then rename the written file onto it.
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {
                return std::fs::rename(existing, &path)
                    .map(|()| path.clone())
                    .inspect_err(|_| {
                        let _ = std::fs::remove_file(&path);
                    });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => return Err(linked),
        }
    }
    Err(io::Error::other("every name is taken"))
}

/// Creates `path`, writes `bytes` and flushes them to disk.
fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Makes the rename or link that named `path` durable where the platform
/// allows (best effort: the file itself is already on disk).
fn sync_folder(path: &Path) {
    if let Ok(d) = File::open(folder(path)) {
        let _ = d.sync_all();
    }
}

/// Creates the folder `path` is in, if need be. A folder that is a file
/// is said to be one, naming it (`create_dir_all` would say "File exists",
/// which reads as if the file being written were in the way).
pub(crate) fn make_folder_of(path: &Path) -> io::Result<()> {
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(());
    };
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(io::Error::new(
            io::ErrorKind::NotADirectory,
            format!("{} is a file, not a folder", escape_path(dir)),
        ));
    }
    std::fs::create_dir_all(dir)
}

/// Writes `replay` as `last.replay` beside `save` (what `watch` leaves,
/// without taking the save), and keeps it in `replays/` with the games
/// before it (see [`super::keep_replay`]); returns `last.replay`'s path.
pub fn write_last_replay(save: &Path, replay: &Replay) -> Result<PathBuf, SaveError> {
    let path = last_replay_path(save);
    remove_stale_tmps(save);
    write_atomically(&path, &replay.to_text()).map_err(|cause| SaveError::Io {
        file: path.clone(),
        cause,
    })?;
    super::history::keep_replay(save, replay, std::time::SystemTime::now())?;
    Ok(path)
}

/// Removes what writers that are gone left beside `save`: the temporary
/// files `NAME.PID.tmp` of processes that no longer run (killed
/// mid-write), and `NAME.tmp` (the one name every process shared before
/// the per-process names), for the files darkstar writes there: the save
/// and its dated copies, `last.replay`, `scores.txt` and its set-aside
/// lines, and everything in `morgue/` and `replays/`. A live process's
/// file is a write in progress, and files of other names are not ours:
/// both stay. Best effort: what cannot be removed stays, and harms
/// nothing.
pub fn remove_stale_tmps(save: &Path) {
    let Some(save_name) = save.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    remove_stale_in(folder(save), |name| {
        [save_name, "last.replay", "scores.txt"]
            .iter()
            .any(|own| name == *own || name.starts_with(&format!("{own}.")))
    });
    remove_stale_in(&crate::record::morgue::morgue_dir(save), |name| {
        name.starts_with("morgue-")
    });
    remove_stale_in(&super::replays_dir(save), |name| name.starts_with("game-"));
}

/// [`remove_stale_tmps`] in one folder, for the files `ours` names.
fn remove_stale_in(dir: &Path, ours: impl Fn(&str) -> bool) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(written) = name.to_str().and_then(|n| n.strip_suffix(".tmp")) else {
            continue;
        };
        // `NAME.PID` of a process that is gone, or the shared `NAME`.
        let (target, stale) = match written.rsplit_once('.') {
            Some((target, pid)) if !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()) => (
                target,
                pid.parse::<u32>().is_ok_and(|pid| !process_runs(pid)),
            ),
            _ => (written, true),
        };
        if stale && ours(target) && entry.file_type().is_ok_and(|t| t.is_file()) {
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
