//! The ground everything stands on: positions and directions ([`geom`]),
//! dense row-major grids ([`grid`]) and integer step costs ([`cost`]),
//! which are `darkstar-path`'s, and the game's terrain of the true map
//! ([`terrain`]). The bottom layer of the game: it imports nothing else of
//! the crate.

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

pub use darkstar_path::{cost, geom, grid};
pub mod terrain;
