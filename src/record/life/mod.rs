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
//! let clock = std::time::Duration::ZERO; // the front end's: see `SaveKeeper`
//! life.started(&game, 0, clock, true)?;
//! // ... play; then the player quits: the game is saved, and said so.
//! let closed = recorder.closed(&game);
//! let after = life.end(&game, &closed, false, false, Ending::Quit, clock);
//! assert!(matches!(after, After::Leave));
//! assert!(life.storage().save(SaveName::Run).is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod keyed;
mod storage;
#[cfg(test)]
mod tests;

pub use keyed::{
    KeyValue, Keyed, LAST_REPLAY, LEASE, LESSONS_WON, MemoryTexts, SCORES, renew_lease,
};
pub use storage::{Files, MemoryStorage, SaveName, Storage};

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use crate::content::textfile::{escape_controls, escape_path};
use crate::record::morgue::Morgue;
use crate::record::replay::{Progress, Replay};
use crate::record::save::{CheckedSave, SaveError, SaveKeeper, check_save};
use crate::sim::Game;

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
        now: Duration,
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
    /// replay (only when a write is due). `now` is the front end's to tell
    /// (see [`SaveKeeper`]: the core reads no clock).
    pub fn keep(
        &mut self,
        commands: usize,
        depth: Option<u32>,
        now: Duration,
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
    /// `now` is on the front end's clock, as for [`Life::keep`].
    pub fn end(
        &mut self,
        game: &Game,
        recording: &Replay,
        game_over: bool,
        wants_new: bool,
        ending: Ending,
        now: Duration,
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
            self.keeper.failed(now);
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
            // Replaced when the game has started (`Life::started`).
            keeper: SaveKeeper::new(0, None, Duration::ZERO),
            backup: None,
            record_failed: false,
            unsaved: None,
            said: Vec::new(),
        };
        Ok((life, start))
    }
}
