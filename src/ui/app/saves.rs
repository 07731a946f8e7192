//! The save hooks: resuming a saved game (its replay played again, or a save
//! already checked) and the recording the binary writes as the save.

use std::ops::ControlFlow;

use crate::record::replay::{HASH_EVERY, Progress, Recorder, Replay, ReplayError};

use super::App;
use crate::ui::mode::Mode;

impl App {
    /// Goes on with a saved game: its replay is played to where it was
    /// saved, once, checking every hash on the way, and recording
    /// continues.
    pub fn resume(replay: Replay) -> Result<App, ReplayError> {
        App::resume_with(replay, |_| ControlFlow::Continue(()))
    }

    /// [`App::resume`], telling `progress` each turn the save's replay
    /// reaches; a break stops it ([`ReplayError::Interrupted`]).
    pub fn resume_with(
        replay: Replay,
        progress: impl FnMut(Progress) -> ControlFlow<()>,
    ) -> Result<App, ReplayError> {
        let level = replay.level()?;
        let game = replay.restore_on(&level, progress)?;
        Ok(App::resume_checked(crate::record::save::CheckedSave {
            replay,
            level,
            game,
        }))
    }

    /// Goes on with a save already checked and restored (its chronicle
    /// rebuilt in the same pass)
    /// ([`crate::record::save::SaveFile::load_checked`]), without playing it again.
    pub fn resume_checked(save: crate::record::save::CheckedSave) -> App {
        let crate::record::save::CheckedSave {
            replay,
            level,
            game,
        } = save;
        let mode = if game.floor().player().is_some() {
            Mode::Play
        } else {
            Mode::Watch
        };
        let turn = game.floor().turn();
        // A run saved on a deeper depth than it began on is named and
        // described as the depth it goes on with.
        let level = match (game.run_seed(), game.depth()) {
            (Some(seed), Some(depth)) => crate::content::generator::depth_level(
                seed,
                depth,
                &crate::content::bestiary::Bestiary::builtin(),
            ),
            _ => level,
        };
        let revealed_at = replay.revealed();
        let recorder = Recorder::resume(replay, turn, HASH_EVERY);
        let mut app = App::with_game(&level, game, mode, recorder);
        app.revealed_at = revealed_at;
        if mode == Mode::Play {
            app.tell_last_said();
        }
        app.say(format!("Resumed on turn {turn}."));
        if let Some(t) = revealed_at {
            app.say(format!("This game was revealed on turn {t}."));
        }
        app
    }

    /// Commands played in the game so far (a resumed save's included):
    /// how far a save written now would reach.
    pub fn commands_played(&self) -> usize {
        self.recorder.commands()
    }

    /// A line in the message log from outside the game (the binary's word
    /// on its save).
    pub fn note(&mut self, line: impl Into<String>) {
        self.say(line.into());
    }

    /// The game so far as a replay (what a save holds), ending with the
    /// state hash of the turn it stands on, so even a short game is checked
    /// when it is played back or resumed.
    pub fn recording(&self) -> Replay {
        self.recorder.closed(&self.game)
    }
}
