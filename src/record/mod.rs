//! A game on disk: [`replay`]s (seed, level, every command, periodic state
//! hashes; played back to verify) and [`save`]s (a replay written
//! atomically, resumed by playing it back), and a finished game's
//! [`morgue`] file and line in the [`scores`]; each of the [`lessons`]' own
//! save and the lessons won; a game's [`life`] cycle over them, through
//! a storage. Above the simulation it
//! records.

pub mod lessons;
pub mod life;
pub mod morgue;
pub mod replay;
pub mod save;
pub mod scores;
