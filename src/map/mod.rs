//! The ground everything stands on: positions and directions ([`geom`]),
//! dense row-major grids ([`grid`]), integer step costs ([`cost`]) and the
//! terrain of the true map ([`terrain`]). The bottom layer: it imports
//! nothing else of the crate.

// No unsafe code here: the searches, the fog, the map and the
// simulation are safe Rust, and the compiler keeps them so (the few
// system calls live in `content::textfile`, `record::save` and `ui`).
#![forbid(unsafe_code)]

pub mod cost;
pub mod geom;
pub mod grid;
pub mod terrain;
