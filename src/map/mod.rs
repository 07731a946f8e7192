//! The ground everything stands on: positions and directions ([`geom`]),
//! dense row-major grids ([`grid`]), integer step costs ([`cost`]) and the
//! terrain of the true map ([`terrain`]). The bottom layer: it imports
//! nothing else of the crate.

pub mod cost;
pub mod geom;
pub mod grid;
pub mod terrain;
