//! The last games kept: every game's replay also goes into `replays/`
//! beside the save, named by when it was written
//! (`game-2026-11-23T04-12-00Z-000.replay`, names that sort by time), and
//! the oldest beyond [`KEPT_REPLAYS`] are removed. `last.replay` is the
//! newest; these are the ones before it too.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::SaveError;
use super::atomic::write_new;
use super::backup::stamp;
use crate::record::replay::Replay;

/// Games kept in `replays/`.
pub const KEPT_REPLAYS: usize = 10;

/// The folder of kept games beside `save`.
pub fn replays_dir(save: &Path) -> PathBuf {
    save.with_file_name("replays")
}

/// Keeps `replay` in `replays/` beside `save` under a new name for `now`
/// (claimed atomically: two games ending in the same second never share
/// one), then removes the oldest kept games beyond [`KEPT_REPLAYS`];
/// returns where it went.
pub fn keep_replay(save: &Path, replay: &Replay, now: SystemTime) -> Result<PathBuf, SaveError> {
    let dir = replays_dir(save);
    let stamp = stamp(now);
    let name = |n: u32| dir.join(format!("game-{stamp}-{n:03}.replay"));
    // Past the last name of this second already taken, never into a gap
    // the pruning left: a game named before the others of its second
    // would sort as the oldest and be pruned at once.
    let prefix = format!("game-{stamp}-");
    let start = kept_replays(&dir)
        .iter()
        .filter_map(|p| {
            let n = p.file_name()?.to_str()?.strip_prefix(&prefix)?;
            n.strip_suffix(".replay")?.parse::<u32>().ok()
        })
        .max()
        .map_or(0, |n| n.saturating_add(1));
    let path = write_new(name, start, replay.to_text().as_bytes())?;
    prune(&dir);
    Ok(path)
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
