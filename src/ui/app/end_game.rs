//! End of game and new game: the new game the end screen asks the binary
//! to start. (The morgue is the game's own record:
//! [`crate::record::morgue::Morgue::of`].)

use crate::record::replay::ReplayError;

use super::App;

impl App {
    /// True when the end screen asked for a new game.
    pub fn wants_new_game(&self) -> bool {
        self.new_game
    }

    /// A new game on this game's level with the next seed and the same
    /// settings, played or watched as this one was (what `n` on the end
    /// screen asks for).
    pub fn next_game(&self) -> Result<App, ReplayError> {
        let replay = self.recorder.replay();
        if let crate::record::replay::LevelSource::Run { depth } = replay.level {
            // A new seed: a new dungeon.
            let seed = replay.seed.wrapping_add(1);
            return Ok(App::play_run(seed, depth)?);
        }
        let level = replay.level()?;
        let seed = self.game.floor().seed().wrapping_add(1);
        Ok(App::start(&level, seed, self.mode, replay.config)?)
    }
}
