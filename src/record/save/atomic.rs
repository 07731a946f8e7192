//! Atomic writes (a temporary file beside the target, fsync, rename, the
//! folder synced) and `last.replay`, which any darkstar may write without
//! the save's lock, through a temporary file named after its process.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{SaveError, folder, last_replay_path, suffixed, tmp_path};
use crate::record::replay::Replay;

/// Writes `text` to `path` atomically (temporary file, fsync, rename).
/// On any error the file at `path`, if there was one, is untouched.
pub fn write_atomically(path: &Path, text: &str) -> io::Result<()> {
    write_atomically_via(path, &tmp_path(path), text)
}

/// [`write_atomically`] through the temporary file `tmp` (beside `path`).
pub(super) fn write_atomically_via(path: &Path, tmp: &Path, text: &str) -> io::Result<()> {
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

/// Writes `replay` as `last.replay` beside `save` (what `watch` leaves,
/// without taking the save), and keeps it in `replays/` with the games
/// before it (see [`super::keep_replay`]); returns `last.replay`'s path.
pub fn write_last_replay(save: &Path, replay: &Replay) -> Result<PathBuf, SaveError> {
    let path = last_replay_path(save);
    remove_stale_last_replay_tmps(save);
    let tmp = suffixed(&path, &format!(".{}.tmp", std::process::id()));
    write_atomically_via(&path, &tmp, &replay.to_text()).map_err(|cause| SaveError::Io {
        file: path.clone(),
        cause,
    })?;
    super::history::keep_replay(save, replay, std::time::SystemTime::now())?;
    Ok(path)
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
