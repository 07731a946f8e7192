//! A game's life cycle, from the save looked at to the records a finished
//! game leaves: which save a game lives in, whether it is resumed or a
//! new game starts (and the old one is backed up), the save written as
//! the game is played, what ending a session does (a quit whose save
//! cannot be written keeps the player in the game; a finished game leaves
//! no save, but its record; `n` on the end screen starts the next game in
//! the same save), and what is said about each. Everything it keeps goes
//! through a [`Storage`]: [`Files`] here (the save, its lock, the records
//! beside it), a browser's storage elsewhere; so every decision is tested
//! without a terminal or a disk.
//!
//! The steps are types, so they come in order: [`Life::look`] reads the
//! save and takes nothing ([`Looked`]: the caller may weigh it against a
//! memory cap); [`Looked::check`] plays it back, every hash checked
//! ([`Checked`]); [`Checked::decide`] says whether it is resumed or a new
//! game starts, refusing what the player did not ask for ([`Decided`]);
//! [`Decided::take`] takes the save (its lock) only then, as the
//! terminal is there and every check has passed ([`Life`]). The caller
//! makes the game itself (it knows levels and screens), then tells the
//! life cycle ([`Life::started`]), lets it [`keep`](Life::keep) the game
//! as it is played, and [`end`](Life::end)s the session.
//!
//! ```
//! use darkstar::record::life::{After, Ending, Life, MemoryStorage, SaveName, Start, Wish};
//!
//! // A first game: nothing saved, so a new game starts.
//! let decided = Life::look(MemoryStorage::default(), SaveName::Run)?
//!     .check(|_| std::ops::ControlFlow::Continue(()))?
//!     .decide(&Wish::default())?;
//! let (mut life, start) = decided.take()?;
//! assert!(matches!(start, Start::New));
//! let level = darkstar::content::level::Level::parse(
//!     "name: t\nmap:\n#####\n#>@$#\n#####\n",
//!     "t.txt".as_ref(),
//! )?;
//! let config = darkstar::sim::SimConfig::default();
//! let game = darkstar::sim::Game::new(&level, 7, config)?;
//! let source = darkstar::record::replay::LevelSource::Text(level.to_text());
//! let recorder = darkstar::record::replay::Recorder::new(source, 7, config, 50);
//! life.started(&game, 0, std::time::Instant::now(), true)?;
//! // ... play; then the player quits: the game is saved, and said so.
//! let after = life.end(&game, &recorder.closed(&game), false, false, Ending::Quit);
//! assert!(matches!(after, After::Leave));
//! assert!(life.storage().save(SaveName::Run).is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Instant, SystemTime};

use crate::content::lessons::Lesson;
use crate::content::textfile::{escape_controls, escape_path};
use crate::record::lessons::{lesson_save_path, lessons_dir, mark_won};
use crate::record::morgue::{Morgue, Recorded};
use crate::record::replay::{Progress, Replay};
use crate::record::save::{
    CheckedSave, SaveError, SaveFile, SaveKeeper, SaveSlot, Stamp, check_save,
};
use crate::sim::Game;

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

/// What the player asked for.
#[derive(Copy, Clone, Debug, Default)]
pub struct Wish {
    /// Go on with the save, and refuse if there is none (`--resume`).
    pub resume: bool,
    /// A new game although a save exists: the save is backed up (`--new`,
    /// the title's new run).
    pub new: bool,
    /// A particular game was asked for (a level, a seed, a generator's
    /// setting): with a save waiting and no `new`, refused, so a save is
    /// never set aside without being asked.
    pub asks_for_a_game: bool,
}

/// A line the life cycle has to say, in order: to the player, or as a
/// warning (stderr in the terminal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Say(String),
    Warn(String),
}

/// Why a game cannot be started.
#[derive(Debug, thiserror::Error)]
pub enum LifeError {
    #[error(transparent)]
    Save(#[from] SaveError),
    /// A lesson's save holds another game: never resumed as the lesson.
    #[error(
        "{} is the save of the lesson \"{}\" but holds another game (level \"{}\"): move it away \
         to play the lesson afresh",
        escape_path(save),
        escape_controls(lesson),
        escape_controls(level)
    )]
    NotTheLesson {
        save: PathBuf,
        lesson: String,
        level: String,
    },
    /// A particular game was asked for while a save waits.
    #[error(
        "a saved game is waiting in {}: `darkstar` goes on with it; `darkstar play --new` with \
         these options starts this game and moves the save to a dated backup beside it",
        escape_path(save)
    )]
    SaveWaiting { save: PathBuf },
}

/// The save looked at, nothing taken ([`Life::look`]).
#[derive(Debug)]
pub struct Looked<S: Storage> {
    storage: S,
    name: SaveName,
    saved: Option<Replay>,
}

/// The save checked to its last hash ([`Looked::check`]).
#[derive(Debug)]
pub struct Checked<S: Storage> {
    storage: S,
    name: SaveName,
    saved: Option<CheckedSave>,
}

/// Resumed or new, decided; nothing taken yet ([`Checked::decide`]).
#[derive(Debug)]
pub struct Decided<S: Storage> {
    storage: S,
    name: SaveName,
    resume: Option<CheckedSave>,
}

/// How a game starts.
#[derive(Debug)]
pub enum Start {
    /// The save, already played back and checked: not played again.
    Resume(Box<CheckedSave>),
    /// A new game, made by the caller; then [`Life::started`] with
    /// `new: true` backs the old save up.
    New,
}

/// How a session of play ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player quit (or left a finished game).
    Quit,
    /// A signal, a lost or failing terminal: the session ends whatever
    /// happens, after saving what can be.
    Stopped,
}

/// What comes after a session ([`Life::end`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// The quit is not carried out: the game could not be saved and goes
    /// on; this line tells the player why and what to do.
    Stay(String),
    /// `n` on a finished game's end screen: the caller starts the next
    /// game ([`Life::started`] with `new: false`), in the same save.
    Next,
    /// Done: the save let go, the records left.
    Leave,
}

/// A game's life cycle, once its save is taken: see the [module
/// docs](self).
#[derive(Debug)]
pub struct Life<S: Storage> {
    storage: S,
    name: SaveName,
    keeper: SaveKeeper,
    /// Where the game saved before this one went.
    backup: Option<PathBuf>,
    /// A finished game's record could not be written whole.
    record_failed: bool,
    /// The last save or removal failed at the end.
    unsaved: Option<SaveError>,
    said: Vec<Said>,
}

impl<S: Storage> Life<S> {
    /// Looks at the save `name` in `storage`, taking nothing.
    pub fn look(mut storage: S, name: SaveName) -> Result<Looked<S>, SaveError> {
        let saved = storage.look(name)?;
        Ok(Looked {
            storage,
            name,
            saved,
        })
    }

    /// The storage (what it holds).
    pub fn storage(&self) -> &S {
        &self.storage
    }

    /// The game is made (resumed, or new and ready to play): the save is
    /// written as it is played from here. With `new`, the save this game
    /// replaces is moved to a backup first: only now, so nothing is moved
    /// for a game that cannot start.
    pub fn started(
        &mut self,
        game: &Game,
        commands: usize,
        now: Instant,
        new: bool,
    ) -> Result<(), SaveError> {
        if new {
            self.backup = self.storage.back_up()?;
        }
        self.keeper = SaveKeeper::new(commands, game.depth(), now);
        Ok(())
    }

    /// Writes the game to its save when the keeper says it is due (see
    /// [`SaveKeeper`]); a line for the player once when a write fails,
    /// and once when the save is whole again. `recording` makes the
    /// replay (only when a write is due).
    pub fn keep(
        &mut self,
        commands: usize,
        depth: Option<u32>,
        now: Instant,
        recording: impl FnOnce() -> Replay,
    ) -> Option<String> {
        if !self.keeper.due(commands, depth, now) {
            return None;
        }
        match self.storage.write(&recording()) {
            Ok(()) => self
                .keeper
                .written(commands, depth, now)
                .then(|| "The game is saved again: nothing was lost.".to_string()),
            // Another darkstar took the save: the game was kept aside in
            // a dated file beside it (said at the end); no more writes.
            Err(e @ SaveError::LockLost { .. }) => {
                self.keeper.give_up();
                Some(format!("The game is no longer saved as you play: {e}."))
            }
            Err(e) => self.keeper.failed(now).then(|| {
                format!(
                    "The game cannot be saved as you play: {e}. Play goes on, and the save is \
                     tried again every second; free space there."
                )
            }),
        }
    }

    /// A session ended: the game is saved first, whatever ended it (a
    /// finished game's save removed: permadeath), then the last replay,
    /// whose failure never costs the save. A quit whose save cannot be
    /// written is not carried out ([`After::Stay`]): nothing that could
    /// still be written is thrown away. `n` on a finished game's end
    /// screen (`wants_new`) is [`After::Next`]. Otherwise the save is let
    /// go before the records are written (they take no lock, and a
    /// darkstar started meanwhile must not be told the save is in use).
    pub fn end(
        &mut self,
        game: &Game,
        recording: &Replay,
        game_over: bool,
        wants_new: bool,
        ending: Ending,
    ) -> After {
        let saved = if game_over {
            self.storage.remove()
        } else {
            self.storage.write(recording).map(|()| {
                let path = escape_path(&self.storage.path_of(self.name)).into_owned();
                self.said.push(Said::Say(match self.name {
                    SaveName::Lesson(_) => {
                        format!("Saved to {path}; the lesson goes on where you left it.")
                    }
                    SaveName::Run => format!("Saved to {path}; `darkstar` goes on."),
                }));
            })
        };
        if let (Err(e @ SaveError::Io { .. }), Ending::Quit) = (&saved, ending)
            && !game_over
        {
            self.keeper.failed(Instant::now());
            return After::Stay(format!(
                "The game could not be saved, so it goes on: {e}. Free space there and quit \
                 again; to leave without saving what is not saved, close the window."
            ));
        }
        if saved.is_ok() && ending == Ending::Quit && game_over && wants_new {
            self.leave_records(recording, Some(game));
            return After::Next;
        }
        self.storage.release();
        self.leave_records(recording, game_over.then_some(game));
        self.unsaved = saved.err();
        After::Leave
    }

    /// What is left to say, in order (taken: said once).
    pub fn take_said(&mut self) -> Vec<Said> {
        std::mem::take(&mut self.said)
    }

    /// After [`After::Leave`]: the backup said, then whether all went
    /// well: `Err` if the save could not be written (or removed), else
    /// whether a finished game's record was whole.
    pub fn finish(mut self) -> (Vec<Said>, Result<bool, SaveError>) {
        if let Some(backup) = &self.backup {
            self.said.push(Said::Say(format!(
                "The game saved before this one is in {}.",
                escape_path(backup)
            )));
        }
        let outcome = match self.unsaved {
            Some(e) => Err(e),
            None => Ok(!self.record_failed),
        };
        (self.said, outcome)
    }

    /// Leaves what a session's game leaves: the last replay (written even
    /// when the save could not be: then it is the only copy of the game
    /// just played), and for a finished game its record (a morgue file
    /// and, unless unranked, a line in the scores; a lesson won is marked
    /// so).
    fn leave_records(&mut self, recording: &Replay, finished: Option<&Game>) {
        match self.storage.write_last_replay(recording) {
            Ok(path) => self.said.push(Said::Say(format!(
                "Replay: {} (darkstar replay plays it)",
                escape_path(&path)
            ))),
            Err(e) => self.said.push(Said::Warn(format!(
                "warning: the replay was not written: {e}"
            ))),
        }
        if let Some(game) = finished {
            self.record_game(game, recording);
        }
    }

    fn record_game(&mut self, game: &Game, recording: &Replay) {
        let morgue = Morgue::of(game);
        if let SaveName::Lesson(lesson) = self.name
            && morgue.won
            && let Err(e) = self.storage.mark_won(lesson)
        {
            self.said.push(Said::Warn(format!(
                "warning: the lesson won could not be marked: {e}"
            )));
        }
        let recorded = self.storage.record(&morgue, recording);
        match &recorded.morgue {
            Ok(file) => self.said.push(Said::Say(format!(
                "The game's record is in {}; `darkstar scores` lists the best.",
                escape_path(file)
            ))),
            Err(e) => self.said.push(Said::Warn(format!(
                "error: the game's morgue file could not be written: {e}"
            ))),
        }
        if let Some(why) = &recorded.unranked {
            self.said.push(Said::Say(format!(
                "This game is UNRANKED ({why}): it is not in the scores."
            )));
        }
        match &recorded.scores {
            Ok(Some(update)) => {
                for skipped in &update.skipped {
                    self.said.push(Said::Warn(format!(
                        "warning: {skipped}; it is not in the scores now"
                    )));
                }
                if let Some(aside) = &update.set_aside {
                    self.said.push(Said::Warn(format!(
                        "warning: what of the scores could not be read is kept in {}",
                        escape_path(aside)
                    )));
                }
            }
            Ok(None) => {}
            Err(e) => self.said.push(Said::Warn(format!(
                "error: the game's score could not be added: {e}"
            ))),
        }
        self.record_failed |= !recorded.is_whole();
    }
}

impl<S: Storage> Looked<S> {
    /// The save, parsed (to weigh it before it is played back).
    pub fn saved(&self) -> Option<&Replay> {
        self.saved.as_ref()
    }

    /// Where the save is.
    pub fn path(&self) -> PathBuf {
        self.storage.path_of(self.name)
    }

    /// Plays the save back once, every state hash checked, telling
    /// `progress` each turn (a break is [`SaveError::Interrupted`]); a
    /// lesson's save that holds another game is refused.
    pub fn check(
        self,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<Checked<S>, LifeError> {
        let path = self.path();
        let saved = match self.saved {
            None => None,
            Some(replay) => Some(check_save(&path, replay, progress)?),
        };
        if let (SaveName::Lesson(lesson), Some(checked)) = (self.name, &saved)
            && self.storage.path_of(SaveName::Run) != path
            && checked.level.to_text() != lesson.level().to_text()
        {
            return Err(LifeError::NotTheLesson {
                save: path,
                lesson: lesson.level().name.clone(),
                level: checked.level.name.clone(),
            });
        }
        Ok(Checked {
            storage: self.storage,
            name: self.name,
            saved,
        })
    }
}

impl<S: Storage> Checked<S> {
    /// Resumed or new, as `wish` asks: `resume` with no save, or a game
    /// asked for while a save waits (without `new`), are refused.
    pub fn decide(self, wish: &Wish) -> Result<Decided<S>, LifeError> {
        let path = self.storage.path_of(self.name);
        let resume = match self.saved {
            None if wish.resume => return Err(SaveError::Missing(path).into()),
            None => None,
            Some(checked) if wish.resume => Some(checked),
            Some(_) if wish.new => None,
            Some(_) if wish.asks_for_a_game => return Err(LifeError::SaveWaiting { save: path }),
            Some(checked) => Some(checked),
        };
        Ok(Decided {
            storage: self.storage,
            name: self.name,
            resume,
        })
    }
}

impl<S: Storage> Decided<S> {
    /// Whether the save is resumed.
    pub fn resumes(&self) -> bool {
        self.resume.is_some()
    }

    /// Takes the save for this game (it must still be the one checked)
    /// and says how the game starts.
    pub fn take(mut self) -> Result<(Life<S>, Start), SaveError> {
        self.storage.take(self.name)?;
        let start = match self.resume {
            Some(checked) => Start::Resume(Box::new(checked)),
            None => Start::New,
        };
        let life = Life {
            storage: self.storage,
            name: self.name,
            keeper: SaveKeeper::new(0, None, Instant::now()),
            backup: None,
            record_failed: false,
            unsaved: None,
            said: Vec::new(),
        };
        Ok((life, start))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::content::lessons::LESSONS;
    use crate::content::level::Level;
    use crate::map::geom::Dir;
    use crate::record::replay::{LevelSource, Recorder};
    use crate::sim::{Action, Command, SimConfig};

    /// A level won in four steps: west, east twice (the treasure), west
    /// twice (the stairs).
    const LEVEL: &str = "name: t\nmap:\n#####\n#>@$#\n#####\n";

    /// A game being played, as the front end records it.
    struct Play {
        game: Game,
        recorder: Recorder,
    }

    impl Play {
        fn new(text: &str, seed: u64) -> Play {
            let level = Level::parse(text, "t.txt".as_ref()).unwrap();
            let config = SimConfig::default();
            Play {
                game: Game::new(&level, seed, config).unwrap(),
                recorder: Recorder::new(LevelSource::Text(level.to_text()), seed, config, 50),
            }
        }

        fn resumed(checked: CheckedSave) -> Play {
            let turn = checked.game.floor().turn();
            Play {
                game: checked.game,
                recorder: Recorder::resume(checked.replay, turn, 50),
            }
        }

        fn step(&mut self, dir: Dir) {
            self.recorder
                .apply(&mut self.game, Command::Player(Action::Walk(dir)));
        }

        fn wait(&mut self, n: usize) {
            for _ in 0..n {
                self.recorder
                    .apply(&mut self.game, Command::Player(Action::Wait(None)));
            }
        }

        fn win(&mut self) {
            for dir in [Dir::E, Dir::W, Dir::W] {
                self.step(dir);
            }
        }

        fn over(&self) -> bool {
            self.game
                .floor()
                .play_state()
                .is_some_and(|p| p.outcome != crate::sim::PlayOutcome::Playing)
        }

        fn recording(&self) -> Replay {
            self.recorder.closed(&self.game)
        }

        fn commands(&self) -> usize {
            self.recorder.commands()
        }

        fn end(&self, life: &mut Life<MemoryStorage>, wants_new: bool, ending: Ending) -> After {
            life.end(
                &self.game,
                &self.recording(),
                self.over(),
                wants_new,
                ending,
            )
        }
    }

    fn open(
        storage: MemoryStorage,
        name: SaveName,
        wish: Wish,
    ) -> Result<(Life<MemoryStorage>, Start), LifeError> {
        let decided = Life::look(storage, name)?
            .check(|_| ControlFlow::Continue(()))?
            .decide(&wish)?;
        Ok(decided.take()?)
    }

    /// The commands of the save `name` in `storage`.
    fn saved_commands(storage: &MemoryStorage, name: SaveName) -> usize {
        storage.save(name).map_or(0, |r| {
            r.items
                .iter()
                .filter(|i| matches!(i, crate::record::replay::Item::Command(..)))
                .count()
        })
    }

    /// A storage holding a run saved after `waits` turns.
    fn with_a_save(waits: usize) -> MemoryStorage {
        let mut play = Play::new(LEVEL, 3);
        play.wait(waits);
        let mut storage = MemoryStorage::default();
        storage.put(SaveName::Run, play.recording());
        storage
    }

    #[test]
    fn a_first_game_is_new_and_a_quit_saves_it_then_lets_it_go_before_the_records() {
        let (mut life, start) =
            open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
        assert!(matches!(start, Start::New));
        let mut play = Play::new(LEVEL, 1);
        life.started(&play.game, 0, Instant::now(), true).unwrap();
        play.wait(3);
        assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
        let said = life.take_said();
        assert_eq!(
            said[0],
            Said::Say("Saved to save.replay; `darkstar` goes on.".into())
        );
        let (_, outcome) = life.finish();
        assert!(outcome.unwrap());
        // finish consumed life: look at the order through a second game.
        let (mut life, start) = open(with_a_save(2), SaveName::Run, Wish::default()).unwrap();
        let Start::Resume(checked) = start else {
            panic!("a save waiting is resumed")
        };
        let mut play = Play::resumed(*checked);
        life.started(&play.game, play.commands(), Instant::now(), false)
            .unwrap();
        play.wait(1);
        play.end(&mut life, false, Ending::Quit);
        assert_eq!(
            life.storage().done,
            ["look", "take", "write", "release", "last replay"],
            "saved, let go, then the last replay; nothing backed up"
        );
        assert_eq!(saved_commands(life.storage(), SaveName::Run), 3);
    }

    #[test]
    fn a_game_asked_for_over_a_save_is_refused_unless_new_which_backs_it_up_once_started() {
        let wish = Wish {
            asks_for_a_game: true,
            ..Wish::default()
        };
        let refused = open(with_a_save(2), SaveName::Run, wish).unwrap_err();
        assert!(
            matches!(refused, LifeError::SaveWaiting { .. }),
            "{refused}"
        );
        let missing = open(
            MemoryStorage::default(),
            SaveName::Run,
            Wish {
                resume: true,
                ..Wish::default()
            },
        )
        .unwrap_err();
        assert!(matches!(missing, LifeError::Save(SaveError::Missing(_))));

        let wish = Wish {
            asks_for_a_game: true,
            new: true,
            ..Wish::default()
        };
        let (mut life, start) = open(with_a_save(2), SaveName::Run, wish).unwrap();
        assert!(matches!(start, Start::New));
        assert!(
            life.storage().backups.is_empty(),
            "nothing moved before the game starts"
        );
        let play = Play::new(LEVEL, 9);
        life.started(&play.game, 0, Instant::now(), true).unwrap();
        assert_eq!(life.storage().backups.len(), 1);
        assert!(life.storage().save(SaveName::Run).is_none());
        play.end(&mut life, false, Ending::Quit);
        let (said, outcome) = life.finish();
        assert!(outcome.unwrap());
        assert_eq!(
            said.last(),
            Some(&Said::Say(
                "The game saved before this one is in save.replay.1.bak.".into()
            ))
        );
    }

    #[test]
    fn a_quit_on_a_full_disk_keeps_the_player_and_loses_nothing_once_space_is_freed() {
        let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
        let mut play = Play::new(LEVEL, 1);
        let start = Instant::now();
        life.started(&play.game, 0, start, true).unwrap();
        life.storage.full = true;
        play.wait(25);
        let note = life.keep(play.commands(), play.game.depth(), start, || {
            play.recording()
        });
        assert!(note.is_some_and(|n| n.contains("cannot be saved as you play")));
        let After::Stay(why) = play.end(&mut life, false, Ending::Quit) else {
            panic!("a quit whose save fails is not carried out")
        };
        assert!(why.contains("Free space there and quit again"), "{why}");
        assert!(
            !life.storage().done.contains(&"release"),
            "the save is still held"
        );
        play.wait(4);
        life.storage.full = false;
        let later = start + Duration::from_secs(2);
        let note = life.keep(play.commands(), play.game.depth(), later, || {
            play.recording()
        });
        assert_eq!(
            note.as_deref(),
            Some("The game is saved again: nothing was lost.")
        );
        assert_eq!(saved_commands(life.storage(), SaveName::Run), 29);
        assert_eq!(play.end(&mut life, false, Ending::Quit), After::Leave);
        // A signal on a full disk ends the session whatever happens, and
        // the last replay keeps what the save could not.
        let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
        life.storage.full = true;
        assert_eq!(play.end(&mut life, false, Ending::Stopped), After::Leave);
        assert_eq!(life.storage().last.as_ref(), Some(&play.recording()));
        let (_, outcome) = life.finish();
        assert!(matches!(outcome, Err(SaveError::Io { .. })));
    }

    #[test]
    fn a_finished_game_leaves_no_save_but_its_record_and_n_plays_the_next_in_the_same_save() {
        let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
        let mut play = Play::new(LEVEL, 1);
        life.started(&play.game, 0, Instant::now(), true).unwrap();
        play.win();
        assert!(play.over());
        assert_eq!(play.end(&mut life, true, Ending::Quit), After::Next);
        assert!(life.storage().save(SaveName::Run).is_none(), "permadeath");
        assert_eq!(life.storage().records.len(), 1);
        assert!(
            life.storage().records[0].contains("won"),
            "{}",
            life.storage().records[0]
        );
        assert!(
            !life.storage().done.contains(&"release"),
            "the next game keeps the save"
        );
        let mut next = Play::new(LEVEL, 2);
        life.started(&next.game, 0, Instant::now(), false).unwrap();
        next.wait(2);
        assert_eq!(next.end(&mut life, false, Ending::Quit), After::Leave);
        assert_eq!(saved_commands(life.storage(), SaveName::Run), 2);
        assert!(
            life.storage().backups.is_empty(),
            "the finished game is not backed up"
        );
    }

    #[test]
    fn a_lessons_save_holding_another_game_is_refused_and_a_lesson_won_is_marked() {
        let lesson = &LESSONS[0];
        let mut storage = with_a_save(1);
        let run = storage.save(SaveName::Run).unwrap().clone();
        storage.put(SaveName::Lesson(lesson), run);
        let refused = open(storage, SaveName::Lesson(lesson), Wish::default()).unwrap_err();
        assert!(
            matches!(refused, LifeError::NotTheLesson { .. }),
            "{refused}"
        );
        assert!(
            refused.to_string().contains("holds another game"),
            "{refused}"
        );

        let (mut life, start) = open(
            MemoryStorage::default(),
            SaveName::Lesson(lesson),
            Wish::default(),
        )
        .unwrap();
        assert!(matches!(start, Start::New));
        let mut play = Play::new(&lesson.level().to_text(), 1);
        life.started(&play.game, 0, Instant::now(), true).unwrap();
        play.wait(1);
        play.end(&mut life, false, Ending::Quit);
        assert!(life.storage().save(SaveName::Lesson(lesson)).is_some());
        assert!(
            life.storage().save(SaveName::Run).is_none(),
            "the run's save is not the lesson's"
        );
        assert!(matches!(
            life.take_said()[0],
            Said::Say(ref s) if s.contains("the lesson goes on where you left it")
        ));
    }

    #[test]
    fn the_save_is_kept_every_twenty_commands_and_once_a_second() {
        let (mut life, _) = open(MemoryStorage::default(), SaveName::Run, Wish::default()).unwrap();
        let mut play = Play::new(LEVEL, 1);
        let start = Instant::now();
        life.started(&play.game, 0, start, true).unwrap();
        play.wait(5);
        life.keep(play.commands(), play.game.depth(), start, || {
            play.recording()
        });
        assert_eq!(
            saved_commands(life.storage(), SaveName::Run),
            0,
            "not yet due"
        );
        life.keep(
            play.commands(),
            play.game.depth(),
            start + Duration::from_secs(1),
            || play.recording(),
        );
        assert_eq!(
            saved_commands(life.storage(), SaveName::Run),
            5,
            "a second later"
        );
        play.wait(20);
        life.keep(
            play.commands(),
            play.game.depth(),
            start + Duration::from_secs(1),
            || play.recording(),
        );
        assert_eq!(
            saved_commands(life.storage(), SaveName::Run),
            25,
            "twenty commands on"
        );
    }
}
