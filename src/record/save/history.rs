//! The last games kept: every game's replay also goes into `replays/`
//! beside the save, named by when it was written
//! (`game-2026-11-23T04-12-00Z-000.replay`, names that sort by time), and
//! the oldest beyond [`KEPT_REPLAYS`] are removed. `last.replay` is the
//! newest; these are the ones before it too.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::SaveError;
use super::atomic::write_atomically;
use super::backup::stamp;
use crate::record::replay::Replay;

/// Games kept in `replays/`.
pub const KEPT_REPLAYS: usize = 10;

/// The folder of kept games beside `save`.
pub fn replays_dir(save: &Path) -> PathBuf {
    save.with_file_name("replays")
}

/// Keeps `replay` in `replays/` beside `save` under a new name for `now`,
/// then removes the oldest kept games beyond [`KEPT_REPLAYS`]; returns
/// where it went.
pub fn keep_replay(save: &Path, replay: &Replay, now: SystemTime) -> Result<PathBuf, SaveError> {
    let dir = replays_dir(save);
    let stamp = stamp(now);
    let text = replay.to_text();
    for n in 0u32.. {
        let path = dir.join(format!("game-{stamp}-{n:03}.replay"));
        if std::fs::symlink_metadata(&path).is_ok() {
            continue;
        }
        write_atomically(&path, &text).map_err(|cause| SaveError::Io {
            file: path.clone(),
            cause,
        })?;
        prune(&dir);
        return Ok(path);
    }
    unreachable!("u32 names run out before games do")
}

/// The kept games in `dir`, oldest first.
pub fn kept_replays(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut kept: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("game-") && n.ends_with(".replay"))
        })
        .collect();
    kept.sort();
    kept
}

/// Removes the oldest kept games beyond [`KEPT_REPLAYS`] (best effort:
/// one that cannot be removed stays, and harms nothing).
fn prune(dir: &Path) {
    let kept = kept_replays(dir);
    let extra = kept.len().saturating_sub(KEPT_REPLAYS);
    for old in &kept[..extra] {
        let _ = std::fs::remove_file(old);
    }
}
