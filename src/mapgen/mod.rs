//! Procedural levels from a seed. Every random choice comes from the one
//! simulation RNG, seeded explicitly, so the same seed and parameters give
//! the same level on every machine.

mod maze;

pub use maze::{MAX_MAZE_SIDE, MIN_MAZE_SIDE, maze, maze_level};
