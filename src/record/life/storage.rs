//! Where games are kept: the [`Storage`] trait, the files of a save on
//! disk ([`Files`]) and a storage in memory ([`MemoryStorage`]).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::SystemTime;

use crate::content::lessons::Lesson;
use crate::record::lessons::{lesson_save_path, lessons_dir, mark_won};
use crate::record::morgue::{Morgue, Recorded};
use crate::record::replay::Replay;
use crate::record::save::{SaveError, SaveFile, SaveSlot, Stamp};

/// Which save a game lives in: the run's, or a lesson's own (so that a
/// saved run is never in a lesson's way, nor it in the run's).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SaveName {
    Run,
    Lesson(&'static Lesson),
}

/// Where games are kept. Each method names the file it could not use in
/// its error. At most one save is taken at a time; the methods without a
/// [`SaveName`] are about the taken one.
pub trait Storage {
    /// Where the save `name` is, as messages name it.
    fn path_of(&self, name: SaveName) -> PathBuf;
    /// The save `name`, parsed, not played back (`None`: there is none).
    /// Touches nothing; refuses a save another darkstar holds.
    fn look(&mut self, name: SaveName) -> Result<Option<Replay>, SaveError>;
    /// Takes the save `name` for this game (one game per save), refusing
    /// it ([`SaveError::Changed`]) if it changed since [`look`](Self::look).
    fn take(&mut self, name: SaveName) -> Result<(), SaveError>;
    /// Moves the taken save aside, to a backup; where it went (`None`: there
    /// was none).
    fn back_up(&mut self) -> Result<Option<PathBuf>, SaveError>;
    /// Writes `replay` as the taken save, whole or not at all.
    fn write(&mut self, replay: &Replay) -> Result<(), SaveError>;
    /// Removes the taken save (a finished game leaves none).
    fn remove(&mut self) -> Result<(), SaveError>;
    /// Lets the taken save go (another darkstar may take it now).
    fn release(&mut self);
    /// Keeps `replay` as the last game played (whatever save it is in);
    /// where it went.
    fn write_last_replay(&mut self, replay: &Replay) -> Result<PathBuf, SaveError>;
    /// A finished game's record: its morgue file and its line in the
    /// scores.
    fn record(&mut self, morgue: &Morgue, replay: &Replay) -> Recorded;
    /// Marks `lesson` won, for the title screen.
    fn mark_won(&mut self, lesson: &'static Lesson) -> Result<(), SaveError>;
}

/// The files of a save on disk: the save (the run's, or with
/// `lessons_apart` a lesson's own under `lessons/` beside it), its lock,
/// and the records beside it (`last.replay`, `replays/`, `morgue/`,
/// `scores.txt`). See [`crate::record::save`].
#[derive(Debug)]
pub struct Files {
    /// The run's save; the records go beside it.
    records: PathBuf,
    /// A lesson keeps its own save beside the run's (false: an explicit
    /// `--save FILE` holds whatever game is played).
    lessons_apart: bool,
    looked: Option<(SaveName, Option<Stamp>)>,
    slot: Option<SaveSlot>,
}

impl Files {
    /// The save at `records` and the records beside it; a lesson's save
    /// under `lessons/` beside it when `lessons_apart`.
    pub fn new(records: PathBuf, lessons_apart: bool) -> Files {
        Files {
            records,
            lessons_apart,
            looked: None,
            slot: None,
        }
    }

    fn slot(&self) -> Result<&SaveSlot, SaveError> {
        self.slot
            .as_ref()
            .ok_or_else(|| SaveError::Missing(self.records.clone()))
    }
}

impl Storage for Files {
    fn path_of(&self, name: SaveName) -> PathBuf {
        match name {
            SaveName::Lesson(lesson) if self.lessons_apart => {
                lesson_save_path(&self.records, lesson)
            }
            _ => self.records.clone(),
        }
    }

    fn look(&mut self, name: SaveName) -> Result<Option<Replay>, SaveError> {
        let file = SaveFile::at(&self.path_of(name))?;
        self.looked = Some((name, file.stamp()));
        file.load_parsed()
    }

    fn take(&mut self, name: SaveName) -> Result<(), SaveError> {
        let path = self.path_of(name);
        let slot = SaveFile::at(&path)?.take()?;
        let seen = match self.looked {
            Some((looked, stamp)) if looked == name => stamp,
            _ => None,
        };
        if slot.stamp() != seen {
            return Err(SaveError::Changed { save: path });
        }
        self.slot = Some(slot);
        Ok(())
    }

    fn back_up(&mut self) -> Result<Option<PathBuf>, SaveError> {
        self.slot()?.back_up()
    }

    fn write(&mut self, replay: &Replay) -> Result<(), SaveError> {
        self.slot()?.write(replay)
    }

    fn remove(&mut self) -> Result<(), SaveError> {
        self.slot()?.remove()
    }

    fn release(&mut self) {
        self.slot = None;
    }

    fn write_last_replay(&mut self, replay: &Replay) -> Result<PathBuf, SaveError> {
        crate::record::save::write_last_replay(&self.records, replay)
    }

    fn record(&mut self, morgue: &Morgue, replay: &Replay) -> Recorded {
        crate::record::morgue::record(&self.records, morgue, replay, SystemTime::now())
    }

    fn mark_won(&mut self, lesson: &'static Lesson) -> Result<(), SaveError> {
        mark_won(&self.records, lesson).map_err(|cause| SaveError::Io {
            file: lessons_dir(&self.records),
            cause,
        })
    }
}

/// Saves and records kept in memory: a model of a [`Storage`] (a
/// browser's keeps its files as this keeps its map), and the one the
/// life cycle's tests use. A write may be made to fail, as a full disk
/// fails, and every change is listed in order.
#[derive(Debug, Default)]
pub struct MemoryStorage {
    saves: BTreeMap<String, Replay>,
    taken: Option<SaveName>,
    /// Games moved aside by a new one, oldest first.
    pub backups: Vec<Replay>,
    /// The last game played.
    pub last: Option<Replay>,
    /// Finished games recorded (their morgue's text), oldest first.
    pub records: Vec<String>,
    /// Lessons marked won.
    pub won: Vec<&'static Lesson>,
    /// While true, writing the save fails as on a full disk.
    pub full: bool,
    /// What was done, in order ("take", "write", "release", ...).
    pub done: Vec<&'static str>,
}

impl MemoryStorage {
    fn key(name: SaveName) -> String {
        match name {
            SaveName::Run => "save.replay".into(),
            SaveName::Lesson(lesson) => format!("lessons/{}.replay", lesson.stem()),
        }
    }

    /// The save `name` as kept now.
    pub fn save(&self, name: SaveName) -> Option<&Replay> {
        self.saves.get(&Self::key(name))
    }

    /// Puts `replay` in the save `name` (what an earlier game left).
    pub fn put(&mut self, name: SaveName, replay: Replay) {
        self.saves.insert(Self::key(name), replay);
    }

    fn taken(&self) -> Result<String, SaveError> {
        self.taken
            .map(Self::key)
            .ok_or_else(|| SaveError::Missing("no save taken".into()))
    }
}

impl Storage for MemoryStorage {
    fn path_of(&self, name: SaveName) -> PathBuf {
        PathBuf::from(Self::key(name))
    }

    fn look(&mut self, name: SaveName) -> Result<Option<Replay>, SaveError> {
        self.done.push("look");
        Ok(self.save(name).cloned())
    }

    fn take(&mut self, name: SaveName) -> Result<(), SaveError> {
        self.done.push("take");
        self.taken = Some(name);
        Ok(())
    }

    fn back_up(&mut self) -> Result<Option<PathBuf>, SaveError> {
        self.done.push("back up");
        let key = self.taken()?;
        Ok(self.saves.remove(&key).map(|replay| {
            self.backups.push(replay);
            PathBuf::from(format!("{key}.{}.bak", self.backups.len()))
        }))
    }

    fn write(&mut self, replay: &Replay) -> Result<(), SaveError> {
        let key = self.taken()?;
        if self.full {
            self.done.push("write failed");
            return Err(SaveError::Io {
                file: key.into(),
                cause: std::io::Error::from(std::io::ErrorKind::StorageFull),
            });
        }
        self.done.push("write");
        self.saves.insert(key, replay.clone());
        Ok(())
    }

    fn remove(&mut self) -> Result<(), SaveError> {
        self.done.push("remove");
        let key = self.taken()?;
        self.saves.remove(&key);
        Ok(())
    }

    fn release(&mut self) {
        self.done.push("release");
        self.taken = None;
    }

    fn write_last_replay(&mut self, replay: &Replay) -> Result<PathBuf, SaveError> {
        self.done.push("last replay");
        self.last = Some(replay.clone());
        Ok("last.replay".into())
    }

    fn record(&mut self, morgue: &Morgue, replay: &Replay) -> Recorded {
        self.done.push("record");
        self.records.push(morgue.text(replay.unranked().as_ref()));
        Recorded {
            morgue: Ok(PathBuf::from(format!("morgue/{}.txt", self.records.len()))),
            scores: Ok(None),
            unranked: replay.unranked(),
        }
    }

    fn mark_won(&mut self, lesson: &'static Lesson) -> Result<(), SaveError> {
        self.done.push("mark won");
        self.won.push(lesson);
        Ok(())
    }
}
