//! Saves and records kept as texts by name ([`Keyed`]), in any store of
//! texts ([`KeyValue`]): a browser's `localStorage`, which has no files,
//! no locks and no clock of the core's. The names are those of the files
//! on disk, read and written as the files' texts are: `save.replay`,
//! `lessons/STEM.replay`, `lessons/won.txt`, `last.replay`,
//! `scores.txt`, `morgue/morgue-WHEN.txt`, and a backup as
//! `save.replay.WHEN.bak`.
//!
//! A key has no lock, so a taken save holds a lease instead: beside it,
//! `NAME.lock` says who took it and when it was last renewed. Another
//! page (a second tab is a second launch) is refused the save while the
//! lease is fresh ([`LEASE`]); a page that held it renews it while it
//! plays ([`renew_lease`]), and one that finds its lease taken over
//! writes its game aside, dated, rather than over the other's
//! ([`SaveError::LockLost`]), as a darkstar on disk does.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::storage::{SaveName, Storage};
use crate::content::lessons::{LESSONS, Lesson};
use crate::record::lessons::{with_won, won_of_text};
use crate::record::morgue::{Morgue, Recorded, played};
use crate::record::replay::Replay;
use crate::record::save::{SaveError, stamp};
use crate::record::scores::{MAX_SCORES_BYTES, Score, keep_best, parse_scores, scores_text};

/// A store of texts by name. Writing may fail (a browser's storage is
/// full), and says why; reading fails only as "there is none".
pub trait KeyValue {
    /// The text kept as `key`, if any.
    fn get(&self, key: &str) -> Option<String>;
    /// Keeps `text` as `key`, whole or not at all.
    fn set(&mut self, key: &str, text: &str) -> std::io::Result<()>;
    /// Forgets `key` (nothing if there is none).
    fn remove(&mut self, key: &str);
    /// The time now, for the dates of records and backups (the core
    /// reads no clock).
    fn now(&self) -> SystemTime;
}

/// A [`KeyValue`] in memory: what the tests keep, and what a page keeps
/// when the browser gives it no storage.
#[derive(Clone, Debug, Default)]
pub struct MemoryTexts {
    pub texts: std::collections::BTreeMap<String, String>,
    /// What `now` says.
    pub now: Option<SystemTime>,
    /// Larger texts than this are refused, as a full storage refuses them.
    pub room: Option<usize>,
}

impl KeyValue for MemoryTexts {
    fn get(&self, key: &str) -> Option<String> {
        self.texts.get(key).cloned()
    }

    fn set(&mut self, key: &str, text: &str) -> std::io::Result<()> {
        if self.room.is_some_and(|room| text.len() > room) {
            return Err(std::io::ErrorKind::StorageFull.into());
        }
        self.texts.insert(key.into(), text.into());
        Ok(())
    }

    fn remove(&mut self, key: &str) {
        self.texts.remove(key);
    }

    fn now(&self) -> SystemTime {
        self.now.unwrap_or(SystemTime::UNIX_EPOCH)
    }
}

/// The run's save, the lessons' saves and the records, kept in a
/// [`KeyValue`] under the names their files have on disk. One game
/// takes a save at a time, as on disk; unlike a file, a key has no lock,
/// so a second page on the same storage is refused only if the save
/// changed between its look and its take.
#[derive(Debug)]
pub struct Keyed<K: KeyValue> {
    texts: K,
    /// Who this is, in the leases it writes.
    owner: String,
    looked: Option<(SaveName, Option<String>)>,
    taken: Option<SaveName>,
}

/// How long a lease holds without being renewed: a page that stopped
/// (its tab killed) lets its save go after this.
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(10);

/// The lease beside the save `key`.
fn lease_key(key: &str) -> String {
    format!("{key}.lock")
}

/// A lease's text: its owner and when it was renewed (ms since 1970).
fn lease_text(owner: &str, now: SystemTime) -> String {
    let ms = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    format!("{owner} {ms}")
}

/// Who holds the lease `text` and since when (ms), if it reads.
fn read_lease(text: &str) -> Option<(&str, u128)> {
    let (owner, ms) = text.rsplit_once(' ')?;
    Some((owner, ms.parse().ok()?))
}

/// Renews `owner`'s lease on the save `name` in `texts`, if it still
/// holds it; false if another took it over (or it is gone).
pub fn renew_lease<K: KeyValue>(texts: &mut K, name: SaveName, owner: &str) -> bool {
    let lock = lease_key(&Keyed::<K>::key(name));
    match texts.get(&lock).as_deref().and_then(read_lease) {
        Some((held, _)) if held == owner => {
            let text = lease_text(owner, texts.now());
            texts.set(&lock, &text).is_ok()
        }
        _ => false,
    }
}

/// Where the last game played is kept.
pub const LAST_REPLAY: &str = "last.replay";
/// Where the scores are kept.
pub const SCORES: &str = "scores.txt";
/// Where the lessons won are listed.
pub const LESSONS_WON: &str = "lessons/won.txt";

impl<K: KeyValue> Keyed<K> {
    /// The saves in `texts`, taken (when taken) in the name of `owner`,
    /// which no other page sharing them uses.
    pub fn new(texts: K, owner: &str) -> Keyed<K> {
        Keyed {
            texts,
            owner: owner.to_string(),
            looked: None,
            taken: None,
        }
    }

    /// The lease beside the save `key`, held by another and still fresh.
    fn held_by_another(&self, key: &str) -> bool {
        let now = self
            .texts
            .now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis());
        self.texts
            .get(&lease_key(key))
            .as_deref()
            .and_then(read_lease)
            .is_some_and(|(owner, at)| {
                owner != self.owner && now.saturating_sub(at) < LEASE.as_millis()
            })
    }

    /// The store itself.
    pub fn texts(&self) -> &K {
        &self.texts
    }

    /// The name a save is kept under.
    pub fn key(name: SaveName) -> String {
        match name {
            SaveName::Run => "save.replay".into(),
            SaveName::Lesson(lesson) => format!("lessons/{}.replay", lesson.stem()),
        }
    }

    /// The scores kept, best first (the lines that cannot be read left
    /// out); none if a text too large to be scores is there.
    pub fn scores(&self) -> Vec<Score> {
        match self.texts.get(SCORES) {
            Some(text) if text.len() as u64 <= MAX_SCORES_BYTES => {
                parse_scores(text.as_bytes(), Path::new(SCORES)).list
            }
            _ => Vec::new(),
        }
    }

    /// Which lessons were won, in [`LESSONS`]' order.
    pub fn lessons_won(&self) -> [bool; LESSONS.len()] {
        self.texts
            .get(LESSONS_WON)
            .map_or([false; LESSONS.len()], |text| won_of_text(&text))
    }

    /// True if `name` has a save.
    pub fn has(&self, name: SaveName) -> bool {
        self.texts.get(&Self::key(name)).is_some()
    }

    fn taken(&self) -> Result<String, SaveError> {
        self.taken
            .map(Self::key)
            .ok_or_else(|| SaveError::Missing("no save taken".into()))
    }

    fn set(&mut self, key: &str, text: &str) -> Result<(), SaveError> {
        self.texts.set(key, text).map_err(|cause| SaveError::Io {
            file: key.into(),
            cause,
        })
    }

    /// A name for a new record `key_of(when, n)`, the first of n = 0, 1,
    /// ... not yet kept.
    fn new_key(&self, key_of: impl Fn(&str, u32) -> String) -> String {
        let when = stamp(self.texts.now());
        (0..)
            .map(|n| key_of(&when, n))
            .find(|key| self.texts.get(key).is_none())
            .expect("some name is free")
    }
}

/// `base` then `-001`, `-002`, ... for the `n`th name of one moment.
fn numbered(base: String, n: u32, ext: &str) -> String {
    match n {
        0 => format!("{base}.{ext}"),
        n => format!("{base}-{n:03}.{ext}"),
    }
}

impl<K: KeyValue> Storage for Keyed<K> {
    fn path_of(&self, name: SaveName) -> PathBuf {
        PathBuf::from(Self::key(name))
    }

    fn look(&mut self, name: SaveName) -> Result<Option<Replay>, SaveError> {
        let key = Self::key(name);
        let text = self.texts.get(&key);
        self.looked = Some((name, text.clone()));
        text.map(|text| {
            Replay::parse(&text, Path::new(&key)).map_err(|cause| SaveError::Unreadable {
                save: key.into(),
                cause,
            })
        })
        .transpose()
    }

    fn take(&mut self, name: SaveName) -> Result<(), SaveError> {
        let key = Self::key(name);
        let seen = match &self.looked {
            Some((looked, text)) if *looked == name => text.clone(),
            _ => None,
        };
        if self.held_by_another(&key) {
            return Err(SaveError::Locked {
                save: key.clone().into(),
                lock: lease_key(&key).into(),
            });
        }
        if self.texts.get(&key) != seen {
            return Err(SaveError::Changed { save: key.into() });
        }
        let lease = lease_text(&self.owner, self.texts.now());
        self.set(&lease_key(&key), &lease)?;
        self.taken = Some(name);
        Ok(())
    }

    fn back_up(&mut self) -> Result<Option<PathBuf>, SaveError> {
        let key = self.taken()?;
        let Some(text) = self.texts.get(&key) else {
            return Ok(None);
        };
        let backup = self.new_key(|when, n| numbered(format!("{key}.{when}"), n, "bak"));
        self.set(&backup, &text)?;
        self.texts.remove(&key);
        Ok(Some(backup.into()))
    }

    fn write(&mut self, replay: &Replay) -> Result<(), SaveError> {
        let key = self.taken()?;
        if !renew_lease(&mut self.texts, self.taken.expect("taken"), &self.owner) {
            // Another page took the save over (this one's lease ran out):
            // this game is kept aside, never over that one's.
            let aside = self.new_key(|when, n| numbered(format!("{key}.{when}.kept"), n, "replay"));
            let kept = self
                .set(&aside, &replay.to_text())
                .ok()
                .map(|()| aside.into());
            return Err(SaveError::LockLost {
                save: key.clone().into(),
                lock: lease_key(&key).into(),
                kept,
            });
        }
        self.set(&key, &replay.to_text())
    }

    fn remove(&mut self) -> Result<(), SaveError> {
        let key = self.taken()?;
        self.texts.remove(&key);
        Ok(())
    }

    fn release(&mut self) {
        if let Some(name) = self.taken.take() {
            let lock = lease_key(&Self::key(name));
            if self
                .texts
                .get(&lock)
                .as_deref()
                .and_then(read_lease)
                .map(|(o, _)| o)
                == Some(self.owner.as_str())
            {
                self.texts.remove(&lock);
            }
        }
    }

    fn write_last_replay(&mut self, replay: &Replay) -> Result<PathBuf, SaveError> {
        self.set(LAST_REPLAY, &replay.to_text())?;
        Ok(LAST_REPLAY.into())
    }

    fn record(&mut self, morgue: &Morgue, replay: &Replay) -> Recorded {
        let when = stamp(self.texts.now());
        let unranked = replay.unranked();
        let key = self.new_key(|when, n| numbered(format!("morgue/morgue-{when}"), n, "txt"));
        let morgue_kept = self
            .set(&key, &morgue.text(unranked.as_ref()))
            .map(|()| PathBuf::from(&key));
        let scores = match unranked {
            Some(_) => Ok(None),
            None => {
                let mut scores = self.scores();
                keep_best(&mut scores, morgue.score(&when, played(replay)));
                self.set(SCORES, &scores_text(&scores))
                    .map(|()| Some(Default::default()))
            }
        };
        Recorded {
            morgue: morgue_kept,
            scores,
            unranked,
        }
    }

    fn mark_won(&mut self, lesson: &'static Lesson) -> Result<(), SaveError> {
        match with_won(self.lessons_won(), lesson) {
            Some((_, text)) => self.set(LESSONS_WON, &text),
            None => Ok(()),
        }
    }
}
