//! Dated names beside a save: where `--new` moves an old save, where a
//! game is kept that may not be written as the save, and where unreadable
//! scores are set aside.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::atomic::write_new;
use super::{SaveError, suffixed};
use crate::record::replay::Replay;

/// Keeps `replay` in a new dated file beside `save` (the name a backup
/// would have, claimed atomically, never over an existing file): where a
/// game goes that may not be written as the save.
pub(super) fn keep_aside(save: &Path, replay: &Replay) -> Result<PathBuf, SaveError> {
    let now = SystemTime::now();
    write_new(
        |n| backup_path(save, now, n),
        0,
        replay.to_text().as_bytes(),
    )
}

/// The `n`th candidate name for a backup of `save` made at `now`:
/// `save.replay.2026-11-23T04-12-00Z.bak`, then `...Z-1.bak`, `...Z-2.bak`.
/// (No colons, which some file systems refuse.)
pub fn backup_path(save: &Path, now: SystemTime, n: u32) -> PathBuf {
    dated_path(save, now, n, "bak")
}

/// The `n`th candidate for a dated copy of `file` made at `now`, ending in
/// `.{ext}`: `scores.txt.2026-11-23T04-12-00Z.bad`, then `...Z-1.bad`.
pub fn dated_path(file: &Path, now: SystemTime, n: u32, ext: &str) -> PathBuf {
    let stamp = stamp(now);
    let tail = if n == 0 {
        format!(".{stamp}.{ext}")
    } else {
        format!(".{stamp}-{n}.{ext}")
    };
    suffixed(file, &tail)
}

/// `now` as `2026-11-23T04-12-00Z` (UTC, no colons, sorting as it reads).
pub(crate) fn stamp(now: SystemTime) -> String {
    let secs = now
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
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
}
