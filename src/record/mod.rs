//! A game on disk: [`replay`]s (seed, level, every command, periodic state
//! hashes; played back to verify) and [`save`]s (a replay written
//! atomically, resumed by playing it back). Above the simulation it
//! records.

pub mod replay;
pub mod save;
